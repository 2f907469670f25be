"""Fine pairwise scoring of the k coarse antecedents: a feed-forward net over [a, b, a*b, pair features].

Pair features are three learned embeddings: the word distance in buckets
(1, 2, 3, 4, 5-7, 8-15, 16-31, 32-63, 64+), the document's genre, and
whether anaphor and antecedent have the same speaker. The net's score is
added to the coarse score, and a fixed 0 is put in front for the dummy
antecedent ("no antecedent"), so column 0 of the result is the dummy and
column j + 1 is coarse candidate j.
"""

from __future__ import annotations

import torch
from torch import nn

N_DISTANCE_BUCKETS = 9


def distance_bucket(distance: torch.Tensor) -> torch.Tensor:
    """Bucket index of word distances >= 1 (smaller values land in bucket 0)."""
    distance = distance.clamp(min=1)
    log_bucket = torch.floor(torch.log2(distance.float())).long() + 2  # 5-7 -> 4, 8-15 -> 5, ...
    return torch.where(distance < 5, distance - 1, log_bucket).clamp(max=N_DISTANCE_BUCKETS - 1)


class PairwiseScorer(nn.Module):
    """Feature embeddings and the anaphoricity feed-forward net."""

    def __init__(
        self, word_size: int, n_genres: int, feature_size: int, hidden_size: int, hidden_layers: int, dropout: float
    ):
        super().__init__()
        self.distance = nn.Embedding(N_DISTANCE_BUCKETS, feature_size)
        self.genre = nn.Embedding(n_genres + 1, feature_size)  # index 0: a genre outside the config's list
        self.speaker = nn.Embedding(2, feature_size)
        layers: list[nn.Module] = []
        size = 3 * word_size + 3 * feature_size
        for _ in range(hidden_layers):
            layers += [nn.Linear(size, hidden_size), nn.LeakyReLU(), nn.Dropout(dropout)]
            size = hidden_size
        self.hidden = nn.Sequential(*layers)
        self.out = nn.Linear(size, 1)
        self.feature_dropout = nn.Dropout(dropout)

    def features(self, top_indices: torch.Tensor, speaker_ids: torch.Tensor, genre_id: torch.Tensor) -> torch.Tensor:
        """Pair features [n_words, k, 3 * feature_size] of every word and its k candidates."""
        n_words, k = top_indices.shape
        anaphors = torch.arange(n_words, device=top_indices.device).unsqueeze(1)  # [n_words, 1]
        distance = self.distance(distance_bucket(anaphors - top_indices))  # [n_words, k, f]
        same = (speaker_ids.unsqueeze(1) == speaker_ids[top_indices]).long()  # [n_words, k]
        speaker = self.speaker(same)  # [n_words, k, f]
        genre = self.genre(genre_id).expand(n_words, k, -1)  # [n_words, k, f]
        return self.feature_dropout(torch.cat([distance, genre, speaker], dim=-1))

    def forward(
        self,
        words: torch.Tensor,
        top_scores: torch.Tensor,
        top_indices: torch.Tensor,
        speaker_ids: torch.Tensor,
        genre_id: torch.Tensor,
        batch: int,
    ) -> torch.Tensor:
        """Antecedent scores [n_words, k + 1], column 0 the dummy (always 0).

        Args:
            words: [n_words, emb]; top_scores, top_indices: [n_words, k] from the coarse scorer;
            speaker_ids: [n_words]; genre_id: []; batch: anaphors scored at once.
        """
        features = self.features(top_indices, speaker_ids, genre_id)  # [n_words, k, 3f]
        parts = []
        for i in range(0, words.shape[0], batch):
            a = words[i : i + batch].unsqueeze(1).expand(-1, top_indices.shape[1], -1)  # [b, k, emb]
            b = words[top_indices[i : i + batch]]  # [b, k, emb]
            pair = torch.cat([a, b, a * b, features[i : i + batch].to(a.dtype)], dim=-1)  # [b, k, 3emb + 3f]
            parts.append(self.out(self.hidden(pair)).squeeze(-1).float())  # [b, k]
        scores = torch.cat(parts, dim=0) + top_scores  # [n_words, k]
        dummy = torch.zeros_like(scores[:, :1])  # [n_words, 1]
        return torch.cat([dummy, scores], dim=1)  # [n_words, k + 1]
