"""The CorefUD reader (`coref_transfer.corefud.reader`), issue 17 items 1 and 4.

Four kinds of checks:

- a CorefUD file written here (our own sentences) read both by the reader
  and by udapi, the reference implementation of the format, with what each
  word and mention must become worked out by hand;
- every GUM train document (`../shared/data/gum/train`, not shipped: its
  licences; `COREF_TRANSFER_GUM` points elsewhere) read without error, each
  file's mentions equal to udapi's (span or unplaced, chain partition,
  entity types, relations), and three documents' expectations worked out
  by hand from the files (a few words quoted, with the document's name);
- the same documents in OntoGUM's CoNLL-2012 form
  (`../shared/data/ontogum/train`, `COREF_TRANSFER_ONTOGUM`): the same
  sentences, words and speakers;
- bad input: each malformation in a small file, the error naming the line.
"""

from __future__ import annotations

import gc
import logging
import re
from collections import Counter
from pathlib import Path

import pytest
from corefud_samples import GUM_FILES, ONTOGUM, OURS, needs_gum
from udapi.core.document import Document

from coref_transfer.conll.reader import read_conll
from coref_transfer.corefud.reader import document_key, find_corefud_files, read_corefud
from coref_transfer.errors import InputFormatError, MissingInputError
from coref_transfer.lang.en.detokenize import PTB_SYMBOLS
from coref_transfer.model import UNPLACED_REASONS, NamedEntity, Part, Span, doc_key


def udapi_view(path: Path, heads: bool) -> tuple[Counter, dict[tuple, str], int, int, int]:
    """What udapi reads: each mention as (sentence in the file, kind, (start, end, head word) or None),
    grouped per entity; entity types by mention group; bridging links; split-antecedent pairs; trees.
    Without `heads` (a file without a head field, where udapi makes the first word the head) the head is None."""
    doc = Document()
    logging.disable(logging.WARNING)
    # udapi runs a full garbage collection after each file unless collection is off; in a test
    # process holding all GUM's parts that costs 0.2 s a file.
    collecting = gc.isenabled()
    gc.disable()
    try:
        doc.load_conllu(str(path))
        entities = list(doc.coref_entities)
    finally:
        logging.disable(logging.NOTSET)
        if collecting:
            gc.enable()
    trees = list(doc.trees)
    index = {id(tree): i for i, tree in enumerate(trees)}
    groups: Counter = Counter()
    etypes: dict[tuple, str] = {}
    for entity in entities:
        group = []
        for mention in entity.mentions:
            sentence = index[id(mention.words[0].root)]
            words = [w.ord - 1 for w in mention.words if not w.is_empty()]
            if not words:
                group.append((sentence, "zero_mention", None))
            elif words[-1] - words[0] != len(words) - 1:
                group.append((sentence, "discontinuous", None))
            else:
                head = None if mention.head.is_empty() or not heads else mention.head.ord - 1
                group.append((sentence, "span", (words[0], words[-1], head)))
        key = tuple(sorted(group, key=repr))
        groups[key] += 1
        if entity.etype:
            etypes[key] = entity.etype
    bridging = sum(len(m.bridging) for m in doc.coref_mentions if m._bridging)
    split = len({(a.eid, e.eid) for e in entities for a in e.split_ante})
    return groups, etypes, bridging, split, len(trees)


def our_view(parts: list[Part], heads: bool) -> tuple[Counter, dict[tuple, str], int, int, int]:
    """The reader's parts in `udapi_view`'s terms (without heads when the file has no head field)."""
    groups: dict[tuple, list] = {}
    first = 0
    for part in parts:
        for u in part.utterances:
            sentence = first + u.index
            assert not heads or len(u.mention_heads) == len(u.mentions)
            for i, m in enumerate(u.mentions):
                head = u.mention_heads[i] if u.mention_heads else None
                groups.setdefault((part.key, m.cluster_id), []).append(
                    (sentence, "span", (m.span.start, m.span.end, head))
                )
            for m in u.unplaced:
                groups.setdefault((part.key, m.cluster_id), []).append((sentence, m.reason, None))
        first += len(part.utterances)
    keys = {name: tuple(sorted(group, key=repr)) for name, group in groups.items()}
    etypes = {keys[(part.key, c)]: t for part in parts for c, t in part.entity_types.items()}
    bridging = sum(p.relations["bridging"] for p in parts)
    split = sum(p.relations["split_antecedent"] for p in parts)
    return Counter(keys.values()), etypes, bridging, split, first


