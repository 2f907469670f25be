"""Heads read from a span's own parse bits equal heads found on the whole tree."""

from __future__ import annotations

from conftest import SAMPLE

from coref_transfer.conll.reader import iter_conll
from coref_transfer.select.heads import find_head, find_head_in_bits
from coref_transfer.tree import Tree


def test_every_sample_span_and_constituent_agrees():
    checked = 0
    for part in iter_conll([SAMPLE]):
        for utt in part.utterances:
            tree = utt.tree()
            spans = {(m.span.start, m.span.end) for m in utt.mentions}
            spans |= {(node.start, node.end) for node in tree.subtrees()}
            for start, end in spans:
                fast = find_head_in_bits(utt.parse_bits, utt.pos, start, end)
                slow = find_head(tree, start, end, utt.pos)
                assert fast == slow, (utt.tokens[start : end + 1], fast, slow)
                checked += 1
    assert checked > 5000


def test_non_constituent_span_returns_none():
    tree = Tree.from_string("(TOP (S (NP (DT the) (NN man)) (VP (VBD left) (NP (DT the) (NN city))) (. .)))")
    from coref_transfer.conll.writer import parse_bits

    bits = parse_bits(tree, 6)
    pos = ["DT", "NN", "VBD", "DT", "NN", "."]
    assert find_head_in_bits(bits, pos, 1, 2) is None  # "man left"
    assert find_head_in_bits(bits, pos, 3, 4).index == 4  # "the city"
    assert find_head_in_bits(bits, pos, 2, 2).index == 2
