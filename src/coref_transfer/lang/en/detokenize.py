"""English text for the MT model, from Penn Treebank tokens.

`detokenize(tokens, pos)` writes the tokens of one utterance with a space
between two tokens unless one of them joins the other; `pos`, the tokens' PTB
tags, is optional. What a token joins (the first matching row decides):

| token                                            | joins      | tokens → text                                  |
|--------------------------------------------------|------------|------------------------------------------------|
| ( [ { -LRB- -LSB- -LCB-                          | right      | `( quietly )` → `(quietly)`                    |
| ) ] } -RRB- -RSB- -RCB-                          | left       | inside a token too: `-LRB-a-RRB-` → `(a)`      |
| . after an abbreviation                          | (dropped)  | `Jr. .` → `Jr.`: PTB repeats that period       |
| only , . ? ! ; : % …                             | left       | `Wait ... what ?` → `Wait... what?`            |
| n't 's 're 'm 've 'll 'd, any case, ' or ’       | left       | `has n’t` → `hasn’t`, `I 'M` → `I'M`           |
| two tokens NLTK lists as one split word          | each other | `gon na` → `gonna`, `can not` → `cannot`       |
| - or – tagged HYPH                               | both       | `air - quality` → `air-quality`                |
| -- — –, and - not tagged HYPH: a dash            | neither    | `that -- no`, `it — really` stay as they are   |
| $ € £ ¢ (US$ too), #, a non-word tagged $        | right      | `$ 5.50` → `$5.50`; `450 DKK` stays            |
| opening quote                                    | right      | `" Yes` → `"Yes`                               |
| ' or ’ tagged POS (a possessive)                 | left       | `workers ’ union` → `workers’ union`           |
| " or ' tagged NN/NNS after a number (a unit)     | left       | `12 " long` → `12" long`                       |
| closing quote                                    | left       | `" Yes , "` → `"Yes,"`                         |
| anything else                                    | neither    | `x / y` → `x / y`                              |

Whether a quote opens or closes (the first matching row decides; "straight" is
" and ' as tokens, the others are “ ” ‘ ’ and PTB's `` '' `):

| case                                                     | quotes     | decision    | tokens → text                          |
|----------------------------------------------------------|------------|-------------|----------------------------------------|
| first token, or after an opening bracket or quote        | straight   | opens       | `" ' Hi` → `"'Hi`                      |
| last token, or before , . ? ! ; : ) ] }                  | straight   | closes      | `' no ' .` → `'no'.`                   |
| the utterance has an even number of this one             | straight   | in turn     | `called " bolting "` → `called "bolting"` |
| tagged ``                                                | all        | opens       | `" And now` → `"And now`               |
| tagged ''                                                | all        | closes      | `rust belt “ ,` → `rust belt“,`        |
| “ ‘ `` `                                                 | the others | opens       | `“ Hello` → `“Hello`                   |
| ” ’ ''  (’ is also the apostrophe)                       | the others | closes      | `Hello , ”` → `Hello,”`                |
| after , . ? ! … before a lowercase word, none later      | straight   | closes      | `home , " he said` → `home," he said`  |
| one of its kind (double, single) is open                 | straight   | closes      |                                        |
| ' after a word ending in s, no ' or ’ later              | straight   | possessive  | `the workers ' union` → `the workers' union` |
| otherwise                                                | straight   | opens       | `He said ' no` → `He said 'no`         |

The first three rows come before the tags because they are certain or nearly so
and the gold OntoGUM tags are not: on its train split, trusting the tags first
misplaces the quotes of 12 sentences that these rows get right (`called " bolting "`
tagged as two closing quotes), while pairing in turn is wrong only where a quote
nests in one of the same kind (one sentence: `"If we knew ... called "research",
would it?"`). An odd number of a
kind means one of them belongs to a quote another utterance opens or closes:
`" And now you 're different .` → `"And now you're different.`,
`Yes , I did . "` → `Yes, I did."`. Without `pos` a hyphen stays spaced
(`air - quality`: a dash is written so too) and a possessive ' is told from a
quote only by the second-to-last row.

Characters: `` and '' come out as ", ` as '; every other character is kept as
the author wrote it (’ is not made ASCII, “ and ” are not made straight).

Libraries: NLTK's TreebankWordDetokenizer (used here before) and sacremoses'
MosesDetokenizer decide spacing with regular expressions over the joined string,
which cannot see tags or which way a quote faces; see `_join` for what each gets
wrong. So the joiner is written here, one decision per token boundary, and
NLTK supplies only its list of split words (`MacIntyreContractions`).
`detokenization_defects` names what is left wrong in a text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

PTB_SYMBOLS = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}

_PTB_SYMBOL = re.compile("|".join(map(re.escape, PTB_SYMBOLS)))
_PTB_QUOTES = {"``": '"', "''": '"', "`": "'"}
_OPENING_BRACKETS = frozenset("([{")
_CLOSING_BRACKETS = frozenset(")]}")
_ATTACH_LEFT = re.compile(r"[.,;:?!…%]+")
_CLITIC = re.compile(r"n[’']t|[’'](?:s|re|m|ve|ll|d)", re.IGNORECASE)
_CURRENCY = re.compile(r"[A-Z]{0,3}[$€£¢]|#")
_HYPHENS = frozenset("-–")

_QUOTE_KIND = {'"': "double", "``": "double", "''": "double", "“": "double", "”": "double"}
_QUOTE_KIND |= {"'": "single", "`": "single", "‘": "single", "’": "single"}
_OPENS_BY_TAG = {"``": True, "''": False}
_OPENS_BY_FORM = {"“": True, "‘": True, "``": True, "`": True, "”": False, "’": False, "''": False}
_APOSTROPHES = frozenset("'’")
_STRAIGHT_QUOTES = ('"', "'")
_UNIT_TAGS = frozenset({"NN", "NNS"})
_BEFORE_CLOSING = frozenset(",.?!;:)]}")
_ABBREVIATION = re.compile(r"\w\.$")
_SENTENCE_END = re.compile(r"[.?!,…]+")
_QUOTE_OPENS_AFTER = frozenset('([{"“‘-–—/')
_APOSTROPHE_WORD = re.compile(r"(?:\b\w|[sSzZxX]|in)$")
"""How a word ends when an apostrophe after it is no quote: `l'`, `workers'`, `goin'`."""


@dataclass(frozen=True)
class _Piece:
    """A token as written in the text, and whether it joins its neighbours."""

    text: str
    join_left: bool = False
    join_right: bool = False
    opener: bool = False
    """An opening bracket or quote: a straight quote after it opens too."""


def detokenize(tokens: Sequence[str], pos: Sequence[str] | None = None) -> str:
    """Plain English text from the PTB tokens of one utterance.

    Args:
        tokens: PTB tokens (`do n't`, `-LRB-`, `` ... '').
        pos: their PTB tags, if known: they say which way a straight quote
            faces, which ' is a possessive and which - a hyphen.

    Returns:
        The text, following the rules in the module docstring.

    Raises:
        ValueError: if `pos` is not as long as `tokens`.
    """
    return detokenize_with_offsets(tokens, pos)[0]


def detokenize_with_offsets(
    tokens: Sequence[str], pos: Sequence[str] | None = None
) -> tuple[str, list[tuple[int, int] | None]]:
    """`detokenize`, with the characters each token became: (start, end) in the text, end exclusive;
    None for a token that is dropped (PTB's period repeated after an abbreviation).

    Raises:
        ValueError: if `pos` is not as long as `tokens`.
    """
    if pos is not None and len(pos) != len(tokens):
        raise ValueError(f"{len(tokens)} tokens but {len(pos)} tags")
    tags: Sequence[str | None] = pos if pos is not None else [None] * len(tokens)
    pieces, owners = _pieces(list(tokens), list(tags))
    text, ranges = _join(pieces)
    offsets: list[tuple[int, int] | None] = [None] * len(tokens)
    for piece, token in enumerate(owners):
        offsets[token] = ranges[piece]
    return text, offsets


def _surface(token: str) -> str:
    """The token as written: PTB bracket symbols and quotes mapped back."""
    return _PTB_QUOTES.get(token) or _PTB_SYMBOL.sub(lambda m: PTB_SYMBOLS[m.group()], token)


def _pieces(tokens: list[str], tags: list[str | None]) -> tuple[list[_Piece], list[int]]:
    """One piece per token (minus PTB's repeated final period), left to right, and each piece's token."""
    pieces: list[_Piece] = []
    owners: list[int] = []
    open_quotes = {"double": 0, "single": 0}
    paired = _paired_quotes(tokens, tags)
    for i, (token, tag) in enumerate(zip(tokens, tags, strict=True)):
        kind = _QUOTE_KIND.get(token)
        prev = pieces[-1] if pieces else None
        if kind is None:
            if token != "." or prev is None or not _ABBREVIATION.search(prev.text):
                pieces.append(_word_piece(token, tag))
                owners.append(i)
        elif _is_mark(tokens, tags, i):
            pieces.append(_Piece(_surface(token), join_left=True))
            owners.append(i)
        else:
            opens = _quote_opens(tokens, tags, i, prev, open_quotes[kind] > 0, paired.get(i))
            open_quotes[kind] = open_quotes[kind] + 1 if opens else max(open_quotes[kind] - 1, 0)
            pieces.append(_Piece(_surface(token), join_left=not opens, join_right=opens, opener=opens))
            owners.append(i)
    return pieces, owners


def _word_piece(token: str, tag: str | None) -> _Piece:
    """A piece for a token that is not a quote (the first table)."""
    text = _surface(token)
    if text in _OPENING_BRACKETS:
        return _Piece(text, join_right=True, opener=True)
    if text in _CLOSING_BRACKETS or _ATTACH_LEFT.fullmatch(text) or _CLITIC.fullmatch(text):
        return _Piece(text, join_left=True)
    if tag == "HYPH" and text in _HYPHENS:
        return _Piece(text, join_left=True, join_right=True)
    if _CURRENCY.fullmatch(text) or (tag == "$" and not text.isalpha()):
        return _Piece(text, join_right=True)
    return _Piece(text)


def _is_mark(tokens: list[str], tags: list[str | None], i: int) -> bool:
    """Whether quote character `tokens[i]` is a possessive (POS) or a unit mark after a number (NN/NNS)."""
    if tags[i] == "POS":
        return tokens[i] in _APOSTROPHES
    return tags[i] in _UNIT_TAGS and i > 0 and tokens[i - 1][-1:].isdigit()


def _paired_quotes(tokens: list[str], tags: list[str | None]) -> dict[int, bool]:
    """Whether each straight quote opens, for a kind (" or ') the utterance has an even number of.

    An even number pair up in order, first opens; an odd number are left to the
    tags and to context, since one of them belongs to a neighbouring utterance.
    """
    paired: dict[int, bool] = {}
    for quote in _STRAIGHT_QUOTES:
        where = [i for i, token in enumerate(tokens) if token == quote and not _is_mark(tokens, tags, i)]
        if len(where) % 2 == 0:
            paired |= {i: k % 2 == 0 for k, i in enumerate(where)}
    return paired


def _quote_opens(
    tokens: list[str], tags: list[str | None], i: int, prev: _Piece | None, left_open: bool, paired: bool | None
) -> bool:
    """Whether quote `tokens[i]` opens: the second table, row by row."""
    token = tokens[i]
    by_tag = _OPENS_BY_TAG.get(tags[i] or "")
    if token not in _STRAIGHT_QUOTES:
        return by_tag if by_tag is not None else _OPENS_BY_FORM[token]
    after = _surface(tokens[i + 1]) if i + 1 < len(tokens) else None
    if prev is None or prev.opener:
        return True
    if after is None or after in _BEFORE_CLOSING:
        return False
    if paired is not None:
        return paired
    if by_tag is not None:
        return by_tag
    return _opens_in_context(token, prev.text, after, tokens[i + 1 :], left_open)


def _opens_in_context(token: str, before: str, after: str, later: list[str], left_open: bool) -> bool:
    """Whether a straight quote opens, by the last four rows of the second table.

    Args:
        token: the quote, " or '.
        before: the text of the piece before it.
        after: the text of the token after it.
        later: the tokens after it.
        left_open: whether a quote of its kind is open.

    Returns:
        False for a closing quote or a possessive.
    """
    if _SENTENCE_END.fullmatch(before) and after[:1].islower() and token not in later:
        return False
    if left_open:
        return False
    return not (token == "'" and before[-1:] in "sS" and not _APOSTROPHES.intersection(later))


def _join(pieces: Sequence[_Piece]) -> tuple[str, list[tuple[int, int]]]:
    """The pieces with a space between two of them unless either joins the other.

    Written by hand although NLTK's TreebankWordDetokenizer (what this module
    used) and sacremoses' MosesDetokenizer offer the same: both rewrite the joined
    string with regular expressions and cannot be told the tags or which way a
    quote faces, and they get rows of the module's tables wrong. NLTK joins `--`
    and `...` to both neighbours (`that--no`), leaves “ ” ‘ ’ and the ’ clitics
    spaced (`Dante ’s`) and glues a straight opening ' to the word before
    (`He said' no'.`); Moses leaves `do n't` and `gon na` split and faces " by
    parity alone (`Go home, "he said`). Patching their output would mean finding
    the token boundaries again in a string.
    """
    out: list[str] = []
    ranges: list[tuple[int, int]] = []
    length = 0
    for i, piece in enumerate(pieces):
        if i and not (pieces[i - 1].join_right or piece.join_left or _one_word(pieces[i - 1].text, piece.text)):
            out.append(" ")
            length += 1
        out.append(piece.text)
        ranges.append((length, length + len(piece.text)))
        length += len(piece.text)
    return "".join(out), ranges


def _one_word(left: str, right: str) -> bool:
    """Whether PTB split one word into these two (`gon na`, `can not`), per NLTK's list."""
    return (left.lower(), right.lower()) in _split_words()


@lru_cache(maxsize=1)
def _split_words() -> frozenset[tuple[str, str]]:
    """The word pairs of NLTK's MacIntyreContractions (`(?i)\\b(gon)(?#X)(na)\\b` → gon, na)."""
    from nltk.tokenize.destructive import MacIntyreContractions

    contractions = MacIntyreContractions()
    pairs = set()
    for pattern in (*contractions.CONTRACTIONS2, *contractions.CONTRACTIONS3):
        left, right = re.findall(r"\((?!\?)([^)]*)\)", pattern)
        pairs.add((left.lower(), right.lower()))
    return frozenset(pairs)


def detokenization_defects(text: str) -> list[str]:
    """Names of the detokenization defects found in an English text.

    - `split_contraction`: a clitic written as a word of its own, i.e. a space
      before n't 's 're 'm 've 'll 'd (or n’t ’s ..., any case) unless a quote
      follows (`the 's' key` is a quoted letter): `has n’t`, `Dante 's`, `I 'M`.
    - `spaced_quote`: a straight `"` or `'` with a space (or the edge of the text)
      on both sides, an opening “ or ‘ followed by a space, or a closing ” or ’
      after a space (not `’70s`): `" Can I help you?" he said.`,
      `“ Hello, ” she said.`, `the workers ’ union`.
    - `misattached_quote`: a straight `'` glued to the end of a word and followed
      by a space where only an opening quote fits: no single quote is open and
      the word is not a possessive in s, z or x, a dropped g (`goin'`) or a
      one-letter elision (`l' Opera`): `He said' no'.`
    - `spaced_punctuation`: a word, a space, then , . ? ! ; or : not followed by a
      word character (`.5` is a number): `Hello , world .`
    - `spaced_bracket`: a space inside a bracket: `( quietly )`.
    - `ptb_symbol`: PTB notation left in the text: `-LRB-` and friends, two
      backquotes or two single quotes.

    A hyphen split from its words (`air - quality`) is not looked for: in text it
    cannot be told from a spaced dash (`that - no`).

    Args:
        text: detokenized English.

    Returns:
        The names of the defects found, in the order above, each once.
    """
    return [name for name, found in _DEFECTS.items() if found(text)]


def _has_misattached_quote(text: str) -> bool:
    """Whether a straight `'` ends a word and is followed by a space where only an opening quote fits."""
    open_quotes = 0
    for match in re.finditer("'", text):
        before, after = text[: match.start()], text[match.end() :]
        if before[-1:].isalnum() and after[:1].isalnum():
            continue  # inside a word: don't, o'clock
        if not before or before[-1] in _QUOTE_OPENS_AFTER or before[-1].isspace():
            open_quotes += bool(after) and not after[0].isspace()
        elif open_quotes:
            open_quotes -= 1
        elif after[:1].isspace() and before[-1].isalnum() and not _APOSTROPHE_WORD.search(before):
            return True
    return False


_DEFECTS = {  # name → check, in the order of detokenization_defects' docstring
    "split_contraction": re.compile(r"\s(?:n[’']t|[’'](?:s|re|m|ve|ll|d))\b(?![’'])", re.IGNORECASE).search,
    "spaced_quote": re.compile(r"(?:^|\s)[\"'](?:\s|$)|[“‘]\s|\s”|\s’(?!\w)").search,
    "misattached_quote": _has_misattached_quote,
    "spaced_punctuation": re.compile(r"(?<=\w)\s+[,.?!;:]+(?!\w)").search,
    "spaced_bracket": re.compile(r"[(\[{]\s|\s[)\]}]").search,
    "ptb_symbol": re.compile(r"-[LR][RSC]B-|``|''").search,
}

DEFECT_NAMES = tuple(_DEFECTS)
"""The names `detokenization_defects` may return, in its order."""
