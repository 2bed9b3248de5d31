"""Record a live model's answers to JSONL, and replay them with no key and no network.

Paths: a relative COURSE_RECORD_FILE / COURSE_REPLAY_FILE is read from the repository root when the course
runs from a checkout (so `recordings/lesson04.jsonl` means the same file from `lessons/`, `exercises/` or the
root), else from the current folder. COURSE_REPLAY_FILE may also name a folder: every `*.jsonl` in it is
loaded, so one folder of recordings serves every lesson and its exercises. Recording appends (one line per
call) and says so, once per kernel, when the file already held calls from an earlier run (`make record`,
tools/record.py, writes a fresh file instead). When the same call was recorded twice, replay answers with the
recorded answers in order, then keeps giving the last one. A call found in several files of a folder (two
lessons share a step) is answered from the file that the kernel's last call found in one file only came from
(the lesson being run, so its conversation goes on as recorded), else from the files in name order.

An unrecorded call is an error naming the file and the call, unless COURSE_REPLAY_FALLBACK=offline, which
answers it with the offline model instead (a cell a learner edited, say) and says so once per kernel, however
many model objects the notebook makes; FELL_BACK lists every call answered that way in this process.
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx2

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the checkout, when course_lib is installed editable
RECORDING: set[Path] = set()  # files this process records to (it says "appending" once per file, not per client)
FELL_BACK: list[str] = []  # every call this process's replays answered with the fallback (the notice is printed once)


def endpoint_of(url_path: str) -> str:
    """'chat/completions' or 'embeddings' (or the last path part) of a request path."""
    for name in ("chat/completions", "embeddings", "models"):
        if url_path.rstrip("/").endswith(name):
            return name
    return url_path.rstrip("/").rsplit("/", 1)[-1]


def request_key(endpoint: str, body: bytes) -> str:
    """How a recorded call is found again: endpoint + canonical JSON body, model name left out."""
    try:
        payload = json.loads(body or b"{}")
    except json.JSONDecodeError:
        return f"{endpoint} {body!r}"
    if isinstance(payload, dict):
        payload.pop("model", None)
    return f"{endpoint} {json.dumps(payload, sort_keys=True)}"


def resolve(path: str | Path) -> Path:
    """An absolute path for a recording setting (relative paths: from the checkout's root if there is one)."""
    p = Path(path).expanduser()
    if p.is_absolute():
        return p
    if (PACKAGE_ROOT / "lessons").is_dir():
        return PACKAGE_ROOT / p
    return Path.cwd() / p


def recording_files(path: str | Path) -> list[Path]:
    """The JSONL files a replay setting names: one file, or every *.jsonl in a folder."""
    p = resolve(path)
    if p.is_dir():
        files = sorted(p.glob("*.jsonl"))
        if not files:
            raise FileNotFoundError(f"COURSE_REPLAY_FILE={path} is a folder ({p}) with no .jsonl recordings in it.")
        return files
    if not p.exists():
        raise FileNotFoundError(
            f"COURSE_REPLAY_FILE={path} does not exist (looked for {p}). Ask your instructor for the recording, "
            "or unset COURSE_BACKEND to use the offline model.")
    return [p]


def load_answers(files: list[Path]) -> dict[str, list[tuple[Path, dict[str, Any]]]]:
    """request key -> (file, recorded answer) in file order and recorded order."""
    answers: dict[str, list[tuple[Path, dict[str, Any]]]] = defaultdict(list)
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                key = request_key(rec["endpoint"], json.dumps(rec["request"]).encode())
                answers[key].append((path, rec["response"]))
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}, line {n}: not a course recording ({exc}). Delete that line or "
                                 "record the lesson again.") from None
    return answers


def describe_call(body: bytes) -> str:
    """A one-line description of a request body, for error messages."""
    try:
        payload = json.loads(body or b"{}")
    except json.JSONDecodeError:
        return "an unreadable request"
    if "messages" in payload:
        last = str((payload["messages"] or [{}])[-1].get("content") or "")
        return f"{len(payload['messages'])} messages, the last one starting {last[:60]!r}"
    if "input" in payload:
        return f"embeddings of {str(payload['input'])[:60]!r}"
    return json.dumps(payload)[:80]


