"""Constituency trees: the gold Penn Treebank parses of CoNLL-2012 column 6.

A small tree type of our own rather than `nltk.Tree`: the reader builds trees
token by token from CoNLL parse bits (so that an error can name the line of
the token that breaks the bracketing), and the head finder needs each
preterminal's token index, which nltk would only give through tree positions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_TOKEN_RE = re.compile(r"\(|\)|[^\s()]+")


class Tree:
    """A node of a constituency tree.

    A preterminal has `word` and `index` set (the 0-based token index in its
    sentence) and no children; a phrase has children and no word. `start` and
    `end` are the first and last token indexes covered (inclusive), fixed when
    the node is complete (a plain class with slots: trees are built for every
    sentence of a corpus, and attribute access is the head finder's hot path).
    """

    __slots__ = ("children", "end", "index", "label", "start", "word")

    def __init__(
        self, label: str, children: list[Tree] | None = None, word: str | None = None, index: int | None = None
    ) -> None:
        self.label = label
        self.children: list[Tree] = children if children is not None else []
        self.word = word
        self.index = index
        self.start: int = index if word is not None else -1  # type: ignore[assignment]
        self.end: int = self.start
        if self.children:
            self.close()

    def close(self) -> None:
        """Fix `start`/`end` from the children (call once they are all added)."""
        self.start = self.children[0].start
        self.end = self.children[-1].end

    def __repr__(self) -> str:
        return f"Tree({self.to_string()!r})"

    @property
    def is_preterminal(self) -> bool:
        return self.word is not None

    def preterminals(self) -> list[Tree]:
        """The preterminals (POS nodes) below this node, left to right."""
        if self.is_preterminal:
            return [self]
        out: list[Tree] = []
        for child in self.children:
            out.extend(child.preterminals())
        return out

    def subtrees(self) -> Iterator[Tree]:
        """This node and every node below it, in pre-order."""
        yield self
        for child in self.children:
            yield from child.subtrees()

    def to_string(self) -> str:
        """PTB bracketed form, `(S (NP (DT the) (NN dog)) ...)`."""
        if self.is_preterminal:
            return f"({self.label} {self.word})"
        return f"({self.label} " + " ".join(c.to_string() for c in self.children) + ")"

    @classmethod
    def from_string(cls, text: str) -> Tree:
        """Parse one PTB bracketed tree; preterminals get token indexes 0..n-1.

        Raises:
            ValueError: unbalanced brackets, an empty node, or trailing text.
        """
        tokens = _TOKEN_RE.findall(text)
        pos = 0
        counter = 0

        def parse() -> Tree:
            nonlocal pos, counter
            if pos >= len(tokens) or tokens[pos] != "(":
                raise ValueError(f"expected '(' at token {pos} of {text!r}")
            pos += 1
            if pos >= len(tokens) or tokens[pos] in "()":
                raise ValueError(f"a node without a label at token {pos} of {text!r}")
            label = tokens[pos]
            pos += 1
            if pos < len(tokens) and tokens[pos] not in "()":
                word = tokens[pos]
                pos += 1
                if pos >= len(tokens) or tokens[pos] != ")":
                    raise ValueError(f"preterminal ({label} {word} ...) has more than one word")
                pos += 1
                node = cls(label, word=word, index=counter)
                counter += 1
                return node
            node = cls(label)
            while pos < len(tokens) and tokens[pos] == "(":
                node.children.append(parse())
            if pos >= len(tokens) or tokens[pos] != ")":
                raise ValueError(f"unbalanced brackets in {text!r}")
            if not node.children:
                raise ValueError(f"empty node ({label}) in {text!r}")
            pos += 1
            node.close()
            return node

        tree = parse()
        if pos != len(tokens):
            raise ValueError(f"text after the end of the tree in {text!r}")
        return tree


class TreeBuilder:
    """Builds a tree from CoNLL-2012 parse bits, one token at a time.

    A parse bit is the token's slice of the bracketing with the preterminal
    replaced by `*`, e.g. `(TOP(S(NP*` then `*)` . `add` raises ValueError with
    what is wrong; the reader adds the file and line.
    """

    def __init__(self) -> None:
        self._stack: list[Tree] = []
        self._roots: list[Tree] = []
        self._count = 0

    def add(self, bit: str, pos: str, word: str) -> None:
        # String methods rather than a regular expression: this runs once per
        # token of the corpus.
        star = bit.find("*")
        closes = len(bit) - star - 1
        if star < 0 or bit[star + 1 :] != ")" * closes or (star and bit[0] != "("):
            raise ValueError(f"malformed parse bit {bit!r} (expected '(LABEL...*)...')")
        stack = self._stack
        if star:
            for label in bit[1:star].split("("):
                if not label or " " in label or ")" in label:
                    raise ValueError(f"malformed parse bit {bit!r} (expected '(LABEL...*)...')")
                node = Tree(label)
                if stack:
                    stack[-1].children.append(node)
                elif self._roots:
                    raise ValueError(f"parse bit {bit!r} opens a second tree in the sentence")
                else:
                    self._roots.append(node)
                stack.append(node)
        if not stack:
            raise ValueError(f"parse bit {bit!r} puts a token outside any constituent")
        stack[-1].children.append(Tree(pos, word=word, index=self._count))
        self._count += 1
        for _ in range(closes):
            if not stack:
                raise ValueError(f"parse bit {bit!r} closes a constituent that was never opened")
            stack.pop().close()

    def finish(self) -> Tree:
        """The finished tree. Raises ValueError if brackets are still open."""
        if self._stack:
            labels = " ".join(n.label for n in self._stack)
            raise ValueError(f"unbalanced parse brackets: {len(self._stack)} left open ({labels})")
        if not self._roots:
            raise ValueError("the sentence has no parse tree")
        return self._roots[0]
