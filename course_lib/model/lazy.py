"""`LazyModel`: a `model` attribute that is the model an object was given, or the course Model built on first use.

    class SummaryBufferMemory:
        model = LazyModel()          # reads and writes self._model
        def __init__(self, model=None):
            self._model = model      # None: build Model() the first time .model is read

Building `Model()` imports the openai SDK (about a second), so objects create it only when they first call it.
"""
from __future__ import annotations

from typing import Any


def get_model(model: Any = None) -> Any:
    """`model` if one is given, else a new course `Model` (offline unless configured)."""
    if model is not None:
        return model
    from course_lib.model.client import Model

    return Model()


class LazyModel:
    """A descriptor: `obj.model` returns `obj._model`, first setting it to the course `Model()` if it is None."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}"

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        model = get_model(getattr(obj, self.slot, None))
        setattr(obj, self.slot, model)
        return model

    def __set__(self, obj: Any, model: Any) -> None:
        setattr(obj, self.slot, model)
