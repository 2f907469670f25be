"""The coreference scorer against the reference scorer v8.01's own cases, plus its reader, quirks and properties."""

from __future__ import annotations

import itertools
import json
import logging
import shlex
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coref_transfer.errors import InputFormatError
from coref_transfer.train.scoring.metrics import (
    METRICS,
    _bcub,
    _blanc,
    _ceaf,
    _chains_of,
    _muc,
    _overlaps,
    score,
    score_clusters,
    score_corpus,
    score_files,
)
from coref_transfer.train.scoring.reader import read_clusters

CASES_DIR = Path(__file__).resolve().parent / "data" / "scorer-cases"
EXPECTED = json.loads((CASES_DIR / "expected.json").read_text(encoding="utf-8"))["cases"]
TOL = 0.01  # percentage points, as check_scorer.py
ALL = (*METRICS, "conll")


def cli_command() -> list[str]:
    """The installed `coref-transfer` entry point next to this Python, else `python -m coref_transfer`."""
    script = Path(sys.executable).parent / "coref-transfer"
    return [str(script)] if script.exists() else [sys.executable, "-m", "coref_transfer"]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def doc(name: str, column: list[str], part: str | None = "000") -> str:
    """A two-column document: one token line per coreference value."""
    header = f"#begin document ({name}); part {part}" if part is not None else f"#begin document ({name}); "
    return "\n".join([header, *(f"tok{i}\t{c}" for i, c in enumerate(column)), "#end document", ""])


# ---------------------------------------------------------------- the reference's cases


@pytest.mark.parametrize("case_id", list(EXPECTED))
def test_reference_case(case_id):
    """Every expected value within 0.01 points, and the raw counts equal to the reference's."""
    case = EXPECTED[case_id]
    result = score_files(CASES_DIR / case["key"], CASES_DIR / case["response"])
    for metric, expected in case["expected"].items():
        for fld in ("f",) if metric == "conll" else ("r", "p", "f"):
            assert result[metric][fld] == pytest.approx(expected[fld], abs=TOL + 1e-9), (metric, fld)
    for metric, run in case["reference_run"].items():
        assert result["counts"][metric] == pytest.approx(run["counts"], abs=1e-9), metric


