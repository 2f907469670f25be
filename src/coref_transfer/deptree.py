"""Dependency trees: the UD analysis of a CorefUD sentence (`Utterance.heads`, `Utterance.deprels`).

The counterpart of `coref_transfer.tree` for input that has no constituency
tree. A small read-only view over the two columns with each word's dependents
indexed once, since the English syntax read off it (`select.heads`,
`lang.en.pronoun_role`, `select.stand_in`) asks for them mention after mention.
Which word of a span is its root is `coref_transfer.model.span_root`.
"""

from __future__ import annotations

from collections.abc import Sequence


class DepTree:
    """The dependency tree of one sentence: `heads[i]` is word i's head (0-based, -1 for the root),
    `deprels[i]` its UD relation (`nsubj`, `nsubj:pass`, ...).

    Raises:
        ValueError: the two lists differ in length, or a head is not a word of the sentence.
    """

    __slots__ = ("_children", "deprels", "heads")

    def __init__(self, heads: Sequence[int], deprels: Sequence[str]) -> None:
        n = len(heads)
        if len(deprels) != n:
            raise ValueError(f"{n} heads but {len(deprels)} relations: pass the two columns of one sentence")
        children: list[list[int]] = [[] for _ in range(n)]
        for i, h in enumerate(heads):
            if not -1 <= h < n or h == i:
                raise ValueError(f"word {i} has head {h}: expected -1 (root) or another word 0..{n - 1}")
            if h >= 0:
                children[h].append(i)
        self.heads = heads
        self.deprels = deprels
        self._children = children

    def __len__(self) -> int:
        return len(self.heads)

    def head(self, i: int) -> int:
        return self.heads[i]

    def rel(self, i: int) -> str:
        """The universal part of word i's relation: `nsubj:pass` -> `nsubj`."""
        return self.deprels[i].split(":", 1)[0]

    def children(self, i: int) -> list[int]:
        """Word i's dependents, left to right."""
        return self._children[i]

    def children_with(self, i: int, *rels: str) -> list[int]:
        """Word i's dependents whose relation, or its universal part, is one of `rels`."""
        return [c for c in self._children[i] if self.deprels[c] in rels or self.rel(c) in rels]

    def subtree(self, i: int) -> list[int]:
        """Word i and every word below it, in sentence order."""
        out, todo = [], [i]
        while todo:
            j = todo.pop()
            out.append(j)
            todo.extend(self._children[j])
        return sorted(out)

    def extent(self, i: int) -> tuple[int, int]:
        """First and last word of word i's subtree (inclusive)."""
        words = self.subtree(i)
        return words[0], words[-1]

    def ancestors(self, i: int) -> list[int]:
        """Word i's head, its head's head, ... up to the root (stops on a cycle)."""
        out: list[int] = []
        h = self.heads[i]
        while h >= 0 and h not in out:
            out.append(h)
            h = self.heads[h]
        return out
