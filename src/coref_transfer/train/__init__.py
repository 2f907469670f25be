"""The word-level coreference model (Dobrovolskii 2021, "Word-Level Coreference Resolution").

One module per concept, in the order a document flows through them:

- `config`:   `CorefConfig`, the typed configuration (unknown keys rejected).
- `data`:     jsonlines documents read and checked, mention heads, and the
              one preprocessing (subwords, encoder windows, gold targets)
              shared by training and prediction.
- `encoder`:  the Hugging Face encoder, run over overlapping windows, and the
              attention pooling of subwords into word vectors.
- `coarse`:   the bilinear antecedent scorer with top-k pruning.
- `pairwise`: the pair features (distance, genre, same speaker) and the
              feed-forward scorer of the k surviving antecedents.
- `span`:     the span predictor (head word -> start, end).
- `loss`:     marginal log-likelihood + binary cross-entropy, span loss.
- `model`:    `CorefModel`, the modules composed, saved and loaded as a folder.
- `clusters`: antecedent links -> word clusters -> span clusters.
- `checkpoint`: training state with RNG states, for exact resumption.
- `trainer`:  the training loop (accumulation, mixed precision, early
              stopping, repeats over seeds).
- `predict`:  the public inference API: `Predictor`, CoNLL-2012 output, scores.

The scorer (`scoring`: `reader`, `metrics`, `table`; e.g. `scoring.metrics.score_clusters`)
is the project's CoNLL metric package.
"""