def test_check_scorer_against_cli():
    """The conformance runner, against the real command line: all 36 cases pass."""
    cmd = " ".join(map(shlex.quote, cli_command())) + " score --gold {key} --pred {response} --json"
    proc = subprocess.run(
        [sys.executable, str(CASES_DIR / "check_scorer.py"), "--cmd", cmd],
        check=False,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert "36 passed, 0 failed" in proc.stdout, proc.stdout + proc.stderr
    assert proc.returncode == 0


# Exact fractions (MUC paper examples and TC-A-2), one document given as clusters.
A, B, C, D, E = (0, 0), (1, 1), (2, 2), (3, 3), (4, 4)
FRACTION_CASES = [
    # (key, response, metric, recall, precision)
    ([[A, B, C, D]], [[A, B], [C, D]], "muc", Fraction(2, 3), Fraction(1)),
    ([[A, B], [C, D]], [[A, B, C, D]], "muc", Fraction(1), Fraction(2, 3)),
    ([[A, B, C]], [[A, C]], "muc", Fraction(1, 2), Fraction(1)),
    ([[A], [B, C], [D, E, (5, 5)]], [[A], [D, E]], "bcub", Fraction(7, 18), Fraction(1)),
    ([[A], [B, C], [D, E, (5, 5)]], [[A], [D, E]], "ceafe", Fraction(3, 5), Fraction(9, 10)),
    ([[A], [B, C], [D, E, (5, 5)]], [[A], [D, E]], "ceafm", Fraction(1, 2), Fraction(1)),
]


@pytest.mark.parametrize("key,response,metric,recall,precision", FRACTION_CASES)
def test_exact_fractions(key, response, metric, recall, precision):
    result = score_clusters(key, response)[metric]
    assert result["r"] == pytest.approx(float(recall * 100), abs=1e-9)
    assert result["p"] == pytest.approx(float(precision * 100), abs=1e-9)


def test_documents_are_micro_averaged(tmp_path):
    """Two documents in one file: the counts are summed, then turned into scores."""
    key = write(tmp_path, "k", (CASES_DIR / "cases/A2.key").read_text() + (CASES_DIR / "cases/B1.key").read_text())
    rsp = write(
        tmp_path, "r", (CASES_DIR / "cases/A2.response").read_text() + (CASES_DIR / "cases/B1.response").read_text()
    )
    both = score_files(key, rsp)
    a2 = score_files(CASES_DIR / "cases/A2.key", CASES_DIR / "cases/A2.response")
    b1 = score_files(CASES_DIR / "cases/B1.key", CASES_DIR / "cases/B1.response")
    for metric in (*METRICS, "mentions"):
        assert both["counts"][metric] == pytest.approx(
            [x + y for x, y in zip(a2["counts"][metric], b1["counts"][metric])]
        )
    recall_num, recall_den, _, _ = both["counts"]["muc"]
    assert both["muc"]["r"] == pytest.approx(100 * recall_num / recall_den)


# ---------------------------------------------------------------- the reader


def test_reader_bracket_forms_and_columns(tmp_path):
    """`(1)(2` equals `(1)|(2`; nesting; two-column and full files read alike; blank lines don't count."""
    glued = write(tmp_path, "glued", doc("d", ["(1)(2", "-", "2)", "(1(3)", "1)"]))
    piped = write(tmp_path, "piped", doc("d", ["(1)|(2", "-", "2)", "(1|(3)", "1)"]))
    full = write(
        tmp_path,
        "full",
        "#begin document (d); part 000\n"
        + "d\t0\t0\tw\t(1)(2\n\nd\t0\t1\tw\t-\nd\t0\t2\tw\t2)\n"
        + "d  1  0  w  (1(3)\nd  1  1  w  1)\t\n#end document\n",
    )
    expected = [[(0, 0), (3, 4)], [(0, 2)], [(3, 3)]]
    for path in (glued, piped, full):
        docs = read_clusters(path)
        assert list(docs) == ["d 000"]
        assert docs["d 000"].clusters == expected
        assert docs["d 000"].n_tokens == 5


def test_reader_orders_entities_like_the_reference(tmp_path):
    """On one line `(N)` pieces come before `(N` pieces, so entity 4 is the first entity here."""
    docs = read_clusters(write(tmp_path, "f", doc("d", ["(3(4)", "3)"])))
    assert docs["d 000"].clusters == [[(0, 0)], [(0, 1)]]


def test_reader_document_keys(tmp_path):
    text = doc("nw/x/00/x_0001", ["(1)"], part="0") + doc("LuoTestCase", ["-"], part=None)
    assert list(read_clusters(write(tmp_path, "f", text))) == ["nw/x/00/x_0001 000", "LuoTestCase"]


@pytest.mark.parametrize(
    "column,line,words",
    [
        (["(1", "-", "2)"], 4, "'2)' closes a mention of entity 2 that is not open"),
        (["-", "(1", "-"], 3, "entity 1 opened here"),
        (["-", "NN"], 3, "coreference column (the last) is 'NN'"),
    ],
)
def test_reader_errors_name_file_and_line(tmp_path, column, line, words):
    path = write(tmp_path, "bad.conll", doc("d", column))
    with pytest.raises(InputFormatError) as info:
        read_clusters(path)
    assert f"{path}:{line}:" in str(info.value)
    assert words in str(info.value)


@pytest.mark.parametrize(
    "text,words",
    [
        ("#begin document (d); part 000\nw\t-\n", "not closed"),
        ("w\t-\n", "token line outside a document"),
        ("", "no document"),
        (doc("d", ["-"]) + doc("d", ["-"]), "appears twice"),
    ],
)
def test_reader_structure_errors(tmp_path, text, words):
    with pytest.raises(InputFormatError, match=words):
        read_clusters(write(tmp_path, "bad.conll", text))


# ---------------------------------------------------------------- mismatched inputs


@pytest.mark.parametrize(
    "key_text,response_text,words",
    [
        (doc("a", ["(1)", "(1)"]) + doc("b", ["-"]), doc("a", ["(1)", "(1)"]), "document 'b 000' of the key"),
        (doc("a", ["(1)", "(1)"]), doc("a", ["(1)", "(1)"]) + doc("c", ["-"]), "document 'c 000' is not in the key"),
        (doc("a", ["(1)", "(1)", "-"]), doc("a", ["(1)", "(1)"]), "document 'a 000' has 2 tokens here but 3"),
    ],
)
def test_mismatched_documents_or_tokens(tmp_path, key_text, response_text, words):
    key = write(tmp_path, "key.conll", key_text)
    response = write(tmp_path, "response.conll", response_text)
    with pytest.raises(InputFormatError) as info:
        score_files(key, response)
    assert words in str(info.value)
    assert str(response) in str(info.value)


# ---------------------------------------------------------------- repeated mentions (reference quirks)


@pytest.mark.parametrize("copies,warned", [(10, False), (11, True)])
def test_repeated_response_mentions(caplog, copies, warned):
    """Copies of a key span are removed (first kept); above 10 the reference refuses, we score and warn."""
    key = [[A, B], [C]]
    response = [[A, B], [A] * copies, [C]]
    with caplog.at_level(logging.INFO, logger="coref_transfer"):
        result = score_clusters(key, response)
    perfect = score_clusters(key, [[A, B], [C]])
    assert {m: result[m] for m in ALL} == {m: perfect[m] for m in ALL}
    refused = [r for r in caplog.records if r.levelno == logging.WARNING and "refuses" in r.getMessage()]
    assert bool(refused) == warned


def test_repeated_twinless_response_mention_is_kept(caplog):
    """A repeated response span absent from the key keeps both copies, as the reference does."""
    with caplog.at_level(logging.WARNING, logger="coref_transfer"):
        result = score_clusters([[A, B]], [[A, B, E, E]])
    assert result["muc"]["p"] == pytest.approx(100 / 3)  # 1 correct link of 3 (2 with one copy)
    assert result["bcub"]["p"] == pytest.approx(25.0)  # (2/4 + 2/4) / 4 mentions
    assert any("not in the key" in r.getMessage() for r in caplog.records)


def test_repeated_key_mention_is_kept_in_both_entities(caplog):
    """A span in two key entities counts once for mention identification, in both entities for the metrics."""
    with caplog.at_level(logging.WARNING, logger="coref_transfer"):
        result = score_clusters([[A, B], [B, C]], [[A, B, C]])
    assert result["counts"]["mentions"] == [3, 3, 3, 3]
    assert result["counts"]["muc"] == [1, 2, 1, 2]  # B maps to the second key entity only
    assert any("in the key" in r.getMessage() for r in caplog.records)


def test_singleton_key_gives_muc_zero():
    """MUC has no links to find when the key is all singletons: 0 even for a perfect response (N1)."""
    result = score_clusters([[A], [B]], [[A], [B]])
    assert result["muc"] == {"r": 0.0, "p": 0.0, "f": 0.0}
    assert result["bcub"]["f"] == result["ceafe"]["f"] == result["blanc"]["f"] == pytest.approx(100.0)


# ---------------------------------------------------------------- properties


@st.composite
def key_and_response(draw, max_spans: int = 10):
    """Random key and response clusterings over a shared pool of distinct spans (nested ones included)."""
    pool = draw(
        st.lists(
            st.tuples(st.integers(0, 25), st.integers(0, 3)).map(lambda t: (t[0], t[0] + t[1])),
            unique=True,
            min_size=1,
            max_size=max_spans,
        )
    )

    def clustering(labels: list[int | None]) -> list[list[tuple[int, int]]]:
        clusters: dict[int, list[tuple[int, int]]] = {}
        for span, label in zip(pool, labels):
            if label is not None:
                clusters.setdefault(label, []).append(span)
        return list(clusters.values())

    label = st.one_of(st.none(), st.integers(0, 4))
    n = len(pool)
    key = clustering(draw(st.lists(label, min_size=n, max_size=n)))
    response = clustering(draw(st.lists(label, min_size=n, max_size=n)))
    return key, response


@settings(max_examples=200, deadline=None)
@given(key_and_response())
def test_perfect_response_scores_100(pair):
    key, _ = pair
    if not any(len(c) > 1 for c in key):
        key = [*key, [(90, 90), (91, 91)]]
    result = score_clusters(key, key)
    for metric in ALL:
        for value in result[metric].values():
            assert value == pytest.approx(100.0)


@settings(max_examples=200, deadline=None)
@given(key_and_response())
def test_swapping_key_and_response_swaps_recall_and_precision(pair):
    key, response = pair
    forward, backward = score_clusters(key, response), score_clusters(response, key)
    for metric in ("muc", "bcub", "ceafe", "ceafm"):
        assert forward[metric]["r"] == pytest.approx(backward[metric]["p"], abs=1e-9)
        assert forward[metric]["p"] == pytest.approx(backward[metric]["r"], abs=1e-9)
        assert forward[metric]["f"] == pytest.approx(backward[metric]["f"], abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(key_and_response())
def test_empty_response_scores_0(pair):
    key, _ = pair
    result = score_clusters(key, [])
    for metric in ALL:
        assert set(result[metric].values()) == {0.0}


def test_empty_response_file(tmp_path):
    key = write(tmp_path, "k", doc("d", ["(1)", "(1)", "(2", "2)"]))
    response = write(tmp_path, "r", doc("d", ["-", "-", "-", "-"]))
    result = score_files(key, response)
    assert all(set(result[m].values()) == {0.0} for m in ALL)


@settings(max_examples=300, deadline=None)
@given(key_and_response(max_spans=8))
def test_ceaf_alignment_is_optimal(pair):
    """CEAF's total equals the best of every one-to-one alignment (brute force)."""
    key, response = pair
    counts = score_clusters(key, response)["counts"]
    for metric, phi in (("ceafe", lambda k, r: 2 * len(k & r) / (len(k) + len(r))), ("ceafm", lambda k, r: len(k & r))):
        ks, rs = [set(c) for c in key], [set(c) for c in response]
        rs += [set()] * max(0, len(ks) - len(rs))
        best = max(
            (
                sum(phi(k, rs[j]) if rs[j] else 0 for k, j in zip(ks, perm))
                for perm in itertools.permutations(range(len(rs)), len(ks))
            ),
            default=0,
        )
        assert counts[metric][0] == pytest.approx(best, abs=1e-9)


# The reference's metric loops (lib/CorScorer.pm v8.01), written out literally on mention-id chains,
# as oracles for chains with repeated ids (which the reference keeps in some cases, see the module docstring).


def reference_index(chains):
    """`Indexa`: id -> index of the LAST chain holding it."""
    return {m: i for i, chain in enumerate(chains) for m in chain}


def reference_muc(key, response):
    k = reference_index(key)
    correct = 0
    for chain in response:
        for i in range(len(chain)):
            for j in range(i + 1, len(chain)):
                if chain[i] in k and chain[j] in k and k[chain[i]] == k[chain[j]]:
                    correct += 1
                    break
    return (correct, sum(len(c) - 1 for c in key if c), correct, sum(len(c) - 1 for c in response if c))


def reference_bcub(key, response):
    k = reference_index(key)
    acc_r = acc_p = 0.0
    for chain in response:
        for m in chain:
            k_chain = key[k[m]] if m in k else []
            common = sum(1 for x in chain if x in k_chain)
            acc_p += common / len(chain)
            acc_r += common / len(k_chain) if k_chain else 0
    return (acc_r, sum(map(len, key)), acc_p, sum(map(len, response)))


def reference_ceaf(key, response, entity):
    def sim(a, b):
        common = sum(1 for x in a if x in b)
        return 2 * common / (len(a) + len(b)) if entity else common

    padded = list(response) + [None] * max(0, len(key) - len(response))
    best = max(
        (
            sum(sim(k, padded[j]) for k, j in zip(key, perm) if padded[j] is not None)
            for perm in itertools.permutations(range(len(padded)), len(key))
        ),
        default=0,
    )
    if entity:
        return (best, len(key), best, len(response))
    return (best, sum(map(len, key)), best, sum(map(len, response)))


def reference_blanc(key, response):
    def links(chains):
        coref = {tuple(sorted((c[x], c[y]))) for c in chains for x in range(len(c)) for y in range(x + 1, len(c))}
        non = {tuple(sorted((u, v))) for i, c in enumerate(chains) for d in chains[i + 1 :] for u in c for v in d}
        return coref, non

    (kc, kn), (rc, rn) = links(key), links(response)
    return (len(kc & rc), len(kc), len(kc & rc), len(rc), len(kn & rn), len(kn), len(kn & rn), len(rn))


ID_CHAINS = st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=5), max_size=5)


