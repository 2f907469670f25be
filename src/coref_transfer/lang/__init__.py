"""Language knowledge shared by the stages, one package per language (`en`, `it`)."""
