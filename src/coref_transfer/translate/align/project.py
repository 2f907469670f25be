"""A mention's span in the translation from word alignment, accepted only when it is sound.

The English mention's words lead, through the links, to Italian words; the
span is the first to the last of them, less and plus what `projection.
finish_span` takes off and puts on (punctuation, a preposition inside, the
article before). A word the aligner left unlinked that is written the same
on both sides, once each (a name, a number: "Cleveland", "1754"), counts as
linked: a small run's aligner has seen a rare name too seldom to link it. A
name or a number written alike (a word with a capital or a digit: "DAB",
"Hong Kong", "Ho") replaces the aligner's links of both its words, which
link it to any word nearby. A word linked from the mention's English articles,
prepositions and conjunctions alone stays only next to the words its other
words are linked to ("the visa" is not "la [richiesta] del visto").

A pronoun (an English mention of one word without a noun) takes one Italian
word: the pronoun form it was linked to ("Our" → "nostra", not "La nostra";
"its" → "suo", not "suo fascino"), else the first word linked (the verb that
carries a dropped subject: "I" → "Ho"; a pronoun form next to the word linked,
"La [nostra]", when none is linked, or up to three words away when no other
English pronoun claims it and the verb linked carries no clitic: "you" → "ti
hanno addestrato"); a verb of one word takes the Italian
verb it was linked to, never a clitic next to it ("sold" → "vendette", not
"mi"). A span never ends with an article, a
preposition, a conjunction or an auxiliary ("del lago Erie, …, nella", "il
professor Chomsky è").

Of the words linked, those that stand together are kept: where more than one
word stands between two linked ones, the group holding the English head's
words (then the largest) is the mention's, the others the aligner's noise.

With the Italian parsed, the span of a mention without an English verb or
adverb neither begins nor ends with a finite, infinitive or gerund verb, an
auxiliary, an adverb or a subordinating conjunction ("gli esperti sono
riusciti", "mettere insieme un censimento", "solo la decima"), begins with
no relative pronoun ("tra cui le insegne"), ends with no participle after an
auxiliary, and no pronoun after the noun that ends the English mention ("la
legge è essa", "Il mio viso si"); a word linked from the mention's own nouns
and adjectives alone stays, but for an auxiliary and that last pronoun: the
parser misread it ("il Consolato cubano", "più bambini"). A span of a noun
phrase that ends with a determiner or a preposition before a noun, or with a
name before another, takes that next word in unless the English around the
mention claims it ("dello [Stato]", "le sue [truppe]", "Babbo [Natale]"):
the aligner missed it; words the aligner left unlinked after the span that
go on the noun phrase join it while the span holds fewer nouns and adjectives
than the English mention ("la squadra siriana [di rifugiati]"), and so does an
unlinked demonstrative or quantifier before it when the English opens with one
("[Quei] 40 minuti"). A verb, an adverb or punctuation at the edge linked from
the English around the mention too is left out ("Innanzitutto, gli
scienziati", "degli Stati Uniti )"). With the Italian parsed too, a pronoun of one word
linked to no pronoun form and no verb, or a verb of one word linked to no
verb, is refused (`align_word_class`).

A span read to stand in another sentence (the placeholder method reads each
mention's Italian from it) must hold only the mention's words: a word at its
edges linked from the English around it is left out, and a word inside
linked only from outside refuses it (`align_gap`): that word would be
written twice ("mentre mentre la classe", "è è stata buona").

A projected span is accepted only when it is sound (Akbik & Vollgraf 2018,
EasyProject and TransMuCoRes accept or drop spans likewise; the reasons are
counted in stats.json):

| reason | what |
|---|---|
| `align_none` | no word of the mention is linked |
| `align_head` | the English head is linked to nothing, or only outside the span (only modifiers were found) |
| `align_gap` | more than a quarter of the span's words (at least two) are linked only to English words outside the mention; read to stand elsewhere, any one |
| `align_too_long` | more than 3 Italian words per English word, plus 3 |
| `align_crossing` | the span relates to another mention's otherwise than in the English (overlapping, holding, inside, the same words) |
| `align_word_class` | with the Italian parsed, a one-word pronoun linked to no pronoun form and no verb (which carries a dropped subject), or a one-word verb linked to no verb |
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from coref_transfer.lang.en.pronouns import FIRST_SECOND_WORDS, PRONOUN_CLASSES, SELF_WORDS
from coref_transfer.lang.it.articles import article_kind, plain_form, split_articulated
from coref_transfer.lang.it.clitics import CLITIC_FORMS, FOCUS_WORDS
from coref_transfer.lang.it.morphology import demonstrative_features, possessor
from coref_transfer.lang.it.pronouns import SUBJECT_PRONOUNS, TONIC_PRONOUNS
from coref_transfer.lang.it.word_classes import AUXILIARY_FORMS
from coref_transfer.model import Span
from coref_transfer.parsing.backends import ParserBackend
from coref_transfer.stats import ALIGN_REASONS  # noqa: F401 (the reasons of the table above, defined there)
from coref_transfer.translate.align.base import Links
from coref_transfer.translate.marked import MAX_EXTRA_WORDS, MAX_WORDS_PER_WORD
from coref_transfer.translate.projection import PREPOSITIONS, TaggedMention, finish_span


def same_words(source: Sequence[str], target: Sequence[str]) -> set[tuple[int, int]]:
    """Links between words written the same on both sides, as often on each, the k-th occurrence with the
    k-th ("Hong Kong … Hong Kong"): words of 3 characters or more with a letter or a digit (a case-blind
    match) and capitalised words of two letters written alike ("Junius Ho", "Regina Ip"); "il"/"Il" and
    other short words are left to the aligner."""

    def places(words: Sequence[str]) -> dict[str, list[int]]:
        seen: dict[str, list[int]] = {}
        for i, w in enumerate(words):
            if len(w) >= 3 and any(c.isalnum() for c in w):
                seen.setdefault(w.lower(), []).append(i)
            elif len(w) == 2 and w[0].isupper() and w[1].isalpha():  # "Ho", "Ip", "UN": names, cased alike
                seen.setdefault(w, []).append(i)
        return seen

    src, tgt = places(source), places(target)
    return {pair for w, at in src.items() if len(tgt.get(w, ())) == len(at) for pair in zip(at, tgt[w])}


def project_span(
    source: Sequence[str],
    target: Sequence[str],
    links: Links,
    english: tuple[int, int],
    root: int | None,
    mention: TaggedMention,
    placed: Mapping[tuple[int, int], Span],
    upos: Sequence[tuple[str, str]] | None = None,
    exclusive: bool = False,
) -> tuple[Span | None, str | None]:
    """The Italian span of the English tokens `english` (start, end inclusive), or why none.

    Args:
        source, target: the English and Italian tokens the links index.
        links: the aligner's links, with `same_words` added by the caller or not.
        root: the English head of the mention (None: unknown, not checked).
        mention: what `projection.finish_span` needs of the English mention.
        placed: the spans already placed in this utterance, by their English span (tags, earlier alignments).
        upos: the Italian words' parts of speech and verb forms (the parser's UPOS and VerbForm), or None:
            a mention without an English verb then never begins or ends with a verb ("gli esperti sono
            riusciti") but one linked from its English nouns and adjectives alone, which the parser took
            for a verb ("il Consolato cubano", "ingegnere militare").
        exclusive: the span's words are read to stand in another sentence (the placeholder method), where a
            word of the English around the mention is written again ("mentre mentre la classe", "è stata
            buona è stata buona"): no word at its edges may be linked from outside the mention, and no word
            inside only from outside (`align_gap`).
    """
    start, end = english
    inside = sorted({j for i, j in links if start <= i <= end})
    if not inside:
        return None, "align_none"
    if root is not None and start <= root <= end and end > start:
        heads = {j for i, j in links if i == root}
        if not heads or not any(inside[0] <= j <= inside[-1] for j in heads):
            return None, "align_head"
    if mention.verb:  # one verb ("sold"): an Italian verb, never the clitic next to it
        verbs = [j for j in inside if upos is None or upos[j][0] in ("VERB", "AUX")]
        if not verbs:
            return None, "align_word_class"
        inside = verbs[:1]
    elif not mention.nominal and start == end:  # a pronoun: one word, its Italian pronoun if it was linked to one
        near = [k for j in inside for k in (j, j + 1, j - 1) if 0 <= k < len(target)]
        fits = (lambda w: possessor(plain_form(w)) is not None) if mention.possessive else is_pronoun_form
        pronouns = [j for j in inside if fits(target[j])] or [k for k in near if fits(target[k])]
        if not pronouns and not any(_enclitic(target[j]) for j in inside):
            # "you" → "ti hanno [addestrato]": the clitic a word or more away, linked from no other pronoun; not
            # one the verb linked carries ("[parlarvi]"), not an article ("la casa") or a demonstrative
            taken = {j for i, j in links if not start <= i <= end and source[i].lower() in ENGLISH_PRONOUNS}
            wider = sorted((abs(k - j), k) for j in inside for k in range(j - 3, j + 4) if 0 <= k < len(target))
            pronouns = [k for _, k in wider if k not in taken and _object_pronoun(target, k, upos, mention.possessive)]
        if not pronouns and upos is not None and upos[inside[0]][0] not in ("VERB", "AUX"):
            return None, "align_word_class"  # "him" → "Language": neither its pronoun nor the verb carrying it
        inside = pronouns[:1] or inside[:1]
    elif mention.function:
        inside = _lexical_core(inside, links, english, mention.function, target)
    heads = {j for i, j in links if i == root} if root is not None else set()
    inside = _main_block(inside, heads)
    first, last = inside[0], inside[-1]
    while last > first and _function_word(target[last]):
        last -= 1  # a span never ends with an article, a preposition or a conjunction linked from inside
    if upos is not None and not mention.verbal:
        sources: dict[int, set[int]] = {}
        for i, j in links:
            sources.setdefault(j, set()).add(i)
        english_words = set(range(start, end + 1))
        own = {  # an auxiliary is never a noun's or an adjective's word, whatever it is linked from
            j
            for j, words in sources.items()
            if words & mention.content and words <= english_words and upos[j][0] != "AUX"
        }
        noun_last = end in mention.content
        moved = True
        while moved:
            moved = False
            while first < last and _not_a_noun_phrase_edge(upos, target, first, first in own, False, False):
                first += 1  # "mettere insieme un censimento", "solo la decima", "cui le insegne"
                moved = True
            while last > first and (
                _not_a_noun_phrase_edge(upos, target, last, last in own, True, noun_last)
                or _function_word(target[last])
            ):
                last -= 1  # "gli esperti sono riusciti", "i vasai lasciano", "la legge è essa", "Il mio viso si"
                moved = True
    outside = {j for i, j in links if not start <= i <= end}
    if upos is not None and mention.nominal and not mention.verbal:
        while last + 1 < len(target) and last + 1 not in outside and _unfinished(upos, last):
            last += 1  # "dello [Stato]", "le sue [truppe]", "Babbo [Natale]": the word the aligner missed
        last = _missed_words(upos, links, first, last, len(mention.content))
        if (
            source[start].lower() in ENGLISH_DETERMINERS
            and first > 0
            and _missed_determiner(upos, target, links, first)
        ):
            first -= 1  # "[quest'] anno", "[Quei] 40 minuti": the English determiner left unlinked
        while first < last and first in outside and upos[first][0] in STRAY_CLASSES:
            first += 1  # "Innanzitutto , gli scienziati": linked from the mention and from the English around it
        while last > first and last in outside and upos[last][0] in STRAY_CLASSES:
            last -= 1  # "degli Stati Uniti )"
    if exclusive:
        while first < last and first in outside:
            first += 1
        while last > first and last in outside:
            last -= 1
        if all(j in outside for j in range(first, last + 1)):
            return None, "align_gap"  # "354" for "US": every word also the English around the mention's
    inside = [j for j in inside if first <= j <= last]
    foreign = [j for j in range(first, last + 1) if j in outside and j not in inside]
    if foreign and (exclusive or len(foreign) > 1 and len(foreign) * 4 > last - first + 1):
        return None, "align_gap"
    span = finish_span(target, first, last, mention, [range(s.start, s.end + 1) for s in placed.values()])
    if len(span) > MAX_WORDS_PER_WORD * max(end - start + 1, 1) + MAX_EXTRA_WORDS:
        return None, "align_too_long"
    for (other_start, other_end), other in placed.items():
        if not nests_alike((start, end), (other_start, other_end), span, other):
            return None, "align_crossing"
    return span, None


def parts_of_speech(
    parser: ParserBackend | None, sentences: Sequence[Sequence[str]]
) -> list[list[tuple[str, str]]] | None:
    """Each sentence's words' parts of speech and verb forms, for `project_span`'s edges (None: no parser)."""
    if parser is None:
        return None
    return [
        [(t.upos, t.feat("VerbForm") or "") for t in s.tokens]
        for s in parser.parse([list(x) for x in sentences], 64, False)
    ]


def _not_a_noun_phrase_edge(
    upos: Sequence[tuple[str, str]], target: Sequence[str], j: int, own: bool, at_end: bool, noun_last: bool
) -> bool:
    """A word no Italian noun phrase of a mention without an English verb or adverb begins or ends with:
    an auxiliary, a finite, infinitive or gerund verb (a participle may be an adjective), an adverb, a
    subordinating conjunction, a relative pronoun first; last, a participle after an auxiliary, and a
    pronoun after the noun that ends the English mention ("la legge è essa", "Il mio viso si"). A word
    linked from the mention's nouns and adjectives alone (`own`) is the mention's, whatever the parser made
    of it ("il Consolato cubano", "più bambini"), unless it is that last pronoun (auxiliaries are never
    `own`)."""
    part, form = upos[j]
    word = plain_form(target[j])
    if at_end and noun_last and part == "PRON" and word in PERSONAL_PRONOUNS:
        return True
    if own:
        return False
    if part == "AUX" or part == "VERB" and form in ("Fin", "Inf", "Ger"):
        return True
    if part == "ADV" and (word in EDGE_ADVERBS or word.endswith("mente")) or part == "SCONJ" and word in CONJUNCTIONS:
        return True
    if at_end:
        return _after_auxiliary(upos, j)
    return part == "PRON" and plain_form(target[j]) in RELATIVE_PRONOUNS


# The parser's word classes alone are not evidence enough at a span's edge (it reads "vodka" and "finestre"
# as pronouns): a pronoun, an adverb or a conjunction is left out only when the word is one too.
ENGLISH_PRONOUNS = frozenset(PRONOUN_CLASSES) | SELF_WORDS | FIRST_SECOND_WORDS
"""The English personal pronouns, whose Italian words are taken."""
NOUN_PHRASE_CLASSES = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "ADP", "DET", "X"})
"""The parts of speech of words that go on a noun phrase (`_missed_words`)."""
STRAY_CLASSES = frozenset({"VERB", "AUX", "ADV", "SCONJ", "PUNCT"})
"""Words a noun phrase's span does not begin or end with when the English around it is linked to them too."""
ENGLISH_DETERMINERS = frozenset(
    {"this", "that", "these", "those", "another", "other", "such", "each", "every", "some", "any", "both", "no",
     "several", "many", "few"}
)  # fmt: skip
ITALIAN_DETERMINERS = frozenset(
    {"altro", "altra", "altri", "altre", "un'altra", "tale", "tali", "ogni", "ciascun", "ciascuna", "alcuni",
     "alcune", "alcun", "alcuna", "qualche", "nessun", "nessuna", "entrambi", "entrambe", "diversi", "diverse",
     "molti", "molte", "pochi", "poche", "vari", "varie"}
)  # fmt: skip
RELATIVE_PRONOUNS = frozenset({"cui", "che", "quale", "quali"})
"""Relative pronouns: a noun phrase never begins with one ("tra [cui le insegne]")."""
PERSONAL_PRONOUNS = CLITIC_FORMS | frozenset(SUBJECT_PRONOUNS) | TONIC_PRONOUNS
"""Personal pronouns, which never follow the noun that ends a mention ("la legge è essa", "il mio viso si")."""
EDGE_ADVERBS = (FOCUS_WORDS - {"più", "meno", "proprio"}) | frozenset(
    {"affatto", "insieme", "mai", "non", "circa", "quasi", "forse", "davvero", "inoltre", "poi", "ora", "adesso",
     "oggi", "ieri", "domani", "qui", "qua", "lì", "là", "laggiù", "così", "tardi", "presto", "troppo", "tanto",
     "attorno", "intorno", "fuori"}
)  # fmt: skip
"""Adverbs a noun phrase neither begins nor ends with ("solo la decima", "la sua cintura attorno"), with the
words in -mente."""
CONJUNCTIONS = frozenset(
    {"che", "se", "come", "quando", "perché", "mentre", "poiché", "sebbene", "benché", "finché", "dove"}
)
"""Subordinating conjunctions ("così spesso [che tutti]")."""


