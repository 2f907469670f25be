"""Stage β3: drop clusters left inconsistent by the earlier filters.

Inside each part a cluster is kept only if it still has at least
`min_cluster_mentions` mentions (a chain needs two ends) and at least one
mention whose root is a noun or proper noun (something that introduces the
entity; a chain of pronouns alone cannot be given a reliable class).

The joint method (`docs/methods.md`) keeps the first condition only: it
draws no placeholder, so a chain needs no class to be carried, and a chain of
pronouns ("I … my … me") is as much coreference as any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def cluster_reason(root_tags: Sequence[str], config: Mapping[str, Any], joint: bool = False) -> str | None:
    """None if β3 keeps a cluster whose surviving mentions have these root tags (`joint`: the joint
    method's condition only)."""
    if len(root_tags) < config["min_cluster_mentions"]:
        return "too_small"
    if not joint and not any(tag in config["noun_tags"] for tag in root_tags):
        return "no_noun"
    return None
