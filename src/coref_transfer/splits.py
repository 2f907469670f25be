"""The corpus splits (train, development, test) and which split a partition belongs to.

A partition's name joins its field values with '-' (`coref_transfer.partitions`);
when the inputs are partitioned by split, the first field is the split
(`train-nw-ledger` is in `train`). Folder names are read as OntoNotes and
CoNLL-2012 write them; `dev` means `development`.
"""

from __future__ import annotations

from coref_transfer.errors import InputFormatError

SPLITS = ("train", "development", "test")
"""The splits, in the order files, tables and counts list them."""

SPLIT_NAMES = {"train": "train", "development": "development", "dev": "development", "test": "test"}
"""Folder or partition-field name -> split."""

NO_SPLIT = "all"
"""What belongs to no split (`coref_transfer.partitions` names such inputs' split field so too)."""


def split_of(partition: str) -> str:
    """The split a partition belongs to, or `NO_SPLIT` when its name starts with none."""
    return SPLIT_NAMES.get(partition.split("-", 1)[0], NO_SPLIT)


def require_split(partition: str, source: object = "<rows>") -> str:
    """The split a partition belongs to, for outputs that are written per split.

    Raises:
        InputFormatError: naming `source`, when the partition name starts with no split.
    """
    split = split_of(partition)
    if split == NO_SPLIT:
        raise InputFormatError(
            source,
            None,
            f"partition {partition!r} does not start with a split name (expected one of "
            f"{', '.join(sorted(SPLIT_NAMES))}, as in 'train-nw-ledger'); partition the input by split",
        )
    return split
