"""English detokenization: PTB tokens (with or without tags) → text, worked out by hand; the defect audit."""

from __future__ import annotations

import pytest

from coref_transfer.lang.en.detokenize import detokenization_defects, detokenize

# --------------------------------------------------------------------------
# (tokens, tags or None, expected text): tokens and tags split at spaces.
# --------------------------------------------------------------------------

CASES = [
    # straight double quotes
    pytest.param('" Can I help you ? " he said .', None, '"Can I help you?" he said.', id="double-question-said"),
    pytest.param('" Yes , " she said .', None, '"Yes," she said.', id="double-comma-inside"),
    pytest.param('" Yes , " she said .', "`` UH , '' PRP VBD .", '"Yes," she said.', id="double-comma-inside-tagged"),
    pytest.param(
        'He called it " art " and she called it " junk " .',
        None,
        'He called it "art" and she called it "junk".',
        id="two-quoted-stretches",
    ),
    pytest.param("\" And now you 're different .", None, "\"And now you're different.", id="quote-runs-to-the-end"),
    # the tag opens it although a comma and a lowercase word would close it
    pytest.param(
        'She said , " we are late .', "PRP VBD , `` PRP VBP JJ .", 'She said, "we are late.', id="tag-opens-after-comma"
    ),
    # the utterance starts inside a quote: the tag closes it before a capital
    pytest.param(
        'Yes , I did . " He left .',
        "UH , PRP VBD . '' PRP VBD .",
        'Yes, I did." He left.',
        id="starts-mid-quote-tagged",
    ),
    pytest.param('Go home , " he said .', None, 'Go home," he said.', id="starts-mid-quote-lowercase"),
    pytest.param('Yes , I did . "', None, 'Yes, I did."', id="starts-mid-quote-closes-at-end"),
    # two quotes pair up in order whatever the tags say (both tagged closing here)
    pytest.param(
        'The step is called " pruning " here .',
        "DT NN VBZ VBN '' NN '' RB .",
        'The step is called "pruning" here.',
        id="pairing-beats-wrong-tags",
    ),
    pytest.param('He was -LRB- " fine " -RRB- .', None, 'He was ("fine").', id="quote-after-bracket"),
    pytest.param("`` Hi , '' he said .", None, '"Hi," he said.', id="ptb-quotes-become-straight"),
    # single quotes
    pytest.param("He said ' no ' .", None, "He said 'no'.", id="single-straight"),
    pytest.param(
        "\" She said ' no ' to me , \" he said .",
        None,
        "\"She said 'no' to me,\" he said.",
        id="single-nested-in-double",
    ),
    pytest.param("He uses ' quotes ' here", None, "He uses 'quotes' here", id="single-pair-after-s"),
    pytest.param(
        "the term ' tree ' is old", "DT NN : NN : VBZ JJ", "the term 'tree' is old", id="single-tag-says-nothing"
    ),
    # typographic quotes keep their characters
    pytest.param("“ Hello , ” she said .", None, "“Hello,” she said.", id="typographic-double"),
    pytest.param("He said ‘ no ’ .", None, "He said ‘no’.", id="typographic-single"),
    pytest.param(
        "He called it ‘ home ’ .", "PRP VBD PRP `` NN '' .", "He called it ‘home’.", id="closing-single-tagged"
    ),
    # a tag beats a typographic character typed the wrong way round
    pytest.param(
        'the so - called " iron belt “ , Leeds',
        "DT RB HYPH VBN `` NN NN '' , NNP",
        'the so-called "iron belt“, Leeds',
        id="tag-beats-typographic-form",
    ),
    # possessives
    pytest.param("the workers ' union", "DT NNS POS NN", "the workers' union", id="possessive-straight-pos"),
    pytest.param("the workers ’ union", "DT NNS POS NN", "the workers’ union", id="possessive-typographic-pos"),
    pytest.param(
        "the workers ' union and the bosses ' club",
        "DT NNS POS NN CC DT NNS POS NN",
        "the workers' union and the bosses' club",
        id="two-possessives-pos",
    ),
    pytest.param("Marx ' theory", "NNP POS NN", "Marx' theory", id="possessive-after-x-pos"),
    pytest.param("the workers ' union", None, "the workers' union", id="possessive-straight-untagged"),
    pytest.param("the workers ’ union", None, "the workers’ union", id="possessive-typographic-untagged"),
    # contractions
    pytest.param("He has n’t read Dante ’s poem .", None, "He hasn’t read Dante’s poem.", id="typographic-nt-s"),
    pytest.param(
        "we ’re here , he ’ll stay , I ’m sure they ’ve gone and she ’d know .",
        None,
        "we’re here, he’ll stay, I’m sure they’ve gone and she’d know.",
        id="typographic-re-ll-m-ve-d",
    ),
    pytest.param("let ’s go", "VB PRP VB", "let’s go", id="lets-prp"),
    pytest.param("I DO N'T KNOW , HE 'S OUT , I 'M IN", None, "I DON'T KNOW, HE'S OUT, I'M IN", id="uppercase-clitics"),
    pytest.param("You ca n't and I wo n't , do n't you ?", None, "You can't and I won't, don't you?", id="ascii-nt"),
    pytest.param("I 'm gon na go , wan na come ?", None, "I'm gonna go, wanna come?", id="gonna-wanna"),
    pytest.param("I can not go", None, "I cannot go", id="can-not"),
    # brackets
    pytest.param("He left -LRB- quietly -RRB- .", None, "He left (quietly).", id="round-brackets"),
    pytest.param("see -LSB- 1 -RSB- and -LCB- x -RCB-", None, "see [1] and {x}", id="square-curly-brackets"),
    pytest.param("-LRB-a-RRB- first", None, "(a) first", id="brackets-inside-a-token"),
    # dashes and hyphens
    pytest.param("I said that -- no , wait .", None, "I said that -- no, wait.", id="double-hyphen-dash"),
    pytest.param("it — really — works", None, "it — really — works", id="em-dash"),
    pytest.param("one thing - the key", "CD NN : DT NN", "one thing - the key", id="hyphen-tagged-colon-is-a-dash"),
    pytest.param("air - quality data", "NN HYPH NN NNS", "air-quality data", id="hyph-joins"),
    pytest.param("air - quality data", None, "air - quality data", id="hyphen-untagged-stays"),
    # numbers, money, units, ellipsis, abbreviations
    pytest.param("It costs $ 5.50 , or 3.5 % more .", None, "It costs $5.50, or 3.5% more.", id="money-percent"),
    pytest.param("bail of US$ 20", None, "bail of US$20", id="currency-code-symbol"),
    pytest.param("450 DKK per hour", "CD $ IN NN", "450 DKK per hour", id="currency-word-tagged-dollar"),
    pytest.param('a board 8 " wide', "DT NN CD NNS JJ", 'a board 8" wide', id="inch-mark"),
    pytest.param("Wait ... what ?", None, "Wait... what?", id="ellipsis"),
    pytest.param("He met John Smith Jr. .", None, "He met John Smith Jr.", id="abbreviation-final-period"),
]


