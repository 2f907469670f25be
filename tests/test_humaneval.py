"""The human-evaluation kit: sampling, rating pages (also in a real browser), import checks, agreement."""

from __future__ import annotations

import csv
import json
import random
import re
import time
from fractions import Fraction
from pathlib import Path

import pytest

from coref_transfer.errors import ConfigError, InputFormatError, MissingInputError
from coref_transfer.readability import CLASSES as READABILITY_CLASSES
from coref_transfer.report.humaneval.agreement import agreement, fleiss_kappa, observed_agreement, pairwise_agreement
from coref_transfer.report.humaneval.kit import build_kit
from coref_transfer.report.humaneval.page import SHORTCUTS, write_pages
from coref_transfer.report.humaneval.ratings import read_ratings
from coref_transfer.report.humaneval.sample import class_counts, kit_id, load_sample, stratified_sample

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
RATERS = ["ada", "bea", "cal"]

# Texts that break naive embedding: quotes, <, &, a closing script tag, a comment opener.
TRICKY = [
    'Disse: "Vengo domani" & poi partì.',
    "Il valore è < 3 e > 1, l'ha detto lei.",
    "</script><script>alert(1)</script> non è codice.",
    "<!-- commento --> e una barra \\ rovesciata.",
    "Riga uno\nriga due, con U+2028:\u2028fine.",
]


def make_rows(per_class: dict[str, int]) -> list[dict]:
    rows = []
    for label, count in per_class.items():
        for i in range(count):
            rows.append({"id": f"{label}#{i:03d}", "text": f"Frase {i} della classe {label}.", "class": label})
    return rows


def tricky_sample() -> list[dict]:
    return [
        {"id": f"doc/{i}", "text": text, "class": READABILITY_CLASSES[i % len(READABILITY_CLASSES)]}
        for i, text in enumerate(TRICKY)
    ]


def embedded_data(page: Path) -> dict:
    """The JSON the page embeds, cut out of the HTML the way a browser's parser would."""
    match = re.search(
        r'<script type="application/json" id="kit-data">(.*?)</script>', page.read_text("utf-8"), re.DOTALL
    )
    assert match, "no embedded kit data"
    return json.loads(match.group(1))


def write_csv(path: Path, rows: list[list[str]], header=("item_id", "rater", "grammatical", "acceptable")) -> Path:
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        if header is not None:
            writer.writerow(header)
        writer.writerows(rows)
    return path


# --------------------------------------------------------------------------- sampling


def test_sample_caps_each_class_and_records_availability():
    rows = make_rows({"<20": 7, "20-40": 2, "60-80": 5, ">80": 0})
    sample = stratified_sample(rows, per_class=3, seed=11)
    assert [item["class"] for item in sample] == ["<20"] * 3 + ["20-40"] * 2 + ["60-80"] * 3
    assert {item["class"]: item["class_available"] for item in sample} == {"<20": 7, "20-40": 2, "60-80": 5}
    assert class_counts(sample) == {
        "<20": {"available": 7, "sampled": 3},
        "20-40": {"available": 2, "sampled": 2},
        "40-60": {"available": 0, "sampled": 0},
        "60-80": {"available": 5, "sampled": 3},
        ">80": {"available": 0, "sampled": 0},
    }
    assert len({item["id"] for item in sample}) == len(sample)


def test_sample_is_deterministic_and_ignores_input_order():
    rows = make_rows({label: 30 for label in READABILITY_CLASSES})
    first = stratified_sample(rows, per_class=10, seed=5)
    assert stratified_sample(list(reversed(rows)), per_class=10, seed=5) == first
    shuffled = rows[:]
    random.Random(1).shuffle(shuffled)
    assert stratified_sample(shuffled, per_class=10, seed=5) == first
    assert stratified_sample(rows, per_class=10, seed=6) != first


