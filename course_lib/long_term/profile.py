"""ProfileMemory: exact key-value facts per user (name, diet, timezone, budget …), always injected whole.

On disk (when a path is given): one JSON file per user, `<path>/<keyed hash of user_id>.json` (0600, see
`stores.private`: the name cannot be traced back to the user without the folder's key), holding
{"user_id", "facts": {key: {"value", "source", "updated_at"}}, "history": [{key, old, new, at, source}]}.

Values are redacted before they are stored (a password or card number becomes [REDACTED …], see `redact`).
Each change rewrites the user's file in one atomic rename (a kill leaves the old profile or the new one).
Two kernels: every change holds a per-user lock file (`<file>.lock`, the `filelock` package) and re-reads the
file under it, so writers in several processes lose nothing. A damaged or foreign file raises an error
naming it at the first read. `delete(key)` removes the key *and its history*; `forget_user` the whole file.
"""
from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from course_lib.model.clock import CourseClock
from course_lib.checks import check_json, check_str, check_user
from course_lib.long_term.contract import DEFAULT_MIN_CONFIDENCE, check_confidence, refuse_guess
from course_lib.long_term.personal import by_category, categories
from course_lib.long_term.redact import redact_value
from course_lib.long_term.stores.files import StoreFileError, atomic_write, locked, read_json, remove_temp_files
from course_lib.long_term.stores.private import check_no_symlinks, private_folder, private_name


MAX_VALUE_BYTES = 10_000  # one profile value as JSON: a short fact, not a document