def _unfinished(upos: Sequence[tuple[str, str]], j: int) -> bool:
    """A noun phrase does not end at word j: a determiner or a preposition before a noun, an adjective or a
    number, or a proper noun before another."""
    here, after = upos[j][0], upos[j + 1][0]
    return here in ("DET", "ADP") and after in ("NOUN", "PROPN", "ADJ", "NUM") or here == after == "PROPN"


def _missed_words(upos: Sequence[tuple[str, str]], links: Links, first: int, last: int, content: int) -> int:
    """The span's last word once the words after it the aligner left unlinked are taken in, when they go on
    the noun phrase (nouns, adjectives, numbers, with prepositions and determiners between) and the span
    holds fewer nouns and adjectives than the English mention, not more after ("la squadra siriana [di
    rifugiati]", "la Nuova Zelanda [continentale]"); a small run's aligner leaves rare words unlinked."""
    linked = {j for _, j in links}
    k = last
    while k + 1 < len(upos) and k + 1 not in linked and upos[k + 1][0] in NOUN_PHRASE_CLASSES:
        k += 1
    while k > last and upos[k][0] in ("ADP", "DET"):
        k -= 1

    def words(a: int, b: int) -> int:
        return sum(upos[j][0] in ("NOUN", "PROPN", "ADJ") for j in range(a, b + 1))

    return k if words(first, last) < content and words(first, k) <= content else last


