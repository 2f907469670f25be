"""coref-transfer: build a coreference dataset for a new language from CoNLL-2012."""

__version__ = "0.1.0"