@settings(max_examples=400, deadline=None)
@given(ID_CHAINS, ID_CHAINS)
def test_metrics_equal_the_reference_loops(key, response):
    """On any chains, repeated ids included, every metric's counts equal the reference's definitions."""
    key_of, response_of = _chains_of(key), _chains_of(response)
    cells = _overlaps(key, response_of)
    assert _muc(key, response, key_of) == reference_muc(key, response)
    assert _bcub(key, response, key_of) == pytest.approx(reference_bcub(key, response), abs=1e-9)
    assert _ceaf(key, response, cells, entity=True) == pytest.approx(reference_ceaf(key, response, True), abs=1e-9)
    assert _ceaf(key, response, cells, entity=False) == pytest.approx(reference_ceaf(key, response, False), abs=1e-9)
    assert _blanc(key, response, key_of, response_of) == reference_blanc(key, response)


def test_corpus_is_micro_averaged_per_document():
    """`score_corpus` equals scoring the documents as one multi-document file (BLANC: no cross-document links)."""
    docs = [([[A, B], [C]], [[A, C], [B]]), ([[A, B, C, D]], [[A, B], [C, D]])]
    corpus = score_corpus([k for k, _ in docs], [r for _, r in docs])
    singles = [score_clusters(k, r)["counts"] for k, r in docs]
    for metric in (*METRICS, "mentions"):
        assert corpus["counts"][metric] == pytest.approx([x + y for x, y in zip(*(c[metric] for c in singles))])
    with pytest.raises(ValueError):
        score_corpus([[]], [])


