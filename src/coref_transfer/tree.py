"""Constituency trees: the gold Penn Treebank parses of CoNLL-2012 column 6.

A small tree type of our own rather than `nltk.Tree`: the reader builds trees
token by token from CoNLL parse bits (so that an error can name the line of
the token that breaks the bracketing), and the head finder needs each
preterminal's token index, which nltk would only give through tree positions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

_TOKEN_RE = re.compile(r"\(|\)|[^\s()]+")


@dataclass(eq=False)
class Tree:
    """A node of a constituency tree.

    A preterminal has `word` and `index` set (the 0-based token index in its
    sentence) and no children; a phrase has children and no word.
    """

    label: str
    children: list[Tree] = field(default_factory=list)
    word: str | None = None
    index: int | None = None

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

    @property
    def start(self) -> int:
        """Index of the first token covered (inclusive)."""
        node = self
        while not node.is_preterminal:
            node = node.children[0]
        return node.index  # type: ignore[return-value]

    @property
    def end(self) -> int:
        """Index of the last token covered (inclusive)."""
        node = self
        while not node.is_preterminal:
            node = node.children[-1]
        return node.index  # type: ignore[return-value]

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

    _BIT_RE = re.compile(r"^((?:\([^()*\s]+)*)\*(\)*)$")
    _OPEN_RE = re.compile(r"\(([^()*\s]+)")

    def __init__(self) -> None:
        self._stack: list[Tree] = []
        self._roots: list[Tree] = []
        self._count = 0

    def add(self, bit: str, pos: str, word: str) -> None:
        match = self._BIT_RE.match(bit)
        if match is None:
            raise ValueError(f"malformed parse bit {bit!r} (expected '(LABEL...*)...')")
        for label in self._OPEN_RE.findall(match.group(1)):
            node = Tree(label)
            if self._stack:
                self._stack[-1].children.append(node)
            else:
                if self._roots:
                    raise ValueError(f"parse bit {bit!r} opens a second tree in the sentence")
                self._roots.append(node)
            self._stack.append(node)
        leaf = Tree(pos, word=word, index=self._count)
        self._count += 1
        if not self._stack:
            raise ValueError(f"parse bit {bit!r} puts a token outside any constituent")
        self._stack[-1].children.append(leaf)
        for _ in match.group(2):
            if not self._stack:
                raise ValueError(f"parse bit {bit!r} closes a constituent that was never opened")
            self._stack.pop()

    @property
    def open_count(self) -> int:
        """How many constituents are still open."""
        return len(self._stack)

    def finish(self) -> Tree:
        """The finished tree. Raises ValueError if brackets are still open."""
        if self._stack:
            labels = " ".join(n.label for n in self._stack)
            raise ValueError(f"unbalanced parse brackets: {len(self._stack)} left open ({labels})")
        if not self._roots:
            raise ValueError("the sentence has no parse tree")
        return self._roots[0]
