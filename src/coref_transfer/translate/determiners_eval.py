"""The articles and prepositions put back at resolution (`lang.it.determiners`), measured twice.

Like the refinement rules, each of `fit`'s rewrites earns its place with
numbers:

1. **Precision and recall on a hand-written set**
   (`tests/data/resolve-eval/{dev,test}.jsonl`, written for the project; one
   case a line: `id`, `before` (the word before the placeholder, or null),
   `after` (the word after it, optional), `text` (the mention's Italian),
   `context` (`lang.it.determiners.Context`'s fields), `expected` (the
   words from the preposition through the mention), `action` (the rewrite
   that should fire, or null), `note`; the set's README says more).
   A rewrite's precision is the share of the cases it fired on where it
   should have and the words came out right; its recall, the share of the
   cases it should have fired on where it did and they did.
2. **Harm on correct Italian** (`measure_harm`): every noun phrase of gold
   UD text that a rewrite could touch is put back as resolution would get
   it, and the result compared with the gold words. Since nothing in UD
   says what the English was, each case is given the evidence most likely
   to make the rule fire (the worst case), so the figures are upper bounds:

   | rewrite | a gold case | given to `fit` |
   |---|---|---|
   | places | a name of the place table (`lang.it.places`) that opens its own noun phrase (only a preposition and a definite article before it, not a modifier of the noun before: "media OCSE"), not inside a larger name ("Banca d'Italia", a modifier of a proper noun), not a vocative | the bare name, translated alone; a town's "a" where the gold has "in" (with the English "in"), else the gold's preposition or the word before |
   | places, from the sentence | the same, with a definite article | the gold's article and preposition as the marked sentence's |
   | titles | a title before a capitalised name ("il professor Rossi"), nothing between the article and the title, not a vocative | the title capitalised and the name, translated alone; the gold's preposition |
   | generic subjects | a plural common noun subject before its verb (the English evidence is a plural), opening its clause (first, or after `CLAUSE_OPENERS`), with a definite article or none, no other determiner, no coordination, clause or number inside, at most five words | the phrase without its article, translated alone, with the English evidence of a generic subject (`Context.bare`) |
   | roles | a role noun of a case ("ricorrente", "convenuto", `ROLE_NOUNS_IT`) with a definite article or none, no preposition of its own | the noun capitalised, alone, with the English evidence of a role used as a name |

   A gold case whose result differs is a harm when a rewrite made it
   (`fit` fired), a miss when none did (the text came as it was: not a
   change of correct Italian, so not counted as harm), except two forms
   both in use (`variant`): a locative with or without the article ("in Texas",
   "nel Texas"; "alle Isole Cayman", "nelle Isole Cayman"), "di" with or
   without the article outside a larger name ("il resto d'Europa", "il
   resto dell'Europa"; inside one, "Banca d'Italia", the case is not
   counted at all), and the two masculine articles before s + consonant in
   a foreign name ("del Sri Lanka", "dello Sri Lanka"). Develop on train
   and dev, report on test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from coref_transfer.errors import InputFormatError
from coref_transfer.io import iter_json_lines
from coref_transfer.lang.it.articles import plain_form
from coref_transfer.lang.it.determiners import ACTIONS, CLAUSE_OPENERS, TITLES, Context, fit, joined
from coref_transfer.lang.it.places import place
from coref_transfer.rule_eval import precision_recall
from coref_transfer.rule_eval import report as rule_report
from coref_transfer.ud_files import sentence_blocks

REWRITES = ("places", "places_from_sentence", "titles", "generic_subjects", "roles")
"""The harm simulation's cases (the module docstring's table)."""
_CONTEXT_FIELDS = {f.name for f in fields(Context)}


def render(before: str | None, text: str, context: Context, after: str | None = None) -> tuple[str, str | None]:
    """(the words from the word before through the mention, the action) as resolution writes them."""
    fitted = fit(before, text, context, after)
    out, _, replaces = joined(before, fitted)
    if not replaces and before and before[:1].isalnum():  # a kept word is written; punctuation is not
        out = f"{before} {out}"
    return out, fitted.action


# -- the hand-written set ---------------------------------------------------------------------------------------


def read_set(path: str | Path) -> list[dict[str, Any]]:
    """The evaluation set, each line checked.

    Raises:
        InputFormatError: a missing field, an unknown context field or action (file and line named).
    """
    items = []
    for lineno, item in iter_json_lines(path):
        missing = {"id", "before", "text", "context", "expected", "action"} - set(item)
        if missing:
            raise InputFormatError(path, lineno, f"missing field(s): {', '.join(sorted(missing))}")
        unknown = set(item["context"]) - _CONTEXT_FIELDS
        if unknown or "source" not in item["context"]:
            raise InputFormatError(
                path,
                lineno,
                f"context: give 'source' and only {', '.join(sorted(_CONTEXT_FIELDS))}"
                + (f" (unknown: {', '.join(sorted(unknown))})" if unknown else ""),
            )
        if item["action"] is not None and item["action"] not in ACTIONS:
            raise InputFormatError(path, lineno, f"action {item['action']!r}: one of {', '.join(ACTIONS)} or null")
        items.append(item)
    return items


def evaluate(items: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per rewrite: precision, recall; the share of cases whose words are right; the cases that went wrong."""
    counts = {a: {"tp": 0, "fp": 0, "fn": 0} for a in ACTIONS}
    exact = 0
    errors = []
    for item in items:
        got, action = render(item["before"], item["text"], Context(**item["context"]), item.get("after"))
        fired = action if action in ACTIONS else None
        right = got == item["expected"]
        exact += right
        if fired is not None and fired == item["action"] and right:
            counts[fired]["tp"] += 1
        else:
            if fired is not None:
                counts[fired]["fp"] += 1
            if item["action"] is not None:
                counts[item["action"]]["fn"] += 1
        if not right or fired != item["action"]:
            errors.append(
                {
                    "id": item["id"],
                    "expected": item["expected"],
                    "got": got,
                    "action_expected": item["action"],
                    "action_fired": fired,
                }
            )
    return {
        "cases": len(items),
        "exact": exact,
        "accuracy": exact / len(items) if items else None,
        "rewrites": precision_recall(counts),
        "errors": errors,
    }


