"""`python -m course_lib reset`: remove what the course stored for this learner, and nothing else.

Two places hold a learner's memories:

* a Chroma server (COURSE_CHROMA_HOST): every collection in this learner's tenant (see `chroma_tenancy`);
  other learners' tenants are never touched;
* folders given with `--path`: the files the course's stores write there — numpy memory folders
  (`<hash>/memories.npz`, `access.npz`), embedded chroma (`chroma.sqlite3` and its index folders),
  profiles (`<hash>.json`), episodic logs (`<session>.jsonl`), and their lock and temporary files.
  A folder holding anything else is refused whole, so a mistyped path never deletes someone's work; so is a
  Chroma server's own data folder (every learner's tenant is in it) and a store a running kernel has open.

It lists what it will delete, then asks (unless `--yes`); `--dry-run` only lists.
Exit codes: 0 done (or nothing to do), 1 refused or not confirmed, 2 bad arguments.
"""
from __future__ import annotations

import json
import re
import shutil
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from course_lib.long_term.stores.chroma_disk import UUID
from course_lib.long_term.stores.chroma_store import LOCK_NAME
from course_lib.long_term.stores.chroma_tenancy import identity, tenant_clients
from course_lib.long_term.stores.files import read_log
from course_lib.long_term.stores.numpy_files import ACCESS, MEMORIES
from course_lib.long_term.stores.numpy_store import DELETING
from course_lib.long_term.stores.private import KEY_FILE

HASHED = re.compile(r"[0-9a-f]{24}")  # user folders and profile files are named by a hash of the user id
CHROMA_FILE = re.compile(r"chroma\.sqlite3(-wal|-shm|-journal)?")
LOCK = re.compile(r"([0-9a-f]{24}(\.json)?|.+\.jsonl)\.lock")
TEMP = re.compile(r"\..+\.tmp")  # what `files.atomic_write` leaves behind when killed mid-write
NUMPY_FILES = {MEMORIES, ACCESS}


@dataclass
class Plan:
    """What a reset would delete, and why it refuses (if it does)."""

    paths: list[Path] = field(default_factory=list)
    collections: list[tuple[Any, str, str]] = field(default_factory=list)  # (client, name, description)
    refusals: list[str] = field(default_factory=list)
    server: str = ""


def _is_profile(path: Path) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(data, dict) and "user_id" in data and "facts" in data


def _is_episodic(path: Path) -> bool:
    try:
        events, _ = read_log(path)
    except Exception:  # not a course log: damaged, binary, or someone else's file
        return False
    return bool(events) and all(isinstance(e, dict) and {"session", "seq"} <= set(e) for e in events)


def _is_numpy_user(folder: Path) -> bool:
    files = list(folder.iterdir())
    return (HASHED.fullmatch(folder.name) is not None and bool(files)
            and all(f.is_file() and (f.name in NUMPY_FILES or TEMP.fullmatch(f.name)) for f in files))


def _chroma_entry(entry: Path) -> bool:
    if entry.is_dir():
        return UUID.match(entry.name) is not None
    return entry.name == LOCK_NAME or CHROMA_FILE.fullmatch(entry.name) is not None


def sort_folder(folder: Path) -> tuple[list[Path], list[Path]]:
    """(course store entries, anything else) directly in `folder`; subfolders are sorted the same way."""
    if (folder / "chroma.sqlite3").is_file():  # embedded chroma: the folder is the store
        entries = sorted(folder.iterdir())
        return [e for e in entries if _chroma_entry(e)], [e for e in entries if not _chroma_entry(e)]
    mine: list[Path] = []
    foreign: list[Path] = []
    for entry in sorted(folder.iterdir()):
        if entry.is_symlink():
            foreign.append(entry)
        elif entry.is_dir():
            if _is_numpy_user(entry) or entry.name.startswith(DELETING):
                mine.append(entry)
                continue
            inner_foreign = sort_folder(entry)[1]
            if inner_foreign:
                foreign.extend(inner_foreign)
            else:
                mine.append(entry)
        elif (LOCK.fullmatch(entry.name) or TEMP.fullmatch(entry.name) or entry.name == KEY_FILE
              or (entry.suffix == ".json" and HASHED.fullmatch(entry.stem) and _is_profile(entry))
              or (entry.suffix == ".jsonl" and _is_episodic(entry))):
            mine.append(entry)
        else:
            foreign.append(entry)
    return mine, foreign


