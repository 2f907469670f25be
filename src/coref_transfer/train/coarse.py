"""Coarse antecedent scoring: a bilinear score for every earlier word, pruned to the top k per word."""

from __future__ import annotations

import torch
from torch import nn


class CoarseScorer(nn.Module):
    """score(i, j) = (W x_i) . x_j for j < i; keeps the k best j of every word i.

    Words with fewer than k earlier words get -inf scores in the unused
    slots; `valid` marks the real candidates.
    """

    def __init__(self, size: int, k: int, dropout: float):
        super().__init__()
        self.bilinear = nn.Linear(size, size)
        self.dropout = nn.Dropout(dropout)
        self.k = k

    def forward(self, words: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Returns (top_scores, top_indices, valid), each [n_words, min(k, n_words)]."""
        n_words = words.shape[0]
        positions = torch.arange(n_words, device=words.device)
        earlier = positions.unsqueeze(1) > positions.unsqueeze(0)  # [n_words, n_words] antecedent j before anaphor i
        scores = self.dropout(self.bilinear(words)) @ words.T  # [n_words, n_words]
        scores = scores.float().masked_fill(~earlier, float("-inf"))
        k = min(self.k, n_words)
        top_scores, top_indices = torch.topk(scores, k, dim=1, sorted=True)  # [n_words, k] each
        valid = torch.gather(earlier, 1, top_indices)  # [n_words, k]
        return top_scores, top_indices, valid
