"""`python -m coref_transfer` runs the CLI (the workflow's rules call it this way)."""

from coref_transfer.cli import main

main()