def _tenants(folder: Path) -> list[str]:
    """The learners' tenants in a chroma folder's database: only a Chroma server's data folder has any."""
    try:
        con = sqlite3.connect(f"file:{folder / 'chroma.sqlite3'}?mode=ro", uri=True)
        try:
            return sorted(row[0] for row in con.execute("SELECT id FROM tenants") if row[0] != "default_tenant")
        finally:
            con.close()
    except sqlite3.Error:
        return []


def _held(folder: Path) -> bool:
    """True if a running process (a kernel) has the embedded chroma store in `folder` open."""
    from filelock import FileLock, Timeout

    try:
        with FileLock(str(folder / LOCK_NAME), timeout=0):
            return False
    except Timeout:
        return True


def plan_folder(plan: Plan, folder: Path) -> None:
    """Add a folder's course store files to the plan, or a refusal saying why not."""
    mine, foreign = sort_folder(folder)
    links = [p for p in [folder, *folder.rglob("*")] if p.is_symlink()]
    if links:
        plan.refusals.append(f"{folder} holds a symlink ({links[0]}): a reset could delete through it. Nothing was "
                             "deleted; remove the link and run reset again")
    elif foreign:
        shown = ", ".join(str(p) for p in foreign[:5]) + (" …" if len(foreign) > 5 else "")
        plan.refusals.append(f"{folder} does not look like a course store: it also holds {shown}. Nothing was "
                             "deleted; give the store's own folder (e.g. the path= passed to VectorMemory)")
    elif any(_tenants(db.parent) for db in folder.rglob("chroma.sqlite3")):
        plan.refusals.append(f"{folder} holds a Chroma server's data, with every learner's tenant in it: reset one "
                             "learner at a time through the server (COURSE_CHROMA_HOST), not by deleting its folder")
    elif any(_held(lock.parent) for lock in folder.rglob(LOCK_NAME)):
        plan.refusals.append(f"{folder} holds an embedded chroma store that a running kernel has open: "
                             "shut that kernel down first")
    else:
        plan.paths.extend(mine)


def plan_server(plan: Plan, host: str, port: int) -> None:
    """Add every collection in this learner's tenant on the server to the plan."""
    plan.server = f"Chroma server {host}:{port}, tenant {identity(host, port).tenant}"
    for client in tenant_clients(host, port):
        for col in client.list_collections():
            got = col.get(limit=1, include=["metadatas"])["metadatas"]
            owner = f"user {got[0].get('user_id')!r}, " if got and got[0] else ""
            plan.collections.append((client, col.name, f"collection {client.database}/{col.name} ({owner}"
                                                        f"{col.count()} records)"))


def run(paths: list[Path], yes: bool, dry_run: bool, server: tuple[str, int] | None,
        ask: Callable[[str], str] = input, say: Callable[[str], None] = print,
        warn: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> int:
    """Plan, show, confirm and carry out a reset; returns the exit code."""
    for p in paths:
        if not p.is_dir():
            warn(f"error: --path {p} is not a folder (give a folder the course's stores wrote into)")
            return 2
    if not paths and server is None:
        warn("error: nothing to reset: give --path DIR (a store folder), or set COURSE_CHROMA_HOST for a server")
        return 2
    plan = Plan()
    for p in paths:
        plan_folder(plan, p)
    if server is not None:
        plan_server(plan, *server)
    if plan.refusals:
        for reason in plan.refusals:
            warn(f"refused: {reason}")
        return 1
    if not plan.paths and not plan.collections:
        where = ([plan.server] if plan.server else []) + [str(p) for p in paths]
        say(f"nothing to delete: no course stores in {'; '.join(where)}")
        return 0
    say(("would delete" if dry_run else "will delete") + ":")
    for p in plan.paths:
        say(f"  {p}{'/' if p.is_dir() else ''}")
    for _client, _name, what in plan.collections:
        say(f"  {plan.server}: {what}")
    if dry_run:
        say("dry run: nothing was deleted")
        return 0
    if not yes:
        try:
            answer = ask("delete all of this? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            say("not confirmed: nothing was deleted (add --yes to skip the question)")
            return 1
    for p in plan.paths:
        if p.is_dir():
            shutil.rmtree(p)
        else:
            p.unlink(missing_ok=True)
    for client, name, _what in plan.collections:
        client.delete_collection(name)
    say(f"deleted {len(plan.paths)} store file(s)/folder(s) and {len(plan.collections)} server collection(s)")
    if plan.collections:
        say("the server no longer returns them; their bytes stay in its data folder until the operator scrubs it "
            "(python -m course_lib.long_term.stores.chroma_disk <folder>, with the server stopped)")
    return 0
