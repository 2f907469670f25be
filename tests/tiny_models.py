"""Tiny random-weights translation models built offline, for tests and benchmarks.

`build_tiny_marian` trains a SentencePiece model on the small English and
Italian text below, builds a `MarianMTModel` (d_model 32, one layer each
side) with random weights, saves it with the files `MarianTokenizer` needs
(source.spm, target.spm, vocab.json, tokenizer_config.json) and converts it
for CTranslate2 with our `convert_local`. Its translations are noise: tests
check behaviour, never content.

Two traps (see the team's shared notes, tiny-models.md): SentencePiece refuses a vocabulary larger
than the corpus supports, so the limit is soft here; and CTranslate2's Marian
loader drops a trailing `<pad>` from the vocabulary (the OPUS-MT layout), so
`<pad>` is the last entry of vocab.json and is the model's pad and decoder
start token.

`build_tiny_nllb` does the same for an NLLB-style model (M2M100 architecture,
`NllbTokenizer` built from a byte-pair model trained with `tokenizers`).

The session fixtures `tiny_marian_dir` and `tiny_nllb_dir` build each model
once per test run.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from coref_transfer.translate.mt.models import convert_local

CORPUS = """\
Gabriella met Serena at the station on Monday morning.
Marco said that he would call his sister after dinner.
The committee approved the new budget last week.
She told him that the report was ready.
Serena and Marco visited the museum in Florence.
The president of the company announced his resignation.
Gabriella gave the book to her brother.
They will travel to Rome next summer with their children.
The police arrested two men near the harbour.
He asked whether the train had already left.
The students wrote a letter to the mayor.
Marco lost his keys, but Serena found them under the table.
The doctor explained the results to the patient.
Our neighbours bought a house by the lake.
The minister said the talks were going well.
Gabriella incontrò Serena alla stazione lunedì mattina.
Marco disse che avrebbe chiamato sua sorella dopo cena.
Il comitato ha approvato il nuovo bilancio la settimana scorsa.
Lei gli disse che il rapporto era pronto.
Serena e Marco hanno visitato il museo a Firenze.
Il presidente della società ha annunciato le sue dimissioni.
Gabriella ha dato il libro a suo fratello.
Viaggeranno a Roma la prossima estate con i loro figli.
La polizia ha arrestato due uomini vicino al porto.
Lui chiese se il treno fosse già partito.
Gli studenti hanno scritto una lettera al sindaco.
Marco ha perso le chiavi, ma Serena le ha trovate sotto il tavolo.
Il medico ha spiegato i risultati al paziente.
I nostri vicini hanno comprato una casa sul lago.
Il ministro ha detto che i colloqui andavano bene.
"""

#: Words only the second corpus has, so its vocabulary differs from the first.
OTHER_CORPUS = """\
Quantum chromodynamics describes quarks and gluons.
Photosynthesis converts sunlight into chemical energy.
La cromodinamica quantistica descrive quark e gluoni.
La fotosintesi converte la luce solare in energia chimica.
Volcanic eruptions reshape archipelagos over millennia.
Le eruzioni vulcaniche modellano gli arcipelaghi nei millenni.
"""


def _train_spm(text: str, vocab_size: int) -> bytes:
    """A unigram SentencePiece model trained on `text` (deterministic: one thread)."""
    import sentencepiece as spm

    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(text.splitlines()),
        model_writer=model,
        vocab_size=vocab_size,
        hard_vocab_limit=False,  # a small corpus cannot fill a fixed size (trap 1)
        model_type="unigram",
        character_coverage=1.0,
        unk_id=1,
        eos_id=0,
        bos_id=-1,
        pad_id=-1,  # Marian's order: </s> 0, <unk> 1
        num_threads=1,
        minloglevel=2,
    )
    return model.getvalue()


@dataclass(frozen=True)
class MarianSize:
    """The dimensions of a random Marian model: the tests' tiny one by default."""

    d_model: int = 32
    layers: int = 1
    heads: int = 2
    ffn: int = 64
    vocabulary: int = 0
    """Entries the vocabulary is padded to with unused pieces (0: the SentencePiece model's own)."""
    init_std: float = 0.3
    """Larger than the default 0.02 for the tiny model, so that its outputs depend on the input (with tiny
    weights every segment decodes to the same noise)."""


OPUS_MT_SIZE = MarianSize(d_model=512, layers=6, heads=8, ffn=2048, vocabulary=80_035, init_std=0.02)
"""The dimensions of Helsinki-NLP/opus-mt-en-it (its config.json), for benchmarks of decoding's cost."""


