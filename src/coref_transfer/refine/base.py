"""What a refinement rule is, and the sentence it edits.

A rule is a small named unit (one class) that reads a parsed sentence with
its coreference mentions and edits it: replace a token's text, delete,
insert or move a token, or move a mention. Every edit goes through
`Sentence`, which logs it (rule, token index, before, after; "" before an
insertion, "" after a deletion) and keeps every mention span and every head
index right after deletions, insertions and moves. Each rule counts what
it did: `applied`, and `skipped` with a reason, for the report.

Mentions may nest (a translate method that carries every English mention
into its sentence): a token's own mention is not any mention around it.
A pronoun's is the mention on it alone (`Sentence.own_mentions`), a noun's
or a name's those it heads (`Sentence.headed_mentions`), and a pronoun
whose mention cannot follow it to a new token stays
(`Sentence.removal_problem`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from coref_transfer.classes import MentionClass
from coref_transfer.model import Mention, Span, span_root
from coref_transfer.parsed import ParsedSentence, Token
from coref_transfer.records import Change, ZeroSubject

#: What a rule that hits one of `delete`'s refusals should have done.
_MOVE_FIX = "ask Sentence.removal_problem before deleting, and skip the pronoun with its reason"


@dataclass
class Sentence:
    """A parsed sentence and its mentions, edited by the rules."""

    parsed: ParsedSentence
    mentions: list[Mention] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    classes: list[MentionClass | None] = field(default_factory=list)
    """The entity class of each mention, parallel to `mentions` (translate's; empty when
    unknown, as for `refine-text`). Every edit keeps the mentions in their order, so
    the two lists stay aligned."""
    roles: list[str | None] = field(default_factory=list)
    """The English role of each pronoun mention (`lang.en.pronoun_role.ROLES`; None for other mentions),
    parallel to `mentions` like `classes` (empty when unknown)."""
    zeros: dict[int, ZeroSubject] = field(default_factory=dict)
    """Mentions (by index in `mentions`) that a deleted subject pronoun left on its verb, and that pronoun
    (`delete(..., zero=...)`): the CorefUD export writes them as zero mentions on empty nodes."""

    def own_mentions(self, start: int, end: int | None = None) -> list[int]:
        """Indexes (in `mentions`) of the mentions spanning exactly tokens `start`..`end` (`end`: `start` alone).

        A pronoun's own mention. With nested mentions a token can lie inside
        mentions that are not its own ("[la madre di lui]": lui has none), whose
        class, role and cluster are another entity's; only the span that is the
        pronoun itself (or, for "sé stesso", the pronoun and its stesso) is its own.
        """
        span = Span(start, start if end is None else end)
        return [k for k, m in enumerate(self.mentions) if m.span == span]

    def headed_mentions(self, index: int) -> list[int]:
        """Indexes (in `mentions`) of the mentions whose root in the parse is token `index`, smallest first.

        A noun's or a name's own mentions, for rules that read a phrase by its
        head: "madre" heads "[la madre di [Marco]]" and "Marco" heads only
        "[Marco]"; a subject inside a mention it does not head ("[la città dove
        Andrea è nato]") has none. The root is `model.span_root` over the
        current heads.
        """
        heads = [t.head for t in self.tokens]
        headed = [
            (len(m.span), k)
            for k, m in enumerate(self.mentions)
            if m.span.start <= index <= m.span.end and span_root(heads, m.span.start, m.span.end) == index
        ]
        return [k for _, k in sorted(headed)]

    def mention_class(self, index: int, end: int | None = None) -> MentionClass | None:
        """The class of the mention spanning exactly tokens `index`..`end` (`own_mentions`), if known."""
        own = self.own_mentions(index, end)
        return self.classes[own[0]] if own and self.classes else None

    def mention_role(self, index: int) -> str | None:
        """The English role of the mention on token `index` alone (`own_mentions`), if known.

        Roles belong to one-token English pronouns; a mention around the
        pronoun is another entity's, with another role or none.
        """
        own = self.own_mentions(index)
        return self.roles[own[0]] if own and self.roles else None

    def headed_class(self, index: int) -> MentionClass | None:
        """The class of the smallest mention token `index` heads (`headed_mentions`), if known."""
        headed = self.headed_mentions(index)
        return self.classes[headed[0]] if headed and self.classes else None

    @property
    def tokens(self) -> list[Token]:
        return self.parsed.tokens

    def words(self) -> list[str]:
        return [t.text for t in self.tokens]

    def position(self, token: Token) -> int | None:
        """The current index of `token` (indexes shift as tokens are inserted, deleted, moved), None if gone."""
        return next((i for i, t in enumerate(self.tokens) if t is token), None)

    def replace(self, rule: str, index: int, text: str, lemma: str | None = None) -> None:
        """Change a token's text (and lemma), logged; a no-op if nothing changes."""
        token = self.tokens[index]
        if token.text == text:
            return
        self.changes.append(Change(rule, index, token.text, text))
        token.text = text
        if lemma is not None:
            token.lemma = lemma

    def removal_problem(self, start: int, end: int, target: int | None) -> str | None:
        """Why a pronoun on tokens `start`..`end` cannot go, its mention moving onto token `target`; None if it can.

        Rules that delete a pronoun or make it a clitic call this before any
        edit and count the reason as a skip. `target` is the token its mention
        will lie on, as indexes stand now (None: a new token, the preposed
        clitic, which holds no mention). With nested mentions (the joint
        translation method) three things go wrong:

        - "mention_boundary": a longer mention starts or ends on the tokens
          ("[lui, che era stanco]"): without them it would start at the comma.
          A mention strictly around them only shrinks ("[la donna che lui ama]"
          → "[la donna che ama]") and is no problem;
        - "several_mentions": more than one mention lies on the tokens alone
          (one span in two chains, or "[sé]" and "[sé stesso]"): all would
          land on the target, each as the same zero subject;
        - "target_is_mention": a mention of another cluster already spans the
          target alone (a verb that is an event mention, "[disse]"): two
          chains would share one span, which CorefUD forbids. A mention of
          the same cluster there becomes a repeat, which the span formats
          write once (`export.rows.unique_mentions`), as before.
        """
        on = [k for k, m in enumerate(self.mentions) if start <= m.span.start and m.span.end <= end]
        if any(
            k not in on and (start <= m.span.start <= end or start <= m.span.end <= end)
            for k, m in enumerate(self.mentions)
        ):
            return "mention_boundary"
        if len(on) > 1:
            return "several_mentions"
        if on and target is not None and self._taken(target, self.mentions[on[0]].cluster_id):
            return "target_is_mention"
        return None

    def _taken(self, target: int, cluster: int) -> bool:
        """Whether a mention of a cluster other than `cluster` spans token `target` alone."""
        return any(m.cluster_id != cluster for m in (self.mentions[k] for k in self.own_mentions(target)))

    def delete(self, rule: str, index: int, move_to: int | None = None, zero: ZeroSubject | None = None) -> None:
        """Delete token `index`, logged; mentions and heads stay consistent.

        A mention lying wholly on the deleted token moves onto `move_to` (an
        index in the sentence before the deletion), and with `zero` (the
        deleted subject pronoun) it is recorded in `zeros`; a mention that
        only contains it shrinks (an article before its noun; a pronoun at the
        edge of a longer mention is the rules' to refuse, `removal_problem`).
        Dependents of the deleted token attach to its head.

        Raises:
            ValueError: a mention would be left with no token and no `move_to`;
                several mentions lie on the token with a `move_to`; or the
                mention would land on a token another cluster's mention spans
                alone (`removal_problem` tells a rule beforehand).
        """
        token = self.tokens[index]
        own = self.own_mentions(index)
        if own:
            where = f"deleting token {index} ({token.text!r})"
            if move_to is None:
                raise ValueError(f"{where} would leave a mention with no token")
            if len(own) > 1:
                raise ValueError(f"{where} would move {len(own)} mentions onto token {move_to}: {_MOVE_FIX}")
            k = own[0]
            cluster = self.mentions[k].cluster_id
            if self._taken(move_to, cluster):
                raise ValueError(f"{where} would move cluster {cluster} onto a span another cluster holds: {_MOVE_FIX}")
            self.mentions[k] = Mention(cluster, Span(move_to, move_to))
            if zero is not None:
                self.zeros[k] = zero
        self.changes.append(Change(rule, index, token.text, ""))
        for t in self.tokens:
            if t.head == index:
                t.head = token.head
        del self.tokens[index]
        for t in self.tokens:
            if t.head > index:
                t.head -= 1
        self.mentions = [
            Mention(m.cluster_id, Span(m.span.start - (m.span.start > index), m.span.end - (m.span.end >= index)))
            for m in self.mentions
        ]

    def insert(self, rule: str, index: int, token: Token) -> None:
        """Insert `token` before position `index` (len(tokens) appends), logged.

        `token.head` is an index in the sentence *after* the insertion. Heads
        of the other tokens shift with it. A mention strictly around the
        position (starting before it, ending at or after it) grows by the
        token; the others shift or stay, so a word inserted right before a
        mention ("su [lui]" → "su di [lui]") does not join it.
        """
        for t in self.tokens:
            if t.head >= index:
                t.head += 1
        self.tokens.insert(index, token)
        self.changes.append(Change(rule, index, "", token.text))
        self.mentions = [
            Mention(m.cluster_id, Span(m.span.start + (m.span.start >= index), m.span.end + (m.span.end >= index)))
            for m in self.mentions
        ]

    def move(self, rule: str, index: int, to: int) -> int:
        """Move token `index` to stand before the token now at `to`; returns its new index.

        Logged as a deletion and an insertion. Mentions lying wholly on the
        token move with it; a mention that only contains it shrinks (or grows,
        if the new position is inside it). Heads follow the tokens.

        Raises:
            ValueError: `to` is the token itself or the one after it (nothing moves).
        """
        if to in (index, index + 1):
            raise ValueError(f"moving token {index} before token {to} leaves it where it is")
        token = self.tokens[index]
        own = [k for k, m in enumerate(self.mentions) if m.span.start == index == m.span.end]
        order = list(range(len(self.tokens)))
        order.remove(index)
        new_index = to if to < index else to - 1
        order.insert(new_index, index)
        where = {old: new for new, old in enumerate(order)}
        for t in self.tokens:
            if t.head >= 0:
                t.head = where[t.head]
        self.tokens.insert(new_index, self.tokens.pop(index))
        self.changes.append(Change(rule, index, token.text, ""))
        self.changes.append(Change(rule, new_index, "", token.text))
        moved = []
        for k, m in enumerate(self.mentions):
            if k in own:
                moved.append(Mention(m.cluster_id, Span(new_index, new_index)))
                continue
            inside = [where[i] for i in range(m.span.start, m.span.end + 1) if i != index]
            start, end = min(inside), max(inside)  # a token landing inside a span is covered by it
            moved.append(Mention(m.cluster_id, Span(start, end)))
        self.mentions = moved
        return new_index