def _missed_determiner(upos: Sequence[tuple[str, str]], target: Sequence[str], links: Links, first: int) -> bool:
    """The word before the span is a demonstrative or a quantifier the aligner left unlinked."""
    w = plain_form(target[first - 1])
    unlinked = all(j != first - 1 for _, j in links)
    return (
        unlinked and upos[first - 1][0] == "DET" and (demonstrative_features(w) is not None or w in ITALIAN_DETERMINERS)
    )


def _after_auxiliary(upos: Sequence[tuple[str, str]], j: int) -> bool:
    """A verb after an auxiliary: a participle of a compound tense ("sono riusciti")."""
    return upos[j][0] == "VERB" and j > 0 and upos[j - 1][0] == "AUX"


def _lexical_core(
    inside: Sequence[int], links: Links, english: tuple[int, int], function: Collection[int], target: Sequence[str]
) -> list[int]:
    """The linked Italian words less those linked from the mention's English articles, prepositions and
    conjunctions alone that stand apart from the words its other words are linked to: an aligner links
    "the" to any article nearby ("the visa" → "la richiesta del visto", "the truth" → "dire la verità").
    Such a word next to them stays, and so do the words next to it linked alike ("[un nuovo] sistema")."""
    start, end = english
    lexical = sorted({j for i, j in links if start <= i <= end and i not in function})
    if not lexical:
        return list(inside)
    first, last = lexical[0], lexical[-1]
    loose = set(inside) - set(range(first, last + 1))
    while first - 1 in loose:
        first -= 1
    while last + 1 in loose:
        last += 1
    return [j for j in inside if first <= j <= last]