def markdown(report: Mapping[str, Any]) -> str:
    """The evaluation as a Markdown table."""
    return rule_report("rewrite", report["rewrites"], report["exact"], report["cases"], "Cases whose words are right")


# -- harm on gold UD text ---------------------------------------------------------------------------------------


@dataclass
class _Word:
    index: int
    form: str
    lemma: str
    upos: str
    feats: str
    head: int
    deprel: str
    surface: int
    """Index of the surface token (a multi-word token such as "della" holds two words)."""


def _sentence(block: Sequence[str]) -> tuple[list[_Word], list[str]]:
    """The words of a CoNLL-U sentence and its surface tokens."""
    words: list[_Word] = []
    surfaces: list[str] = []
    until = 0
    for line in block:
        if line.startswith("#"):
            continue
        cols = line.split("\t")
        if "-" in cols[0]:
            _first, last = (int(x) for x in cols[0].split("-"))
            surfaces.append(cols[1])
            until = last
            continue
        if "." in cols[0]:
            continue
        index = int(cols[0])
        if index > until:
            surfaces.append(cols[1])
        words.append(
            _Word(
                index,
                cols[1],
                cols[2],
                cols[3],
                cols[5],
                int(cols[6]) if cols[6].isdigit() else 0,
                cols[7],
                len(surfaces) - 1,
            )
        )
    return words, surfaces


_NAME_RELS = frozenset(("flat", "flat:name", "flat:foreign", "compound", "fixed"))
"""Relations of a name inside a larger name: the pipeline keeps such a mention as words."""
_MODIFIED = frozenset(("NOUN", "PROPN", "ADJ", "NUM", "X", "SYM"))
"""Parts of speech of a word a bare name right after it may modify ("media OCSE", "Texas Italia")."""


