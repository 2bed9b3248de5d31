"""Deletion that means it: after forget / forget_user / delete, no byte of the deleted text is left in any file
under the store's folder — per backend, for the profile and for the episodic log."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from course_lib import EpisodicLog, ProfileMemory, VectorMemory

sys.path.insert(0, str(Path(__file__).parent))
from storekit import HashModel  # noqa: E402

SECRET = "Kastanienallee"


def bytes_left(root: Path, needle: str = SECRET) -> dict[str, int]:
    """{file: times the needle occurs} for every file under root holding it."""
    data = needle.encode("utf-8")
    return {str(p): p.read_bytes().count(data) for p in root.rglob("*") if p.is_file() and data in p.read_bytes()}


@pytest.mark.parametrize("backend", ["numpy", "chroma"])
def test_forget_one_memory_leaves_no_byte(backend, tmp_path):
    mem = VectorMemory(backend, path=tmp_path, model=HashModel())
    gone = mem.remember("alice", f"Alice lives at 12 {SECRET}, Berlin.")
    mem.remember("alice", "Alice likes tea.")
    mem.update("alice", gone.id, f"Alice moved away from {SECRET} to Kreuzberg.")
    mem.recall("alice", "where does she live")
    assert bytes_left(tmp_path)
    holding = [r for r in mem.history("alice") if SECRET in r.text]
    assert len(holding) == 2  # the old version and the one that superseded it
    assert sorted(mem.forget("alice", holding[-1].id)) == sorted(r.id for r in holding)  # one call: the whole chain
    assert bytes_left(tmp_path) == {}
    assert [r.text for r in mem.history("alice")] == ["Alice likes tea."]
    for _ in range(3):  # later writes must not bring the text back from freed memory
        mem.remember("bob", "Bob likes chess.")
        mem.remember("carol", "Carol likes jazz.")
    assert bytes_left(tmp_path) == {}


def test_chroma_server_forget_user_and_the_operators_purge(tmp_path):
    """A server's disk is out of the library's reach: measure what stays, then run the documented purge."""
    from course_lib.long_term.stores.chroma_server import ChromaServer

    data = tmp_path / "server"
    server = ChromaServer(data, timeout=180)  # a loaded CI machine can take a minute to start it
    try:
        mem = VectorMemory("chroma", chroma_host=server.host, chroma_port=server.port, model=HashModel())
        for n in range(5):
            mem.remember("alice", f"Alice note {n}: she lives at {SECRET}.")
        mem.remember("bob", "Bob likes chess.")
        mem.forget_user("alice")
        assert mem.history("alice") == [] and mem.users() == ["bob"]
    finally:
        server.stop()
    left = sum(bytes_left(data).values())
    print(f"\nchroma server: {left} copies of the deleted text left on the server's disk before the purge")
    purge = subprocess.run([sys.executable, "-m", "course_lib.long_term.stores.chroma_disk", str(data)],
                           capture_output=True, text=True, timeout=120)
    assert purge.returncode == 0, purge.stderr
    assert bytes_left(data) == {} and bytes_left(data, "alice") == {}
    again = ChromaServer(data, timeout=180)  # and the server still serves what was kept
    try:
        kept = VectorMemory("chroma", chroma_host=again.host, chroma_port=again.port, model=HashModel())
        assert [r.text for r in kept.history("bob")] == ["Bob likes chess."]
    finally:
        again.stop()


def test_profile_delete_removes_the_value_and_its_history(tmp_path):
    p = ProfileMemory(tmp_path)
    p.set("alice", "address", f"12 {SECRET}")
    p.set("alice", "address", f"14 {SECRET}")
    p.set("alice", "diet", "vegetarian")
    p.delete("alice", "address")
    assert bytes_left(tmp_path) == {} and p.history("alice", "address") == []
    assert p.facts("alice") == {"diet": "vegetarian"}
    p.forget_user("alice")
    assert bytes_left(tmp_path, "vegetarian") == {}


def test_episodic_forget_user_and_forget_session(tmp_path):
    alice = EpisodicLog("s1", tmp_path, user_id="alice")
    bob = EpisodicLog("s1", tmp_path, user_id="bob")
    alice.record("task", text=f"send the parcel to {SECRET}")
    bob.record("task", text="book a table")
    EpisodicLog("s2", tmp_path, user_id="alice").record("note", text=f"{SECRET} again")
    assert alice.forget_user("alice") == 2
    assert bytes_left(tmp_path) == {} and bytes_left(tmp_path, '"alice"') == {}
    assert [e["text"] for e in bob.events()] == ["book a table"]
    bob.record("outcome", text="booked")
    assert [e["seq"] for e in bob.events()] == [1, 2]
    bob.forget_session()
    assert bob.path.exists() is False and bytes_left(tmp_path, "book a table") == {}
