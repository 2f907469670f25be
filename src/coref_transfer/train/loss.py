"""Losses: marginal log-likelihood of the gold antecedents plus weighted binary cross-entropy; span cross-entropy.

The coreference loss is the paper's: for every word, -log of the summed
probability of its gold antecedents among the k+1 candidates (the dummy is
gold when no candidate is), averaged over words; plus `bce_weight` times
the binary cross-entropy of every real candidate (and the dummy) against
its gold label, which pushes each wrong link down on its own.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F


def gold_antecedents(cluster_ids: torch.Tensor, top_indices: torch.Tensor, valid: torch.Tensor) -> torch.Tensor:
    """Gold labels [n_words, k + 1] (column 0: the dummy) of the coarse candidates.

    Args:
        cluster_ids: [n_words] 1 + gold cluster of head words, 0 elsewhere.
        top_indices, valid: [n_words, k] from the coarse scorer.
    """
    candidate_ids = cluster_ids[top_indices]  # [n_words, k]
    gold = (candidate_ids == cluster_ids.unsqueeze(1)) & (cluster_ids.unsqueeze(1) > 0) & valid  # [n_words, k]
    dummy = ~gold.any(dim=1, keepdim=True)  # [n_words, 1]
    return torch.cat([dummy, gold], dim=1)  # [n_words, k + 1]


def coref_loss(scores: torch.Tensor, gold: torch.Tensor, valid: torch.Tensor, bce_weight: float) -> torch.Tensor:
    """Marginal log-likelihood + bce_weight * binary cross-entropy (a scalar).

    Args:
        scores: [n_words, k + 1] antecedent scores (column 0 the dummy, -inf where not valid).
        gold: [n_words, k + 1] from `gold_antecedents`.
        valid: [n_words, k] real candidates.
    """
    scores = scores.float()
    log_gold = torch.logsumexp(scores.masked_fill(~gold, float("-inf")), dim=1)  # [n_words]
    log_all = torch.logsumexp(scores, dim=1)  # [n_words]
    loss = (log_all - log_gold).mean()
    if bce_weight > 0:
        mask = torch.cat([torch.ones_like(valid[:, :1]), valid], dim=1)  # [n_words, k + 1]
        bce = F.binary_cross_entropy_with_logits(scores[mask], gold[mask].float())
        loss = loss + bce_weight * bce
    return loss


def span_loss(
    start_logits: torch.Tensor, end_logits: torch.Tensor, start_slots: torch.Tensor, end_slots: torch.Tensor
) -> torch.Tensor:
    """Mean cross-entropy of the gold start and end slots (a scalar; 0 without mentions).

    Args:
        start_logits, end_logits: [n_heads, max_len]; start_slots, end_slots: [n_heads].
    """
    if start_logits.shape[0] == 0:
        return torch.zeros((), device=start_logits.device)
    return (F.cross_entropy(start_logits, start_slots) + F.cross_entropy(end_logits, end_slots)) / 2
