"""The span predictor: from a head word to the mention's first and last word.

For a head h, every word w of h's sentence is a candidate boundary; the
pair [x_h, x_w, distance(w - h)] goes through a feed-forward net and a
convolution along the sentence (so neighbouring words inform each other),
giving a start and an end logit per word. A start must not follow the head
and an end must not precede it, so a predicted span always contains its
head and stays inside one sentence (as CoNLL mentions must). Trained with
cross-entropy on the gold mentions' heads (`data.head_targets`).
"""

from __future__ import annotations

import torch
from torch import nn


class SpanPredictor(nn.Module):
    """Start and end logits over the head's sentence."""

    def __init__(self, word_size: int, hidden_size: int, max_distance: int, feature_size: int, dropout: float):
        super().__init__()
        self.max_distance = max_distance
        self.distance = nn.Embedding(2 * max_distance + 1, feature_size)
        self.ffnn = nn.Sequential(
            nn.Linear(2 * word_size + feature_size, hidden_size),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(hidden_size, hidden_size),
            nn.ReLU(),
            nn.Dropout(dropout),
        )
        self.conv = nn.Sequential(
            nn.Conv1d(hidden_size, hidden_size // 4 or 1, kernel_size=3, padding=1),
            nn.ReLU(),
            nn.Conv1d(hidden_size // 4 or 1, 2, kernel_size=3, padding=1),
        )

    def forward(
        self, words: torch.Tensor, heads: torch.Tensor, sentence_start: torch.Tensor, sentence_end: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Logits for heads [n_heads]: (start_logits, end_logits, candidates), each [n_heads, max_len].

        `candidates[i, j]` is the word of slot j for head i (clamped inside the
        document); impossible slots have logit -inf.
        """
        starts = sentence_start[heads]  # [n_heads]
        ends = sentence_end[heads]  # [n_heads]
        width = int((ends - starts).max().item()) + 1 if len(heads) else 1
        slots = torch.arange(width, device=words.device)  # [max_len]
        candidates = starts.unsqueeze(1) + slots  # [n_heads, max_len]
        in_sentence = candidates <= ends.unsqueeze(1)  # [n_heads, max_len]
        candidates = torch.minimum(candidates, ends.unsqueeze(1))  # [n_heads, max_len] (padding repeats the last word)
        offset = (candidates - heads.unsqueeze(1)).clamp(-self.max_distance, self.max_distance)  # [n_heads, max_len]
        pair = torch.cat(
            [
                words[heads].unsqueeze(1).expand(-1, width, -1),  # [n_heads, max_len, emb]
                words[candidates],  # [n_heads, max_len, emb]
                self.distance(offset + self.max_distance).to(words.dtype),  # [n_heads, max_len, f]
            ],
            dim=-1,
        )
        hidden = self.ffnn(pair) * in_sentence.unsqueeze(-1).to(words.dtype)  # [n_heads, max_len, hidden]
        logits = self.conv(hidden.transpose(1, 2)).transpose(1, 2).float()  # [n_heads, max_len, 2]
        before = candidates <= heads.unsqueeze(1)  # [n_heads, max_len]
        after = candidates >= heads.unsqueeze(1)
        start_logits = logits[..., 0].masked_fill(~(in_sentence & before), float("-inf"))  # [n_heads, max_len]
        end_logits = logits[..., 1].masked_fill(~(in_sentence & after), float("-inf"))  # [n_heads, max_len]
        return start_logits, end_logits, candidates

    @torch.no_grad()
    def predict(
        self, words: torch.Tensor, heads: torch.Tensor, sentence_start: torch.Tensor, sentence_end: torch.Tensor
    ) -> list[tuple[int, int]]:
        """The (start, end) word span of each head (end inclusive)."""
        if len(heads) == 0:
            return []
        start_logits, end_logits, candidates = self(words, heads, sentence_start, sentence_end)
        start = torch.gather(candidates, 1, start_logits.argmax(dim=1, keepdim=True)).squeeze(1)  # [n_heads]
        end = torch.gather(candidates, 1, end_logits.argmax(dim=1, keepdim=True)).squeeze(1)  # [n_heads]
        return list(zip(start.tolist(), end.tolist(), strict=True))
