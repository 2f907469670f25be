"""Stage δ: linguistic refinement rules (Italian ones under `it/`), their registry and the stage."""