def build_tiny_hf_marian(
    out: Path, *, text: str = CORPUS, vocab_size: int = 200, seed: int = 0, size: MarianSize = MarianSize()
) -> Path:
    """Save a random MarianMTModel and its tokenizer files in `out` (Hugging Face layout)."""
    import sentencepiece as spm
    import torch
    from transformers import MarianConfig, MarianMTModel

    out.mkdir(parents=True, exist_ok=True)
    proto = _train_spm(text, vocab_size)
    processor = spm.SentencePieceProcessor(model_proto=proto)
    pieces = [processor.id_to_piece(i) for i in range(processor.get_piece_size())]
    # </s> and <unk> first (as in the spm), the pieces, then <pad> last (trap 2).
    vocab = {piece: i for i, piece in enumerate(pieces)}
    for k in range(size.vocabulary - len(vocab) - 1):
        vocab[f"<unused{k}>"] = len(vocab)
    vocab["<pad>"] = len(vocab)
    pad = vocab["<pad>"]
    (out / "source.spm").write_bytes(proto)
    (out / "target.spm").write_bytes(proto)
    (out / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False, indent=1), encoding="utf-8")
    (out / "tokenizer_config.json").write_text(
        json.dumps(
            {"tokenizer_class": "MarianTokenizer", "source_lang": "en", "target_lang": "it", "model_max_length": 512},
            indent=1,
        ),
        encoding="utf-8",
    )
    config = MarianConfig(
        vocab_size=len(vocab),
        d_model=size.d_model,
        encoder_layers=size.layers,
        decoder_layers=size.layers,
        encoder_attention_heads=size.heads,
        decoder_attention_heads=size.heads,
        encoder_ffn_dim=size.ffn,
        decoder_ffn_dim=size.ffn,
        max_position_embeddings=512,
        pad_token_id=pad,
        decoder_start_token_id=pad,
        eos_token_id=vocab["</s>"],
        forced_eos_token_id=vocab["</s>"],
        share_encoder_decoder_embeddings=True,
        scale_embedding=True,
        init_std=size.init_std,
    )
    torch.manual_seed(seed)
    model = MarianMTModel(config).eval()
    model.generation_config.update(num_beams=1, bad_words_ids=[[pad]])
    model.save_pretrained(out)
    return out


def build_tiny_marian(
    tmp_dir: str | Path, *, text: str = CORPUS, vocab_size: int = 200, seed: int = 0, size: MarianSize = MarianSize()
) -> Path:
    """Build the tiny Marian model (or a random one of another `size`) under `tmp_dir`; returns its
    CTranslate2 folder.

    `tmp_dir/hf` holds the Hugging Face model, `tmp_dir/ct2` the converted one.
    """
    tmp_dir = Path(tmp_dir)
    hf_dir = build_tiny_hf_marian(tmp_dir / "hf", text=text, vocab_size=vocab_size, seed=seed, size=size)
    return convert_local(hf_dir, tmp_dir / "ct2")


def build_tiny_nllb(tmp_dir: str | Path, *, text: str = CORPUS, seed: int = 0) -> Path:
    """Build a tiny NLLB-style model (M2M100 architecture, `NllbTokenizer`); returns its CTranslate2 folder.

    The tokenizer is a byte-pair model trained here with `tokenizers` (what
    transformers 5 builds `NllbTokenizer` from); the tokenizer adds the
    FLORES-200 language codes itself.
    """
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    from transformers import M2M100Config, M2M100ForConditionalGeneration, NllbTokenizer

    hf_dir = Path(tmp_dir) / "hf"
    bpe = Tokenizer(models.BPE(unk_token="<unk>"))
    bpe.pre_tokenizer = pre_tokenizers.Metaspace()
    trainer = trainers.BpeTrainer(vocab_size=300, special_tokens=["<s>", "<pad>", "</s>", "<unk>"], show_progress=False)
    bpe.train_from_iterator(text.splitlines(), trainer)
    state = json.loads(bpe.to_str())["model"]
    merges = [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in state["merges"]]
    tokenizer = NllbTokenizer(
        vocab=state["vocab"], merges=merges, src_lang="eng_Latn", tgt_lang="ita_Latn", model_max_length=1024
    )
    tokenizer.save_pretrained(hf_dir)
    config = M2M100Config(
        vocab_size=len(tokenizer),
        d_model=32,
        encoder_layers=1,
        decoder_layers=1,
        encoder_attention_heads=2,
        decoder_attention_heads=2,
        encoder_ffn_dim=64,
        decoder_ffn_dim=64,
        max_position_embeddings=1024,
        init_std=0.3,
        tokenizer_class="NllbTokenizer",
        bos_token_id=0,
        pad_token_id=1,
        eos_token_id=2,
        decoder_start_token_id=2,
    )
    torch.manual_seed(seed)
    M2M100ForConditionalGeneration(config).eval().save_pretrained(hf_dir)
    return convert_local(hf_dir, Path(tmp_dir) / "ct2")


@pytest.fixture(scope="session")
def tiny_marian_dir(tmp_path_factory) -> Path:
    """The tiny Marian model's CTranslate2 folder, built once per test session (read-only)."""
    return build_tiny_marian(tmp_path_factory.mktemp("tiny_marian"))


@pytest.fixture(scope="session")
def tiny_nllb_dir(tmp_path_factory) -> Path:
    """The tiny NLLB-style model's CTranslate2 folder, built once per test session (read-only)."""
    return build_tiny_nllb(tmp_path_factory.mktemp("tiny_nllb"))
