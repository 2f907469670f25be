"""The `refine` stage (the paper's δ): Italian parsing and the linguistic refinement rules.

`parsing/` holds the parser backends and the project's own parser; `base`
what a rule is, `registry` the rules by name, `it/` the Italian rules,
`stage` and `run` the stage and the `coref-transfer refine` command.
"""