@pytest.fixture
def ours(tmp_path) -> Path:
    path = tmp_path / "ours.conllu"
    path.write_text(OURS, encoding="utf-8")
    return path


def test_our_file_by_hand(ours):
    parts = read_corefud(ours)
    assert [p.key for p in parts] == [("test/doc", 1), ("story", 0)]
    assert [p.line for p in parts] == [1, 40]
    doc, story = parts
    s1, s2, s3 = doc.utterances
    assert s1.tokens == ["Anna", "and", "Bruno", "do", "n't", "know", "it", "."]
    assert s1.pos == ["NNP", "CC", "NNP", "VBP", "RB", "VB", "PRP", "."]
    assert s1.lemmas[3:5] == ["do", "not"]
    assert s1.heads == [5, 2, 0, 5, 5, -1, 5, 5]
    assert s1.deprels[:3] == ["nsubj", "cc", "conj"]
    assert s1.speakers == ["Anna"] * 8 and s2.speaker == "-" and s3.speaker == "Bruno"
    assert s1.parse_bits == s1.framesets == s1.senses == ["-"] * 8
    # the names the person mentions imply (reader.names): CorefUD has no named-entity layer
    assert s1.entities == [NamedEntity("PERSON", Span(0, 0)), NamedEntity("PERSON", Span(2, 2))]
    assert not s1.has_tree
    assert (s1.line, s2.line, s3.line) == (6, 18, 32)
    # Every entity id ends in a distinct number: the chains keep it (e1 1, ..., e10 10, e20 20)
    assert [(m.cluster_id, m.span) for m in s1.mentions] == [
        (2, Span(0, 0)),
        (3, Span(2, 2)),
        (1, Span(0, 2)),
        (4, Span(6, 6)),
    ]
    assert s1.mention_heads == [0, 2, 0, 6]
    assert s2.tokens == ["Bruno", "ate", "an", "apple", "and", "Anna", "a", "pear", "."]  # no empty node
    assert s2.heads[7] == 5  # "pear" hangs on "Anna" (word 6), the empty node does not shift it
    # "Anna [ate] a pear" covers the empty node, whose position 2 is the head: no word is
    assert [(m.cluster_id, m.span) for m in s2.mentions] == [
        (3, Span(0, 0)),
        (5, Span(2, 3)),
        (2, Span(5, 5)),
        (7, Span(6, 7)),
        (10, Span(5, 7)),
    ]
    assert s2.mention_heads == [0, 3, 5, 7, None]
    assert [(m.cluster_id, m.reason) for m in s2.unplaced] == [(6, "zero_mention")]
    # "A letter ... from Dario" is discontinuous; "Dario" is a span.
    assert s3.pos[-1] == "PUNCT"  # no XPOS: UPOS
    assert [(m.cluster_id, m.span) for m in s3.mentions] == [(9, Span(5, 5))]
    assert [(m.cluster_id, m.reason) for m in s3.unplaced] == [(8, "discontinuous")]
    assert doc.entity_types == {
        1: "person",
        2: "person",
        3: "person",
        4: "abstract",
        5: "object",
        10: "event",
        6: "event",
        7: "object",
        8: "object",
        9: "person",
    }
    assert doc.relations == {"bridging": 1, "split_antecedent": 2}
    assert story.relations == {"bridging": 0, "split_antecedent": 0}
    assert [(m.cluster_id, m.span) for m in story.utterances[0].mentions] == [(20, Span(0, 0))]
    assert story.entity_types == {20: "person"}
    assert story.utterances[0].index == 0 and story.utterances[0].doc_id == "story"
    assert doc_key(*doc.key) == "test/doc_1"