def _cases(words: Sequence[_Word], surfaces: Sequence[str]) -> list[tuple[str, str | None, str, Context, str]]:
    """(rewrite, before, text, context, expected) for each gold noun phrase a rewrite could touch."""
    out: list[tuple[str, str | None, str, Context, str]] = []
    children: dict[int, list[_Word]] = {}
    for w in words:
        children.setdefault(w.head, []).append(w)

    def span_text(first_surface: int, last_surface: int) -> str:
        return " ".join(surfaces[first_surface : last_surface + 1]).replace("' ", "'")

    def opener(head: _Word, first: _Word) -> tuple[list[_Word], list[_Word]] | None:
        """(case, det) before `first` when they alone open the phrase (definite article only), else None."""
        deps = children.get(head.index, [])
        case = [d for d in deps if d.deprel == "case" and d.upos == "ADP" and d.index < first.index]
        det = [d for d in deps if d.deprel == "det" and d.upos == "DET" and d.index < first.index]
        if any("Definite=Ind" in d.feats or "PronType=Art" not in d.feats for d in det):
            return None
        between = {
            w.index for w in words if (case or det) and min(x.index for x in (*case, *det)) <= w.index < first.index
        }
        if between != {d.index for d in (*case, *det)}:
            return None  # a possessive, an adjective, a number or "tutto" between: not what a name stands for
        return case, det

    i = 0
    while i < len(words):
        w = words[i]
        # places: the longest run of proper nouns from here that the place table names
        if w.upos == "PROPN" and w.form[:1].isupper():
            run = [w]
            while (
                i + len(run) < len(words)
                and words[i + len(run)].upos in ("PROPN", "ADJ")
                and words[i + len(run)].form[:1].isupper()
            ):
                run.append(words[i + len(run)])
            found = None
            for n in range(len(run), 0, -1):
                name = " ".join(x.form for x in run[:n])
                if place(name) is not None and place(name).name == name:
                    found = (name, run[:n])
                    break
            if found is not None:
                name, names = found
                head = next((x for x in names if not any(x.head == y.index for y in names)), names[0])
                opened = opener(head, names[0])
                previous = words[i - 1] if i > 0 else None
                governor = next((x for x in words if x.index == head.head), None)
                in_name = head.deprel.startswith("nmod") and governor is not None and governor.upos == "PROPN"
                standalone = (
                    opened is not None and head.deprel not in _NAME_RELS and head.deprel != "vocative" and not in_name
                )  # "Banca d'Italia", "Giro d'Italia": inside a larger name, which the pipeline keeps as words
                if standalone and not opened[0] and not opened[1] and previous is not None:
                    standalone = previous.upos not in _MODIFIED  # "media OCSE": a modifier, kept as words
                if standalone and surfaces[names[0].surface] == names[0].form:
                    case, det = opened  # type: ignore[misc]
                    first = min([names[0].surface] + [d.surface for d in (*case, *det)])
                    expected = span_text(first, names[-1].surface)
                    prep = plain_form(case[-1].lemma) if case else None
                    before_word = previous.form if previous is not None and not case and not det else None
                    town_prep = "a" if prep == "in" else prep
                    alone = Context("alone", town=True, preposition_en="in" if prep == "in" else None)
                    # a word before is written with the result (`render`), punctuation is not
                    prefix = f"{before_word} " if before_word and before_word[:1].isalnum() else ""
                    out.append(("places", town_prep or before_word, name, alone, prefix + expected))
                    if det:
                        article = det[-1].form if case else surfaces[det[-1].surface]
                        text = f"{article}{name}" if article.endswith("'") else f"{article} {name}"
                        sentence = Context("sentence", town=True, preposition_it=prep)
                        out.append(
                            ("places_from_sentence", town_prep or before_word, text, sentence, prefix + expected)
                        )
                i += len(names)
                continue
        # titles: a title noun right before a capitalised name
        if (
            w.upos == "NOUN"
            and plain_form(w.form) in TITLES
            and i + 1 < len(words)
            and words[i + 1].upos == "PROPN"
            and w.deprel != "vocative"
        ):
            opened = opener(w, w)
            names = [words[i + 1]]
            while i + 1 + len(names) < len(words) and words[i + 1 + len(names)].upos == "PROPN":
                names.append(words[i + 1 + len(names)])
            if opened is not None and (surfaces[w.surface] == w.form or opened[1]):
                case, det = opened
                first = min([w.surface] + [d.surface for d in (*case, *det)])
                text = " ".join([w.form[:1].upper() + w.form[1:]] + [x.form for x in names])
                prep = plain_form(case[-1].lemma) if case else None
                out.append(("titles", prep, text, Context("alone"), span_text(first, names[-1].surface)))
        if w.upos == "NOUN" and w.deprel in ("nsubj", "nsubj:pass") and w.head > w.index and "Number=Plur" in w.feats:
            case = _generic_subject(w, words, children, surfaces, span_text)
            if case is not None:
                out.append(case)
        if w.upos == "NOUN" and plain_form(w.form) in ROLE_NOUNS_IT:
            opened = opener(w, w)
            if opened is not None and not opened[0]:
                before = None if i == 0 else words[i - 1].form
                det = opened[1]
                if det:
                    before = words[det[0].index - 2].form if det[0].index > 1 else None
                first = det[0].surface if det else w.surface
                prefix = f"{before} " if before and before[:1].isalnum() else ""
                text = w.form[:1].upper() + w.form[1:]
                expected = prefix + span_text(first, w.surface)
                out.append(("roles", before, text, Context("alone", bare="role_name"), expected))
        i += 1
    return out


