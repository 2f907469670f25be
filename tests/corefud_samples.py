"""CorefUD test input: our own sentences in CorefUD form (`OURS`), and where GUM's and OntoGUM's train documents
are (not shipped: their licences). A helper module, not a test module: `test_corefud_reader` and `test_inputs`
import it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import REPO

GUM = Path(os.environ.get("COREF_TRANSFER_GUM", REPO / ".." / "shared" / "data" / "gum" / "train")).resolve()
ONTOGUM = Path(
    os.environ.get("COREF_TRANSFER_ONTOGUM", REPO / ".." / "shared" / "data" / "ontogum" / "train")
).resolve()
GUM_FILES = sorted(GUM.glob("*.conllu"))
needs_gum = pytest.mark.skipif(
    not GUM_FILES,
    reason=f"no GUM train documents in {GUM} (not shipped: their licences); "
    "set COREF_TRANSFER_GUM to the folder of *.conllu files",
)

# Our own sentences: a head field, a multiword token, a split antecedent, a bridging link,
# an empty node with a zero mention, a mention over an empty node whose head is the empty
# node, a discontinuous mention, and a second document. Columns are separated by tabs.
OURS = """\
# newdoc id = test/doc_1
# global.Entity = eid-etype-head-other
# sent_id = s1
# speaker = Anna
# text = Anna and Bruno don't know it.
1	Anna	Anna	PROPN	NNP	_	6	nsubj	_	Entity=(e1-person-1(e2-person-1)|SplitAnte=e2<e1,e3<e1
2	and	and	CCONJ	CC	_	3	cc	_	_
3	Bruno	Bruno	PROPN	NNP	_	1	conj	_	Entity=(e3-person-1)e1)
4-5	don't	_	_	_	_	_	_	_	_
4	do	do	AUX	VBP	_	6	aux	_	_
5	n't	not	PART	RB	_	6	advmod	_	_
6	know	know	VERB	VB	_	0	root	_	_
7	it	it	PRON	PRP	_	6	obj	_	Entity=(e4-abstract-1)|SpaceAfter=No
8	.	.	PUNCT	.	_	6	punct	_	_

# sent_id = s2
# text = Bruno ate an apple and Anna a pear.
1	Bruno	Bruno	PROPN	NNP	_	2	nsubj	_	Entity=(e3-person-1)
2	ate	eat	VERB	VBD	_	0	root	_	_
3	an	a	DET	DT	_	4	det	_	Entity=(e5-object-2
4	apple	apple	NOUN	NN	_	2	obj	_	Entity=e5)
5	and	and	CCONJ	CC	_	6	cc	_	_
6	Anna	Anna	PROPN	NNP	_	2	conj	_	Entity=(e10-event-2(e2-person-1)
6.1	ate	eat	VERB	VBD	_	_	_	_	Entity=(e6-event-1)
7	a	a	DET	DT	_	8	det	_	Bridge=e5<e7|Entity=(e7-object-2
8	pear	pear	NOUN	NN	_	6	orphan	_	Entity=e7)e10)|SpaceAfter=No
9	.	.	PUNCT	.	_	2	punct	_	_

# sent_id = s3
# speaker = Bruno
# text = A letter came yesterday from Dario.
1	A	a	DET	DT	_	2	det	_	Entity=(e8[1/2]-object-2
2	letter	letter	NOUN	NN	_	3	nsubj	_	Entity=e8[1/2])
3	came	come	VERB	VBD	_	0	root	_	_
4	yesterday	yesterday	NOUN	NN	_	3	obl:tmod	_	_
5	from	from	ADP	IN	_	6	case	_	Entity=(e8[2/2]-object-2
6	Dario	Dario	PROPN	NNP	_	2	nmod	_	Entity=(e9-person-1)e8[2/2])|SpaceAfter=No
7	.	.	PUNCT	_	_	3	punct	_	_

# newdoc id = story
# global.Entity = eid-etype-head-other
# sent_id = t1
# text = Dario smiled.
1	Dario	Dario	PROPN	NNP	_	2	nsubj	_	Entity=(e20-person-1)
2	smiled	smile	VERB	VBD	_	0	root	_	_
3	.	.	PUNCT	.	_	2	punct	_	_

"""
