"""Italian tokenisation, one tokenizer for the whole project: spaCy's rule-based Italian tokenizer.

It decides where Italian words start and end wherever the project asks:
whether a placeholder came back on token boundaries, both in the translate
stage and in `coref-transfer placeholders check` (so a placeholder that
passes the check survives the stage the same way), and the tokens of each
translated utterance. Elided forms stay on the left word (l', d', dell'),
with the typographic apostrophe (’, U+2019) exactly like the ASCII one
("Sant’Elena" splits as "Sant'Elena" does: `Sant’` + `Elena`); an English
clitic 's is a token of its own, punctuation stands alone.

One change to spaCy's rules: a hyphen between two letters does not split
its word ("part-time", "ex-sindaco", "nord-est" are one token each), since
Italian writes such compounds as one word and the detokeniser could not tell
them from a spaced hyphen afterwards. Dashes (–, —, --) and a hyphen between
digits ("2010-2012") still split. spaCy's tokenizer rules ship with the
library; no model is loaded.
"""

from __future__ import annotations

from functools import lru_cache

#: spaCy's alternatives for a dash between two letters, as its infix pattern writes them.
_LETTER_DASHES = "(?:-|–|—|--|---|——|~)"
_LETTER_DASHES_WITHOUT_HYPHEN = "(?:–|—|--|---|——|~)"


@lru_cache(maxsize=1)
def _tokenizer():
    import spacy
    from spacy.util import compile_infix_regex

    nlp = spacy.blank("it")
    infixes = [p.replace(_LETTER_DASHES, _LETTER_DASHES_WITHOUT_HYPHEN) for p in nlp.Defaults.infixes]
    if infixes == list(nlp.Defaults.infixes):
        raise RuntimeError("spaCy's Italian infix rules changed: the hyphen rule was not found")
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    return nlp.tokenizer


def tokens_with_offsets(text: str) -> list[tuple[str, int]]:
    """(token, character offset) pairs of an Italian text."""
    return [(t.text, t.idx) for t in _tokenizer()(text)]


def tokenize(text: str) -> list[str]:
    """The tokens of an Italian text."""
    return [t.text for t in _tokenizer()(text)]
