"""The report stage: the paper's tables and figures (`paper`, `table`) and the human-evaluation kit (`humaneval/`)."""
