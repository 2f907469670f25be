"""Agreement among the raters, per readability class and pooled over all items, for each question.

- observed agreement, the paper's measure as we read it: the share of items
  on which *all* raters give the same answer (unanimity);
- pairwise agreement, the alternative definition: the mean over items of the
  share of rater pairs that agree (Fleiss' P-bar; with three raters an item
  scores 1 when unanimous and 1/3 otherwise, so it is always at least the
  unanimity share);
- Fleiss' kappa (Fleiss 1971, "Measuring nominal scale agreement among many
  raters", Psychological Bulletin 76(5)), undefined (None) when every rating
  falls in one category.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from coref_transfer.readability import CLASSES as READABILITY_CLASSES
from coref_transfer.report.humaneval.ratings import QUESTIONS, Ratings
from coref_transfer.report.humaneval.sample import _check_sample

AGREEMENT_SCHEMA_VERSION = 1


def observed_agreement(table: Sequence[Sequence[int]]) -> Fraction:
    """The share of items on which every rater chose the same category.

    Args:
        table: one row per item, one count per category (how many raters chose it).
    """
    n = _check_table(table)
    return Fraction(sum(1 for row in table if max(row) == n), len(table))


def pairwise_agreement(table: Sequence[Sequence[int]]) -> Fraction:
    """Fleiss' P-bar: the mean over items of the share of agreeing rater pairs."""
    n = _check_table(table)
    return sum((Fraction(sum(c * c for c in row) - n, n * (n - 1)) for row in table), Fraction(0)) / len(table)


def fleiss_kappa(table: Sequence[Sequence[int]]) -> Fraction | None:
    """Fleiss' kappa (Fleiss 1971) of an items x categories count table.

    kappa = (P_bar - P_e) / (1 - P_e), with P_bar the pairwise agreement and
    P_e = sum_j p_j^2, p_j the share of all ratings in category j.

    Returns:
        The exact kappa, or None when it is undefined (P_e = 1: every rating
        falls in one category, so there is no chance agreement to correct for).
    """
    n = _check_table(table)
    total = len(table) * n
    p_e = sum(Fraction(sum(row[j] for row in table), total) ** 2 for j in range(len(table[0])))
    if p_e == 1:
        return None
    return (pairwise_agreement(table) - p_e) / (1 - p_e)


def _check_table(table: Sequence[Sequence[int]]) -> int:
    """The number of raters per item; every item must have the same, at least 2."""
    if not table:
        raise ValueError("agreement of no items is undefined")
    n = sum(table[0])
    if n < 2 or any(sum(row) != n or len(row) != len(table[0]) for row in table):
        raise ValueError("every item needs the same number (at least 2) of ratings over the same categories")
    return n


def agreement(ratings: Ratings, sample: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Agreement per readability class and overall, for both questions.

    "overall" pools all items (it is not a mean of the classes). For each
    (class or overall, question) the result holds the counts ("items",
    "ratings", "yes", "no", "unanimous") and "observed_agreement"
    (unanimous / items, the measure we take the paper to report),
    "pairwise_agreement" (Fleiss' P-bar, the alternative reading) and
    "fleiss_kappa", as floats; each is None where undefined (no items, or for
    kappa every rating in one category). The exact fractions come from
    `observed_agreement`, `pairwise_agreement` and `fleiss_kappa`.

    Raises:
        ValueError: fewer than two raters, or ratings and sample that do not
            hold the same items (use the sample given to `read_ratings`).
    """
    if len(ratings.raters) < 2:
        raise ValueError(f"agreement needs at least two raters, got {list(ratings.raters)}")
    sample = _check_sample(sample, "<sample>")
    if set(ratings.item_ids) != {item["id"] for item in sample}:
        raise ValueError("the ratings and the sample hold different items: pass the sample given to read_ratings")
    groups: dict[str, list[str]] = {label: [] for label in READABILITY_CLASSES}
    for item in sample:
        groups[item["class"]].append(item["id"])
    result: dict[str, Any] = {
        "schema_version": AGREEMENT_SCHEMA_VERSION,
        "raters": list(ratings.raters),
        "definitions": {
            "observed_agreement": "share of items on which all raters give the same answer",
            "pairwise_agreement": "mean over items of the share of rater pairs that agree (Fleiss' P-bar)",
            "fleiss_kappa": "(P_bar - P_e) / (1 - P_e), Fleiss (1971); null when every rating is the same",
        },
        "classes": {label: _group_stats(ratings, ids) for label, ids in groups.items()},
        "overall": _group_stats(ratings, [item["id"] for item in sample]),
    }
    return result


def _group_stats(ratings: Ratings, item_ids: Sequence[str]) -> dict[str, Any]:
    stats: dict[str, Any] = {"items": len(item_ids)}
    n = len(ratings.raters)
    for question in QUESTIONS:
        table = []
        for item_id in item_ids:
            yes = sum(ratings.answers(item_id, question))
            table.append([yes, n - yes])  # [n_items, 2 categories: yes, no]
        yes_total = sum(row[0] for row in table)
        entry: dict[str, Any] = {
            "items": len(table),
            "ratings": len(table) * n,
            "yes": yes_total,
            "no": len(table) * n - yes_total,
            "unanimous": sum(1 for row in table if max(row) == n),
            "observed_agreement": None,
            "pairwise_agreement": None,
            "fleiss_kappa": None,
        }
        if table:
            kappa = fleiss_kappa(table)
            entry["observed_agreement"] = float(observed_agreement(table))
            entry["pairwise_agreement"] = float(pairwise_agreement(table))
            entry["fleiss_kappa"] = None if kappa is None else float(kappa)
        stats[question] = entry
    return stats