def test_sample_classes_are_drawn_independently():
    # Adding candidates to one class leaves the other classes' draws (and their order) alone.
    rows = make_rows({"<20": 20, ">80": 20})
    before = stratified_sample(rows, per_class=5, seed=3)
    after = stratified_sample(rows + make_rows({"<20": 30})[20:], per_class=5, seed=3)
    assert [i["id"] for i in before if i["class"] == ">80"] == [i["id"] for i in after if i["class"] == ">80"]


def test_sample_within_class_order_is_shuffled():
    sample = stratified_sample(make_rows({"40-60": 50}), per_class=50, seed=2)
    ids = [item["id"] for item in sample]
    assert sorted(ids) == [f"40-60#{i:03d}" for i in range(50)]
    assert ids != sorted(ids)


@pytest.mark.parametrize(
    "bad,message",
    [
        ({"id": "x", "text": "t", "class": "20–40"}, "unknown readability class '20–40'; expected one of <20, 20-40"),
        ({"id": "x", "text": "t"}, "missing field 'class'"),
        ({"id": "x", "text": "", "class": "<20"}, "text of 'x' must be a non-empty string"),
        ({"id": "a\nb", "text": "t", "class": "<20"}, "line break"),
        ({"id": None, "text": "t", "class": "<20"}, "id must be a string or an integer"),
    ],
)
def test_sample_rejects_bad_items(bad, message):
    with pytest.raises(InputFormatError, match=re.escape(message)) as info:
        stratified_sample([{"id": "ok", "text": "t", "class": "<20"}, bad], per_class=2, seed=0, source="rows.json")
    assert info.value.path == "rows.json" and info.value.line == 2


def test_sample_rejects_duplicate_ids_and_bad_parameters():
    with pytest.raises(InputFormatError, match="duplicate id 'x' \\(first at row 1\\)"):
        stratified_sample([{"id": "x", "text": "a", "class": "<20"}, {"id": "x", "text": "b", "class": ">80"}], 1, 0)
    with pytest.raises(ConfigError, match="per_class"):
        stratified_sample([], per_class=0, seed=0)
    with pytest.raises(ConfigError, match="seed"):
        stratified_sample([], per_class=1, seed="1")


# --------------------------------------------------------------------------- pages


def test_pages_embed_every_item_escaped(tmp_path):
    sample = tricky_sample()
    (page,) = write_pages(sample, ["ada"], tmp_path)
    assert page.name == "rate-ada.html"
    html_text = page.read_text("utf-8")
    data = embedded_data(page)
    # The whole JSON survives the HTML parser's cut at the first "</script>": nothing in it closes the element.
    assert data["items"] == [{"id": item["id"], "text": item["text"]} for item in sample]
    assert sorted(data["order"]) == list(range(len(sample)))
    assert data["rater"] == "ada"
    assert data["storage_key"] == f"coref-transfer-humaneval:{kit_id(sample)}:ada"
    segment = html_text.split('id="kit-data">', 1)[1].split("</script>", 1)[0]
    assert not set(segment) & {"<", ">", "&", "\u2028"}
    # The readability class is not given to the raters.
    assert 'class"' not in segment and "<20" not in html_text


def test_pages_are_self_contained_and_show_the_shortcuts(tmp_path):
    (page,) = write_pages(tricky_sample(), ["bea"], tmp_path)
    html_text = page.read_text("utf-8")
    assert not re.search(r"https?:|//cdn|<link\b|\bsrc=|@import|url\(", html_text)
    legend = html_text.split('id="shortcuts">', 1)[1]
    for keys, action in SHORTCUTS:
        for key in keys.split(" or "):
            assert f"<kbd>{key}</kbd>" in legend
        assert action in legend
    assert "ratings-bea.csv" in html_text and "Export CSV" in html_text


def test_pages_are_deterministic_with_one_order_per_rater(tmp_path):
    sample = stratified_sample(make_rows({label: 10 for label in READABILITY_CLASSES}), per_class=10, seed=1)
    first = write_pages(sample, RATERS, tmp_path / "a")
    second = write_pages(sample, RATERS, tmp_path / "b")
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    orders = [embedded_data(p)["order"] for p in first]
    assert all(sorted(order) == list(range(50)) for order in orders)
    assert len({tuple(order) for order in orders}) == 3


