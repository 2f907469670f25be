"""A synthetic sentence with its gold UD analysis (`parsing.synthetic`), and its CoNLL-U block.

`Sentence` holds the words (form, lemma, UPOS, Tanl XPOS, features, head,
relation, spacing) that the templates add and attach one by one, and the
multi-word tokens ("vederlo" = "veder" + "lo", "dalla" = "da" + "la") over
two words; it writes its text and its CoNLL-U lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coref_transfer.parsed import feats_text


@dataclass
class Word:
    form: str
    lemma: str
    upos: str
    xpos: str
    feats: dict[str, str] = field(default_factory=dict)
    head: int = -1  # index in the sentence, -1 = root
    deprel: str = "root"
    space_after: bool = True


@dataclass
class Sentence:
    """Words with heads by index; multi-word tokens as (first index, surface form) over two words."""

    words: list[Word] = field(default_factory=list)
    mwts: dict[int, str] = field(default_factory=dict)

    def add(
        self, form: str, lemma: str, upos: str, xpos: str, feats: dict[str, str] | None = None, space_after: bool = True
    ) -> int:
        self.words.append(Word(form, lemma, upos, xpos, dict(feats or {}), space_after=space_after))
        return len(self.words) - 1

    def attach(self, dep: int, head: int, deprel: str) -> None:
        self.words[dep].head, self.words[dep].deprel = head, deprel

    def text(self) -> str:
        out, i = [], 0
        while i < len(self.words):
            if i in self.mwts:
                out.append(self.mwts[i] + (" " if self.words[i + 1].space_after else ""))
                i += 2
            else:
                out.append(self.words[i].form + (" " if self.words[i].space_after else ""))
                i += 1
        return "".join(out).strip()

    def conllu(self, sent_id: str) -> str:
        lines = [f"# sent_id = {sent_id}", f"# text = {self.text()}"]
        for i, w in enumerate(self.words):
            if i in self.mwts:
                misc = "_" if self.words[i + 1].space_after else "SpaceAfter=No"
                lines.append(f"{i + 1}-{i + 2}\t{self.mwts[i]}\t_\t_\t_\t_\t_\t_\t_\t{misc}")
            inside = (i - 1) in self.mwts or i in self.mwts
            misc = "SpaceAfter=No" if not w.space_after and not inside else "_"
            lines.append(
                "\t".join(
                    [
                        str(i + 1),
                        w.form,
                        w.lemma,
                        w.upos,
                        w.xpos,
                        feats_text(w.feats),
                        str(w.head + 1),
                        w.deprel,
                        "_",
                        misc,
                    ]
                )
            )
        return "\n".join(lines)
