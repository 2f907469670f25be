"""Stage β1: drop utterances with no verb, too few or too many tokens.

Verbless utterances are mostly noun phrases (headlines, greetings) whose
translation has no agreement to preserve; very short ones carry little
syntax; very long ones are hard to translate and to read (the paper drops
28-token utterances). Utterances without mentions stay: they are context.
The reasons are checked in this order and the first that holds is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def utterance_reason(pos: Sequence[str], config: Mapping[str, Any]) -> str | None:
    """None if β1 keeps an utterance with these PTB tags, else the reason.

    Args:
        pos: the utterance's PTB tags (one per token).
        config: the `select` section of the configuration.
    """
    verbs = config["verb_tags"]
    if not any(tag in verbs for tag in pos):
        return "no_verb"
    if len(pos) < config["min_tokens"]:
        return "too_short"
    if len(pos) > config["max_tokens"]:
        return "too_long"
    return None
