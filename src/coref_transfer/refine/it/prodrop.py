"""Subject pronoun deletion, pro-drop (method.md, stage δ, rule 1)."""

from __future__ import annotations

import os

from coref_transfer.lang.it.articles import OTHER_PREPOSITIONS, SIMPLE_PREPOSITIONS, plain_form, split_articulated
from coref_transfer.lang.it.morphology import finite_person_number
from coref_transfer.lang.it.pronouns import SUBJECT_PRONOUNS, THING_PRONOUNS
from coref_transfer.lang.it.speech import is_speech_verb
from coref_transfer.lang.it.word_classes import INTERROGATIVES, QUESTION_WORDS
from coref_transfer.parsed import ParsedSentence, Token, feats_text
from coref_transfer.records import ZeroSubject
from coref_transfer.refine.base import Rule, Sentence
from coref_transfer.refine.it.pronouns import (
    ADVERB_OR_PREPOSITION,
    agreeing_verb_after,
    coordinated_after_preposition,
    finite_verb,
    first_verbal,
    is_coordinated,
    is_personal_pronoun,
    is_subject,
    is_verbal,
    subject_of_next_verb,
    verb_group,
    verb_person_number,
)

#: Focus particles before a pronoun ("anche lui", "solo lei", "neanche loro").
FOCUS_BEFORE = frozenset(
    [
        "anche",
        "pure",
        "solo",
        "soltanto",
        "solamente",
        "unicamente",
        "esclusivamente",
        "neanche",
        "nemmeno",
        "neppure",
        "perfino",
        "persino",
        "addirittura",
        "proprio",
        "almeno",
        "specialmente",
        "soprattutto",
    ]
)
#: Focus and emphasis after a pronoun ("lui stesso", "lei sola", "loro pure").
FOCUS_AFTER = frozenset(
    [
        "stesso",
        "stessa",
        "stessi",
        "stesse",
        "medesimo",
        "medesima",
        "medesimi",
        "medesime",
        "pure",
        "solo",
        "sola",
        "soli",
        "sole",
        "soltanto",
    ]
)
#: Adverbs that mark the subject as a contrastive topic ("lui invece è rimasto").
CONTRAST = frozenset(["invece", "però", "tuttavia"])
#: Relations linking two clauses of equal rank, where "lui …, lei …" contrast.
COORDINATE_CLAUSES = frozenset({"conj", "parataxis"})
#: Relations of a subordinate clause to the clause it depends on.
SUBORDINATE_CLAUSES = frozenset({"ccomp", "advcl", "csubj"})
SENTENCE_END = frozenset({".", "!", "?", "…", "..."})
#: What may close the quotation or clause before an inverted speech verb.
QUOTE_CLOSERS = frozenset({",", ":", ";", '"', "»", "”", "'", "’", "—", "–"})


def _inverted_question(sentence: Sentence, index: int) -> bool:
    """ "cos'è esso ?": a thing pronoun right after a form of "essere" that follows an interrogative, at the
    end of its clause, is the subject of the question; the English "what is it" (whose role reads as an
    object) has no Italian subject pronoun. The parser makes the pronoun the copula's predicate; the
    interrogative is made the predicate and the pronoun its subject. True if done (issue 38)."""
    tokens = sentence.tokens
    if tokens[index].text.lower() not in THING_PRONOUNS or not sentence.own_mentions(index) or index < 2:
        return False
    copula, question = tokens[index - 1], tokens[index - 2]
    if copula.lemma != "essere" or plain_form(question.text) not in QUESTION_WORDS:
        return False
    if index + 1 < len(tokens) and tokens[index + 1].upos != "PUNCT":
        return False
    pronoun = tokens[index]
    if pronoun.head != index - 2:
        old_head, old_deprel = pronoun.head, pronoun.deprel
        for child in sentence.parsed.children(index):
            if child != index - 2:
                tokens[child].head = index - 2
        question.head, question.deprel = old_head, old_deprel
    copula.head, copula.deprel = index - 2, "cop"
    pronoun.head, pronoun.deprel = index - 2, "nsubj"
    return True


