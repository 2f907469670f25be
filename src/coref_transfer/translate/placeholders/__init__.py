"""Placeholders: the names that stand in for mentions while the translate stage translates.

`inventory` reads, validates, draws from and writes the inventories (the
folder format, numbered, in its docstring) and finds a placeholder in a
translation; `check` round-trips every placeholder through the configured
model (`coref-transfer placeholders check`). docs/placeholders.md gives the
design and the reasons for each list.
"""
