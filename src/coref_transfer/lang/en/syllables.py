"""English syllables, counted from spelling for the Flesch reading ease.

`english_syllables` counts the vowel groups of a written word (a, e, i, o, u,
and y unless it is a consonant), then drops the silent e's (a final e, -es,
-ed, the e before -ment, -ly, -ful, -ness, -less, -ty), the ue of -que/-gue
and the a of -ically, and adds the syllables the spelling joins: vowel pairs
in hiatus (me-di-a, qui-et, i-de-a), -ing after a vowel, n't after a
consonant, and the m of -sm. `english_syllables` numbers the rules, with
examples, and lists the known limits (abbreviations read as spelled, glides
and stress the spelling hides, silent e in compounds) and how often the count
agrees with the CMU Pronouncing Dictionary.

Rule-based, with no dependency. Not textstat or pyphen: pyphen's English
hyphenation loses syllables ("area" 1, "idea" 1, "about" 1), and textstat's
English counts need NLTK's CMU dictionary, which it downloads at run time.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["english_syllables"]

# An e that only lengthens the vowel before it, inside a word: state-ment, large-ly.
_EN_SILENT_E_SUFFIX = re.compile(r"[^aeiouy](e)(?:ments?|ly|ful(?:ly|ness)?|less(?:ly|ness)?|ness|ty)\Z")
_EN_SOUNDED_E = ("lement", "lements", "theless")  # el-e-ment, nev-er-the-less


def _en_vowel_mask(s: str) -> list[bool]:
    """Vowel or not, per letter; y is a consonant at the start before a vowel and between vowels."""
    mask: list[bool] = []
    for i, c in enumerate(s):
        if c != "y":
            mask.append(c in "aeiou")
            continue
        next_vowel = i + 1 < len(s) and s[i + 1] in "aeiou"
        mask.append(not (next_vowel and (i == 0 or mask[i - 1])))
    return mask


def _en_hiatus(s: str, j: int, first_group: bool) -> bool:
    """Do the adjacent vowels s[j], s[j+1] (in one group) belong to two syllables?"""
    pair, before, after = s[j : j + 2], s[j - 1 : j], s[j + 2 :]
    if pair == "ia":
        if after.startswith("t"):
            return True  # associate, negotiation
        if before == "l" and not first_group:  # Italian, William, Australia vs. reliable, alliance
            return after.startswith(("b", "nce", "ncy"))
        return before not in ("c", "t", "s", "x", "g")  # social, Asia vs. media, trial
    if pair == "io":
        if after.startswith("n"):  # nation, million, union vs. lion, champion
            return before not in ("c", "t", "s", "x", "g", "h", "n") and s[j - 2 : j] != "ll"
        if after.startswith("u"):  # precious, religious vs. various, serious
            return before not in ("c", "t", "x", "g")
        if after.startswith("r"):  # prior, superior vs. senior, behavior
            return before == "r"
        return True  # radio, violence, period
    if pair == "iu":
        return before != "g"  # medium vs. Belgium
    if pair == "ua":
        return before not in ("q", "g")  # actual, usual vs. equal, language
    if pair == "uo":
        return before != "q"
    if pair == "ue":
        return before not in ("q", "g") and after[:1] in ("n", "l", "t")  # fluent, cruel vs. true, guess
    if pair == "ui":
        # ruin, fluid vs. fruit, build; the i of -ing is counted by its own rule
        return before not in ("q", "g") and after[:1] in ("n", "d") and after not in ("ng", "ngs")
    if pair == "eo":
        if first_group and s.startswith(("geo", "neo", "theo", "reo")) and not s.startswith("geor"):
            return True  # geography, neon, theory, reopen vs. George
        if after in ("", "s"):
            return True  # video, stereos
        return after == "us" and before not in ("g", "c")  # simultaneous vs. gorgeous
    if pair == "ea":
        if after in ("", "n", "ns") and not first_group:
            return after == "" or before not in ("c", "g", "s", "h")  # idea, area, European vs. ocean
        return j == 2 and s.startswith("crea")  # create
    if pair == "ie":
        if after.startswith("t"):
            return True  # quiet, society, earliest
        if after in ("r", "rs", "st") and not first_group:
            return True  # easier, earlier, happiest (not priest)
        # client, audience, science vs. patient, efficient
        return after.startswith(("nt", "nc")) and (before not in ("c", "t") or s[j - 2 : j] == "sc")
    if pair == "oe":
        return after[:1] in ("m", "t", "l")  # poem, poet, Noel vs. goes, shoe
    if pair == "eu":
        return after == "m"  # museum
    return False  # ai, au, ee, ou, ao (Mao), ...


def english_syllables(word: str) -> int:
    """Number of syllables of an English word, by a documented heuristic.

    Letters are folded to a-z (accents dropped); a token with letters but no
    a-z letter counts 1. Vowel groups (a, e, i, o, u, and y unless it is a
    consonant: "yes", "player") are counted, then adjusted:

    1. a silent final e is dropped (make, whole), but not when it voices an l
       or r after another consonant (ta-ble, cen-tre); likewise -es and -ed
       (makes, walked vs. box-es, chang-es, want-ed, han-dled, hun-dred,
       called); -que/-gue drop their ue (league, u-nique, col-leagues);
    2. an e before -ment, -ly, -ful, -ness, -less, -ty is silent
       (state-ment, large-ly, safe-ty; not el-e-ment), and so is the e of
       some- before a consonant (some-thing) and the a of -ically
       (ba-si-cally);
    3. some vowel pairs split into two syllables (me-di-a, ra-di-o,
       vi-o-lence, me-di-um, ac-tu-al, as-so-ci-ate, qui-et, so-ci-e-ty,
       sci-ence, flu-ent, ru-in, vi-de-o, ge-og-ra-phy, re-o-pen, i-de-a,
       Eu-ro-pe-an, cre-ate, po-em, mu-se-um) unless the spelling says
       otherwise (-tion, -cial, -cious, -sion, -llion, -nior, -lian; George,
       people, patient, ocean, league);
    4. -ing after a vowel is a syllable of its own (be-ing, go-ing), so is the
       n of n't after a consonant (did-n't, is-n't) and the m of -sm
       (tour-is-m, spas-m);
    5. a word with a letter has at least one syllable ("Mr", "hmm").

    Known limits: abbreviations and initialisms are read as spelled (Mr 1,
    FBI 1), glides and stress the spelling hides (ar-gue 1, cha-os 1,
    re-in-vent 2, eve-ning 3, re-ci-pe 2, li-ne-ar 2), silent e in compounds
    (base-line 3, there-fore 3), diaeresis (naïve 1). The count equals one of the CMU
    Pronouncing Dictionary's pronunciations for 98.9% of the dictionary's
    tokens in the English of the embedded CoNLL sample (resources/sample) and
    99.0% in the source papers' text (37,000 tokens).
    """
    lower = word.lower()
    s = "".join(c for c in unicodedata.normalize("NFD", lower) if "a" <= c <= "z")
    if not s:
        return 1 if any(c.isalpha() for c in word) else 0
    vowel = _en_vowel_mask(s)
    groups: list[tuple[int, int]] = []
    i = 0
    while i < len(s):
        if vowel[i]:
            j = i
            while j < len(s) and vowel[j]:
                j += 1
            groups.append((i, j))
            i = j
        else:
            i += 1
    count = len(groups)
    for g, (start, end) in enumerate(groups):
        count += sum(_en_hiatus(s, j, g == 0) for j in range(start, end - 1))

    def consonant(k: int) -> bool:
        return 0 <= k < len(s) and not vowel[k]

    def syllabic(k: int) -> bool:
        """Is s[k] an l or r after another consonant, which the e after it voices (ta-ble, cen-tre)?"""
        return s[k : k + 1] in ("l", "r") and consonant(k - 1) and s[k - 1] != s[k]

    if len(groups) > 1:
        # The final group is a lone e: make, makes, walked.
        if s.endswith("e") and groups[-1] == (len(s) - 1, len(s)):
            silent = not syllabic(len(s) - 2)  # not ta-ble, cen-tre
        elif s.endswith("es") and groups[-1] == (len(s) - 2, len(s) - 1):
            silent = s[-3] not in "sxzcg" and s[-4:-2] not in ("ch", "sh") and not syllabic(len(s) - 3)
        elif s.endswith("ed") and groups[-1] == (len(s) - 2, len(s) - 1):
            silent = s[-3] not in "td" and not syllabic(len(s) - 3)  # not han-dled, hun-dred; but called
        else:
            silent = False
        count -= silent
        if re.search(r"[qg]ues?\Z", s) and s[groups[-1][0] - 1] in "qg":
            count -= 1  # league, unique, colleagues
        suffix = _EN_SILENT_E_SUFFIX.search(s)
        if (
            suffix
            and suffix.start(1) > groups[0][1]
            and not syllabic(suffix.start(1) - 1)
            and not s.endswith(_EN_SOUNDED_E)
        ):
            count -= 1  # statement, largely, peaceful, safety
        if s.startswith("some") and consonant(4):
            count -= 1  # something, somebody, sometimes
        if s.endswith("ically"):
            count -= 1  # basic(al)ly
    if re.search(r"[^\W\d_]ings?\Z", s) and vowel[len(s) - (4 if s.endswith("s") else 3) - 1]:
        count += 1  # being, going, dying
    if re.search(r"[^aeiouy]n['’]t\Z", lower):
        count += 1  # didn't, isn't
    if s.endswith("sm"):
        count += 1  # tourism, spasm
    return max(1, count)
