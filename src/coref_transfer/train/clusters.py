"""Decoding: each word's best antecedent -> word clusters -> span clusters.

A word links to its best-scoring candidate unless the dummy scores higher;
links are joined transitively (union-find), so a cluster is every word
reachable through links. Each head word then becomes a span through the
span predictor; a span predicted twice in one cluster is kept once, and a
span already claimed by an earlier cluster is left out of later ones (the
CoNLL format allows a span in one chain only), and a cluster left with one
span is dropped (the model, like the paper's, predicts no singletons).
"""

from __future__ import annotations

import torch

from coref_transfer.model import DocSpan


def word_clusters(scores: torch.Tensor, top_indices: torch.Tensor) -> list[list[int]]:
    """Clusters of head words, each sorted, ordered by first word.

    Args:
        scores: [n_words, k + 1] antecedent scores, column 0 the dummy.
        top_indices: [n_words, k] the candidates of columns 1..k.
    """
    best = scores.argmax(dim=1)  # [n_words]
    parent = list(range(scores.shape[0]))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    linked = set()
    for word, column in enumerate(best.tolist()):
        if column == 0:
            continue
        antecedent = int(top_indices[word, column - 1])
        parent[root(word)] = root(antecedent)
        linked.update((word, antecedent))
    groups: dict[int, list[int]] = {}
    for word in sorted(linked):
        groups.setdefault(root(word), []).append(word)
    return sorted(groups.values())


def span_clusters(heads: list[list[int]], spans: dict[int, DocSpan]) -> list[list[DocSpan]]:
    """Word clusters turned into span clusters with the predicted span of each head (module docstring)."""
    claimed: set[DocSpan] = set()
    out = []
    for cluster in heads:
        kept = sorted({spans[h] for h in cluster} - claimed)
        claimed.update(kept)
        if len(kept) > 1:
            out.append(kept)
    return sorted(out)