class ProfileMemory:
    """Key-value facts per user: overwrite on set, with a history of every change."""

    def __init__(self, path: str | os.PathLike | None = None, clock: CourseClock | None = None,
                 min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> None:
        self.min_confidence = check_confidence(min_confidence, "min_confidence")
        self.path = Path(path) if path is not None else None
        if self.path is not None:
            self.path = private_folder(self.path)  # 0700, and no symlink planted in it
        self.clock = clock or CourseClock()
        self._memory: dict[str, dict[str, Any]] = {}

    def file(self, user_id: str) -> Path | None:
        """The JSON file of this user (None for an in-memory profile)."""
        if self.path is None:
            return None
        return self.path / f"{private_name(self.path, check_user(user_id))}.json"

    def _load(self, user_id: str) -> dict[str, Any]:
        f = self.file(user_id)
        if f is None:
            return self._memory.setdefault(user_id, {"user_id": user_id, "facts": {}, "history": []})
        if not f.exists():
            return {"user_id": user_id, "facts": {}, "history": []}
        data = read_json(f, "profile")
        if not (isinstance(data, dict) and isinstance(data.get("facts"), dict)
                and isinstance(data.get("history"), list)):
            raise StoreFileError(f"{f} is not a profile file (no 'facts' and 'history'); it was damaged or written "
                                 "by something else: restore it from a backup, or move it away to start empty")
        if data.get("user_id") != user_id:
            raise StoreFileError(f"{f} belongs to another user; refusing to read it")
        return data

    @contextmanager
    def _changing(self, user_id: str) -> Iterator[dict[str, Any]]:
        """Lock this user's file against other processes, yield the profile as on disk now, then save it."""
        f = self.file(user_id)
        if f is None:
            yield self._load(user_id)
            return
        with locked(f.with_name(f.name + ".lock"), "a profile"):
            remove_temp_files(f.parent, f.name)
            data = self._load(user_id)
            yield data
            self._save(user_id, data)

    def _save(self, user_id: str, data: dict[str, Any]) -> None:
        f = self.file(user_id)
        if f is not None:
            atomic_write(f, json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False).encode("utf-8"))

    @staticmethod
    def _key(key: Any) -> str:
        if not isinstance(key, str) or not key.strip():
            raise ValueError(f"a profile key must be a non-empty string such as 'diet', got {key!r}")
        return key.strip().lower()

    def set(self, user_id: str, key: str, value: Any, source: str = "conversation", confidence: float = 1.0) -> None:
        """Set `key` to `value` for this user (overwrites; the change is kept in the history). A guess (confidence
        below `min_confidence`) raises LowConfidence, as for every write (see `contract`)."""
        key = self._key(key)
        check_user(user_id)
        check_json(value, "value")  # a clear TypeError now rather than a broken file later
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
        if size > MAX_VALUE_BYTES:
            raise ValueError(f"a profile value is at most {MAX_VALUE_BYTES:,} bytes as JSON, this one has {size:,}; a "
                             "profile holds short facts (diet, city): store longer text as memories. Nothing was stored")
        if value is None or value == "":
            raise ValueError(f"value for {key!r} is empty; to remove a fact use delete(user_id, {key!r})")
        source = check_str(source, "source")
        refuse_guess(check_confidence(confidence), self.min_confidence, f"{key} = {value!r:.60}")
        value = redact_value(value, key)
        with self._changing(user_id) as data:
            old = data["facts"].get(key, {}).get("value")
            if key in data["facts"] and old == value:
                return
            now = self.clock.now().isoformat()
            data["facts"][key] = {"value": value, "source": source, "updated_at": now}
            if marked := categories({key: value}):  # contact, health …: kept, and marked (see `personal`)
                data["facts"][key]["personal_data"] = marked
            data["history"].append({"key": key, "old": old, "new": value, "at": now, "source": source})

    def get(self, user_id: str, key: str, default: Any = None) -> Any:
        """The value of `key` for this user (or `default`)."""
        fact = self._load(check_user(user_id))["facts"].get(self._key(key))
        return default if fact is None else fact["value"]

    def delete(self, user_id: str, key: str) -> None:
        """Remove `key` and every past value of it from this user's profile (KeyError if absent)."""
        key = self._key(key)
        with self._changing(check_user(user_id)) as data:
            if key not in data["facts"]:
                raise KeyError(f"user {user_id!r} has no profile key {key!r}; keys: {sorted(data['facts'])}")
            del data["facts"][key]
            data["history"] = [h for h in data["history"] if h.get("key") != key]

    def facts(self, user_id: str) -> dict[str, Any]:
        """The whole profile as {key: value}, keys sorted."""
        return {k: v["value"] for k, v in sorted(self._load(check_user(user_id))["facts"].items())}

    def history(self, user_id: str, key: str | None = None) -> list[dict[str, Any]]:
        """Every change (key, old, new, at, source), oldest first; optionally for one key."""
        rows = self._load(check_user(user_id))["history"]
        return [dict(r) for r in rows if key is None or r["key"] == self._key(key)]

    def render(self, user_id: str) -> str:
        """The profile as a short block for the prompt ('' if empty)."""
        facts = self.facts(user_id)
        if not facts:
            return ""
        return "User profile:\n" + "\n".join(f"- {k}: {v}" for k, v in facts.items())

    def export(self, user_id: str) -> dict[str, Any]:
        """Everything stored about this user: facts with provenance, the history, and the keys holding personal
        data by category ({"health": ["allergy"], …})."""
        data = json.loads(json.dumps(self._load(check_user(user_id))))
        data["personal_data"] = by_category((k, f.get("personal_data", [])) for k, f in sorted(data["facts"].items()))
        return data

    def users(self) -> list[str]:
        """Every user with a stored profile."""
        if self.path is None:
            return sorted(u for u, d in self._memory.items() if d["facts"])
        return sorted(d["user_id"] for f in self.path.glob("*.json")
                      if isinstance(d := read_json(f, "profile"), dict) and isinstance(d.get("user_id"), str))

    def check_forget_user(self, user_id: str) -> None:
        """Raise, changing nothing, if forget_user would refuse: a near-miss user id, a symlink in the folder."""
        check_user(user_id)
        check_no_symlinks(self.path)
        known = self.users()
        near = [u for u in known if u != user_id and u.strip().casefold() == user_id.strip().casefold()]
        if user_id not in known and near:
            raise KeyError(f"no profile for user_id {user_id!r}, but {near[0]!r} has one; user ids are exact and "
                           f"case-sensitive, pass {near[0]!r}. Nothing was deleted")

    def forget_user(self, user_id: str) -> int:
        """Delete this user's profile and its history; returns how many facts went. A user id found only with
        other case or spaces is an error naming it (ids are exact); a symlink in the folder is refused first."""
        self.check_forget_user(user_id)
        gone = len(self._load(user_id)["facts"])
        self._memory.pop(user_id, None)
        f = self.file(user_id)
        if f is not None:
            lock = f.with_name(f.name + ".lock")
            with locked(lock, "a profile"):
                remove_temp_files(f.parent, f.name)
                f.unlink(missing_ok=True)
            lock.unlink(missing_ok=True)
        return gone