@pytest.mark.parametrize("raters,message", [([], "no raters"), (["ada", "ada"], "duplicate"), (["a b"], "not allowed")])
def test_pages_reject_bad_rater_names(tmp_path, raters, message):
    with pytest.raises(ConfigError, match=message):
        write_pages(tricky_sample(), raters, tmp_path)


def test_build_kit_writes_pages_sample_and_readme(tmp_path):
    rows = make_rows({"<20": 4, "40-60": 1, ">80": 3})
    kit = build_kit(rows, tmp_path / "kit", RATERS, per_class=2, seed=9)
    assert sorted(p.name for p in (tmp_path / "kit").iterdir()) == [
        "README.txt",
        "manifest.json",
        "rate-ada.html",
        "rate-bea.html",
        "rate-cal.html",
        "sample.json",
    ]
    assert kit.pages == [tmp_path / "kit" / f"rate-{r}.html" for r in RATERS]
    sample = load_sample(kit.sample_path)
    assert sample == stratified_sample(rows, per_class=2, seed=9)
    meta = json.loads(kit.sample_path.read_text("utf-8"))
    assert meta["kit_id"] == kit.kit_id == kit_id(sample)
    assert meta["classes"]["<20"] == {"available": 4, "sampled": 2}
    readme = kit.readme_path.read_text("utf-8")
    assert "rate-cal.html  ->  ratings-cal.csv" in readme and "item_id,rater,grammatical,acceptable" in readme
    again = build_kit(rows, tmp_path / "kit2", RATERS, per_class=2, seed=9)
    for name in ("README.txt", "rate-ada.html", "sample.json"):
        assert (again.out_dir / name).read_bytes() == (kit.out_dir / name).read_bytes()


# --------------------------------------------------------------------------- import


@pytest.fixture
def small_sample():
    return [
        {"id": "u1", "text": "Uno.", "class": "<20"},
        {"id": "u,2", "text": "Due.", "class": "<20"},  # a comma in an id: the CSV must quote it
        {"id": "u3", "text": "Tre.", "class": ">80"},
    ]


def good_rows(rater):
    return [["u1", rater, "1", "0"], ["u,2", rater, "0", "0"], ["u3", rater, "1", "1"]]


def test_read_ratings_accepts_good_files(tmp_path, small_sample):
    paths = [write_csv(tmp_path / f"ratings-{r}.csv", good_rows(r)) for r in RATERS]
    # A byte-order mark (Excel) and blank lines are fine.
    paths[0].write_bytes(b"\xef\xbb\xbf" + paths[0].read_bytes() + b"\n\n")
    ratings = read_ratings(paths, small_sample, RATERS)
    assert ratings.item_ids == ("u1", "u,2", "u3")
    assert ratings.answers("u1", "grammatical") == [1, 1, 1]
    assert ratings.answers("u,2", "acceptable") == [0, 0, 0]
    assert len(list(ratings.rows())) == 9


# Each case: the rows of ada's file (bea and cal are fine), the error, its line, and what the message says.
# fmt: off
IMPORT_ERRORS = [
    ("unknown rater", good_rows("ada") + [["u1", "dan", "1", "1"]], InputFormatError, 5, "unknown rater 'dan'; the raters are 'ada', 'bea', 'cal'"),
    ("item not in sample", good_rows("ada") + [["u9", "ada", "1", "1"]], InputFormatError, 5, "item 'u9' is not in the sample"),
    ("duplicate in one file", good_rows("ada") + [["u3", "ada", "0", "1"]], InputFormatError, 5, "duplicate rating of item 'u3' by rater 'ada' (first at line 4)"),
    ("bad value", [["u1", "ada", "yes", "0"]] + good_rows("ada")[1:], InputFormatError, 2, "grammatical is 'yes' for item 'u1'; expected 1 (yes) or 0 (no)"),
    ("value out of range", [["u1", "ada", "1", "2"]] + good_rows("ada")[1:], InputFormatError, 2, "acceptable is '2'"),
    ("empty cells", [["u1", "ada", "1", "0"], ["u,2", "ada", "", "0"], ["u3", "ada", "1", ""]], InputFormatError, 3, "empty grammatical answer for item 'u,2': 2 item(s) in this file are not finished ('u,2', 'u3')"),
    ("missing items", good_rows("ada")[:1], InputFormatError, None, "rater 'ada' did not rate 2 of the 3 items of the sample: 'u,2', 'u3'"),
    ("wrong field count", [["u1", "ada", "1"]], InputFormatError, 2, "3 fields; expected 4"),
]
# fmt: on