def _split(text: str | None) -> list[str] | None:
    return None if text is None else text.split(" ")


@pytest.mark.parametrize(("tokens", "tags", "expected"), CASES)
def test_detokenize(tokens: str, tags: str | None, expected: str) -> None:
    assert detokenize(tokens.split(" "), _split(tags)) == expected


@pytest.mark.parametrize(("tokens", "tags", "expected"), CASES)
def test_no_defects_in_output(tokens: str, tags: str | None, expected: str) -> None:
    assert detokenization_defects(detokenize(tokens.split(" "), _split(tags))) == []


def test_tags_must_match_tokens() -> None:
    with pytest.raises(ValueError, match="2 tokens but 1 tags"):
        detokenize(["Hi", "!"], ["UH"])


# --------------------------------------------------------------------------
# detokenization_defects: a positive and a negative example of each defect.
# --------------------------------------------------------------------------

DEFECTS = [
    pytest.param("He has n’t left.", ["split_contraction"], id="split-nt"),
    pytest.param("Dante 's poem", ["split_contraction"], id="split-s"),
    pytest.param("I 'M OUT", ["split_contraction"], id="split-uppercase"),
    pytest.param("Press the 's' key.", [], id="quoted-letter-is-no-clitic"),
    pytest.param('" Can I help you?" he said.', ["spaced_quote"], id="spaced-straight-double"),
    pytest.param("“ Hello,” she said.", ["spaced_quote"], id="spaced-opening-typographic"),
    pytest.param("“Hello, ” she said.", ["spaced_quote"], id="spaced-closing-typographic"),
    pytest.param("the workers ’ union", ["spaced_quote"], id="spaced-typographic-apostrophe"),
    pytest.param("music of the ’70s", [], id="year-apostrophe-is-no-spaced-quote"),
    pytest.param("He said' no'.", ["misattached_quote"], id="misattached-single"),
    pytest.param("He said 'no' to me.", [], id="single-pair"),
    pytest.param("the workers' union", [], id="possessive-is-no-misattached-quote"),
    pytest.param("I was goin' home", [], id="dropped-g-is-no-misattached-quote"),
    pytest.param("Hello , world .", ["spaced_punctuation"], id="spaced-punctuation"),
    pytest.param("It went up by .5 points.", [], id="decimal-is-no-spaced-punctuation"),
    pytest.param("He left ( quietly ).", ["spaced_bracket"], id="spaced-bracket"),
    pytest.param("He left (quietly).", [], id="bracket"),
    pytest.param("He left -LRB-quietly-RRB-.", ["ptb_symbol"], id="ptb-bracket"),
    pytest.param("``Hi,'' he said.", ["ptb_symbol"], id="ptb-quotes"),
    pytest.param('"Hi," he said.', [], id="straight-quotes"),
    pytest.param("that - no", [], id="spaced-dash-is-no-defect"),
]


