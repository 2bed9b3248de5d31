"""Offline sentence embeddings: a static model2vec distillation of all-MiniLM-L6-v2 shipped in the package.

No torch and no network: the int8 token vectors in data/embedder/ are looked up and averaged.
Made by tools/distill_embedder.py; its quality is in tools/EMBEDDER.md.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from model2vec import StaticModel

MODEL_NAME = "minilm-static-256"
"""Name the offline embeddings endpoint serves this model under."""

DIMS = 256
"""Length of every embedding vector."""

MODEL_DIR = Path(__file__).parents[1] / "data" / "embedder"
"""Folder holding the model files (model2vec format)."""


@lru_cache(maxsize=1)
def load_model() -> StaticModel:
    """Load the static model from the package folder, once."""
    if not (MODEL_DIR / "model.safetensors").is_file():  # model2vec would take a missing folder for a hub id
        raise FileNotFoundError(f"embedder model files missing from {MODEL_DIR}")
    from model2vec import StaticModel  # imported here so that importing this module stays cheap

    return StaticModel.from_pretrained(MODEL_DIR, normalize=True)


def embed(texts: list[str]) -> np.ndarray:
    """Embed texts as float32 (len(texts), DIMS) with L2-normalised rows (all zero for a text with no known token)."""
    if not texts:
        return np.zeros((0, DIMS), dtype=np.float32)
    vectors = load_model().encode(list(texts), use_multiprocessing=False)
    return np.ascontiguousarray(vectors, dtype=np.float32)
