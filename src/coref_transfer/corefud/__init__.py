"""Reading the CorefUD format: CoNLL-U with coreference in MISC (`Entity=`, `Bridge=`, `SplitAnte=`).

The CorefUD export (the dataset written as CorefUD) is `coref_transfer.export.corefud`.
"""
