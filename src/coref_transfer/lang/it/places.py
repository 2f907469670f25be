"""City names, feminine in Italian whatever their ending ("Bologna è stata generosa", "Milano è bella").

Why: a bare city name is the subject of many predicates; its gender is not
its ending's ("Milano", "Torino" are feminine: *la città di* Milano), the
parser gives proper nouns no gender, and the rules need it to make a
predicate agree. The list holds the Italian regional and provincial
capitals and the large foreign cities under their Italian names, written
for the project (names are facts, not anyone's text).

Limits: a name also used for something else (a club: "il Milan"; a person:
"Firenze" as a surname) reads as the city; cities named with an article
("Il Cairo", "L'Aquila", "La Spezia") take the article's gender and are not
listed; countries and regions are not cities ("il Piemonte", "Israele").
"""

from __future__ import annotations

CITIES = frozenset(
    """
    Agrigento Alessandria Ancona Aosta Arezzo Ascoli Asti Avellino Bari Barletta Belluno Benevento Bergamo Biella
    Bologna Bolzano Brescia Brindisi Cagliari Caltanissetta Campobasso Caserta Catania Catanzaro Chieti Como
    Cosenza Cremona Crotone Cuneo Enna Ferrara Firenze Foggia Forlì Frosinone Genova Gorizia Grosseto Imperia
    Isernia Latina Lecce Lecco Livorno Lodi Lucca Macerata Mantova Massa Matera Messina Milano Modena Monza
    Napoli Novara Nuoro Oristano Padova Palermo Parma Pavia Perugia Pesaro Pescara Piacenza Pisa Pistoia
    Pordenone Potenza Prato Ragusa Ravenna Reggio Rieti Rimini Roma Rovigo Salerno Sassari Savona Siena Siracusa
    Sondrio Taranto Teramo Terni Torino Trapani Trento Treviso Trieste Udine Urbino Varese Venezia Verbania
    Vercelli Verona Vibo Vicenza Viterbo Amalfi Assisi Capri Cortina Ivrea Ostia Portofino Sorrento Taormina
    Amsterdam Atene Barcellona Berlino Boston Bruxelles Budapest Chicago Copenaghen Dublino Edimburgo Francoforte
    Ginevra Istanbul Lisbona Londra Lione Madrid Marsiglia Monaco Mosca Nizza Oslo Parigi Pechino Praga
    Seattle Shanghai Stoccolma Sydney Tokyo Toronto Varsavia Vienna Washington Zurigo Gerusalemme Baghdad
    Damasco Beirut Mumbai Delhi Dallas Houston Filadelfia Atlanta Denver Miami Montreal Vancouver Pittsburgh
    Detroit Baltimora Cleveland Hollywood Manhattan Brooklyn Oxford Cambridge Manchester Liverpool Glasgow
    """.split()
)


def is_city(word: str) -> bool:
    """A city name of the list, as written (capitalised)."""
    return word in CITIES
