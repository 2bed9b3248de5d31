"""`python -m course_lib reset` deletes this learner's course stores (folders, server tenant) and nothing else."""
from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

from course_lib import EpisodicLog, ProfileMemory, VectorMemory
from course_lib.__main__ import main
from course_lib.course.reset import run

sys.path.insert(0, str(Path(__file__).parent))
from storekit import HashModel  # noqa: E402


def fill(root: Path) -> Path:
    """A folder with every kind of course store in it, closed again (as after a lesson's kernel ends)."""
    numpy = VectorMemory(path=root / "numpy", model=HashModel())
    numpy.remember("priya", "The user is allergic to peanuts.")
    chroma = VectorMemory("chroma", path=root / "chroma", model=HashModel())
    chroma.remember("priya", "The user is vegetarian.")
    ProfileMemory(root / "profiles").set("priya", "diet", "vegetarian")
    EpisodicLog("priya-trip", root / "episodes").record("tool_call", tool="book_table", args={"day": "Friday"})
    VectorMemory(path=root, model=HashModel()).remember("marco", "Marco flies on Friday.")  # stores at the top too
    ProfileMemory(root).set("marco", "city", "Berlin")
    del numpy, chroma
    gc.collect()  # releases the embedded chroma folder's lock
    return root


def listing(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_a_folder_of_course_stores_is_emptied(tmp_path, capsys):
    root = fill(tmp_path / "stores")
    assert {"numpy", "chroma", "profiles", "episodes"} <= set(listing(root))
    assert main(["reset", "--no-server", "--path", str(root), "--yes"]) == 0
    assert root.is_dir() and listing(root) == []
    assert "deleted" in capsys.readouterr().out
    from chromadb.api.client import SharedSystemClient

    SharedSystemClient.clear_system_cache()  # as in a new kernel: chroma caches an open folder per process
    again = VectorMemory("chroma", path=root / "chroma", model=HashModel())  # and the stores start afresh
    assert again.users() == []


def test_dry_run_and_no_answer_delete_nothing(tmp_path):
    root = fill(tmp_path / "stores")
    before, said = listing(root), []
    assert run([root], yes=False, dry_run=True, server=None, say=said.append) == 0
    assert listing(root) == before and "dry run: nothing was deleted" in said
    assert any(line.strip() == f"{root / 'chroma'}/" for line in said)
    assert run([root], yes=False, dry_run=False, server=None, ask=lambda q: "n", say=said.append) == 1
    assert listing(root) == before
    assert run([root], yes=False, dry_run=False, server=None, ask=lambda q: "y", say=said.append) == 0
    assert listing(root) == []


def test_a_folder_with_other_files_is_refused_and_untouched(tmp_path, capsys):
    root = fill(tmp_path / "work")
    (root / "notes.txt").write_text("my notes")
    (root / "profiles" / "draft.json").write_text('{"not": "a profile"}')
    before = listing(root)
    assert main(["reset", "--no-server", "--path", str(root), "--yes"]) == 1
    assert listing(root) == before and (root / "notes.txt").read_text() == "my notes"
    err = capsys.readouterr().err
    assert "does not look like a course store" in err and "notes.txt" in err and "draft.json" in err
    plain = tmp_path / "project"  # a folder that never held a store, given together with a good one
    plain.mkdir()
    (plain / "lesson.ipynb").write_text("{}")
    good = fill(tmp_path / "good")
    good_before = listing(good)
    assert main(["reset", "--no-server", "--path", str(good), "--path", str(plain), "--yes"]) == 1
    assert listing(good) == good_before and (plain / "lesson.ipynb").exists()  # one refusal stops everything


def test_an_open_chroma_store_is_refused(tmp_path, capsys):
    mem = VectorMemory("chroma", path=tmp_path / "chroma", model=HashModel())
    mem.remember("priya", "The user is vegetarian.")
    assert main(["reset", "--no-server", "--path", str(tmp_path), "--yes"]) == 1
    assert "running kernel" in capsys.readouterr().err and mem.memories("priya")


def test_bad_arguments_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("COURSE_CHROMA_HOST", raising=False)
    assert main(["reset", "--yes"]) == 2  # nothing named and no server configured
    assert "--path" in capsys.readouterr().err
    assert main(["reset", "--path", str(tmp_path / "missing")]) == 2
    monkeypatch.setenv("COURSE_CHROMA_PORT", "many")
    assert main(["reset", "--path", str(tmp_path)]) == 2
    assert "COURSE_CHROMA_PORT" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["reset", "--everything"])
    assert stop.value.code == 2
    monkeypatch.setenv("COURSE_CHROMA_HOST", "127.0.0.1")
    monkeypatch.setenv("COURSE_CHROMA_PORT", "1")  # nothing listens there
    assert main(["reset", "--dry-run"]) == 2
    assert "no Chroma server answers at 127.0.0.1:1" in capsys.readouterr().err


def test_on_a_server_only_this_learners_tenant_is_emptied(tmp_path, monkeypatch, capsys):
    from course_lib.long_term.stores.chroma_server import ChromaServer

    server = ChromaServer(tmp_path / "chroma-data", timeout=180)
    try:
        monkeypatch.setenv("COURSE_CHROMA_HOST", server.host)
        monkeypatch.setenv("COURSE_CHROMA_PORT", str(server.port))
        for who, text in (("alice", "The user is allergic to peanuts."), ("bob", "The user is vegetarian.")):
            monkeypatch.setenv("COURSE_LEARNER", who)
            mem = VectorMemory("chroma", model=HashModel())
            mem.remember("priya", text)
            mem.remember("marco", f"{who} wrote this for marco.")
        monkeypatch.setenv("COURSE_LEARNER", "alice")
        assert main(["reset", "--dry-run"]) == 0
        out = capsys.readouterr().out
        assert "tenant learner-alice" in out and "user 'priya'" in out and "learner-bob" not in out
        assert VectorMemory("chroma", model=HashModel()).users() == ["marco", "priya"]  # dry run kept them
        assert main(["reset", "--yes"]) == 0
        assert "until the operator scrubs it" in capsys.readouterr().out  # says where deleted bytes remain
        assert VectorMemory("chroma", model=HashModel()).users() == []
        monkeypatch.setenv("COURSE_LEARNER", "bob")
        bob = VectorMemory("chroma", model=HashModel())
        assert bob.users() == ["marco", "priya"] and [r.text for r in bob.memories("priya")] == [
            "The user is vegetarian."]
        monkeypatch.setenv("COURSE_LEARNER", "nobody-yet")  # a learner with no tenant: nothing to do, none made
        assert main(["reset", "--yes"]) == 0 and "nothing to delete" in capsys.readouterr().out
    finally:
        server.stop()
    data = listing(tmp_path / "chroma-data")  # the server's own folder is never taken for a learner's store
    assert main(["reset", "--no-server", "--path", str(tmp_path / "chroma-data"), "--yes"]) == 1
    assert "every learner's tenant" in capsys.readouterr().err and listing(tmp_path / "chroma-data") == data
