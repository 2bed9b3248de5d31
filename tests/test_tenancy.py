"""A room on one Chroma server: two learners in two processes both store memories for the user "priya";
each is a tenant of its own, so neither recalls, lists, exports or deletes the other's memories."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from course_lib.long_term.stores.chroma_tenancy import learner, tenant_name
from course_lib.model.settings import SettingsError, load_settings

# One learner's kernel: open VectorMemory(backend="chroma") with only the environment to go by, run the
# steps given as JSON and print what it sees. "--no-tenancy" puts the store back on chroma's default tenant.
LEARNER = r"""
import json, sys
sys.path.insert(0, "tests")
from course_lib.long_term.stores import chroma_tenancy
from storekit import HashModel
if "--no-tenancy" in sys.argv:
    chroma_tenancy.learner_tenant = lambda settings=None: "default_tenant"
from course_lib import VectorMemory
mem = VectorMemory(backend="chroma", model=HashModel())
steps = json.loads(sys.argv[1])
for text in steps.get("write", []):
    mem.remember("priya", text, importance=0.9)
for user, text in steps.get("others", []):
    mem.remember(user, text)
def view():
    return {"tenant": mem.store.tenant, "host": mem.store.host, "users": mem.users(),
            "recall": [r.text for r in mem.recall("priya", "what does the user eat", k=10)],
            "memories": [r.text for r in mem.memories("priya")],
            "history": [r.text for r in mem.history("priya")], "export": json.dumps(mem.export("priya"))}
seen = view()
if steps.get("forget_user"):
    mem.forget_user("priya")
    seen["after_forget"] = view()
print(json.dumps(seen))
"""
ALICE, BOB = "The user is allergic to peanuts.", "The user is vegetarian."
MARCO = [["marco", "Marco flies to Berlin on Friday."]]  # a second user, stored by the first learner only


def env_for(server, **learner_vars: str) -> dict[str, str]:
    """The environment of a learner's kernel on `server` (no learner variables inherited from this one)."""
    env = {k: v for k, v in os.environ.items() if k not in ("COURSE_LEARNER", "JUPYTERHUB_USER")}
    env.update(COURSE_CHROMA_HOST=server.host, COURSE_CHROMA_PORT=str(server.port),
               PYTHONPATH=str(Path(__file__).parent.parent), **learner_vars)
    return env


def kernel(env: dict[str, str], *flags: str, **steps) -> subprocess.Popen:
    """Start one learner's kernel as a separate Python process (`seen` waits for it and returns what it saw)."""
    return subprocess.Popen([sys.executable, "-c", LEARNER, json.dumps(steps), *flags], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=Path(__file__).parent.parent)


def seen(proc: subprocess.Popen) -> dict:
    """What a learner's kernel saw, once it has finished."""
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real `chroma run` on loopback for this module (each test uses learner names of its own)."""
    from course_lib.long_term.stores.chroma_server import ChromaServer

    srv = ChromaServer(tmp_path_factory.mktemp("tenancy") / "chroma-data", timeout=180)
    yield srv
    srv.stop()


def sees(view: dict, text: str) -> bool:
    """True if `text` shows up anywhere in a kernel's view of user "priya"."""
    return any(text in view[k] for k in ("recall", "memories", "history", "export"))


def test_two_learners_on_one_server_never_share(server):
    alice_env = env_for(server, COURSE_LEARNER="alice")
    bob_env = env_for(server, JUPYTERHUB_USER="Bob Smith")  # JupyterHub's variable alone names the learner
    alice, bob = map(seen, [kernel(alice_env, write=[ALICE], others=MARCO), kernel(bob_env, write=[BOB])])
    assert (alice["tenant"], bob["tenant"]) == ("learner-alice", tenant_name("Bob Smith"))
    assert bob["tenant"].startswith("learner-bob-smith-") and alice["host"] == server.host
    assert sees(alice, ALICE) and not sees(alice, BOB) and alice["users"] == ["marco", "priya"]
    assert sees(bob, BOB) and not sees(bob, ALICE) and bob["users"] == ["priya"]

    again = seen(kernel(alice_env, forget_user=True))  # a restarted kernel of the same learner finds its own
    assert again["memories"] == [ALICE] and again["recall"] == [ALICE]
    assert again["after_forget"]["memories"] == [] and again["after_forget"]["users"] == ["marco"]

    bob_after = seen(kernel(bob_env))  # alice deleted her "priya": bob's "priya" is untouched
    assert bob_after["memories"] == [BOB] and bob_after["recall"] == [BOB] and bob_after["users"] == ["priya"]


def test_without_tenancy_the_same_checks_catch_the_leak(server):
    """Both kernels forced onto chroma's default tenant (the behaviour before tenancy): the checks above fail."""
    off = "--no-tenancy"
    seen(kernel(env_for(server, COURSE_LEARNER="carol"), off, write=[ALICE], others=MARCO))
    dave = seen(kernel(env_for(server, COURSE_LEARNER="dave"), off, write=[BOB]))
    assert dave["tenant"] == "default_tenant" and "marco" in dave["users"]
    assert sees(dave, ALICE), "without tenants dave recalls carol's peanut allergy (the leak tenants stop)"
    seen(kernel(env_for(server, COURSE_LEARNER="carol"), off, forget_user=True))
    assert not sees(seen(kernel(env_for(server, COURSE_LEARNER="dave"), off)), BOB)  # carol deleted dave's too


