"""What a refinement rule is, and the sentence it edits.

A rule is a small named unit (one class) that reads a parsed sentence with
its coreference mentions and edits it: replace a token's text, delete,
insert or move a token, or move a mention. Every edit goes through
`Sentence`, which logs it (rule, token index, before, after; "" before an
insertion, "" after a deletion) and keeps every mention span and every head
index right after deletions, insertions and moves. Each rule counts what
it did: `applied`, and `skipped` with a reason, for the report.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from coref_transfer.classes import MentionClass
from coref_transfer.model import Mention, Span
from coref_transfer.parsing.model import ParsedSentence, Token
from coref_transfer.records import Change, ZeroSubject


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

    def mention_class(self, index: int) -> MentionClass | None:
        """The class of the smallest mention covering token `index`, if known."""
        covering = [(len(m.span), k) for k, m in enumerate(self.mentions) if m.span.start <= index <= m.span.end]
        if not covering or not self.classes:
            return None
        return self.classes[min(covering)[1]]

    def mention_role(self, index: int) -> str | None:
        """The English role of the smallest mention covering token `index`, if known."""
        covering = [(len(m.span), k) for k, m in enumerate(self.mentions) if m.span.start <= index <= m.span.end]
        if not covering or not self.roles:
            return None
        return self.roles[min(covering)[1]]

    @property
    def tokens(self) -> list[Token]:
        return self.parsed.tokens

    def words(self) -> list[str]:
        return [t.text for t in self.tokens]

    def position(self, token: Token) -> int | None:
        """The current index of `token` (indexes shift as tokens are inserted, deleted, moved), None if gone."""
        return next((i for i, t in enumerate(self.tokens) if t is token), None)

    def mentions_on(self, index: int) -> list[Mention]:
        """Mentions whose span covers token `index`."""
        return [m for m in self.mentions if m.span.start <= index <= m.span.end]

    def replace(self, rule: str, index: int, text: str, lemma: str | None = None) -> None:
        """Change a token's text (and lemma), logged; a no-op if nothing changes."""
        token = self.tokens[index]
        if token.text == text:
            return
        self.changes.append(Change(rule, index, token.text, text))
        token.text = text
        if lemma is not None:
            token.lemma = lemma

    def delete(self, rule: str, index: int, move_to: int | None = None, zero: ZeroSubject | None = None) -> None:
        """Delete token `index`, logged; mentions and heads stay consistent.

        A mention lying wholly on the deleted token moves onto `move_to` (an
        index in the sentence before the deletion), and with `zero` (the
        deleted subject pronoun) it is recorded in `zeros`; a mention that
        only contains it shrinks. Dependents of the deleted token attach to
        its head.

        Raises:
            ValueError: a mention would be left with no token and no `move_to`.
        """
        token = self.tokens[index]
        for k, m in enumerate(self.mentions):
            if m.span.start == index == m.span.end:
                if move_to is None:
                    raise ValueError(f"deleting token {index} ({token.text!r}) would leave a mention with no token")
                self.mentions[k] = Mention(m.cluster_id, Span(move_to, move_to))
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
    #: The annotations the rule reads (of `parsing.model.ANNOTATIONS`); on a
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
