"""Refinement rules for Italian (method.md, stage δ)."""