@pytest.mark.parametrize(
    "rows,error,line,message", [case[1:] for case in IMPORT_ERRORS], ids=[c[0] for c in IMPORT_ERRORS]
)
def test_read_ratings_errors_name_file_and_line(tmp_path, small_sample, rows, error, line, message):
    paths = [write_csv(tmp_path / "ratings-ada.csv", rows)]
    paths += [write_csv(tmp_path / f"ratings-{r}.csv", good_rows(r)) for r in ("bea", "cal")]
    with pytest.raises(error) as info:
        read_ratings(paths, small_sample, RATERS)
    assert message in str(info.value)
    assert info.value.path == str(paths[0]) and info.value.line == line
    where = f"{paths[0]}:{line}" if line is not None else str(paths[0])
    assert str(info.value).startswith(f"{where}: ")


def test_read_ratings_duplicate_across_files(tmp_path, small_sample):
    first = write_csv(tmp_path / "ratings-ada.csv", good_rows("ada"))
    second = write_csv(tmp_path / "ratings-ada-again.csv", good_rows("ada")[2:])
    with pytest.raises(
        InputFormatError,
        match=re.escape(f"{second}:2: duplicate rating of item 'u3' by rater 'ada' (first at {first}:4)"),
    ):
        read_ratings([first, second], small_sample, ["ada"])


def test_read_ratings_bad_files(tmp_path, small_sample):
    header = write_csv(tmp_path / "h.csv", good_rows("ada"), header=("item", "rater", "g", "a"))
    with pytest.raises(
        InputFormatError,
        match=re.escape(f"{header}:1: header is 'item,rater,g,a'; expected 'item_id,rater,grammatical,acceptable'"),
    ):
        read_ratings([header], small_sample, ["ada"])
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    with pytest.raises(InputFormatError, match="empty file; expected the header"):
        read_ratings([empty], small_sample, ["ada"])
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes("item_id,rater,grammatical,acceptable\nperché,ada,1,1\n".encode("latin-1"))
    with pytest.raises(InputFormatError, match="not UTF-8 text"):
        read_ratings([latin1], small_sample, ["ada"])
    with pytest.raises(MissingInputError, match="ratings file not found"):
        read_ratings([tmp_path / "nope.csv"], small_sample, ["ada"])


def test_read_ratings_rater_without_a_file(tmp_path, small_sample):
    paths = [write_csv(tmp_path / f"ratings-{r}.csv", good_rows(r)) for r in ("ada", "bea")]
    with pytest.raises(
        MissingInputError, match="no ratings from rater 'cal' in the files read: .*; expected their ratings-cal.csv"
    ):
        read_ratings(paths, small_sample, RATERS)


# --------------------------------------------------------------------------- agreement

