"""The UD words of a δ utterance, as UD Italian writes them: what the CorefUD export puts in its trees.

δ holds what the parser gave for each written token. A UD file holds
syntactic words, one tree per sentence and the features Italian's
validator allows (`udvalidate --lang it --level 5`). The export does not
parse again (the Italian and every other format stay as they are); it
rewrites only what the parse's own morphology decides:

1. *Multiword tokens.* A token whose lemma the parser merged ("della": "di
   il"; "parlarci": "parlare ci") becomes its syntactic words
   (`lang.it.multiword.split`): the token is their range, and a word's head
   inside the sentence is the word of the head token that keeps the token's
   own head (the preposition, the verb). A merged lemma `split` leaves whole
   (the parser's error: "orsi" read as "ore si") gets lemma `_` (UD's
   unknown) and loses the clitic's features; counted as `merged_lemma_kept`.
2. *One tree.* The parser may split an utterance into two sentences (a
   quotation, then "dico"); each later root is attached to the first as
   `parataxis`, UD's relation for side-by-side clauses and for reported
   speech. Counted as `extra_roots`.
3. *Tags and features.*
   - An AUX whose lemma Italian does not use as an auxiliary
     (`word_classes.AUXILIARIES`): the lemma lower-cased when that is one
     ("Essere"), else the auxiliary its written form belongs to
     (`word_classes.auxiliary_lemma`: "ero" → essere, "volevo" → volere);
     a form of none ("sceglievano") is a VERB, with the parser's lemma.
   - A PRON or DET without PronType: "che" is relative as a PRON, an
     interrogative as a DET ("che cosa"), as the Italian treebanks write it;
     others are left and counted.
   - `flat:foreign`: both ends of the relation are UPOS X with only
     `Foreign=Yes`, as UD writes foreign words.
   - The head of a `fixed` expression gets `ExtPos`, the part of speech of
     the whole expression, from its relation (case → ADP, mark → SCONJ, cc →
     CCONJ, advmod → ADV); other relations are left and counted.
4. *Mentions.* A mention that starts at an articulated preposition starts at
   its article ("[della casa]" → `di [la casa]`); a pronoun's one-token
   mention on a verb with clitics is the clitic's (refine puts the mention
   of an object it makes a clitic on the verb the clitic attaches to:
   "vendere esso" → "venderlo"), the one whose gender and number agree, else
   the last. Any other mention on such a token (the verb's own, an event)
   and a zero mention kept on its verb (`zeros: verb`) lie on the whole
   token: the verb's word and its clitics.

Every count is per export (`UdSentence.counts`, summed in the manifest).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from coref_transfer.lang.it.multiword import NOMINAL, TOKEN, split
from coref_transfer.lang.it.word_classes import AUXILIARIES, auxiliary_lemma
from coref_transfer.model import span_root
from coref_transfer.parsed import parse_feats
from coref_transfer.records import RefinedUtterance

EXT_POS = {"case": "ADP", "mark": "SCONJ", "cc": "CCONJ", "advmod": "ADV"}
"""Rule 3: the part of speech of a fixed expression, by the relation of its head."""
PRON_TYPES = {("che", "PRON"): "Rel", ("che", "DET"): "Int"}
"""Rule 3: PronType of a PRON or DET the parser left without one."""
NOT_PERMITTED = {"VERB": ("Clitic", "PronType"), "AUX": ("Clitic", "PronType"), "ADP": ("Definite", "PronType")}
"""Rule 1: the features a merged word got from its article or clitic, which UD Italian does not allow on the
one word a token left whole is (a verb with `Clitic=Yes` the form does not show: "Uh")."""
_CLASS_FEATS = {"masc": "Masc", "fem": "Fem", "sing": "Sing", "plur": "Plur"}


@dataclass
class UdWord:
    """One syntactic word: `head` 0-based in the sentence's words, -1 for the root."""

    form: str
    lemma: str
    upos: str
    xpos: str
    feats: dict[str, str]
    head: int
    deprel: str


@dataclass
class UdSentence:
    """The words of one utterance and where each δ token lies among them."""

    words: list[UdWord]
    token_words: list[tuple[int, int]]
    """First and last word of each δ token (equal unless the token is a multiword token)."""
    kinds: list[str]
    """Per token: "" (one word), "contraction" or "clitics"."""
    counts: Counter[str] = field(default_factory=Counter)

    def mention_words(self, start: int, end: int, gender: str | None = None, number: str | None = None,
                      pronoun: bool = False, zero: bool = False) -> tuple[int, int]:  # fmt: skip
        """Rule 4: the words of the mention on tokens start..end (inclusive); `pronoun`: the mention is a
        pronoun's (`rows.pronoun_mention`), `zero`: a deleted subject's, kept on its verb."""
        first, last = self.token_words[start][0], self.token_words[end][1]
        if self.kinds[start] == "contraction":
            first += 1
        if start == end and self.kinds[start] == "clitics" and pronoun and not zero:
            clitics = list(range(first + 1, last + 1))
            want = {k: _CLASS_FEATS[v] for k, v in (("Gender", gender), ("Number", number)) if v}
            agreeing = [i for i in clitics if all(self.words[i].feats.get(k) == v for k, v in want.items())]
            first = last = (agreeing or clitics)[-1]
        return first, last

    def head_word(self, first: int, last: int) -> int:
        """The mention's head: its root in the word tree, else its first word."""
        root = span_root([w.head for w in self.words], first, last)
        return first if root is None else root


