"""The vocabulary of the synthetic Italian sentences (`parsing.synthetic`): nouns, names, adjectives, verbs, pronouns.

Small tables written for the templates of `parsing.synthetic_templates`: about
40 nouns with their gender and a semantic class (kin, person, text, object,
door, place, animal) that keeps objects sensible, 8 names, 16 adjectives,
33 verbs with their present, imperative, gerund, participle and auxiliary,
the present of essere, avere and the modals, and the subject, stressed and
clitic pronouns. Articles, demonstratives and possessives are not here: they
come from `coref_transfer.lang.it`.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Nouns: lemma (singular), plural ("" = used in the singular only: "le tue madri" reads oddly), gender,
#: class. "kin" nouns take a bare possessive in the singular ("mia madre"); the classes of things keep
#: objects sensible (one reads a "text", opens a "door", carries an "object").
NOUNS: list[tuple[str, str, str, str]] = [
    ("madre", "", "Fem", "kin"),
    ("padre", "", "Masc", "kin"),
    ("sorella", "sorelle", "Fem", "kin"),
    ("fratello", "fratelli", "Masc", "kin"),
    ("figlio", "figli", "Masc", "kin"),
    ("figlia", "figlie", "Fem", "kin"),
    ("zio", "zii", "Masc", "kin"),
    ("zia", "zie", "Fem", "kin"),
    ("nonno", "nonni", "Masc", "kin"),
    ("nonna", "nonne", "Fem", "kin"),
    ("cugino", "cugini", "Masc", "kin"),
    ("cugina", "cugine", "Fem", "kin"),
    ("ragazzo", "ragazzi", "Masc", "person"),
    ("ragazza", "ragazze", "Fem", "person"),
    ("amico", "amici", "Masc", "person"),
    ("amica", "amiche", "Fem", "person"),
    ("studente", "studenti", "Masc", "person"),
    ("studentessa", "studentesse", "Fem", "person"),
    ("vicino", "vicini", "Masc", "person"),
    ("vicina", "vicine", "Fem", "person"),
    ("bambino", "bambini", "Masc", "person"),
    ("bambina", "bambine", "Fem", "person"),
    ("medico", "medici", "Masc", "person"),
    ("avvocato", "avvocati", "Masc", "person"),
    ("libro", "libri", "Masc", "text"),
    ("lettera", "lettere", "Fem", "text"),
    ("giornale", "giornali", "Masc", "text"),
    ("rivista", "riviste", "Fem", "text"),
    ("regalo", "regali", "Masc", "object"),
    ("chiave", "chiavi", "Fem", "object"),
    ("orologio", "orologi", "Masc", "object"),
    ("specchio", "specchi", "Masc", "object"),
    ("macchina", "macchine", "Fem", "object"),
    ("borsa", "borse", "Fem", "object"),
    ("porta", "porte", "Fem", "door"),
    ("finestra", "finestre", "Fem", "door"),
    ("casa", "case", "Fem", "place"),
    ("giardino", "giardini", "Masc", "place"),
    ("cane", "cani", "Masc", "animal"),
    ("gatto", "gatti", "Masc", "animal"),
]
ANIMATE = ("kin", "person")
THINGS = ("text", "object", "door", "place")

#: Proper names (PROPN, no features, as ISDT has them), with their gender for agreement.
# fmt: off
NAMES = [("Marco", "Masc"), ("Luca", "Masc"), ("Paolo", "Masc"), ("Giorgio", "Masc"),
         ("Anna", "Fem"), ("Giulia", "Fem"), ("Sara", "Fem"), ("Elena", "Fem")]
# fmt: on

#: Adjectives: masc sg, fem sg, masc pl, fem pl (the same for -e adjectives, which have no Gender in ISDT).
PERSON_ADJECTIVES = [
    ("stanco", "stanca", "stanchi", "stanche"),
    ("contento", "contenta", "contenti", "contente"),
    ("pronto", "pronta", "pronti", "pronte"),
    ("bravo", "brava", "bravi", "brave"),
    ("alto", "alta", "alti", "alte"),
    ("simpatico", "simpatica", "simpatici", "simpatiche"),
    ("felice", "felice", "felici", "felici"),
    ("gentile", "gentile", "gentili", "gentili"),
    ("tranquillo", "tranquilla", "tranquilli", "tranquille"),
    ("nervoso", "nervosa", "nervosi", "nervose"),
]
THING_ADJECTIVES = [
    ("nuovo", "nuova", "nuovi", "nuove"),
    ("vecchio", "vecchia", "vecchi", "vecchie"),
    ("piccolo", "piccola", "piccoli", "piccole"),
    ("caro", "cara", "cari", "care"),
    ("grande", "grande", "grandi", "grandi"),
    ("bello", "bella", "belli", "belle"),
]
ADVERBS = ["oggi", "domani", "sempre", "spesso", "qui", "ancora", "adesso", "subito"]
#: Adverbs that read well after an object ("Leggo il giornale oggi", not "... ancora").
AFTER_OBJECT = ["oggi", "domani", "qui", "adesso", "stasera"]


@dataclass(frozen=True)
class Verb:
    """A verb: present indicative (io ... loro), imperative 2nd singular, gerund, participle stem."""

    lemma: str
    present: tuple[str, ...]
    imperative: str
    gerund: str
    participle: str  # stem: + o/a/i/e
    aux: str  # "avere" or "essere"
    objects: tuple[str, ...] = ()  # noun classes it takes as object; () = intransitive
    dative: bool = False  # takes an indirect-object clitic ("gli parla")
    pronominal: bool = False  # "alzarsi": a reflexive clitic (expl), essere

    @property
    def infinitive_stem(self) -> str:
        """The infinitive an enclitic attaches to: vedere → veder (vederlo)."""
        return self.lemma[:-1]


def _v(
    lemma: str,
    present: str,
    imperative: str,
    gerund: str,
    participle: str,
    aux: str = "avere",
    objects: tuple[str, ...] = (),
    dative: bool = False,
    pronominal: bool = False,
) -> Verb:
    return Verb(lemma, tuple(present.split()), imperative, gerund, participle, aux, objects, dative, pronominal)


ANY = ("kin", "person", "animal", *THINGS)
PEOPLE = ("kin", "person")
# fmt: off
VERBS = [
    _v("guardare", "guardo guardi guarda guardiamo guardate guardano", "guarda", "guardando", "guardat", objects=ANY),
    _v("aspettare", "aspetto aspetti aspetta aspettiamo aspettate aspettano", "aspetta", "aspettando", "aspettat",
       objects=PEOPLE),
    _v("aiutare", "aiuto aiuti aiuta aiutiamo aiutate aiutano", "aiuta", "aiutando", "aiutat", objects=PEOPLE),
    _v("chiamare", "chiamo chiami chiama chiamiamo chiamate chiamano", "chiama", "chiamando", "chiamat",
       objects=PEOPLE + ("animal",)),
    _v("ascoltare", "ascolto ascolti ascolta ascoltiamo ascoltate ascoltano", "ascolta", "ascoltando", "ascoltat",
       objects=PEOPLE),
    _v("salutare", "saluto saluti saluta salutiamo salutate salutano", "saluta", "salutando", "salutat",
       objects=PEOPLE),
    _v("trovare", "trovo trovi trova troviamo trovate trovano", "trova", "trovando", "trovat", objects=ANY),
    _v("portare", "porto porti porta portiamo portate portano", "porta", "portando", "portat",
       objects=("text", "object", "animal")),
    _v("comprare", "compro compri compra compriamo comprate comprano", "compra", "comprando", "comprat",
       objects=("text", "object", "place")),
    _v("vedere", "vedo vedi vede vediamo vedete vedono", "vedi", "vedendo", "vist", objects=ANY),
    _v("conoscere", "conosco conosci conosce conosciamo conoscete conoscono", "conosci", "conoscendo", "conosciut",
       objects=PEOPLE),
    _v("leggere", "leggo leggi legge leggiamo leggete leggono", "leggi", "leggendo", "lett", objects=("text",)),
    _v("prendere", "prendo prendi prende prendiamo prendete prendono", "prendi", "prendendo", "pres",
       objects=("text", "object")),
    _v("sentire", "sento senti sente sentiamo sentite sentono", "senti", "sentendo", "sentit", objects=PEOPLE),
    _v("aprire", "apro apri apre apriamo aprite aprono", "apri", "aprendo", "apert", objects=("text", "door")),
    _v("capire", "capisco capisci capisce capiamo capite capiscono", "capisci", "capendo", "capit", objects=PEOPLE),
    _v("lavorare", "lavoro lavori lavora lavoriamo lavorate lavorano", "lavora", "lavorando", "lavorat"),
    _v("dormire", "dormo dormi dorme dormiamo dormite dormono", "dormi", "dormendo", "dormit"),
    _v("studiare", "studio studi studia studiamo studiate studiano", "studia", "studiando", "studiat"),
    _v("cantare", "canto canti canta cantiamo cantate cantano", "canta", "cantando", "cantat"),
    _v("parlare", "parlo parli parla parliamo parlate parlano", "parla", "parlando", "parlat", dative=True),
    _v("telefonare", "telefono telefoni telefona telefoniamo telefonate telefonano", "telefona", "telefonando",
       "telefonat", dative=True),
    _v("rispondere", "rispondo rispondi risponde rispondiamo rispondete rispondono", "rispondi", "rispondendo",
       "rispost", dative=True),
    _v("arrivare", "arrivo arrivi arriva arriviamo arrivate arrivano", "arriva", "arrivando", "arrivat", "essere"),
    _v("partire", "parto parti parte partiamo partite partono", "parti", "partendo", "partit", "essere"),
    _v("tornare", "torno torni torna torniamo tornate tornano", "torna", "tornando", "tornat", "essere"),
    _v("uscire", "esco esci esce usciamo uscite escono", "esci", "uscendo", "uscit", "essere"),
    _v("entrare", "entro entri entra entriamo entrate entrano", "entra", "entrando", "entrat", "essere"),
    _v("alzare", "alzo alzi alza alziamo alzate alzano", "alza", "alzando", "alzat", "essere", pronominal=True),
    _v("svegliare", "sveglio svegli sveglia svegliamo svegliate svegliano", "sveglia", "svegliando", "svegliat",
       "essere", pronominal=True),
    _v("preoccupare", "preoccupo preoccupi preoccupa preoccupiamo preoccupate preoccupano", "preoccupa",
       "preoccupando", "preoccupat", "essere", pronominal=True),
    _v("divertire", "diverto diverti diverte divertiamo divertite divertono", "diverti", "divertendo", "divertit",
       "essere", pronominal=True),
    _v("sedere", "siedo siedi siede sediamo sedete siedono", "siedi", "sedendo", "sedut", "essere", pronominal=True),
]
# fmt: on
#: essere, avere and the modals, present indicative io ... loro.
ESSERE = ("sono", "sei", "è", "siamo", "siete", "sono")
AVERE = ("ho", "hai", "ha", "abbiamo", "avete", "hanno")
MODALS = {
    "volere": ("voglio", "vuoi", "vuole", "vogliamo", "volete", "vogliono"),
    "potere": ("posso", "puoi", "può", "possiamo", "potete", "possono"),
    "dovere": ("devo", "devi", "deve", "dobbiamo", "dovete", "devono"),
}
#: Subject pronouns: form, person, number, gender (None: either, chosen per sentence for agreement).
PRONOUNS = [
    ("io", 1, "Sing", None),
    ("tu", 2, "Sing", None),
    ("lui", 3, "Sing", "Masc"),
    ("lei", 3, "Sing", "Fem"),
    ("noi", 1, "Plur", None),
    ("voi", 2, "Plur", None),
    ("loro", 3, "Plur", None),
]
#: Stressed pronouns after a preposition ("con me", "per lui"): form, person, number, gender.
TONIC = [
    ("me", 1, "Sing", None),
    ("te", 2, "Sing", None),
    ("lui", 3, "Sing", "Masc"),
    ("lei", 3, "Sing", "Fem"),
    ("noi", 1, "Plur", None),
    ("voi", 2, "Plur", None),
    ("loro", 3, "Plur", None),
]
#: Verbs of motion a thing can be the subject of ("Arriva la lettera", "È partita la macchina").
MOVING = ("arrivare", "partire", "tornare")
#: Object clitics (3rd person) by (gender, number); reflexive/1st/2nd person clitics by (person, number).
OBJECT_CLITICS = {("Masc", "Sing"): "lo", ("Fem", "Sing"): "la", ("Masc", "Plur"): "li", ("Fem", "Plur"): "le"}
DATIVE_CLITICS = {"Masc": "gli", "Fem": "le"}
PERSONAL_CLITICS = {(1, "Sing"): "mi", (2, "Sing"): "ti", (1, "Plur"): "ci", (2, "Plur"): "vi"}
REFLEXIVE = {**PERSONAL_CLITICS, (3, "Sing"): "si", (3, "Plur"): "si"}
ENDINGS = {("Masc", "Sing"): "o", ("Fem", "Sing"): "a", ("Masc", "Plur"): "i", ("Fem", "Plur"): "e"}
NUMBERS = ("Sing", "Plur")