# Count tables: one row per item, [raters saying yes, raters saying no]; three raters.
# Worked by hand with Fleiss (1971): P_i = (sum_j n_ij^2 - n) / (n (n - 1)), so with n = 3 an item
# scores 1 when unanimous ([3,0] or [0,3]) and (4 + 1 - 3) / 6 = 1/3 when split 2-1.
# P_bar = mean P_i; p_j = share of all ratings in category j; P_e = sum p_j^2; kappa = (P_bar - P_e) / (1 - P_e).
KAPPA_CASES = [
    # Mixed: unanimous on 2 of 4 items -> observed 1/2; P_bar = (1 + 1/3 + 1 + 1/3) / 4 = 2/3;
    # yes = 3+2+0+2 = 7 of 12 -> P_e = (7/12)^2 + (5/12)^2 = 74/144 = 37/72;
    # kappa = (48/72 - 37/72) / (35/72) = 11/35.
    ("mixed", [[3, 0], [2, 1], [0, 3], [2, 1]], Fraction(1, 2), Fraction(2, 3), Fraction(11, 35)),
    # Perfect agreement using both categories: P_bar = 1, P_e = 1/2 -> kappa 1.
    ("perfect", [[3, 0], [0, 3]], Fraction(1), Fraction(1), Fraction(1)),
    # Always split 2-1, balanced overall: P_bar = 1/3, P_e = 1/2 -> kappa = (1/3 - 1/2) / (1/2) = -1/3.
    ("systematic split", [[2, 1], [1, 2]], Fraction(0), Fraction(1, 3), Fraction(-1, 3)),
    # Everyone always says yes: P_e = 1, kappa undefined although observed agreement is 1.
    ("one category", [[3, 0], [3, 0]], Fraction(1), Fraction(1), None),
    # Two raters, 3 items: P_i is 1 (agree) or 0 (disagree): P_bar = 2/3; yes = 2+1+0 = 3 of 6 -> P_e = 1/2;
    # kappa = (2/3 - 1/2) / (1/2) = 1/3.
    ("two raters", [[2, 0], [1, 1], [0, 2]], Fraction(2, 3), Fraction(2, 3), Fraction(1, 3)),
]


@pytest.mark.parametrize("table,observed,pairwise,kappa", [c[1:] for c in KAPPA_CASES], ids=[c[0] for c in KAPPA_CASES])
def test_agreement_measures_exact(table, observed, pairwise, kappa):
    assert observed_agreement(table) == observed
    assert pairwise_agreement(table) == pairwise
    assert fleiss_kappa(table) == kappa


def test_fleiss_kappa_matches_statsmodels():
    inter_rater = pytest.importorskip("statsmodels.stats.inter_rater", reason="statsmodels is only a cross-check")
    rng = random.Random(0)
    for n_raters, n_cats in ((3, 2), (5, 2), (4, 3)):
        table = []
        for _ in range(40):
            row = [0] * n_cats
            for _ in range(n_raters):
                row[min(n_cats - 1, int(rng.random() ** 2 * n_cats))] += 1
            table.append(row)
        assert float(fleiss_kappa(table)) == pytest.approx(inter_rater.fleiss_kappa(table, method="fleiss"), abs=1e-12)