class RecordingTransport(httpx2.BaseTransport):
    """Passes requests to a real transport and appends each successful call to a JSONL file."""

    def __init__(self, inner: httpx2.BaseTransport, path: str | Path) -> None:
        self.inner, self.path = inner, resolve(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        first_in_this_process = self.path not in RECORDING
        RECORDING.add(self.path)
        if first_in_this_process and self.path.exists() and self.path.stat().st_size:
            calls = sum(1 for line in self.path.read_text(encoding="utf-8").splitlines() if line.strip())
            print(f"Recording: appending to {self.path}, which already holds {calls} calls "
                  "(delete it first to record afresh).", file=sys.stderr)

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        body = request.read()
        response = self.inner.handle_request(request)
        content = response.read()  # decoded: gzip or deflate from the server is undone here
        if response.status_code == 200:
            try:
                record = {"endpoint": endpoint_of(request.url.path), "request": json.loads(body or b"{}"),
                          "response": json.loads(content)}
            except json.JSONDecodeError:
                record = None  # not an answer worth replaying; the SDK reports the bad body itself
            if record is not None:
                with self.path.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(record, sort_keys=True) + "\n")
        # the body is decoded now, so the headers that describe the wire encoding no longer apply
        headers = [(k, v) for k, v in response.headers.items()
                   if k.lower() not in ("content-encoding", "content-length", "transfer-encoding")]
        return httpx2.Response(response.status_code, headers=headers, content=content, request=request)

    def close(self) -> None:
        self.inner.close()


class ReplayTransport(httpx2.BaseTransport):
    """Answers from recordings; identical calls replay in recorded order; an unrecorded call is an error
    (or, with `fallback`, is answered by that transport)."""

    following: Path | None = None  # the file this process's last unambiguous call came from

    def __init__(self, path: str | Path, fallback: httpx2.BaseTransport | None = None) -> None:
        self.setting = str(path)
        self.files = recording_files(path)
        self.path = self.files[0] if len(self.files) == 1 else resolve(path)
        self.answers = load_answers(self.files)
        self.used: dict[tuple[str, Path | None], int] = defaultdict(int)
        self.fallback, self.fell_back = fallback, 0

    @property
    def calls(self) -> int:
        """How many recorded answers are loaded."""
        return sum(map(len, self.answers.values()))

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        endpoint = endpoint_of(request.url.path)
        key = request_key(endpoint, request.read())
        answers = self.answers.get(key)
        if not answers:
            if self.fallback is not None:
                if not FELL_BACK:
                    print(f"Replay: a call not in {self.path} was answered by the offline model "
                          "(COURSE_REPLAY_FALLBACK=offline); later unrecorded calls in this kernel are answered the "
                          "same way, without another notice.", file=sys.stderr)
                FELL_BACK.append(f"{endpoint}: {describe_call(request.read())}")
                self.fell_back += 1
                return self.fallback.handle_request(request)
            message = (f"{self.path} has no recorded answer for this call to {endpoint}: "
                       f"{describe_call(request.read())}. Re-record the lesson (with a live model: make record "
                       "LESSON=NN), set COURSE_REPLAY_FALLBACK=offline to let the "
                       "offline model answer unrecorded calls, or unset COURSE_BACKEND to use the offline model.")
            return httpx2.Response(404, json={"error": {"message": message, "type": "invalid_request_error",
                                                        "code": "not_recorded", "param": None}}, request=request)
        if len({path for path, _ in answers}) == 1:
            ReplayTransport.following = answers[0][0]
        own = [answer for path, answer in answers if path == ReplayTransport.following]
        source = (key, ReplayTransport.following if own else None)
        candidates = own or [answer for _, answer in answers]
        i = min(self.used[source], len(candidates) - 1)
        self.used[source] += 1
        return httpx2.Response(200, json=candidates[i], request=request)
