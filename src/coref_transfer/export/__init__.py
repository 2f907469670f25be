"""The outputs: the δ table exported per split in the formats people and tools read.

One module per format, each with its rules in its docstring and a
`SCHEMA_VERSION`:

- `conll2012`: CoNLL-2012 `*.gold_conll` (the reference scorer, OntoNotes tools);
- `json_export`: JSON with change tracking (text before/after refinement,
  readability, mentions before/after, the list of edits);
- `corefud`: CorefUD 1.x CoNLL-U (`Entity=` in MISC), built and written with udapi;
- `jsonlines`: the word-level e2e-coref jsonlines that coreference trainers read.

`rows` holds what they share (splits, document keys, validation, mention sets);
`export.export_all` writes `OUT/{split}.{ext}` for every split and format.
"""