class Rule(ABC):
    """A refinement rule: subclasses set `name`, `needs` and implement `apply`.

    The docstring of each rule gives the linguistic reason, a before/after
    example and its known failure modes.
    """

    name: str = "rule"
    #: The annotations the rule reads (of `parsed.ANNOTATIONS`); on a
    #: sentence whose parser did not fill one, the rule is skipped with the
    #: reason "missing annotation: ..." (`registry.refine`).
    needs: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.applied = 0
        self.skipped: Counter = Counter()

    def extra_counts(self) -> dict[str, int]:
        """Counts of the rule's own beyond applied/skipped, for stats.json (none by default)."""
        return {}

    def attempt_each(
        self, sentence: Sentence, candidates: list[Token], attempt: Callable[[Sentence, int], str | None]
    ) -> None:
        """Call `attempt(sentence, index)` on each candidate token where it now stands; count it
        applied when it returns None, else skipped with the reason it returns. Candidates are
        chosen first, as earlier edits shift the indexes of later ones."""
        for token in candidates:
            index = sentence.position(token)
            if index is None:
                continue
            reason = attempt(sentence, index)
            if reason is None:
                self.applied += 1
            else:
                self.skip(reason)

    def skip(self, reason: str) -> None:
        """Count a candidate the rule left alone, with why."""
        self.skipped[reason] += 1

    @abstractmethod
    def apply(self, sentence: Sentence) -> None:
        """Edit the sentence through its methods (which log every change)."""