ROLE_NOUNS_IT = frozenset(
    {"appellante", "appellanti", "appellato", "appellata", "appellati", "ricorrente", "ricorrenti", "resistente",
     "resistenti", "convenuto", "convenuta", "convenuti", "richiedente", "richiedenti", "imputato", "imputata",
     "imputati", "querelante", "querelanti"}
)  # fmt: skip
"""The Italian of the English role nouns (`lang.en.bare_nouns.ROLE_NOUNS`), for the harm simulation."""
_NOT_GENERIC = frozenset(("conj", "cc", "acl", "acl:relcl", "punct", "appos", "det:poss", "nummod", "case"))
"""Relations inside a subject that the English of a generic subject of three words at most would not have."""


def _generic_subject(
    w: _Word, words: Sequence[_Word], children: Mapping[int, list[_Word]], surfaces: Sequence[str], span_text: Any
) -> tuple[str, str | None, str, Context, str] | None:
    """A gold subject a generic subject could stand for: a common noun before its verb, opening its clause,
    with a definite article or none and no other determiner, no coordination or clause inside, at most five
    words; given to `fit` bare, as a text alone, with the English evidence of a generic subject."""
    subtree = [w]
    stack = [w]
    while stack:
        for d in children.get(stack.pop().index, []):
            subtree.append(d)
            stack.append(d)
    subtree.sort(key=lambda x: x.index)
    if any(d.deprel in _NOT_GENERIC for d in subtree) or subtree[-1].index - subtree[0].index + 1 != len(subtree):
        return None
    dets = [d for d in subtree if d.deprel.startswith("det")]
    if len(dets) > 1 or dets and (dets[0] is not subtree[0] or "Definite=Def" not in dets[0].feats):
        return None
    if any(d.deprel.startswith("det") and "PronType=Art" not in d.feats for d in dets) or len(subtree) > 5:
        return None
    start = subtree[0].index
    previous = words[start - 2] if start > 1 else None
    if previous is not None and plain_form(previous.form) not in CLAUSE_OPENERS:
        return None
    if surfaces[subtree[0].surface] != subtree[0].form and not dets:
        return None  # a contracted form: not a subject's first word
    bare = subtree[1:] if dets else subtree
    if not bare or any(surfaces[x.surface] != x.form for x in bare):
        return None
    text = " ".join(x.form for x in bare).replace("' ", "'")
    if previous is None:
        text = text[:1].upper() + text[1:]
    before = previous.form if previous is not None else None
    prefix = f"{before} " if before and before[:1].isalnum() else ""
    expected = prefix + span_text(subtree[0].surface, subtree[-1].surface)
    return ("generic_subjects", before, text, Context("alone", bare="generic_subject"), expected)


