"""The `translate` stage (the paper's γ): placeholder replacement, translation, and resolution of the mentions.

`mt/` is the machine-translation service (backends behind one interface, a
persistent cache); `placeholders` the inventories; `replace`, `resolve` and
`stage` the stage itself; `run` the `coref-transfer translate` command.
"""