def test_agreement_per_class_and_overall(tmp_path):
    # Six items, three raters. Answers (ada, bea, cal):
    #            grammatical  acceptable
    #   <20   a1    1 1 1        1 0 0
    #         a2    1 1 0        1 1 0
    #         a3    0 0 0        0 0 0
    #         a4    1 0 1        1 1 1
    #  40-60  b1    1 1 1        1 0 1
    #         b2    1 1 1        0 1 0
    sample = [
        {"id": i, "text": f"Frase {i}.", "class": "<20" if i[0] == "a" else "40-60"}
        for i in ("a1", "a2", "a3", "a4", "b1", "b2")
    ]
    answers = {
        "a1": ("111", "100"),
        "a2": ("110", "110"),
        "a3": ("000", "000"),
        "a4": ("101", "111"),
        "b1": ("111", "101"),
        "b2": ("111", "010"),
    }
    paths = []
    for r, rater in enumerate(RATERS):
        rows = [[item, rater, g[r], a[r]] for item, (g, a) in answers.items()]
        paths.append(write_csv(tmp_path / f"ratings-{rater}.csv", rows))
    result = agreement(read_ratings(paths, sample, RATERS), sample)

    def check(stats, unanimous, yes, observed, pairwise, kappa):
        assert (stats["unanimous"], stats["yes"]) == (unanimous, yes)
        assert stats["observed_agreement"] == float(observed)
        assert stats["pairwise_agreement"] == float(pairwise)
        assert stats["fleiss_kappa"] == (None if kappa is None else float(kappa))

    low, mid = result["classes"]["<20"], result["classes"]["40-60"]
    # <20 grammatical: the "mixed" case above: 1/2, 2/3, 11/35.
    check(low["grammatical"], 2, 7, Fraction(1, 2), Fraction(2, 3), Fraction(11, 35))
    # <20 acceptable: counts [1,2] [2,1] [0,3] [3,0]: unanimous 2/4; P_bar = (1/3+1/3+1+1)/4 = 2/3;
    # yes 6 of 12 -> P_e = 1/2; kappa = (2/3 - 1/2) / (1/2) = 1/3.
    check(low["acceptable"], 2, 6, Fraction(1, 2), Fraction(2, 3), Fraction(1, 3))
    # 40-60 grammatical: all yes: observed 1, kappa undefined.
    check(mid["grammatical"], 2, 6, Fraction(1), Fraction(1), None)
    # 40-60 acceptable: [2,1] [1,2]: the "systematic split" case: 0, 1/3, -1/3.
    check(mid["acceptable"], 0, 3, Fraction(0), Fraction(1, 3), Fraction(-1, 3))
    # Overall grammatical, pooled: unanimous 4/6 = 2/3; P_bar = (1+1/3+1+1/3+1+1)/6 = 7/9;
    # yes 13 of 18 -> P_e = (169 + 25)/324 = 97/162; kappa = (126/162 - 97/162) / (65/162) = 29/65.
    check(result["overall"]["grammatical"], 4, 13, Fraction(2, 3), Fraction(7, 9), Fraction(29, 65))
    # Overall acceptable: unanimous 2/6 = 1/3; P_bar = (1/3+1/3+1+1+1/3+1/3)/6 = 5/9;
    # yes 9 of 18 -> P_e = 1/2; kappa = (5/9 - 1/2) / (1/2) = 1/9.
    check(result["overall"]["acceptable"], 2, 9, Fraction(1, 3), Fraction(5, 9), Fraction(1, 9))
    assert low["items"] == 4 and result["overall"]["grammatical"]["ratings"] == 18
    # A class with no items has counts of zero and no measures.
    assert result["classes"][">80"]["grammatical"] == {
        "items": 0,
        "ratings": 0,
        "yes": 0,
        "no": 0,
        "unanimous": 0,
        "observed_agreement": None,
        "pairwise_agreement": None,
        "fleiss_kappa": None,
    }
    assert list(result["classes"]) == list(READABILITY_CLASSES)
    json.dumps(result)  # ready for a report file


# --------------------------------------------------------------------------- the page in a real browser