def measure_harm(paths: Sequence[str | Path]) -> dict[str, Any]:
    """The harm simulation (module docstring) on the gold sentences of `paths`.

    Returns:
        {"files", "sentences", "rewrites": {rewrite: {"cases", "agree", "variant", "harm", "sentences",
        "per_1000"}}, "all": {"sentences", "per_1000"}, "harmed": [{"file", "line", "rewrite", "gold",
        "got", "sentence"}] in file order}.
    """
    totals = {r: Counter() for r in REWRITES}
    harmed_sentences: dict[str, set[tuple[str, int]]] = {r: set() for r in REWRITES}
    harmed: list[dict[str, Any]] = []
    n = 0
    for path in paths:
        for line, block in sentence_blocks(path):
            words, surfaces = _sentence(block)
            if not words:
                continue
            n += 1
            for rewrite, before, text, context, expected in _cases(words, surfaces):
                got, action = render(before, text, context)
                totals[rewrite]["cases"] += 1
                if _same(got, expected):
                    totals[rewrite]["agree"] += 1
                elif rewrite.startswith("places") and _variant(got, expected, text):
                    totals[rewrite]["variant"] += 1
                elif action not in ACTIONS:
                    totals[rewrite]["miss"] += 1  # nothing rewritten: the text as it came, not a harm
                else:
                    totals[rewrite]["harm"] += 1
                    harmed_sentences[rewrite].add((str(path), line))
                    harmed.append(
                        {
                            "file": str(path),
                            "line": line,
                            "rewrite": rewrite,
                            "action": action,
                            "gold": expected,
                            "got": got,
                            "sentence": " ".join(surfaces),
                        }
                    )
    every = set().union(*harmed_sentences.values())
    return {
        "files": [str(p) for p in paths],
        "sentences": n,
        "rewrites": {
            r: {
                **{k: totals[r][k] for k in ("cases", "agree", "variant", "miss", "harm")},
                "sentences": len(harmed_sentences[r]),
                "per_1000": _per_1000(len(harmed_sentences[r]), n),
            }
            for r in REWRITES
        },
        "all": {"sentences": len(every), "per_1000": _per_1000(len(every), n)},
        "harmed_sentences": sorted(every),
        "harmed": harmed,
    }


def _same(got: str, expected: str) -> bool:
    """The same words, case and the apostrophe's form and spacing aside ("L’ indagine", "L'indagine")."""

    def norm(text: str) -> str:
        return plain_form(text.replace("’", "'").replace("' ", "'"))

    return norm(got) == norm(expected)


def _per_1000(count: int, total: int) -> float:
    return round(1000 * count / total, 2) if total else 0.0


# fmt: off
_LOCATIVE_OPENERS = ("in ", "a ", "nel ", "nello ", "nell'", "nella ", "nei ", "negli ", "nelle ", "al ", "allo ",
                     "all'", "alla ", "ai ", "agli ", "alle ")
# fmt: on
_DI = ("di ", "d'")
_DI_ARTICLE = ("del ", "dello ", "dell'", "della ", "dei ", "degli ", "delle ")
_MASCULINE_PAIRS = (
    ("del ", "dello "),
    ("il ", "lo "),
    ("al ", "allo "),
    ("dal ", "dallo "),
    ("nel ", "nello "),
    ("sul ", "sullo "),
)


def _variant(got: str, expected: str, text: str) -> bool:
    """Two forms both in use: a locative with or without the article, or il/lo before a foreign name."""
    a, b = plain_form(got), plain_form(expected)
    name = (
        plain_form(text).split("'")[-1].split(" ", 1)[-1]
        if plain_form(text).split()[0] in ("il", "lo", "la", "l'", "i", "gli", "le")
        else plain_form(text)
    )
    if a.endswith(name) and b.endswith(name):
        head_a, head_b = a[: len(a) - len(name)], b[: len(b) - len(name)]
        if head_a in _LOCATIVE_OPENERS and head_b in _LOCATIVE_OPENERS:
            return True
        if any({head_a, head_b} == set(pair) for pair in _MASCULINE_PAIRS):
            return True
        if {head_a, head_b} & set(_DI) and {head_a, head_b} & set(_DI_ARTICLE):
            return True
    return False


def harm_text(report: Mapping[str, Any], n_examples: int = 0) -> str:
    """The harm report to read."""
    lines = [
        (
            f"Resolution's articles and prepositions (`lang.it.determiners`) on {report['sentences']:,} gold "
            "sentences (upper bounds: each case gets the evidence most likely to make the rewrite fire):"
        ),
        "",
        "| rewrite | gold cases | agree | variant | left (miss) | harm | sentences harmed | per 1,000 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r, f in report["rewrites"].items():
        lines.append(
            f"| {r} | {f['cases']:,} | {f['agree']:,} | {f['variant']:,} | {f['miss']:,} | {f['harm']:,} | "
            f"{f['sentences']:,} | {f['per_1000']:.2f} |"
        )
    a = report["all"]
    lines.append(f"| **all** | | | | | | {a['sentences']:,} | {a['per_1000']:.2f} |")
    if n_examples:
        shown = report["harmed"][:n_examples]
        if shown:
            lines += ["", f"Harmed cases ({len(shown)} of {len(report['harmed']):,}):"]
            lines += [f"- {h['file']}:{h['line']} [{h['rewrite']}] gold «{h['gold']}» → «{h['got']}»" for h in shown]
    return "\n".join(lines) + "\n"