def test_an_explicit_path_still_wins_over_the_server(server, tmp_path, monkeypatch):
    from course_lib import VectorMemory
    sys.path.insert(0, str(Path(__file__).parent))
    from storekit import HashModel

    monkeypatch.setenv("COURSE_CHROMA_HOST", "127.0.0.1")
    monkeypatch.setenv("COURSE_CHROMA_PORT", "1")  # nothing listens here: using it would fail
    mem = VectorMemory(backend="chroma", path=tmp_path / "mine", model=HashModel())
    assert mem.store.tenant is None and mem.store.path == tmp_path / "mine"
    other = VectorMemory(backend="chroma", chroma_host=server.host, chroma_port=server.port, model=HashModel())
    assert other.store.port == server.port and other.store.tenant == tenant_name(learner())
    with pytest.raises(ConnectionError, match="COURSE_CHROMA_HOST"):
        VectorMemory(backend="chroma", model=HashModel())


@pytest.mark.parametrize("name, tenant", [("alice", "learner-alice"), ("jupyter-ana.b", "learner-jupyter-ana.b"),
                                          ("ab", "learner-ab")])
def test_a_plain_name_is_kept_readable(name, tenant):
    assert tenant_name(name) == tenant


def test_a_changed_name_gets_a_hash_so_names_never_collide():
    names = ["Alice", "alice ", "ALICE", "alice smith", "alice_smith", "alice@example.org", "Ünal", "ünal", "??", "ü",
             "alice-3bc51062", "a" * 80, "a" * 81, "x/../y"]
    tenants = [tenant_name(n) for n in names]
    assert tenant_name("alice ") == "learner-alice"  # surrounding spaces are not part of a name
    assert tenant_name("Ünal").startswith("learner-unal-") and tenant_name("Alice").startswith("learner-alice-")
    distinct = {n.strip() for n in names}
    assert len(set(tenants)) == len(distinct), sorted(tenants)
    valid = r"learner-[a-z0-9][a-z0-9._-]*[a-z0-9]"
    assert all(__import__("re").fullmatch(valid, t) and len(t) <= 64 for t in tenants), tenants


def test_the_learner_comes_from_course_learner_then_jupyterhub_then_the_os(monkeypatch):
    assert load_settings({"COURSE_LEARNER": "ana", "JUPYTERHUB_USER": "hub-ana"}).learner == "ana"
    assert load_settings({"JUPYTERHUB_USER": "hub-ana"}).learner == "hub-ana"
    assert load_settings({}).learner is None
    monkeypatch.setattr("getpass.getuser", lambda: "os-ana")
    assert learner(load_settings({})) == "os-ana"

    def nameless():
        raise OSError("no user name")
    monkeypatch.setattr("getpass.getuser", nameless)
    with pytest.raises(SettingsError, match="COURSE_LEARNER"):
        learner(load_settings({}))
    with pytest.raises(SettingsError, match="COURSE_LEARNER"):
        tenant_name("   ")


def test_server_settings_are_read_and_checked():
    s = load_settings({"COURSE_CHROMA_HOST": " chroma.room.local ", "COURSE_CHROMA_PORT": "8010"})
    assert (s.chroma_host, s.chroma_port) == ("chroma.room.local", 8010)
    assert (load_settings({}).chroma_host, load_settings({}).chroma_port) == (None, 8000)
    for bad in ("http", "0", "70000", "-1"):
        with pytest.raises(SettingsError, match="COURSE_CHROMA_PORT"):
            load_settings({"COURSE_CHROMA_PORT": bad})


def test_doctor_names_the_server_learner_and_tenant(server, monkeypatch):
    from course_lib.course import doctor

    monkeypatch.setenv("COURSE_CHROMA_HOST", server.host)
    monkeypatch.setenv("COURSE_CHROMA_PORT", str(server.port))
    monkeypatch.setenv("COURSE_LEARNER", "Erin O'Neil")
    check = {c.name: c for c in doctor.run_checks()}["chroma server"]
    assert check.ok and f"{server.host}:{server.port}" in check.detail, check.detail
    assert "learner \"Erin O'Neil\" -> tenant " + tenant_name("Erin O'Neil") in check.detail


def test_doctor_fails_fast_on_a_silent_server(monkeypatch):
    import socket
    import time

    from course_lib.course import doctor

    with socket.socket() as silent:  # accepts connections (the kernel does), never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        monkeypatch.setenv("COURSE_CHROMA_HOST", "127.0.0.1")
        monkeypatch.setenv("COURSE_CHROMA_PORT", str(silent.getsockname()[1]))
        monkeypatch.setattr(doctor, "DOCTOR_TIMEOUT", 1.0)
        started = time.monotonic()
        check = doctor._run("chroma server", doctor.check_chroma_server)
    assert not check.ok and "COURSE_CHROMA_HOST" in check.detail and time.monotonic() - started < 10


def test_two_kernels_of_one_new_learner_start_together(server):
    """Both create the learner's tenant at the same moment; both work, and each sees the other's memory."""
    env = env_for(server, COURSE_LEARNER="frank")
    first, second = kernel(env, write=[ALICE]), kernel(env, write=[BOB])
    assert {seen(first)["tenant"], seen(second)["tenant"]} == {"learner-frank"}
    assert sorted(seen(kernel(env))["memories"]) == sorted([ALICE, BOB])