@pytest.fixture
def chromium(tmp_path):
    """Headless Debian chromium through chromedriver, downloading into tmp_path/downloads."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.skip(f"no {' and '.join(missing)}: apt-get install chromium chromium-driver to run the browser test")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.fail("chromium is installed but the Python package selenium is not: pip install selenium")
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
        driver.downloads = downloads
        yield driver
    finally:
        driver.quit()


STORED = """
var out = {};
for (var k = 0; k < localStorage.length; k++) {
  var key = localStorage.key(k);
  if (key.startsWith(arguments[0] + "/")) { out[key] = localStorage.getItem(key); }
}
return out;
"""
"""A page's saved state, as the document sees it: every key of its kit and rater (`page.html`'s storage)."""


def cells(key, answers, pos=None):
    """The storage keys and values of `answers` ({item index: [grammatical, acceptable]}) and the position."""
    out = {f"{key}/a/{i}/{q}": str(v) for i, pair in answers.items() for q, v in enumerate(pair) if v is not None}
    if pos is not None:
        out[f"{key}/pos"] = str(pos)
    return out


def reload_once_storage_arrived(driver, key, saved, ready, timeout=30):
    """Reload the page until the reloaded document's localStorage holds `saved` (`STORED`) for `key`, then return.

    Chromium's localStorage is synchronous for the page that writes it, but the write reaches the browser
    process asynchronously: on a loaded machine, a document loaded right after the writes (a reload) can
    start from the browser's older copy (seen: an empty one) while the write is still on its way, and that
    document keeps its snapshot. So the test reloads until the new document sees the write; only a document
    that sees it must show the restored state, and the caller asserts that it does, at once.
    """
    deadline = time.monotonic() + timeout
    while True:
        driver.refresh()
        ready()
        seen = driver.execute_script(STORED, key)
        if seen == saved:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"the reloaded page's storage still holds {seen!r} after {timeout} s, not {saved!r}")


def test_page_in_browser_keyboard_reload_and_export(chromium, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chromium
    sample = tricky_sample()
    (page,) = write_pages(sample, ["ada"], tmp_path / "kit")
    data = embedded_data(page)
    order, key = data["order"], data["storage_key"]
    ids = [sample[i]["id"] for i in order]  # the items in the order ada sees them

    def ready():
        WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"
        )

    def keys(*pressed):
        ActionChains(driver).send_keys(*pressed).perform()

    def text(element_id):
        return driver.find_element(By.ID, element_id).text

    def pressed():
        return {
            b: driver.find_element(By.ID, b).get_attribute("aria-pressed") == "true"
            for b in ("g-yes", "g-no", "a-yes", "a-no")
        }

    driver.get(page.as_uri())
    ready()
    assert text("position") == "1 of 5" and text("progress") == "Complete: 0 of 5"
    # Every text reaches the screen unchanged (quotes, <, &, "</script>" included).
    for pos in range(5):
        shown = driver.execute_script("return document.getElementById('text').textContent")
        assert shown == sample[order[pos]]["text"] and text("item-id") == ids[pos]
        keys("n")
    assert text("position") == "5 of 5"
    keys("p", "p", "p", "p")
    assert text("position") == "1 of 5"

    keys("g", "s", "n")  # item 1: grammatical yes, acceptable no
    keys("h", "a", Keys.ARROW_RIGHT)  # item 2: grammatical no, acceptable yes
    keys("g")  # item 3: only grammatical, so still incomplete
    assert text("position") == "3 of 5" and text("progress") == "Complete: 2 of 5"

    # The page saves synchronously on every answer and move, so its storage already holds the 3rd item's state.
    saved = driver.execute_script(STORED, key)
    assert saved == cells(key, {order[0]: [1, 0], order[1]: [0, 1], order[2]: [1, None]}, pos=2)
    reload_once_storage_arrived(driver, key, saved, ready)
    assert text("position") == "3 of 5" and text("item-id") == ids[2]
    assert pressed() == {"g-yes": True, "g-no": False, "a-yes": False, "a-no": False}
    keys(Keys.ARROW_LEFT)
    assert text("item-id") == ids[1] and pressed() == {"g-yes": False, "g-no": True, "a-yes": True, "a-no": False}
    assert text("progress") == "Complete: 2 of 5"

    def export():
        target = driver.downloads / "ratings-ada.csv"
        target.unlink(missing_ok=True)
        driver.find_element(By.ID, "export").click()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if target.exists() and not list(driver.downloads.glob("*.crdownload")):
                return target
            time.sleep(0.05)
        pytest.fail(f"no download in {driver.downloads}: {sorted(p.name for p in driver.downloads.iterdir())}")

    # An export before finishing has empty cells, which the import rejects by item.
    partial = export()
    assert "not complete yet" in text("status")
    with pytest.raises(InputFormatError, match=re.escape(f"{partial}:2: empty")):
        read_ratings([partial], sample, ["ada"])

    keys("u", "a")  # jump to the first incomplete item (the 3rd) and finish it
    assert text("item-id") == ids[2]
    keys("n", "h", "s", "n", "g", "a")  # items 4 and 5 (the 5th by a click on "No" below)
    driver.find_element(By.ID, "a-no").click()
    assert text("progress") == "Complete: 5 of 5"
    final = export()
    assert text("status") == "Exported all 5 items."

    with open(final, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["item_id", "rater", "grammatical", "acceptable"]
    assert [row[0] for row in rows[1:]] == [item["id"] for item in sample]  # sample order, whatever the display order
    ratings = read_ratings([final], sample, ["ada"])
    expected = {ids[0]: (1, 0), ids[1]: (0, 1), ids[2]: (1, 1), ids[3]: (0, 0), ids[4]: (1, 0)}
    assert {item: ratings.values[(item, "ada")] for item in ids} == expected
    # Nothing was fetched: the page is self-contained.
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0


def test_a_stale_page_never_saves_over_newer_ratings(chromium, tmp_path):
    """Issue 39: a page whose copy of the storage is stale must not save its older state over the newer one.

    Twenty rounds, each on a cleared storage: a second tab is opened on the same kit before the first one rates
    anything (its copy is empty, as a reload that raced the first answers could be); the first tab rates two
    items, the stale tab a third; then a fresh page must show all three, every round, and the stale tab too
    without a reload (it reads the storage afresh when used, and takes the others' `storage` events), in all but
    at most 3 rounds (see the end).
    """
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chromium
    sample = tricky_sample()
    (page,) = write_pages(sample, ["ada"], tmp_path / "kit")
    data = embedded_data(page)
    order, key = data["order"], data["storage_key"]
    missed = []

    def ready():
        WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"
        )

    def rate(*clicks):
        for element_id in clicks:
            driver.find_element(By.ID, element_id).click()

    driver.get(page.as_uri())
    ready()
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(page.as_uri())
    ready()
    stale = driver.current_window_handle
    for round_ in range(20):
        driver.switch_to.window(first)
        driver.execute_script("localStorage.clear()")
        driver.refresh()
        ready()
        driver.switch_to.window(stale)
        driver.refresh()  # opened on the empty storage, before the first tab's answers
        ready()
        driver.switch_to.window(first)
        rate("g-yes", "a-no", "next", "g-no", "a-yes")  # items 1 and 2
        driver.switch_to.window(stale)
        rate("next", "next", "g-yes", "a-yes")  # item 3, on the page that loaded before items 1 and 2
        progress = "Complete: 3 of 5"
        driver.switch_to.window(first)
        deadline = time.monotonic() + 30
        while True:  # a fresh page, once the last write has reached the browser: every answer is there
            driver.refresh()
            ready()
            if driver.find_element(By.ID, "progress").text == progress:
                break
            if time.monotonic() > deadline:
                pytest.fail(f"round {round_}: a fresh page shows {driver.find_element(By.ID, 'progress').text!r}")
        stored = driver.execute_script(STORED, key)
        stored.pop(f"{key}/pos")
        assert stored == cells(key, {order[0]: [1, 0], order[1]: [0, 1], order[2]: [1, 1]}), round_
        driver.switch_to.window(stale)  # the first tab's answers reach the stale tab without a reload
        deadline = time.monotonic() + 10
        while driver.find_element(By.ID, "progress").text != progress and time.monotonic() < deadline:
            time.sleep(0.05)
        if driver.find_element(By.ID, "progress").text != progress:
            missed.append(round_)
            driver.refresh()
            ready()
            assert driver.find_element(By.ID, "progress").text == progress, round_
    # Headless Chromium under load now and then keeps a background tab's copy of the storage stale (no `storage`
    # event arrives: one round in 3 of 33 runs of this test on the development machine); no rating is lost then
    # either (checked above).
    print(f"stale tab: the other tab's answers arrived without a reload in {20 - len(missed)} of 20 rounds")
    assert len(missed) <= 3, (
        f"the other tab's answers reached the stale tab in {20 - len(missed)} of 20 rounds: {missed}"
    )