def _main_block(linked: Sequence[int], heads: Collection[int]) -> list[int]:
    """The linked Italian words that belong together: split where more than one word stands between two,
    the block with most of the head's words (then the largest, then the first). A stray link far from the
    rest ("attentamente questa possibilità", "schiavista … degli Stati Uniti") is the aligner's noise."""
    blocks: list[list[int]] = [[linked[0]]]
    for j in linked[1:]:
        if j - blocks[-1][-1] > 2:
            blocks.append([])
        blocks[-1].append(j)
    return max(blocks, key=lambda b: (len(heads & set(b)), len(b), -b[0]))


def disputed(links: Links, english: tuple[int, int], span: Span) -> bool:
    """Whether the alignment disputes a tag pair's span: three or more of its words, and more than a third,
    are linked only to English words outside the mention (a tag the translator moved past other words)."""
    start, end = english
    inside = {j for i, j in links if start <= i <= end}
    outside = {j for i, j in links if not start <= i <= end}
    foreign = [j for j in range(span.start, span.end + 1) if j in outside and j not in inside]
    return len(foreign) >= 3 and 3 * len(foreign) > len(span)


def _enclitic(word: str) -> bool:
    """An infinitive or gerund carrying a clitic ("parlarvi", "aiutarti", "vedendolo")."""
    return (
        len(word) > 5
        and re.search(r"(?:ar|er|ir|or|ando|endo)(?:mi|ti|ci|vi|si|lo|la|li|le|gli|ne)$", word) is not None
    )