def ud_sentence(row: RefinedUtterance) -> UdSentence:
    """Rules 1-3 on one δ utterance."""
    counts: Counter[str] = Counter()
    words: list[UdWord] = []
    token_words: list[tuple[int, int]] = []
    kinds: list[str] = []
    pending: list[tuple[int, int, int]] = []  # (word, token, plan): heads resolved once every token has words
    for t, (form, lemma, upos, xpos, feats, deprel) in enumerate(
        zip(row.tokens, row.lemmas, row.upos, row.xpos, row.feats, row.deprels)
    ):
        done = split(form, lemma or "", upos, xpos or "", parse_feats(feats), deprel)
        first = len(words)
        if done.words:
            counts[f"multiword_{done.kind}"] += 1
            for w in done.words:
                pending.append((len(words), t, w.head))
                words.append(UdWord(w.form, w.lemma, w.upos, w.xpos, dict(w.feats), -1, w.deprel))
        else:
            own = parse_feats(feats)
            if done.reason:
                counts[f"merged_kept_{done.reason}"] += 1
                lemma = "_" if " " in (lemma or "") else lemma
            dropped = {k for k in own if k in NOT_PERMITTED.get(upos, ())}
            if dropped:
                counts["features_dropped"] += 1
                own = {k: v for k, v in own.items() if k not in dropped}
            pending.append((len(words), t, TOKEN))
            words.append(UdWord(form, lemma or "_", upos, xpos or "_", own, -1, deprel))
        token_words.append((first, len(words) - 1))
        kinds.append(done.kind)
    main = [first for first, _ in token_words]  # the word that keeps each token's head: always its first
    for index, t, plan in pending:
        if plan == TOKEN:
            h = row.heads[t]
            words[index].head = main[h] if h >= 0 else -1
        elif plan == NOMINAL:
            words[index].head = _nominal(row, t, main)
        else:
            words[index].head = token_words[t][0] + plan
    sentence = UdSentence(words, token_words, kinds, counts)
    _one_root(sentence)
    _tags(sentence)
    return sentence


def _nominal(row: RefinedUtterance, token: int, main: Sequence[int]) -> int:
    """Rule 1: the word an articulated preposition's article attaches to (above any `fixed` chain); the
    preposition itself when the token is the root."""
    t = token
    while row.deprels[t] == "fixed" and row.heads[t] >= 0:
        t = row.heads[t]
    return main[row.heads[t]] if row.heads[t] >= 0 else main[token]


def _one_root(sentence: UdSentence) -> None:
    """Rule 2."""
    roots = [i for i, w in enumerate(sentence.words) if w.head < 0]
    for extra in roots[1:]:
        sentence.words[extra].head = roots[0]
        sentence.words[extra].deprel = "punct" if sentence.words[extra].upos == "PUNCT" else "parataxis"
        sentence.counts["extra_roots"] += 1


def _tags(sentence: UdSentence) -> None:
    """Rule 3."""
    words, counts = sentence.words, sentence.counts
    for w in words:
        if w.upos == "AUX" and w.lemma not in AUXILIARIES:
            lemma = w.lemma.lower() if w.lemma.lower() in AUXILIARIES else auxiliary_lemma(w.form)
            if lemma:
                w.lemma = lemma
                counts["aux_lemma_mended"] += 1
            else:
                w.upos = "VERB"
                counts["aux_not_auxiliary"] += 1
        if w.upos in ("PRON", "DET") and "PronType" not in w.feats:
            value = PRON_TYPES.get((w.form.lower(), w.upos))
            if value:
                w.feats["PronType"] = value
                counts["pron_type_added"] += 1
            else:
                counts["pron_type_unknown"] += 1
    typed: set[int] = set()  # heads of fixed expressions already given ExtPos, or counted without one
    for w in words:
        if w.deprel == "flat:foreign":
            for end in (w, words[w.head]):
                if end.upos != "X" or end.feats != {"Foreign": "Yes"}:
                    end.upos, end.feats = "X", {"Foreign": "Yes"}
                    counts["foreign_words"] += 1
        if w.deprel == "fixed" and w.head not in typed:
            typed.add(w.head)
            head = words[w.head]
            if "ExtPos" in head.feats:
                continue
            ext = EXT_POS.get(head.deprel.split(":")[0])
            if ext:
                head.feats["ExtPos"] = ext
                counts["ext_pos_added"] += 1
            else:
                counts["ext_pos_unknown"] += 1
