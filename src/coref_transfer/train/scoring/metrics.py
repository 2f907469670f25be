"""Mention identification and the coreference metrics of the CoNLL reference scorer v8.01.

Metrics: MUC (Vilain et al., 1995), B-cubed (Bagga and Baldwin, 1998), CEAF-e
(φ4) and CEAF-m (φ3) (Luo, 2005), BLANC for gold or system mentions (Recasens
and Hovy, 2011; Luo et al., 2014) and the CoNLL average F1 = (MUC F1 + B³ F1 +
CEAF-e F1) / 3 (Pradhan et al., 2012). Reference: `lib/CorScorer.pm` of
https://github.com/conll/reference-coreference-scorers (v8.01). Counts are
summed over documents and turned into recall, precision and F1 once (micro
average), as the reference does; an undefined ratio (zero denominator) is 0.

Mentions are `coref_transfer.model.DocSpan`s (document-level, end inclusive;
see `reader`). Entry points: `score` (documents from `reader.read_clusters`),
`score_files` (reads a key and a response file, then `score`),
`score_clusters` (one document given as span clusters) and `score_corpus`
(several); `table.format_table` prints their result.

Reference behaviours reproduced here (see `_identify` and the metric functions):

* A span repeated in the RESPONSE whose span is also in the key: only the first
  copy (first entity in order of appearance, then first in that entity) is kept;
  an entity left empty is dropped. The reference counts these repeats over the
  whole run and refuses to score above 10; we score and log a warning.
* A span repeated in the response but absent from the key is NOT removed by the
  reference: its copies share one mention id. Kept as is (and logged).
* A span repeated in the KEY is kept in every entity that has it, all copies
  under one id; it counts once for mention identification and once per copy in
  chain sizes. Logged.
* BLANC: coreference links are the mention pairs inside an entity, non-
  coreference links the pairs across two entities, key and response alike
  (system mentions included). R = mean of the two recalls, P = mean of the two
  precisions, F = mean of the two F1s (not the harmonic mean of R and P). If
  the key has no coreference links only the non-coreference part counts, if it
  has no non-coreference links only the coreference part, if neither all is 0.
* MUC with no key links (only singletons) has recall 0, and so F1 0, even for
  a perfect response.

Where we differ, on input the reference mishandles: a document missing from
either file, or with another number of tokens, is an error here (the
reference silently scores it against nothing).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np

from coref_transfer.errors import InputFormatError
from coref_transfer.model import DocSpan
from coref_transfer.train.scoring.reader import Document, read_clusters

log = logging.getLogger(__name__)

METRICS = ("muc", "bcub", "ceafe", "ceafm", "blanc")
"""The metrics with recall, precision and F1; `conll` (F1 only) is derived from them."""

REFERENCE_MAX_REPEATS = 10
"""The reference refuses to score a run with more repeated response mentions than this."""


# ---------------------------------------------------------------- mention ids


@dataclass
class _Identified:
    """Key and response entities as lists of mention ids, as the reference builds them."""

    key: list[list[int]]
    response: list[list[int]]
    mentions: tuple[int, int, int, int]  # exact, key mentions, exact, response mentions
    repeated: int  # response copies of a key span removed (what the reference counts)
    key_repeats: int  # extra copies of key spans, kept
    response_twinless_repeats: int  # extra copies of non-key response spans, kept


def _identify(key: Sequence[Sequence[DocSpan]], response: Sequence[Sequence[DocSpan]]) -> _Identified:
    """Give every span an integer id the way the reference's `IdentifMentions` does.

    Every key mention gets a new id and a repeated key span takes the LAST id,
    which all its copies then share. A response span that is in the key takes the
    key's id at its first occurrence; later copies are removed. Response spans
    not in the key get new ids, one per distinct span (copies are not removed).
    """
    key_id: dict[DocSpan, int] = {}
    n = 0
    for chain in key:
        for span in chain:
            key_id[span] = n
            n += 1
    key_chains = [[key_id[s] for s in chain] for chain in key if chain]

    response_id: dict[DocSpan, int] = {}
    repeated = exact = 0
    kept_chains: list[list[DocSpan]] = []
    for chain in response:
        kept = []
        for span in chain:
            if span in response_id:
                repeated += 1
                continue
            kid = key_id.get(span)
            if kid is not None:
                response_id[span] = kid
                exact += 1
            kept.append(span)
        if kept:
            kept_chains.append(kept)
    n_kept = 0
    for chain in kept_chains:
        n_kept += len(chain)
        for span in chain:
            if span not in response_id:
                response_id[span] = n
                n += 1
    response_chains = [[response_id[s] for s in chain] for chain in kept_chains]
    return _Identified(
        key=key_chains,
        response=response_chains,
        mentions=(exact, len(key_id), exact, len(response_id)),
        repeated=repeated,
        key_repeats=sum(map(len, key)) - len(key_id),
        response_twinless_repeats=n_kept - len(response_id),
    )


def _chains_of(chains: list[list[int]]) -> dict[int, list[int]]:
    """Mention id -> the distinct indexes of the chains holding it, in order (the last is the reference's index)."""
    index: dict[int, list[int]] = {}
    for i, chain in enumerate(chains):
        for m in chain:
            held = index.get(m)
            if held is None:
                index[m] = [i]
            elif held[-1] != i:
                held.append(i)
    return index


def _overlaps(key: list[list[int]], response_of: dict[int, list[int]]) -> Counter[tuple[int, int]]:
    """(key chain i, response chain j) -> number of mentions of key chain i (with repeats) found in j."""
    cells: Counter[tuple[int, int]] = Counter()
    for i, chain in enumerate(key):
        for m in chain:
            for j in response_of.get(m, ()):
                cells[i, j] += 1
    return cells


# ---------------------------------------------------------------- metrics


def _muc(key: list[list[int]], response: list[list[int]], key_of: dict[int, list[int]]) -> tuple[float, ...]:
    """MUC link counts (Vilain et al., 1995): (correct, key links, correct, response links).

    A response entity's correct links are its mentions minus the key entities
    they fall in (mentions outside the key add none), as the reference counts.
    """
    correct = 0
    for chain in response:
        groups = [key_of[m][-1] for m in chain if m in key_of]
        correct += len(groups) - len(set(groups))
    key_links = sum(len(c) - 1 for c in key)
    response_links = sum(len(c) - 1 for c in response)
    return (correct, key_links, correct, response_links)


def _bcub(key: list[list[int]], response: list[list[int]], key_of: dict[int, list[int]]) -> tuple[float, ...]:
    """B-cubed (Bagga and Baldwin, 1998): (Σ recall, key mentions, Σ precision, response mentions).

    For every response mention m of entity R that is in key entity K:
    |R ∩ K| / |K| adds to recall and |R ∩ K| / |R| to precision; key mentions the
    response misses add 0 to recall, response mentions outside the key 0 to precision.
    """
    acc_r = acc_p = 0.0
    for chain in response:
        size = len(chain)
        common: Counter[int] = Counter()
        for m in chain:
            for i in key_of.get(m, ()):
                common[i] += 1
        for m in chain:
            held = key_of.get(m)
            if held is not None:
                k = held[-1]
                acc_p += common[k] / size
                acc_r += common[k] / len(key[k])
    return (acc_r, sum(map(len, key)), acc_p, sum(map(len, response)))


def _ceaf(
    key: list[list[int]], response: list[list[int]], cells: Counter[tuple[int, int]], entity: bool
) -> tuple[float, ...]:
    """CEAF (Luo, 2005): (best total similarity, key size, same, response size).

    φ4 (entity=True): 2|K ∩ R| / (|K| + |R|), sizes in entities; φ3: |K ∩ R|,
    sizes in mentions. The best one-to-one alignment of key and response entities
    is found per connected group of overlapping entities (pairs that share no
    mention have similarity 0 and cannot change the optimum).
    """
    if entity:
        sims = {(i, j): 2 * n / (len(key[i]) + len(response[j])) for (i, j), n in cells.items()}
    else:
        sims = {ij: float(n) for ij, n in cells.items()}
    total = 0.0
    for group in _groups(sims):
        rows = sorted({i for i, _ in group})
        cols = sorted({j for _, j in group})
        if len(rows) == 1 or len(cols) == 1:
            total += max(sims[ij] for ij in group)
            continue
        r_at = {i: a for a, i in enumerate(rows)}
        c_at = {j: b for b, j in enumerate(cols)}
        matrix = np.zeros((len(rows), len(cols)))
        for i, j in group:
            matrix[r_at[i], c_at[j]] = sims[i, j]
        # An exact optimum is needed, as the reference's Munkres (Hungarian)
        # algorithm finds: a greedy alignment can score lower. Any optimal
        # alignment has the same total, so scipy's solver (exact, rectangular
        # matrices, compiled) gives the reference's numbers, much faster.
        # Imported here: scipy.optimize takes ~0.35 s to import and most
        # documents never get here (their overlap groups are one-to-many).
        from scipy.optimize import linear_sum_assignment

        r_idx, c_idx = linear_sum_assignment(matrix, maximize=True)
        total += float(matrix[r_idx, c_idx].sum())
    if entity:
        return (total, len(key), total, len(response))
    return (total, sum(map(len, key)), total, sum(map(len, response)))


def _groups(edges: Iterable[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Split (key i, response j) edges into connected components (union-find)."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    edge_list = list(edges)
    for i, j in edge_list:
        a, b = find(i), find(~j)  # response chains as negative numbers
        if a != b:
            parent[a] = b
    groups: dict[int, list[tuple[int, int]]] = {}
    for i, j in edge_list:
        groups.setdefault(find(i), []).append((i, j))
    return list(groups.values())


def _blanc(
    key: list[list[int]], response: list[list[int]], key_of: dict[int, list[int]], response_of: dict[int, list[int]]
) -> tuple[int, ...]:
    """BLANC link counts (Recasens and Hovy, 2011; Luo et al., 2014): (correct coref,
    key coref, correct coref, response coref, correct non-coref, key non-coref,
    correct non-coref, response non-coref).

    The reference enumerates links as sets of id pairs: pairs inside an entity
    (coreference) and pairs across two entities (non-coreference), self-pairs
    included when an id is repeated. Here ids held once per side ("regular")
    are counted from per-entity tallies, and the few repeated ids (a span twice
    in the key, or twice in the response outside the key) pair by pair against
    those tallies, so the counts are exact in near-linear time.
    """
    same_key, same_response = _repeated_within(key), _repeated_within(response)
    odd = same_key | same_response
    odd.update(x for x, held in key_of.items() if len(held) > 1)
    odd.update(x for x, held in response_of.items() if len(held) > 1)

    a: Counter[int] = Counter()  # regular ids per key entity
    b: Counter[int] = Counter()  # regular ids per response entity
    n: Counter[tuple[int, int]] = Counter()  # regular ids per (key entity, response entity)
    for x, held in key_of.items():
        if x not in odd:
            a[held[0]] += 1
    for x, held in response_of.items():
        if x not in odd:
            b[held[0]] += 1
            k = key_of.get(x)
            if k is not None:
                n[k[0], held[0]] += 1
    a_both: Counter[int] = Counter()  # ... of them also in the response
    b_both: Counter[int] = Counter()  # ... of them also in the key
    for (i, j), c in n.items():
        a_both[i] += c
        b_both[j] += c
    n_key, n_response, n_both = sum(a.values()), sum(b.values()), sum(n.values())

    # Pairs of regular ids.
    kc = sum(comb(c, 2) for c in a.values())
    rc = sum(comb(c, 2) for c in b.values())
    cc = sum(comb(c, 2) for c in n.values())
    kn = comb(n_key, 2) - kc
    rn = comb(n_response, 2) - rc
    # Non-coreference in both: ids in key and response sharing neither entity.
    cn = comb(n_both, 2) - sum(comb(c, 2) for c in a_both.values()) - sum(comb(c, 2) for c in b_both.values()) + cc

    irregular = sorted(odd)
    sets = [(set(key_of.get(x, ())), set(response_of.get(x, ()))) for x in irregular]
    for x, (ks, rs) in zip(irregular, sets):
        # x with every regular id.
        kc += sum(a[i] for i in ks)
        rc += sum(b[j] for j in rs)
        cc += sum(n[i, j] for i in ks for j in rs)
        only_k = next(iter(ks)) if len(ks) == 1 else None
        only_r = next(iter(rs)) if len(rs) == 1 else None
        if ks:
            kn += n_key - (a[only_k] if only_k is not None else 0)
        if rs:
            rn += n_response - (b[only_r] if only_r is not None else 0)
        if ks and rs:
            cn += (
                n_both
                - (a_both[only_k] if only_k is not None else 0)
                - (b_both[only_r] if only_r is not None else 0)
                + (n[only_k, only_r] if only_k is not None and only_r is not None else 0)
            )
        # x with itself: a repeat inside one entity is a coreference link,
        # an id in two entities a non-coreference link.
        self_kc, self_rc = x in same_key, x in same_response
        self_kn, self_rn = len(ks) > 1, len(rs) > 1
        kc, rc, kn, rn = kc + self_kc, rc + self_rc, kn + self_kn, rn + self_rn
        cc += self_kc and self_rc
        cn += self_kn and self_rn
    for p, (ks, rs) in enumerate(sets):  # pairs of two repeated ids
        for ks2, rs2 in sets[p + 1 :]:
            pkc, prc = bool(ks & ks2), bool(rs & rs2)
            pkn = bool(ks and ks2) and not (len(ks) == 1 and ks == ks2)
            prn = bool(rs and rs2) and not (len(rs) == 1 and rs == rs2)
            kc, rc, kn, rn = kc + pkc, rc + prc, kn + pkn, rn + prn
            cc += pkc and prc
            cn += pkn and prn
    return (cc, kc, cc, rc, cn, kn, cn, rn)


def _repeated_within(chains: list[list[int]]) -> set[int]:
    """Ids that appear twice or more inside one chain."""
    out: set[int] = set()
    for chain in chains:
        if len(set(chain)) < len(chain):
            out.update(m for m, c in Counter(chain).items() if c > 1)
    return out


# ---------------------------------------------------------------- scoring


def _document_counts(
    key: Sequence[Sequence[DocSpan]], response: Sequence[Sequence[DocSpan]], name: str
) -> tuple[dict[str, tuple[float, ...]], int]:
    """Raw counts of every metric for one document, and its repeated response mentions."""
    ids = _identify(key, response)
    if ids.key_repeats:
        log.warning(
            "%s: %d repeated mention(s) in the key (the same span twice); kept in every entity, as the reference does",
            name,
            ids.key_repeats,
        )
    if ids.response_twinless_repeats:
        log.warning(
            "%s: %d repeated response mention(s) whose span is not in the key; kept, as the reference "
            "does (it removes repeats of key spans only)",
            name,
            ids.response_twinless_repeats,
        )
    if ids.repeated:
        log.info("%s: removed %d repeated response mention(s) (the first copy is kept)", name, ids.repeated)
    key_of = _chains_of(ids.key)
    response_of = _chains_of(ids.response)
    cells = _overlaps(ids.key, response_of)
    counts = {
        "muc": _muc(ids.key, ids.response, key_of),
        "bcub": _bcub(ids.key, ids.response, key_of),
        "ceafe": _ceaf(ids.key, ids.response, cells, entity=True),
        "ceafm": _ceaf(ids.key, ids.response, cells, entity=False),
        "blanc": _blanc(ids.key, ids.response, key_of, response_of),
        "mentions": ids.mentions,
    }
    return counts, ids.repeated


def _prf(rn: float, rd: float, pn: float, pd: float) -> dict[str, float]:
    """Recall, precision, F1 in percent; a zero denominator gives 0."""
    r = rn / rd if rd else 0.0
    p = pn / pd if pd else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"r": 100 * r, "p": 100 * p, "f": 100 * f}


def _blanc_prf(counts: Sequence[float]) -> dict[str, float]:
    """BLANC in percent from the eight summed link counts (the reference's final formula)."""
    nra, dra, npa, dpa, nrr, drr, npr, dpr = counts
    ra = nra / dra if dra else None
    rr = nrr / drr if drr else None
    pa = npa / dpa if dpa else 0.0
    pr = npr / dpr if dpr else 0.0
    if ra is None and rr is None:
        return {"r": 0.0, "p": 0.0, "f": 0.0}
    fa = 2 * pa * ra / (pa + ra) if ra is not None and pa + ra else 0.0
    fr = 2 * pr * rr / (pr + rr) if rr is not None and pr + rr else 0.0
    if ra is None:  # the key has no coreference link (only singletons)
        r, p, f = rr, pr, fr
    elif rr is None:  # the key has no non-coreference link (one entity)
        r, p, f = ra, pa, fa
    else:
        r, p, f = (ra + rr) / 2, (pa + pr) / 2, (fa + fr) / 2
    return {"r": 100 * r, "p": 100 * p, "f": 100 * f}


def _result(totals: dict[str, list[float]]) -> dict:
    """Percentages from the summed counts; CoNLL F1 = mean of MUC, B-cubed and CEAF-e F1 (Pradhan et al., 2012)."""
    result: dict = {m: _prf(*totals[m]) for m in ("muc", "bcub", "ceafe", "ceafm")}
    result["blanc"] = _blanc_prf(totals["blanc"])
    result["conll"] = {"f": (result["muc"]["f"] + result["bcub"]["f"] + result["ceafe"]["f"]) / 3}
    result["mentions"] = _prf(*totals["mentions"])
    result["counts"] = {name: list(values) for name, values in totals.items()}
    return result


def _score(pairs: Iterable[tuple[str, Sequence[Sequence[DocSpan]], Sequence[Sequence[DocSpan]]]]) -> dict:
    totals: dict[str, list[float]] = {}
    repeated = 0
    for name, key, response in pairs:
        counts, n_repeated = _document_counts(key, response, name)
        repeated += n_repeated
        for metric, values in counts.items():
            acc = totals.setdefault(metric, [0] * len(values))
            for a, v in enumerate(values):
                acc[a] += v
    if repeated > REFERENCE_MAX_REPEATS:
        log.warning(
            "%d repeated response mentions (the same span twice): the reference scorer v8.01 refuses to "
            "score more than %d; scored here with the first copy of each kept",
            repeated,
            REFERENCE_MAX_REPEATS,
        )
    if not totals:
        totals = {m: [0] * (8 if m == "blanc" else 4) for m in (*METRICS, "mentions")}
    return _result(totals)


def score(key_docs: dict[str, Document], response_docs: dict[str, Document]) -> dict:
    """Score response documents against key documents (the same documents, same token counts).

    Args:
        key_docs: documents by key, as `read_clusters` returns them.
        response_docs: the same documents from the system.

    Returns:
        `{"muc", "bcub", "ceafe", "ceafm", "blanc": {"r", "p", "f"}, "conll": {"f"}}`
        in percent, plus `"mentions"` (mention identification, exact spans,
        percent) and `"counts"`: the raw totals per metric, in the reference's
        layout `[recall num, recall den, precision num, precision den]` (BLANC:
        coreference then non-coreference links, eight numbers).

    Raises:
        InputFormatError: a document of one side is missing from the other, or
            the two have different numbers of tokens.
    """
    key_path = next((d.path for d in key_docs.values()), "<key>")
    response_path = next((d.path for d in response_docs.values()), "<response>")
    for name, doc in response_docs.items():
        if name not in key_docs:
            raise InputFormatError(
                doc.path,
                doc.line,
                f"document '{name}' is not in the key ({key_path}); key and response must hold the same documents",
            )
    for name, doc in key_docs.items():
        other = response_docs.get(name)
        if other is None:
            where = f" (line {doc.line})" if doc.line is not None else ""
            raise InputFormatError(
                response_path,
                None,
                f"document '{name}' of the key ({doc.path}{where}) is missing from the "
                "response; key and response must hold the same documents",
            )
        if other.n_tokens != doc.n_tokens:
            raise InputFormatError(
                other.path,
                other.line,
                f"document '{name}' has {other.n_tokens} tokens here but "
                f"{doc.n_tokens} in the key ({doc.path}); key and response must have the same tokens",
            )
    return _score((name, doc.clusters, response_docs[name].clusters) for name, doc in key_docs.items())


def score_files(key_path: str | Path, response_path: str | Path) -> dict:
    """Read a key and a response file and `score` them (same return value and errors, plus the reader's)."""
    return score(read_clusters(key_path), read_clusters(response_path))


def _as_spans(clusters: Sequence[Sequence[Sequence[int]]]) -> list[list[DocSpan]]:
    """Clusters as lists of `(start, end)` tuples (lists from JSON become hashable); empty clusters dropped."""
    return [[(int(s[0]), int(s[1])) for s in chain] for chain in clusters if chain]


def score_clusters(key: Sequence[Sequence[Sequence[int]]], response: Sequence[Sequence[Sequence[int]]]) -> dict:
    """Score one document given as clusters of (start, end) spans (any one span convention on both sides).

    Empty clusters are ignored. Returns what `score` returns.

    Example:
        >>> score_clusters([[(0, 1), (5, 5)]], [[(0, 1), (5, 5)]])["muc"]
        {'r': 100.0, 'p': 100.0, 'f': 100.0}
    """
    return _score([("document", _as_spans(key), _as_spans(response))])


def score_corpus(
    key: Sequence[Sequence[Sequence[Sequence[int]]]], response: Sequence[Sequence[Sequence[Sequence[int]]]]
) -> dict:
    """Score several documents given as clusters of spans: `key[d]`, `response[d]` are document d's.

    Counts are summed over documents, as for a multi-document file (so BLANC
    counts no link between two documents, unlike scoring them concatenated
    into one). Returns what `score` returns.

    Raises:
        ValueError: `key` and `response` hold different numbers of documents.
    """
    if len(key) != len(response):
        raise ValueError(f"score_corpus: {len(key)} key documents but {len(response)} response documents")
    return _score((f"document {d}", _as_spans(k), _as_spans(r)) for d, (k, r) in enumerate(zip(key, response)))