def _object_pronoun(target: Sequence[str], k: int, upos: Sequence[tuple[str, str]] | None, possessive: bool) -> bool:
    """Word k is a pronoun a pronoun mention may take though not linked to it: a possessive for a
    possessive, else a personal or clitic form that no noun, adjective or number follows ("la casa": an
    article; with the Italian unparsed, the forms an article shares are not taken)."""
    w = plain_form(target[k])
    if possessive:
        return possessor(w) is not None
    if w not in CLITIC_FORMS and w not in SUBJECT_PRONOUNS and w not in TONIC_PRONOUNS:
        return False
    return not article_kind(w) or upos is not None and not _article(target, k, upos)


def _article(target: Sequence[str], k: int, upos: Sequence[tuple[str, str]] | None) -> bool:
    """Word k is an article a clitic is written like, before a noun, an adjective or a number ("la casa").
    Only where the clitic is sought past the words next to the verb: the parser reads the verb after a
    clitic as a noun too often ("le metto") to tell the two apart next to it."""
    after = upos is not None and k + 1 < len(target) and upos[k + 1][0] in ("NOUN", "PROPN", "ADJ", "NUM")
    return bool(article_kind(plain_form(target[k]))) and after


def is_pronoun_form(word: str) -> bool:
    """An Italian personal, clitic, possessive or demonstrative pronoun form (a pronoun mention's word)."""
    w = plain_form(word)
    return (
        w in SUBJECT_PRONOUNS
        or w in TONIC_PRONOUNS
        or w in CLITIC_FORMS
        or possessor(w) is not None
        or demonstrative_features(w) is not None
        or w in ("ciò", "sé", "ne")
    )