def _interjection(tokens: list[Token], index: int) -> bool:
    """A sentence's first word set off by a comma ("Accidenti, com'erano deliziosi!"), which a parser may
    take for the subject: an interjection or a vocative, no subject."""
    return index == 0 and len(tokens) > 1 and tokens[1].text == "," and tokens[0].upos in ("PROPN", "INTJ", "NOUN")


def _sentence_initial(tokens: list[Token], index: int) -> bool:
    """Only punctuation stands between the token and the start of the text or of a sentence."""
    j = index - 1
    while j >= 0 and not any(ch.isalnum() for ch in tokens[j].text):
        if tokens[j].text in SENTENCE_END:
            return True
        j -= 1
    return j < 0


def _person(token: Token) -> str:
    """The grammatical person of a subject: its Person feature, else 3 for nouns and names."""
    person = token.feat("Person")
    if person is not None:
        return person
    known = SUBJECT_PRONOUNS.get(token.text.lower())
    return str(known[0]) if known is not None else "3"


def _compatible(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a == b


#: How far apart two juxtaposed contrasting subjects may stand (`_juxtaposed_partner`).
JUXTAPOSED_WINDOW = 8
#: Words that open a subordinate clause, whose subject sets nothing against the main clause's ("Se tu vuoi, io…").
# fmt: off
SUBORDINATORS = frozenset(["se", "quando", "perché", "poiché", "siccome", "benché", "sebbene", "che", "finché",
                           "dopo", "prima", "appena", "come"])
# fmt: on


def _same_verb(a: Token, b: Token) -> bool:
    """Two forms of one verb: the same lemma, or (the parser's lemmas of rare forms are unsure:
    "indossavo" → "indossavore") forms that differ only in the last two letters of the shorter."""
    if a.lemma == b.lemma:
        return True
    x, y = a.text.lower(), b.text.lower()
    common = len(os.path.commonprefix([x, y]))
    return common >= 4 and common >= min(len(x), len(y)) - 2


class SubjectPronounDeletion(Rule):
    """Delete a subject personal pronoun; a mention on it moves onto its verb.

    Why: Italian is a null-subject language; the verb's ending already says
    who acts, and an overt pronoun is marked (emphatic or contrastive). A
    translated English text keeps every "he"/"she", which reads as
    translationese; the mention it carried moves onto the first verbal
    token of the governing verb group (auxiliary or copula if any, else the
    verb), so the cluster keeps its member. A capital the deleted pronoun
    held at the start of a sentence passes to the new first word (logged as
    a replacement).

    Before/after: "[Egli] ha detto alla gente che [lei] era una brava cuoca"
    → "[Ha] detto alla gente che [era] una brava cuoca".

    Candidates: tonic personal pronouns (PRON, PronType=Prs, not clitic)
    that are nsubj/nsubj:pass, and pronouns coordinated with a subject.
    Kept, with the reason counted (first matching test):

    - "head is not a verb": a nominal clause without copula;
    - "verb not finite": no VerbForm=Fin in the verb group ("essendo lui
      stanco"): only finite endings recover the subject;
    - "another subject of the same verb": another subject stands between the
      pronoun and its verb, a misparse ("Esso sì, e esso si illumina" with
      both pronouns on "illumina": the nearer one goes, the first stays;
      deleting both would put two mentions of one cluster on one token);
    - "coordinated subject": the pronoun has a conj or is one ("lui e Maria");
    - "coordinated with a pronoun after a preposition": "tra te e io" read
      as the subject of the next verb;
    - "focus particle": anche/solo/neanche/proprio… just before it, or
      stesso/pure/solo just after it ("anche lui", "lui stesso");
    - "polite Lei (capitalised: the courtesy form)": "Lei"/"Loro" with a
      capital inside a sentence address someone ("Signor Rossi, Lei è stato
      gentile"); the courtesy form is kept (issue 15);
    - "set off by punctuation": a sentence-initial pronoun followed by a
      comma is a topic ("Io, poi, li ho visti"), and deleting it would
      start the sentence with the comma;
    - "pronoun has dependents": apposition, relative clause ("noi italiani";
      a conjunction the parser hung on it does not count);
    - "post-verbal subject": after the first verbal token, a focus position
      ("l'ha fatto lui"), except the quotative inversion below, and except an
      unstressed English subject (the mention's role `subject`) the
      translator moved there: a thing ("perché dovrebbe esistere essa" →
      "perché [dovrebbe] esistere") or a third person in a question ("cosa
      ha fatto lui ?" → "cosa [ha] fatto ?"); the parser's reading as an
      object is set right first (`english_subjects`; after a copula's
      predicate too, whatever its tag, and past a sentence-opening word set
      off by a comma the parser took for the subject: "Accidenti, com'erano
      deliziosi essi!" → "com'[erano] deliziosi!"). A thing pronoun closing
      a question after an interrogative and "è" is its subject, whatever
      the English role says ("cos'è esso ?" → "cos'[è] ?", counted as
      `questions`; issue 38). A first or second
      person there ("ci penso io") and a third person in a statement
      ("preferisco che lo faccia lui") are a focus and stay;
    - "after a preposition": "Contro di lei non c'erano prove", lei parsed
      as the subject (but "Due anni dopo lui partì": dopo the adverb);
    - "contrast (invece/però)": invece/però/tuttavia after the pronoun in
      its clause ("lui invece è rimasto");
    - "contrastive pair": two clauses side by side across a comma, each with
      a subject pronoun of another person, neither opening a subordinate
      clause ("Noi restiamo qui, voi andate avanti"); or two clauses joined
      by conj or parataxis (or advcl, for two third persons: "Mentre lui
      cucinava, lei apparecchiava", or any two persons when both clauses
      have the same verb: "Anche se io indossavo una mascherina, lei non
      indossava una mascherina") with
      subject pronouns of different forms for persons ("lui cucina, lei
      lava"); esso/essa/essi/esse, for things, contrast with nothing
      ("essa appartiene a nostra nonna, e lei…" loses "essa"); an inverted
      quotative subject counts as its clause's subject ("…, ha detto lui, e
      lei ha sorriso" keeps "lei");
    - "subjunctive: the person would be lost": a 1st/2nd person singular
      pronoun with a subjunctive verb, whose singular endings do not tell
      the persons apart ("che io sia", "che tu sia"); also io/tu right
      after "che" when the verb table does not know the form as that
      person (the parser reads "che io finisca" as an indicative);
    - "object relative: che would read as the subject": "la donna che lui
      ama" → "la donna che ama" means "who loves"; not when the antecedent's
      number differs from the verb's ("i libri che lui ha scritto" → "che
      ha scritto": libri cannot be the subject of "ha");
    - "subject switch": in a ccomp/advcl/csubj clause, a pronoun whose
      person, number and gender fit the main clause's subject but whose
      mention belongs to another cluster: a null subject would be read as
      the main subject ("Mario ha detto che lui era stanco", lui ≠ Mario).
      Without mentions on both, nothing tells, and the pronoun goes. Each
      side's mention is one it heads (`Sentence.headed_mentions`): a
      mention around the pronoun ("[che lui era stanco]") is not its own.

    Where its mention cannot move the pronoun stays as well, checked at the
    deletion itself (`Sentence.removal_problem`; an earlier deletion may
    have put a mention on the same verb). These come with nested mentions
    (the joint translation method):

    - "mention_boundary": the pronoun is the first or last token of a
      longer mention ("Ieri [lui, che era stanco,] partì", the relative
      clause misparsed onto the verb: the mention would start at the comma);
    - "several_mentions": more than one mention lies on the pronoun alone
      (one span in two chains), each of which would become the same zero;
    - "target_is_mention": the verb token is already a mention of another
      cluster on its own ("Ieri [lui] [partì]", an event): two chains would
      share one span, which CorefUD forbids.

    Quotative inversion is deleted too: a pronoun right after a verb of
    saying (dire, aggiungere, dichiarare…) whose verb group follows a closed
    quotation or a comma, and that agrees with the verb in number: '"Abbiamo
    vinto," ha detto [lei] ai giornalisti' → '"Abbiamo vinto," [ha] detto ai
    giornalisti'; "…, ha aggiunto [lei]." → "…, [ha] aggiunto.". The parser
    seldom calls it nsubj there (xcomp, obj), so the position decides. Not
    when the pronoun disagrees with the verb ("…, ha detto loro di
    aspettare": loro is the indirect object) or is followed by anything but
    punctuation or a preposition other than di ("ha detto lui che…").

    Before deciding, a subject pronoun form directly before a finite verb
    that agrees with it in person and number is attached to that verb
    (`_repair_subjects`, counted in `repaired`): the parser often hangs "ed
    esso è …" on the previous clause. A second person pronoun right after a
    comma with a noun phrase and no verb ("Lui ha pagato il vino, lei il
    pane") makes a "contrastive pair" (gapping).

    Known failure modes: the tests trust the parse (a pronoun attached to
    the wrong verb moves its mention there); deletion can leave a sentence
    whose referent is recoverable only from gender agreement of a
    predicate; topic shifts across sentences are not seen.
    """

    name = "subject_pronoun_deletion"
    needs = ("upos", "feats", "head", "deprel")

    def _focused(self, tokens: list[Token], index: int) -> bool:
        before = tokens[index - 1].text.lower() if index > 0 else ""
        after = tokens[index + 1].text.lower() if index + 1 < len(tokens) else ""
        return before in FOCUS_BEFORE or after in FOCUS_AFTER

    def _contrasted(self, parsed: ParsedSentence, index: int) -> bool:
        tokens = parsed.tokens
        head = tokens[index].head
        if index + 1 < len(tokens) and tokens[index + 1].text.lower() in CONTRAST:
            return True
        return any(c > index and tokens[c].text.lower() in CONTRAST for c in parsed.children(head))

    def _in_pair(self, parsed: ParsedSentence, index: int) -> bool:
        tokens = parsed.tokens
        head = tokens[index].head
        # "Mentre lui cucinava, lei apparecchiava": an adverbial clause pairs with its main clause too when
        # both subjects are third persons (two people set against each other; "Se tu vuoi, io posso" is not)
        third = _person(tokens[index]) == "3"
        pairing = COORDINATE_CLAUSES | {"advcl"}
        partners = {c for c in parsed.children(head) if tokens[c].deprel in pairing}
        if tokens[head].deprel in pairing and tokens[head].head >= 0:
            first = tokens[head].head
            partners.add(first)
            partners.update(c for c in parsed.children(first) if tokens[c].deprel in COORDINATE_CLAUSES)
        partners.discard(head)
        form = tokens[index].text.lower()
        if form in THING_PRONOUNS:
            return False
        if self._gapped_partner(parsed, index) or self._juxtaposed_partner(parsed, index):
            return True
        return any(
            is_personal_pronoun(tokens[c])
            and (is_subject(tokens[c]) or self._quotative(parsed, c))
            and tokens[c].text.lower() not in THING_PRONOUNS | {form}
            and (
                tokens[p].deprel != "advcl"
                and tokens[head].deprel != "advcl"
                or third
                and _person(tokens[c]) == "3"
                or _same_verb(tokens[p], tokens[head])  # one verb, two subjects set against each other
            )
            for p in partners
            for c in parsed.children(p)
        )

    @staticmethod
    def _after_che_unsure(tokens: list[Token], index: int, verb: int) -> bool:
        """io/tu right after "che" whose verb's form does not show the person ("che io finisca").

        The parser reads many present subjunctives as indicatives ("finisca"
        Person=3); only a form the verb table knows as this very person
        ("che io sono", "che tu sei") makes the pronoun safe to drop.
        """
        pronoun = tokens[index]
        if pronoun.text.lower() not in ("io", "tu") or index == 0 or tokens[index - 1].text.lower() != "che":
            return False
        known = finite_person_number(tokens[verb].text)
        return known is None or str(known[0]) != _person(pronoun)

    @staticmethod
    def _juxtaposed_partner(parsed: ParsedSentence, index: int) -> bool:
        """Another person's subject pronoun across a comma, neither opening a subordinate clause ("Noi restiamo
        qui, voi andate avanti", "Chiamala tu, io non ho il numero"): two clauses set side by side, a
        contrast the parse may not show as conj; not "Se tu vuoi, io posso" (a condition)."""
        tokens = parsed.tokens
        form = tokens[index].text.lower()
        for j, other in enumerate(tokens):
            if j == index or abs(j - index) > JUXTAPOSED_WINDOW or not is_personal_pronoun(other):
                continue
            if other.text.lower() not in SUBJECT_PRONOUNS or other.text.lower() in THING_PRONOUNS | {form}:
                continue
            lo, hi = min(j, index), max(j, index)
            if not any(t.text == "," for t in tokens[lo + 1 : hi]) or any(
                t.text in (".", ";", ":", "?", "!") for t in tokens[lo + 1 : hi]
            ):
                continue
            if any(k > 0 and tokens[k - 1].text.lower() in SUBORDINATORS for k in (j, index)):
                continue
            return True
        return False

    @staticmethod
    def _gapped_partner(parsed: ParsedSentence, index: int) -> bool:
        """Another person pronoun heads a clause whose verb is gapped ("Lui ha pagato il vino, lei il pane")."""
        tokens = parsed.tokens
        form = tokens[index].text.lower()
        for j, other in enumerate(tokens):
            if j == index or not is_personal_pronoun(other) or other.text.lower() in THING_PRONOUNS | {form}:
                continue
            if j == 0 or tokens[j - 1].text.lower() not in (",", "e", "mentre", "ma"):
                continue
            nxt = tokens[j + 1] if j + 1 < len(tokens) else None
            # no verb of its own: the next word starts a noun phrase, not a verb group
            if nxt is not None and nxt.upos in ("DET", "NOUN", "PROPN", "NUM"):
                return True
        return False

    def _repair_subjects(self, parsed: ParsedSentence) -> None:
        """Attach a pronoun to the finite verb right after it when the parse put it elsewhere.

        "restaurato ed esso è di nuovo aperto" (esso parsed as a conjunct of
        "restaurato"), "Se tu vuoi, io posso…" (io parsed as a subject of
        "vuoi"): a subject pronoun form directly before a finite verb that
        agrees with it in person and number is that verb's subject.
        """
        tokens = parsed.tokens
        for index, token in enumerate(tokens):
            if token.text.lower() not in SUBJECT_PRONOUNS or not is_personal_pronoun(token):
                continue
            if (
                index > 0
                and tokens[index - 1].upos == "ADP"
                and not (
                    tokens[index - 1].text.lower() in ADVERB_OR_PREPOSITION and subject_of_next_verb(tokens, index)
                )
            ):
                continue  # "con lui"; but "Due anni dopo lui partì": dopo is an adverb there
            j = agreeing_verb_after(tokens, index)
            if j is None:
                continue
            person, number = verb_person_number(tokens[j])
            target = tokens[j].head if tokens[j].deprel in ("aux", "aux:pass", "cop") and tokens[j].head >= 0 else j
            if is_subject(token) and token.head == target:
                continue
            current = finite_verb(parsed, token.head) if is_subject(token) and token.head >= 0 else None
            if current is not None and verb_person_number(tokens[current]) == (person, number) and current < index:
                continue  # already the subject of an agreeing verb before it
            token.head, token.deprel = target, "nsubj"
            for c in parsed.children(index):
                if tokens[c].deprel == "case" and tokens[c].text.lower() in ADVERB_OR_PREPOSITION:
                    tokens[c].head, tokens[c].deprel = target, "advmod"  # "dopo" was the adverb, not its case
            self.repaired += 1

    def _object_relative(self, parsed: ParsedSentence, head: int) -> bool:
        tokens = parsed.tokens
        if tokens[head].deprel != "acl:relcl":
            return False
        if not any(
            tokens[c].text.lower() == "che" and tokens[c].upos == "PRON" and not is_subject(tokens[c])
            for c in parsed.children(head)
        ):
            return False
        # "I libri che lui ha scritto" → "I libri che ha scritto": a plural antecedent cannot be
        # the subject of a singular verb (nor the reverse), so "che" still reads as the object
        antecedent = tokens[head].head
        verb = finite_verb(parsed, head)
        if antecedent >= 0 and verb is not None and tokens[antecedent].upos in ("NOUN", "PROPN"):
            noun_number = tokens[antecedent].feat("Number")
            _, verb_number = verb_person_number(tokens[verb])
            if noun_number and verb_number and noun_number != verb_number:
                return False
        return True

    def _switches_subject(self, sentence: Sentence, index: int) -> bool:
        tokens = sentence.tokens
        pronoun = tokens[index]
        clause = tokens[pronoun.head]
        if clause.deprel not in SUBORDINATE_CLAUSES or clause.head < 0:
            return False
        subjects = [c for c in sentence.parsed.children(clause.head) if is_subject(tokens[c])]
        if not subjects:
            return False
        main = tokens[subjects[0]]
        if _person(main) != _person(pronoun):
            return False
        if not all(_compatible(main.feat(f), pronoun.feat(f)) for f in ("Number", "Gender")):
            return False
        ours, theirs = self._cluster(sentence, index), self._cluster(sentence, subjects[0])
        return ours is not None and theirs is not None and ours != theirs

    @staticmethod
    def _cluster(sentence: Sentence, index: int) -> int | None:
        """The cluster of the smallest mention the token heads, if any.

        Not of a mention the token merely lies in: in "[la donna che lui ama]"
        lui is no member of the woman's cluster.
        """
        headed = sentence.headed_mentions(index)
        return sentence.mentions[headed[0]].cluster_id if headed else None

    @staticmethod
    def _quotative(parsed: ParsedSentence, index: int) -> bool:
        """The pronoun at `index` is the inverted subject of a verb of saying after a quotation or comma."""
        tokens = parsed.tokens
        head = tokens[index].head
        if head < 0 or not is_speech_verb(tokens[head]):
            return False
        group = verb_group(parsed, head)
        if group[-1] != index - 1:
            return False  # the pronoun must follow the verb group directly
        before = group[0] - 1
        if before < 0 or tokens[before].text not in QUOTE_CLOSERS:
            return False
        verb = finite_verb(parsed, head)
        if verb is None:
            return False
        person, number = verb_person_number(tokens[verb])
        pronoun = tokens[index]
        if person != _person(pronoun) or number is None or pronoun.feat("Number") not in (None, number):
            return False
        if SUBJECT_PRONOUNS.get(pronoun.text.lower(), (0, number))[1] != number:
            return False
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        if after is not None and after.upos == "ADV" and index + 2 < len(tokens):
            after = tokens[index + 2]  # "hanno detto loro davanti al tribunale", "ha detto lui ieri ."
        if after is None or after.upos == "PUNCT":
            return True
        # "…, ha detto lui ai giornalisti / davanti al tribunale"; not "ha detto loro di aspettare" (a dative)
        word = after.text.lower()
        parts = split_articulated(word)
        return after.upos == "ADP" and word not in ("di", "d'") and (parts is None or parts[0] != "di")

    def _keep_reason(self, sentence: Sentence, index: int, question: bool = False) -> str | None:
        """Why the subject pronoun at `index` must stay, or None to delete it; `question`: the subject of
        an inverted question ("cos'è esso ?", `_inverted_question`), unstressed."""
        parsed = sentence.parsed
        tokens = parsed.tokens
        pronoun = tokens[index]
        head = pronoun.head
        if head < 0 or not is_verbal(parsed, head):
            return "head is not a verb"
        verb = finite_verb(parsed, head)
        if verb is None:
            return "verb not finite"
        if any(min(index, head) < c < max(index, head) and is_subject(tokens[c]) for c in parsed.children(head)):
            return "another subject of the same verb"
        before = tokens[index - 1].text.lower() if index > 0 else ""
        predicate = head == index - 1 and any(tokens[c].deprel == "cop" for c in parsed.children(head))
        if (
            (before in SIMPLE_PREPOSITIONS | OTHER_PREPOSITIONS or split_articulated(before) is not None)
            and not (before in ADVERB_OR_PREPOSITION and subject_of_next_verb(tokens, index))
            and not predicate  # "quanto è lungo esso": "lungo" is the predicate the pronoun is the subject of
        ):
            return "after a preposition"  # "Contro di lei non c'erano prove", lei parsed as the subject
        if is_coordinated(parsed, index):
            return "coordinated subject"
        if coordinated_after_preposition(tokens, index):
            return "coordinated with a pronoun after a preposition"  # "tra te e io non cambierà niente"
        if self._focused(tokens, index):
            return "focus particle"
        if pronoun.text in ("Lei", "Loro") and not _sentence_initial(tokens, index):
            return "polite Lei (capitalised: the courtesy form)"  # "Signor Rossi, Lei è stato gentile"
        if index + 1 < len(tokens) and tokens[index + 1].upos == "PUNCT" and _sentence_initial(tokens, index):
            return "set off by punctuation"  # "Io, poi, li ho visti": a topic, and deleting it leaves ", Poi"
        english_subject = sentence.mention_role(index) == "subject"
        if any(
            tokens[c].deprel not in ("punct", "cc") and not (english_subject and tokens[c].upos == "ADV")
            for c in parsed.children(index)
        ):
            return "pronoun has dependents"  # an adverb the parser hung on an English subject does not count
        if (
            index > first_verbal(parsed, head)
            and not question
            and not self._moved_subject(sentence, index)
            and not subject_of_next_verb(tokens, index)
        ):
            # (right before a finite verb of its person it is no post-verbal subject, whatever verb the parser
            # gave it: "Mentre L'Enfant era a New York, lui fu iniziato", "era" hung on "iniziato")
            return "post-verbal subject"
        if self._contrasted(parsed, index):
            return "contrast (invece/però)"
        if self._in_pair(parsed, index):
            return "contrastive pair"
        mood, number = tokens[verb].feat("Mood"), tokens[verb].feat("Number")
        if mood == "Sub" and number == "Sing" and _person(pronoun) in ("1", "2"):
            return "subjunctive: the person would be lost"
        if self._after_che_unsure(tokens, index, verb):
            return "subjunctive: the person would be lost"
        if self._object_relative(parsed, head):
            return "object relative: che would read as the subject"
        if self._switches_subject(sentence, index):
            return "subject switch"
        return None

    def __init__(self) -> None:
        super().__init__()
        self.repaired = 0
        """Subject pronouns re-attached to the agreeing finite verb right after them (`_repair_subjects`)."""

        self.english_subjects = 0
        """Pronouns right after their verb that the parser did not call its subject, made its subject because
        the English pronoun is one (`_english_subject_after_verb`)."""

        self.questions = 0
        """Thing pronouns after "è" in a question re-hung as its subject ("cos'è esso ?", `_inverted_question`)."""

    def extra_counts(self) -> dict[str, int]:
        return {"repaired": self.repaired, "english_subjects": self.english_subjects, "questions": self.questions}

    @staticmethod
    def _moved_subject(sentence: Sentence, index: int) -> bool:
        """A post-verbal pronoun that is an unstressed English subject the translator moved: a thing
        (esso, essa: never a focus) or a third person in a question ("cosa ha fatto lui ?", "dove abita
        lui adesso ?"). Not a first or second person ("ci penso io") nor a third person in a statement
        ("preferisco che lo faccia lui", "ha telefonato lei, non suo marito"): a focus chosen on purpose."""
        if sentence.mention_role(index) != "subject":
            return False
        tokens = sentence.tokens
        form = tokens[index].text.lower()
        if form in THING_PRONOUNS:
            return True
        if _person(tokens[index]) != "3":
            return False
        end = next((t.text for t in tokens[index + 1 :] if t.text in (".", "!", "?", ";")), None)
        return end == "?"

    @staticmethod
    def _english_subject_after_verb(sentence: Sentence, index: int) -> bool:
        """Attach a pronoun right after its verb (one adverb may stand between) to that verb as its subject
        when its mention's English pronoun is a subject: the translator put it after the verb ("perché
        dovrebbe esistere essa", "cosa ha fatto lui ?", after a copula's predicate: "quanto è lungo esso")
        and the parser read it as an object. True if done."""
        tokens = sentence.tokens
        if sentence.mention_role(index) != "subject":
            return False
        verb = index - 1
        if verb >= 1 and tokens[verb].upos == "ADV":
            verb -= 1
        children = sentence.parsed.children
        if (
            verb >= 0
            and tokens[verb].upos in ("ADJ", "NOUN", "DET")
            and any(tokens[c].deprel == "cop" for c in children(verb))
        ):
            # "dipende da quanto è lungo esso": the predicate of "è" heads the clause (the parser may tag it
            # DET: "com'erano deliziosi essi!")
            main = verb
        elif verb < 0 or tokens[verb].upos not in ("VERB", "AUX"):
            return False
        else:
            auxiliary = tokens[verb].deprel in ("aux", "aux:pass", "cop") and tokens[verb].head >= 0
            main = tokens[verb].head if auxiliary else verb
        if main == index:
            return False
        children = sentence.parsed.children(main)
        if any(
            is_subject(tokens[c]) and tokens[c].text.lower() not in INTERROGATIVES and not _interjection(tokens, c)
            for c in children
        ):
            return False  # the verb has a subject of its own ("cosa" in "cosa ha fatto lui" is its object)
        if tokens[main].head == index:
            # "com'erano buoni essi !", the predicate hung on the pronoun: it takes the pronoun's place
            tokens[main].head, tokens[main].deprel = tokens[index].head, tokens[index].deprel
        tokens[index].head, tokens[index].deprel = main, "nsubj"
        return True

    def apply(self, sentence: Sentence) -> None:
        tokens = sentence.tokens
        self._repair_subjects(sentence.parsed)
        plan: list[tuple[Token, Token]] = []  # (pronoun, verbal token its mention moves to)
        inverted: set[int] = set()  # subjects of inverted questions ("cos'è esso ?")
        for index, token in enumerate(tokens):
            if not is_personal_pronoun(token):
                continue
            if self._quotative(sentence.parsed, index):
                plan.append((token, tokens[first_verbal(sentence.parsed, token.head)]))
                continue
            if _inverted_question(sentence, index):
                self.questions += 1
                inverted.add(index)
            elif not is_subject(token) and self._english_subject_after_verb(sentence, index):
                self.english_subjects += 1
            if not is_subject(token):
                if token.deprel == "conj" and token.head >= 0 and is_subject(tokens[token.head]):
                    self.skip("coordinated subject")
                continue
            reason = self._keep_reason(sentence, index, index in inverted)
            if reason is not None:
                self.skip(reason)
                continue
            target = first_verbal(sentence.parsed, token.head)
            after = agreeing_verb_after(tokens, index)
            if target < index and after is not None:
                target = after  # the finite verb right after it, not one the parser hung earlier in the group
            plan.append((token, tokens[target]))
        # Decided on the whole parse first, then deleted: a deletion re-attaches
        # dependents and shifts indexes, which would change later decisions.
        for pronoun, target in plan:
            self._delete(sentence, pronoun, target)

    def _delete(self, sentence: Sentence, pronoun: Token, target: Token) -> None:
        """Delete the pronoun, its mention moving onto `target` as a zero subject; or count why it cannot.

        Checked here, not when planning: an earlier deletion of the plan may
        have put another cluster's mention on the same verb.
        """
        index = sentence.position(pronoun)
        problem = sentence.removal_problem(index, index, sentence.position(target))
        if problem is not None:
            self.skip(problem)
            return
        capital = pronoun.text[:1].isupper() and _sentence_initial(sentence.tokens, index)
        # The mention becomes a zero subject (CorefUD: an empty node); a quotative subject the parser
        # called obj or xcomp is a subject all the same, and a personal pronoun's lemma is lower case
        # (the parser copies a capital at the start of a sentence: "Loro").
        deprel = pronoun.deprel if pronoun.deprel.startswith("nsubj") else "nsubj"
        lemma = (pronoun.lemma or pronoun.text).lower()
        zero = ZeroSubject(pronoun.text, lemma, pronoun.xpos or "_", feats_text(pronoun.feats), deprel)
        sentence.delete(self.name, index, move_to=sentence.position(target), zero=zero)
        self.applied += 1
        if not capital:
            return
        for j in range(index, len(sentence.tokens)):
            word = sentence.tokens[j].text
            if any(ch.isalnum() for ch in word):
                if word[:1].islower():
                    sentence.replace(self.name, j, word[:1].upper() + word[1:])
                return
