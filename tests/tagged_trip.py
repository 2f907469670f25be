"""Two utterances of real English with their gold mentions (select keeps them with the joint method's filters),
and their tagged Italian as a translator that keeps tags writes it. A helper module: `test_align` and
`test_translator_choice` import it.
"""

TRIP = """
%part 0
(TOP (S (NP#1 (NP (DT The) (NN mayor)) (PP (IN of) (NP=GPE#2 (NNP Rome)))) (VP (VBD saw) (NP#3 (DT the) (NN station)) (NP (NN yesterday))) (. .)))
(TOP (S (NP#3 (DT The) (NN station)) (VP (VBD saw) (NP#1 (DT the) (NN mayor)) (PP (IN in) (NP=GPE#2 (NNP Rome)))) (. .)))
"""
TRIP_IT = {
    "<a>The mayor of <b>Rome</b></a> saw <c>the station</c> yesterday.": (
        "<a>Il sindaco di <b>Roma</b></a> ha visto <c>la stazione</c> ieri."
    ),
    "<a>The station</a> saw <b>the mayor</b> in <c>Rome</c>.": "<a>La stazione</a> ha visto <b>il sindaco</b> a <c>Roma</c>.",
}