def _function_word(word: str) -> bool:
    """A word no mention ends with: an article, a preposition, a conjunction, an auxiliary ("il professor
    Chomsky è")."""
    w = plain_form(word)
    return bool(
        article_kind(w)
        or split_articulated(w)
        or w in PREPOSITIONS
        or w in AUXILIARY_FORMS
        or w in ("e", "ed", "o", "od", ",", "che")
    )


def nests_alike(a_en: tuple[int, int], b_en: tuple[int, int], a: Span, b: Span) -> bool:
    """Whether two mentions relate in the Italian as in the English: one inside the other, or apart."""

    def relation(x: tuple[int, int], y: tuple[int, int]) -> str:
        if x[1] < y[0] or y[1] < x[0]:
            return "apart"
        if y[0] <= x[0] and x[1] <= y[1]:
            return "inside" if x != y else "same"
        if x[0] <= y[0] and y[1] <= x[1]:
            return "holds"
        return "crossing"

    return relation((a.start, a.end), (b.start, b.end)) == relation(a_en, b_en)


def links_with_names(source: Sequence[str], target: Sequence[str], links: Collection[tuple[int, int]]) -> Links:
    """The aligner's links with `same_words`: a name or a number (a word with a capital or a digit) written
    alike replaces the aligner's links of both its words (a small run's aligner has seen "DAB" or "Hong
    Kong" too seldom and links it to any word nearby); another word written alike is linked where the
    aligner left both unlinked."""
    alike = same_words(source, target)
    names = {(i, j) for i, j in alike if _name_like(source[i])}
    src_named, tgt_named = {i for i, _ in names}, {j for _, j in names}
    kept = {(i, j) for i, j in links if i not in src_named and j not in tgt_named}
    linked_src = {i for i, _ in kept}
    linked_tgt = {j for _, j in kept}
    extra = {(i, j) for i, j in alike - names if i not in linked_src and j not in linked_tgt}
    return frozenset(kept | names | extra)


def _name_like(word: str) -> bool:
    """A word with a capital letter or a digit ("DAB", "Kong", "1754"): a name, an acronym or a number."""
    return any(c.isupper() or c.isdigit() for c in word)