def test_score_of_no_documents_is_zero():
    assert score({}, {})["conll"] == {"f": 0.0}


# ---------------------------------------------------------------- command line


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*cli_command(), *args], check=False, capture_output=True, text=True)


def test_cli_json_and_table():
    key, response = CASES_DIR / "cases/A2.key", CASES_DIR / "cases/A2.response"
    proc = run_cli("score", "--gold", str(key), "--pred", str(response), "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert list(out) == ["muc", "bcub", "ceafe", "ceafm", "blanc", "conll"]
    assert all(set(out[m]) == {"r", "p", "f"} for m in METRICS) and set(out["conll"]) == {"f"}
    assert out["muc"]["r"] == pytest.approx(100 / 3)
    table = run_cli("score", "--gold", str(key), "--pred", str(response))
    assert table.returncode == 0 and "CEAF-e" in table.stdout and "59.33" in table.stdout


def test_cli_bad_input_exits_1(tmp_path):
    key = write(tmp_path, "key.conll", doc("a", ["(1)", "(1)"]))
    response = write(tmp_path, "response.conll", doc("a", ["(1)"]))
    proc = run_cli("score", "--gold", str(key), "--pred", str(response), "--json")
    assert proc.returncode == 1
    assert "document 'a 000' has 1 tokens here but 2" in proc.stderr and proc.stdout == ""
