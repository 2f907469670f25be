"""Stage β2: keep mentions whose root lets us estimate gender and number.

A mention is kept when it holds no verb (multi-token mentions with a verb
have unreliable heads and translate badly) and its root rt(m) is a
3rd-person personal or possessive pronoun, a determiner, a noun or a proper
noun. Every other root is dropped with a reason that says what it was.
A kept root is not enough: quantifiers, negatives, reciprocals and
reflexives are dropped too, since no name can stand for them in stage γ
(`select.stand_in`).

**Predicative and appositive links (CorefUD).** GUM annotates as coreference
two links that OntoNotes' scheme does not: a predicate nominal and its
subject, and an apposition and the noun phrase it follows. Its `link` field
(`Utterance.mention_links`, read by `corefud.reader`) names them on the
mention that is the predicate or the apposition, never on the subject or the
anchor:

- `pred`: "Daniel Bernoulli FRS (...) was [a Swiss mathematician and
  physicist]" (GUM_bio_bernoulli), "He was also [a friend of Alexander
  Hamilton]", and after "as": "served as [a military engineer]"
  (GUM_bio_enfant);
- `appos`: "Hu Shih, [the leader of the New Culture Movement]"
  (GUM_bio_chao), "Joyce, [his girlfriend]" (GUM_fiction_frankenstein).

β2 drops such a mention first, whatever its root, with a reason of its own
(`link_reason`, `model.LINK_REASONS`): `predicative` or `appositive`,
counted in select's stats.json as every drop is. α does not see it
(`alpha_nesting`): it makes no other mention nested, crossing or a duplicate
(as in OntoNotes, where it is no mention), and every one whose sentence β1
keeps is dropped here by name. The subject and the anchor stay in their
chain; a chain left with one mention goes at β3 (`cluster_too_small`). The
placeholder stands for the subject or the anchor, and the predicate's or
apposition's words stay in the English the model translates ("Alberto was
also a friend of Alexander Hamilton", "Joyce, his girlfriend" with Joyce
replaced), as with OntoNotes input. A corpus whose `# global.Entity` has no
`link` field, and CoNLL-2012 input, have no link information: nothing is
dropped for it. `scripts/corefud-links.py` counts, on a corpus and select's
output, where each such mention went (none reaches translation) and
compares with OntoGUM (the same GUM documents re-annotated to the OntoNotes
guidelines); its figures on GUM train are in docs/real-data.md ("Starting from a
CorefUD corpus").

OntoNotes' mention of an apposition is the whole "NP , apposition" span
("[Hu Shih, the leader of the New Culture Movement]", "[this guy
Nierman]"): OntoGUM has 298 of GUM train's 655 appositions inside a wider
mention and none alone. So before α, an anchor of the apposition's chain
that ends right before it (nothing between but a comma, a dash, a colon or
an opening bracket) is widened over it (`widen_appositions`; a closing
bracket right after the apposition comes along): the placeholder then
stands for the whole, as it would for OntoNotes input, where it would
otherwise stand beside the apposition ("And I saw [this guy] Nierman"
would become "I saw Alberto Nierman"). Counted in select's stats.json as
`anomalies.appositions_widened`.

Limits:

- OntoGUM keeps some predicates in their chains: 44 of GUM train's 72 after
  "as" ("as [professor of mathematics]", GUM_bio_bernoulli) and 10 of 413
  after a copula; GUM labels them all `pred`, and β2 follows GUM's label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from coref_transfer.lang.en.pronouns import REFLEXIVE_WORDS
from coref_transfer.model import LINK_REASONS, Mention, Span
from coref_transfer.select.stand_in import drop_reason

WH_TAGS = frozenset(("WP", "WP$", "WDT", "WRB"))


def link_reason(link: str | None) -> str | None:
    """β2's reason for a mention of this CorefUD link type (`predicative`, `appositive`), or None."""
    return LINK_REASONS.get(link) if link is not None else None


#: PTB tags that may stand between an anchor and its apposition ("Hu Shih, the leader"; "Joyce -- his girlfriend").
APPOSITION_GAP_TAGS = frozenset((",", ":", "-LRB-", "HYPH", "NFP"))


def widen_appositions(
    mentions: Sequence[Mention], links: Sequence[str | None], pos: Sequence[str]
) -> tuple[list[Mention], int]:
    """The mentions with each apposition's anchor widened over it (see the module docstring), and how many.

    An anchor is a mention of the apposition's chain, not itself a predicate or an apposition, that ends
    before the apposition with only `APPOSITION_GAP_TAGS` between; the nearest one is widened.
    """
    out = list(mentions)
    if not links:
        return out, 0
    widened = 0
    for k, link in enumerate(links):
        if link != "appos":
            continue
        appos = mentions[k].span
        anchors = [
            j for j, m in enumerate(out)
            if j != k and m.cluster_id == mentions[k].cluster_id and link_reason(links[j]) is None
            and m.span.end < appos.start
            and all(tag in APPOSITION_GAP_TAGS for tag in pos[m.span.end + 1 : appos.start])
        ]  # fmt: skip
        if not anchors:
            continue
        j = max(anchors, key=lambda i: out[i].span.end)
        end = appos.end
        if "-LRB-" in pos[out[j].span.end + 1 : appos.start] and end + 1 < len(pos) and pos[end + 1] == "-RRB-":
            end += 1
        out[j] = Mention(out[j].cluster_id, Span(out[j].span.start, end))
        widened += 1
    return out, widened


def root_reason(word: str, tag: str, config: Mapping[str, Any]) -> str | None:
    """None if a root with this word and PTB tag is kept, else the reason."""
    lower = word.lower()
    if tag == "PRP" and lower in config["keep_pronouns"]:
        return None
    if tag == "PRP$" and lower in config["keep_possessives"]:
        return None
    if tag in config["keep_root_tags"]:
        return None
    if tag == "PRP" and lower in REFLEXIVE_WORDS:
        return "reflexive"
    if tag in ("PRP", "PRP$"):
        return "first_second_person" if lower in config["first_second_person"] else "other_pronoun"
    if tag == "CD":
        return "numeral"
    if tag in config["verb_tags"] or tag.startswith("VB"):
        return "verb_root"
    if tag in WH_TAGS:
        return "wh_word"
    return "other_root"


def mention_reason(
    words: Sequence[str], pos: Sequence[str], start: int, end: int, root: int, config: Mapping[str, Any]
) -> str | None:
    """None if β2 keeps the mention [start, end] (inclusive) with this root."""
    if end > start and any(pos[i] in config["verb_tags"] for i in range(start, end + 1)):
        return "contains_verb"
    return root_reason(words[root], pos[root], config) or drop_reason(words, pos, start, end, root)
