"""Reading and writing the CoNLL-2012 format (OntoNotes `*_gold_conll` files)."""