def test_our_file_as_udapi_reads_it(ours):
    assert our_view(read_corefud(ours), heads=True) == udapi_view(ours, heads=True)


def test_entity_ids_are_per_document(tmp_path):
    text = OURS.replace("e20", "e1")  # one id in two documents of a file names two chains
    path = tmp_path / "x.conllu"
    path.write_text(text, encoding="utf-8")
    doc, story = read_corefud(path)
    assert doc.entity_types[1] == "person" and len(doc.entity_types) == 10
    assert story.utterances[0].mentions[0].cluster_id == 1 and story.entity_types == {1: "person"}


@pytest.mark.parametrize(
    ("rename", "why"), [({"e10": "party"}, "an id without a number"), ({"e10": "x1"}, "two ids ending in 1")]
)
def test_chains_numbered_by_first_bracket_when_the_ids_do_not_number_them(tmp_path, rename, why):
    text = OURS
    for old, new in rename.items():
        text = text.replace(f"({old}-", f"({new}-").replace(f"{old})", f"{new})")
    path = tmp_path / "x.conllu"
    path.write_text(text, encoding="utf-8")
    doc, _ = read_corefud(path)
    # first opening brackets: e1 e2 e3 e4 | e5 <renamed e10> e6 e7 | e8 e9
    assert sorted(doc.entity_types) == list(range(1, 11)), why
    assert doc.entity_types[6] == "event" and doc.entity_types[7] == "event", why


def test_a_file_without_newdoc_is_one_document_named_after_it(tmp_path):
    text = "\n".join(line for line in OURS.split("\n") if not line.startswith("# newdoc"))
    path = tmp_path / "talk_7.conllu"
    path.write_text(text.replace("e20", "e21"), encoding="utf-8")
    (part,) = read_corefud(path)
    assert part.key == ("talk", 7) and len(part.utterances) == 4 and part.line == 1
    # Sentences before the first newdoc are the file's document, then the newdoc's.
    text = OURS.replace("# newdoc id = test/doc_1\n", "")
    path.write_text(text, encoding="utf-8")
    first, story = read_corefud(path)
    assert (first.key, len(first.utterances), story.key, story.line) == (("talk", 7), 3, ("story", 0), 39)


def test_document_keys():
    assert document_key("GUM_bio_hadid") == ("GUM_bio_hadid", 0)
    assert document_key("bc/cctv/00/cctv_0001_2") == ("bc/cctv/00/cctv_0001", 2)
    assert document_key("x_0") == ("x", 0)
    assert document_key("x_03") == ("x_03", 0)  # not how doc_key writes 3: the id stays whole
    for name in ("bc/cctv/00/cctv_0001_2", "x_0", "x_12"):
        assert doc_key(*document_key(name)) == name


