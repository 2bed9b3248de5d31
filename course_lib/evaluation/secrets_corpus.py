"""The secrets corpus: realistic messages that carry a secret, harmless look-alikes, and how the write path does on them.

    samples = load_corpus()                        # course_lib/data/privacy/secrets_corpus.jsonl, checked on load
    leaked(sample, "…text a store kept…")          # the sample's secrets that text still holds (any case, any separator)
    write_path_report(ParaphrasingModel())         # secrets stored and harmless facts dropped, through MemoryWriter

Each line of the file is one record: {"id", "lang", "kind", "text", "secrets"}; `secrets` lists the
substrings of `text` that must never be stored, and is empty for a harmless text (kind "harmless").
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[1] / "data" / "privacy" / "secrets_corpus.jsonl"
FIELDS = {"id": str, "lang": str, "kind": str, "text": str, "secrets": list}


@dataclass(frozen=True)
class Sample:
    """One corpus message: its text and the secrets in it (none for a harmless look-alike)."""

    id: str
    lang: str
    kind: str
    text: str
    secrets: tuple[str, ...]

    @property
    def harmless(self) -> bool:
        """True if nothing in the text is secret."""
        return not self.secrets


def check_record(record: Any, where: str) -> Sample:
    """A Sample from one parsed line, or a ValueError naming the line and what is wrong with it."""
    if not isinstance(record, dict) or set(record) != set(FIELDS):
        keys = sorted(record) if isinstance(record, dict) else type(record).__name__
        raise ValueError(f"{where}: a record has exactly the keys {sorted(FIELDS)}, this one has {keys}")
    for key, kind in FIELDS.items():
        if not isinstance(record[key], kind) or (kind is str and not record[key].strip()):
            raise ValueError(f"{where}: {key!r} must be a non-empty {kind.__name__}, got {record[key]!r}")
    for secret in record["secrets"]:
        if not isinstance(secret, str) or not secret or secret not in record["text"]:
            raise ValueError(f"{where}: secret {secret!r} must be a substring of the text {record['text']!r}")
    if (record["kind"] == "harmless") != (not record["secrets"]):
        raise ValueError(f"{where}: kind 'harmless' goes with an empty secrets list and only with one")
    return Sample(record["id"], record["lang"], record["kind"], record["text"], tuple(record["secrets"]))


def load_corpus(path: str | Path = CORPUS) -> list[Sample]:
    """Every record of a secrets corpus (JSON lines), checked: a bad line raises naming the file and line."""
    path = Path(path)
    samples, seen = [], set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}, line {n}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{where}: not JSON ({exc.msg}); each line is one JSON object") from None
        sample = check_record(record, where)
        if sample.id in seen:
            raise ValueError(f"{where}: id {sample.id!r} appears twice; ids are unique")
        seen.add(sample.id)
        samples.append(sample)
    return samples


def squash(text: str) -> str:
    """Letters and digits only, case-folded: 'DE89 3704' and 'de89/3704' both become 'de893704'."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def leaked(sample: Sample, stored: str) -> list[str]:
    """The sample's secrets still in `stored`, however a model re-cased or re-separated them."""
    return [s for s in sample.secrets if squash(s) in squash(stored)]


def write_path_report(model: Any = None, samples: list[Sample] | None = None) -> dict[str, Any]:
    """Run every sample through MemoryWriter (one fresh user each) and count secrets stored and harmless facts dropped."""
    from course_lib.long_term.vector import VectorMemory
    from course_lib.long_term.write_path import MemoryWriter

    samples = load_corpus() if samples is None else samples
    memory = VectorMemory()
    writer = MemoryWriter(memory, model)
    report: dict[str, Any] = {"secret_samples": 0, "secrets_stored": [], "harmless_samples": 0,
                              "harmless_stored": 0, "harmless_dropped": []}
    for i, sample in enumerate(samples):
        user = f"sample-{i}"
        decisions = writer.write_from_conversation(user, [{"role": "user", "content": sample.text}])
        stored = "\n".join(r["text"] for r in memory.export(user))
        if sample.harmless:
            report["harmless_samples"] += 1
            report["harmless_stored"] += bool(stored)
            if any(d.reason.startswith("refused") for d in decisions):
                report["harmless_dropped"].append(sample.id)
        else:
            report["secret_samples"] += 1
            if leaked(sample, stored):
                report["secrets_stored"].append(sample.id)
    return report
