"""`python -m coref_transfer.cli` runs the CLI, as `python -m coref_transfer` (the spelling the docs use) does."""

from coref_transfer.cli import main

main()