def test_find_corefud_files(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    target = tmp_path / "a" / "b" / "d.conllu"
    target.write_text(OURS, encoding="utf-8")
    (tmp_path / "a" / "c.conllu").write_text(OURS, encoding="utf-8")
    (tmp_path / "a" / "notes.txt").write_text("x", encoding="utf-8")
    assert find_corefud_files([tmp_path]) == [tmp_path / "a" / "b" / "d.conllu", tmp_path / "a" / "c.conllu"]
    assert find_corefud_files([target, tmp_path / "a" / "b"]) == [target]
    with pytest.raises(MissingInputError, match="no such file"):
        find_corefud_files([tmp_path / "absent"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(MissingInputError, match=r"no '\*\.conllu' file"):
        find_corefud_files([tmp_path / "empty"])


# ---- GUM ----------------------------------------------------------------


@pytest.fixture(scope="module")
def gum() -> dict[str, list[Part]]:
    return {path.stem: read_corefud(path) for path in GUM_FILES}


@needs_gum
def test_every_gum_document_reads_as_udapi_reads_it(gum):
    """Conservation: each file's mentions are udapi's, each a span or unplaced with its reason."""
    assert len(gum) == 177
    total = Counter()
    for path in GUM_FILES:
        parts = gum[path.stem]
        assert [p.doc_id for p in parts] == [path.stem] and parts[0].part == 0
        groups, etypes, bridging, split, trees = udapi_view(path, heads=False)
        assert our_view(parts, heads=False) == (groups, etypes, bridging, split, trees), path.name
        for u in parts[0].utterances:
            assert u.mention_heads == []  # GUM's global.Entity has no head field
            assert len(u.tokens) == len(u.pos) == len(u.heads) == len(u.deprels) == len(u.speakers)
            total["mentions"] += len(u.mentions)
            total.update(m.reason for m in u.unplaced)
            total["sentences"] += 1
        total["udapi"] += sum(len(key) * n for key, n in groups.items())
        total.update(parts[0].relations)
    assert set(total) - {"mentions", "udapi", "sentences", "bridging", "split_antecedent"} <= set(UNPLACED_REASONS)
    assert total["mentions"] + sum(total[r] for r in UNPLACED_REASONS) == total["udapi"]
    # What GUM train holds (GUM commit in ../shared/data/gum/COMMIT): no discontinuous mention and
    # no mention on an empty node, so every mention has a span.
    assert total == Counter(
        {"sentences": 10224, "mentions": 49649, "udapi": 49649, "bridging": 1537, "split_antecedent": 284}
    )


def words(u, span: Span) -> str:
    return " ".join(u.tokens[span.start : span.end + 1])


@needs_gum
def test_gum_bio_hadid_by_hand(gum):
    (part,) = gum["GUM_bio_hadid"]
    assert part.key == ("GUM_bio_hadid", 0) and part.line == 1
    title, first = part.utterances[:2]
    assert title.tokens == ["Zaha", "Hadid"] and title.line == 24 and title.heads == [-1, 0]
    assert [(m.cluster_id, m.span) for m in title.mentions] == [(1, Span(0, 1))]
    assert first.line == 34 and first.speaker == "-"
    assert first.tokens[:7] == ["Dame", "Zaha", "Mohammad", "Hadid", "DBE", "RA", "("]
    assert first.pos[6] == "-LRB-" and first.lemmas[22] == "be"
    assert (first.heads[1], first.deprels[1]) == (27, "nsubj") and first.heads[27] == -1
    found = {(words(first, m.span), m.cluster_id) for m in first.mentions}
    assert {
        ("Dame Zaha Mohammad Hadid DBE RA", 1),
        ("Arabic", 2),
        ("31 October 1950", 3),
        ("October 1950", 4),
        ("1950", 5),
        ("an Iraqi - British architect", 1),
    } <= found
    assert len(first.mentions) == 11 and not first.unplaced
    assert {c: part.entity_types[c] for c in (1, 2, 3)} == {1: "person", 2: "abstract", 3: "time"}


@needs_gum
def test_gum_interview_ants_by_hand(gum):
    (part,) = gum["GUM_interview_ants"]
    u = part.utterances[36]  # sent_id GUM_interview_ants-37
    assert u.line == 866  # the multiword token's line, before its words
    assert u.tokens[:5] == ["It", "'s", "very", "soft", "stone"] and len(u.tokens) == 11
    assert u.speakers == ["NickBos"] * 11
    assert u.pos[:2] == ["PRP", "VBZ"] and u.heads[:2] == [4, 4] and u.heads[4] == -1
    by_words = {words(u, m.span): m.cluster_id for m in u.mentions}
    assert by_words["It"] == by_words["very soft stone that you can easily carve"] != by_words["you"]
    assert part.entity_types[by_words["It"]] == "substance" and part.entity_types[by_words["you"]] == "person"


@needs_gum
def test_gum_bio_chao_and_academic_census_by_hand(gum):
    (chao,) = gum["GUM_bio_chao"]
    u = chao.utterances[21]  # sent_id GUM_bio_chao-22: empty nodes 14.1 and 14.2 after "he"
    assert u.line == 641 and len(u.tokens) == len(u.heads)
    assert u.tokens[13:16] == ["he", "particularly", "for"]
    assert (u.heads[17], u.deprels[17]) == (13, "orphan")  # "love" on "he": empty nodes shift nothing
    clusters = {words(u, m.span): m.cluster_id for m in u.mentions}
    assert clusters["Both Chao and Yang"] == clusters["their"]
    assert clusters["Chao"] == clusters["he"] == clusters["his"] != clusters["Yang"]
    assert words(u, next(m.span for m in u.mentions if m.cluster_id == clusters["his"] and m.span.start == 16)) == "his"
    assert "his love of subtle jokes and language puns" in clusters
    (census,) = gum["GUM_academic_census"]
    # SplitAnte=7<11,8<11 and SplitAnte=20<37,22<37; twelve Bridge links.
    assert census.relations == {"bridging": 12, "split_antecedent": 4}


@needs_gum
@pytest.mark.skipif(not any(ONTOGUM.glob("*gold_conll")), reason=f"no OntoGUM train documents in {ONTOGUM}")
def test_gum_and_ontogum_have_the_same_sentences_words_and_speakers(gum):
    """The same 177 documents in CoNLL-2012 (OntoGUM): every sentence has the same words once OntoNotes'
    bracket escapes are undone (`-LRB-a-RRB-` is GUM's `(a)`), and the same speaker; the PTB tags
    differ only where GUM tags a word GW (a piece of a split word), and the chains differ (OntoGUM
    re-annotated them to the OntoNotes guidelines: no singletons)."""
    symbols = re.compile("|".join(map(re.escape, PTB_SYMBOLS)))
    sentences = 0
    tags = Counter()
    for name, (part,) in gum.items():
        (onto,) = read_conll(ONTOGUM / f"{name}.gold_conll")
        assert onto.doc_id == part.doc_id and len(onto.utterances) == len(part.utterances), name
        for ours, theirs in zip(part.utterances, onto.utterances):
            assert ours.tokens == [symbols.sub(lambda m: PTB_SYMBOLS[m.group()], t) for t in theirs.tokens]
            assert ours.speaker == theirs.speaker
            tags.update(a for a, b in zip(ours.pos, theirs.pos) if a != b)
            sentences += 1
    assert sentences == 10224
    assert set(tags) == {"GW"}


# ---- bad input ----------------------------------------------------------

HEADER = "# newdoc id = d\n# global.Entity = eid-etype-head-other\n"
GOOD = [
    "1\tAnna\tAnna\tPROPN\tNNP\t_\t2\tnsubj\t_\tEntity=(e1-person-1)",
    "2\tslept\tsleep\tVERB\tVBD\t_\t0\troot\t_\t_",
    "3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_",
]


def bad(tmp_path, text: str | bytes, line: int | None, message: str) -> None:
    path = tmp_path / "bad.conllu"
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    with pytest.raises(InputFormatError, match=message) as info:
        read_corefud(path)
    assert info.value.line == line and info.value.path == str(path)
    assert str(info.value).startswith(f"{path}:{line}:" if line else f"{path}:")


def sentence(*rows: str) -> str:
    return "\n".join(rows) + "\n\n"


def test_the_good_file_reads(tmp_path):
    path = tmp_path / "good.conllu"
    path.write_text(HEADER + sentence(*GOOD), encoding="utf-8")
    (part,) = read_corefud(path)
    assert part.utterances[0].line == 3
    # Windows line ends and a byte-order mark read the same.
    path.write_bytes(b"\xef\xbb\xbf" + (HEADER + sentence(*GOOD)).replace("\n", "\r\n").encode("utf-8"))
    (again,) = read_corefud(path)
    assert again.utterances[0].tokens == part.utterances[0].tokens and again.utterances[0].line == 3
    assert again.utterances[0].mentions == part.utterances[0].mentions


def test_newdoc_without_an_id(tmp_path):
    path = tmp_path / "memo.conllu"
    path.write_text(HEADER.replace(" id = d", "") + sentence(*GOOD), encoding="utf-8")
    assert [p.key for p in read_corefud(path)] == [("memo", 0)]
    bad(tmp_path, HEADER + sentence(*GOOD) + "# newdoc\n" + sentence(*GOOD), 7, "'# newdoc' without an id")


def test_wrong_column_count(tmp_path):
    rows = GOOD[:1] + ["2\tslept\tsleep\tVERB\tVBD\t_\t0\troot\t_"] + GOOD[2:]
    bad(tmp_path, HEADER + sentence(*rows), 4, "wrong column count: 9 tab-separated columns, 10 expected")
    rows = GOOD[:2] + ["3 . . PUNCT . _ 2 punct _ _"]  # spaces, not tabs
    bad(tmp_path, HEADER + sentence(*rows), 5, "wrong column count: 1 ")


def test_bad_ids(tmp_path):
    bad(tmp_path, HEADER + sentence(GOOD[0], "x" + GOOD[1][1:], GOOD[2]), 4, "malformed ID 'x'")
    bad(tmp_path, HEADER + sentence(GOOD[0], "3" + GOOD[1][1:], GOOD[2]), 4, "word ID 3 out of order: expected 2")
    bad(
        tmp_path,
        HEADER + sentence(GOOD[0], "2.1\tx\tx\tX\tX\t_\t_\t_\t_\t_", *GOOD[1:]),
        4,
        r"empty node 2\.1 out of order",
    )
    bad(tmp_path, HEADER + sentence(GOOD[0], "2-1\tx\t_\t_\t_\t_\t_\t_\t_\t_", *GOOD[1:]), 4, "at least two words")
    bad(
        tmp_path,
        HEADER + sentence(GOOD[0], "2-4\tx\t_\t_\t_\t_\t_\t_\t_\t_", *GOOD[1:]),
        4,
        "ends after the sentence's last word",
    )


def test_bad_heads(tmp_path):
    bad(tmp_path, HEADER + sentence(GOOD[0], GOOD[1].replace("\t0\t", "\t7\t"), GOOD[2]), 4, "HEAD 7 out of range")
    bad(
        tmp_path,
        HEADER + sentence(GOOD[0], GOOD[1].replace("\t0\t", "\t_\t"), GOOD[2]),
        4,
        "HEAD '_' is not a word number",
    )
    cycle = [GOOD[0], GOOD[1].replace("\t0\t", "\t1\t"), GOOD[2]]
    bad(tmp_path, HEADER + sentence(*cycle), 3, "the dependency tree has a cycle through word 1")


def test_entity_brackets(tmp_path):
    closed = GOOD[:2] + [GOOD[2].replace("\t_\t_", "\t_\tEntity=e7)")]
    bad(tmp_path, HEADER + sentence(*closed), 5, r"'e7\)' closes a mention of entity 'e7' never opened")
    unclosed = [GOOD[0].replace("(e1-person-1)", "(e1-person-1"), *GOOD[1:]]
    bad(tmp_path, HEADER + sentence(*unclosed), 3, "mention of entity 'e1' opened here is never closed in its sentence")
    # A mention may not run into the next sentence: it is unclosed where it opens.
    second = [GOOD[0].replace("(e1-person-1)", "e1)"), *GOOD[1:]]
    bad(tmp_path, HEADER + sentence(*unclosed) + sentence(*second), 3, "never closed in its sentence")
    garbage = [GOOD[0].replace("(e1-person-1)", "e1"), *GOOD[1:]]
    bad(tmp_path, HEADER + sentence(*garbage), 3, r"malformed Entity=e1 \(expected brackets")
    bad(tmp_path, "# newdoc id = d\n" + sentence(*GOOD), 2, "Entity= without a '# global.Entity' header")
    bad(tmp_path, "# global.Entity = etype-head\n" + sentence(*GOOD), 1, "no 'eid' \\(or 'GRP'\\) field")
    mixed = [
        GOOD[0].replace("(e1-person-1)", "(e1[1/2]-person-1"),
        GOOD[1].replace("\t_\t_", "\t_\tEntity=e1)"),
        GOOD[2],
    ]
    bad(tmp_path, HEADER + sentence(*mixed), 4, r"'e1\)' closes the mention opened as '\(e1\[1/2\]' at line 3")
    disc = [GOOD[0].replace("(e1-person-1)", "(e1[1/2]-person-1)"), *GOOD[1:]]
    bad(
        tmp_path,
        HEADER + sentence(*disc),
        3,
        r"discontinuous mention of entity 'e1' opened here: subspan 2/2 never comes",
    )


def test_mentions_on_words_that_do_not_exist(tmp_path):
    # The head, 2, is not a word of the one-word mention.
    head = [GOOD[0].replace("(e1-person-1)", "(e1-person-2)"), *GOOD[1:]]
    bad(tmp_path, HEADER + sentence(*head), 3, "has head 2, but only 1 word")
    two = [GOOD[0].replace("(e1-person-1)", "(e1-person-3"), GOOD[1].replace("\t_\t_", "\t_\tEntity=e1)"), GOOD[2]]
    bad(tmp_path, HEADER + sentence(*two), 4, "opened at line 3 has head 3, but only 2 word")
    # Brackets on a multiword token's line: it is not a word.
    mwt = [
        GOOD[0].replace("Entity=(e1-person-1)", "_"),
        "2-3\tslept.\t_\t_\t_\t_\t_\t_\t_\tEntity=(e1-person-1)",
        *GOOD[1:],
    ]
    bad(tmp_path, HEADER + sentence(*mwt), 4, "Entity= on a multiword token's line")
    # A bridging link to an entity no mention has.
    bridge = [GOOD[0].replace("Entity=", "Bridge=e9<e1|Entity="), *GOOD[1:]]
    bad(tmp_path, HEADER + sentence(*bridge), 3, "Bridge refers to entity 'e9', which has no mention in document 'd'")
    split = [GOOD[0].replace("Entity=", "SplitAnte=e1<e1|Entity="), *GOOD[1:]]
    bad(tmp_path, HEADER + sentence(*split), 3, "relates entity 'e1' to itself")


def test_invalid_utf8_empty_files_and_documents(tmp_path):
    text = (HEADER + sentence(*GOOD)).encode("utf-8").replace(b"slept", b"sl\xe9pt")
    bad(tmp_path, text, 4, "invalid UTF-8: byte 0xe9 at column 5")
    bad(tmp_path, "\n\n", None, "the file is empty")
    bad(tmp_path, "# just a comment\n", None, "no sentence in the file")
    bad(tmp_path, HEADER + sentence(*GOOD) + "# newdoc id = e\n", 7, "document 'e' has no sentence")
    bad(tmp_path, HEADER + sentence(*GOOD) + HEADER + sentence(*GOOD), 7, "document 'd' already began at line 1")
    late = "\n".join([HEADER.rstrip("\n"), GOOD[0], "# speaker = Anna", *GOOD[1:]]) + "\n"
    bad(tmp_path, late, 4, "a comment line after the sentence's token lines")


def test_an_error_leaves_no_partial_result(tmp_path):
    """The first document is good, the second not: the call raises, nothing comes back."""
    second = [GOOD[0].replace("(e1-person-1)", "(e1-person-1"), *GOOD[1:]]
    bad(tmp_path, HEADER + sentence(*GOOD) + HEADER.replace("= d", "= e") + sentence(*second), 9, "never closed")