@pytest.mark.parametrize(("text", "expected"), DEFECTS)
def test_detokenization_defects(text: str, expected: list[str]) -> None:
    assert detokenization_defects(text) == expected


# --------------------------------------------------------------------------
# What the NLTK-only detokenizer made of the reported examples (its output
# written down here) is flagged; what detokenize makes of them is clean.
# --------------------------------------------------------------------------

OLD_OUTPUTS = [
    pytest.param('" Can I help you ? " he said .', '" Can I help you?" he said.', "spaced_quote", id="straight-double"),
    pytest.param("He said ' no ' .", "He said' no'.", "misattached_quote", id="straight-single"),
    pytest.param("“ Hello , ” she said .", "“ Hello, ” she said.", "spaced_quote", id="typographic-double"),
    pytest.param("He said ‘ no ’ .", "He said ‘ no ’.", "spaced_quote", id="typographic-single"),
    pytest.param("He has n’t read Dante ’s poem .", "He has n’t read Dante ’s poem.", "split_contraction", id="nt-s"),
    pytest.param(
        "we ’re here , he ’ll stay , I ’m sure they ’ve gone and she ’d know .",
        "we ’re here, he ’ll stay, I ’m sure they ’ve gone and she ’d know.",
        "split_contraction",
        id="re-ll-m-ve-d",
    ),
    pytest.param("the workers ’ union", "the workers ’ union", "spaced_quote", id="possessive"),
]


@pytest.mark.parametrize(("tokens", "old", "defect"), OLD_OUTPUTS)
def test_old_defects_are_flagged_and_gone(tokens: str, old: str, defect: str) -> None:
    assert defect in detokenization_defects(old)
    assert detokenization_defects(detokenize(tokens.split(" "))) == []
