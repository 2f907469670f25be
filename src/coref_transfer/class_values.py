"""The values of an entity class (type, gender, number), and UD's names for gender and number.

The vocabulary `classes` estimates with and the Italian word lists (`lang.it`) speak: a module below both,
so that `lang` does not import `classes`, which reads `lang.en` (issue 39).
"""

from __future__ import annotations

TYPES = ("person", "thing")
GENDERS = ("masc", "fem")
NUMBERS = ("sing", "plur")
#: UD's Gender and Number values → the classes' values (Italian parses speak UD).
UD_GENDER = {"Masc": "masc", "Fem": "fem"}
UD_NUMBER = {"Sing": "sing", "Plur": "plur"}
Class = tuple[str, str, str]
"""An entity class: (type, gender, number)."""
