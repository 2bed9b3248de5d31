"""Issue 21: one call forgets a user in every store, and the agent's "delete everything" goes the same way.

The user is written into every store the course has (vector memories, profile, ledger and its session file,
shared-memory proposals and accepted facts, skills and skill proposals, a conversation summary); a second user
is written next to them in the same folders. After forgetting, the bytes of every file and every file name under
the store folders are scanned for the user id, the session id, the hash an unsalted store would use, and the
user's own texts; the second user's data must be all there.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from course_lib import EpisodicLog, ProfileMemory, VectorMemory, forget_everywhere
from course_lib.agent.ledger import Ledger
from course_lib.agent.memory_tools import forget_tools, memory_tools
from course_lib.agent.toolbox import Toolbox
from course_lib.long_term.shared import SharedMemory
from course_lib.long_term.skills import SkillLibrary
from course_lib.model.clock import CourseClock
from course_lib.short_term.summary import SummaryBufferMemory
from storekit import HashModel

SESSION = "marco-2026-03-02-dinner"
MARCO_TEXTS = ["peanuts", "Oberkampf", "Trattoria Nonna", "Lumen closes", "Tempelhof market", "vegan_first",
               "umbrella_check", "Kreuzberg"]
BOB_TEXTS = ["jazz", "Cafe Blau", "Kulturbrauerei", "weather_first"]


def booking_tools() -> Toolbox:
    """A book_table tool that confirms every booking (the ledger logs its arguments and result)."""
    return Toolbox([{"type": "function", "function": {"name": "book_table", "parameters": {}}}],
                   {"book_table": lambda **a: {"confirmation": "B-" + a["restaurant"][:3]}})


def write_user(tmp_path, clock, user: str, session: str, texts: dict[str, str]) -> dict:
    """Put `user` into every store (folders shared with the other user); return the stores."""
    memory = VectorMemory(path=tmp_path / "vector", model=HashModel(), clock=clock)
    profile = ProfileMemory(tmp_path / "profile", clock=clock)
    ledger = Ledger(tmp_path / "episodes", user, session, clock=clock)
    shared = SharedMemory(path=tmp_path / "shared", model=HashModel(), clock=clock)
    skills = SkillLibrary(tmp_path / "skills")
    summary = SummaryBufferMemory(max_tokens=120, summary_tokens=40, user_id=user)
    r = memory.remember(user, texts["memory"])
    memory.update(user, r.id, texts["memory2"])  # a version chain: the old wording must go too
    profile.set(user, "note", texts["profile"])
    ledger.guard(booking_tools()).functions["book_table"](restaurant=texts["restaurant"], people=2)
    ledger.log.record("user_said", text=texts["memory"])
    p = shared.contribute(memory, user, texts["shared"])
    shared.accept(p.id, operator="operator")
    shared.contribute(memory, user, texts["proposal"])
    skills.propose(texts["skill"], "Check the diet before searching.", "1. Read the diet. 2. Search.", author=user)
    skills.accept(texts["skill"], operator="operator")
    if "skill2" in texts:
        skills.propose(texts["skill2"], "Look at the sky.", "1. Check the forecast.", author=user)
    for i in range(12):  # enough turns to fold some into the summary
        summary.add({"role": "user", "content": f"Turn {i}: {texts['memory']}"})
        summary.add({"role": "assistant", "content": f"Noted turn {i}."})
    return {"memory": memory, "profile": profile, "ledger": ledger, "shared": shared, "skills": skills,
            "summary": summary}


def files_mentioning(root, needles: list[str]) -> list[str]:
    """'path: needle' for every file under root whose name or bytes contain a needle (case-insensitive)."""
    found = []
    for f in sorted(root.rglob("*")):
        name = str(f.relative_to(root)).lower()
        data = f.read_bytes().lower() if f.is_file() else b""
        found += [f"{f}: {n}" for n in needles if n.lower() in name or n.lower().encode() in data]
    return found


@pytest.fixture
def two_users(tmp_path):
    clock = CourseClock()
    (tmp_path / "skills").mkdir()
    SkillLibrary(tmp_path / "skills").save("book_restaurant", "Book a table.", "1. Search. 2. Book.", author="operator")
    marco = write_user(tmp_path, clock, "marco", SESSION, {
        "memory": "The user is allergic to peanuts.", "memory2": "The user is allergic to peanuts and lives near "
        "Rue Oberkampf.", "profile": "lives in Kreuzberg", "restaurant": "Trattoria Nonna",
        "shared": "Restaurant Lumen closes on Mondays.", "proposal": "The Tempelhof market opens at noon.",
        "skill": "vegan_first", "skill2": "umbrella_check"})
    bob = write_user(tmp_path, clock, "bob", "bob-s1", {
        "memory": "The user likes jazz.", "memory2": "The user likes jazz and blues.", "profile": "likes jazz",
        "restaurant": "Cafe Blau", "shared": "The Kulturbrauerei hall seats 300.",
        "proposal": "Mauerpark flea market runs on Sundays.", "skill": "weather_first"})
    return tmp_path, marco, bob


def test_one_call_forgets_a_user_in_every_store_and_leaves_no_byte_of_them(two_users):
    root, marco, bob = two_users
    needles = ["marco", SESSION, hashlib.sha256(b"marco").hexdigest()[:24], *MARCO_TEXTS]
    before = files_mentioning(root, needles)
    assert {n.split(": ")[1] for n in before} == set(needles) - {hashlib.sha256(b"marco").hexdigest()[:24]}
    summary_held = len(marco["summary"].messages) + 1
    assert marco["summary"].summary and marco["summary"].calls >= 1

    report = forget_everywhere("marco", *marco.values())

    assert report == {"VectorMemory": 2, "ProfileMemory": 1, "Ledger": 2, "SharedMemory": 2, "SkillLibrary": 2,
                      "SummaryBufferMemory": summary_held}
    assert files_mentioning(root, needles) == []
    assert marco["summary"].render() == []
    # bob is untouched, in every store
    assert [r.text for r in bob["memory"].memories("bob")] == ["The user likes jazz and blues."]
    assert bob["profile"].get("bob", "note") == "likes jazz"
    assert [e["args"]["restaurant"] for e in bob["ledger"].done()] == ["Cafe Blau"]
    assert [f.text for f in bob["shared"].facts()] == ["The Kulturbrauerei hall seats 300."]
    assert [p.text for p in bob["shared"].proposals()] == ["Mauerpark flea market runs on Sundays."]
    assert bob["skills"].names() == ["book_restaurant", "weather_first"]
    assert bob["summary"].summary and len(files_mentioning(root, BOB_TEXTS)) >= len(BOB_TEXTS)
    assert forget_everywhere("marco", *marco.values()) == dict.fromkeys(report, 0)  # a second call finds nothing


def test_a_near_miss_in_the_new_stores_refuses_before_anything_is_deleted(two_users):
    root, marco, _ = two_users
    for store in ("shared", "skills", "summary"):
        with pytest.raises(KeyError, match="pass 'marco'"):
            forget_everywhere("Marco", marco["memory"], marco[store])
        assert len(marco["memory"].history("marco")) == 2  # the vector store, checked first, kept everything
    with pytest.raises(ValueError, match="no user_id"):
        forget_everywhere("marco", marco["memory"], SummaryBufferMemory(max_tokens=120))
    assert forget_everywhere("marco", SkillLibrary()) == {"SkillLibrary": 0}  # the package's skills: no one's


def test_delete_everything_in_chat_uses_the_same_path_and_reports_each_store(two_users):
    from course_lib import ReActAgent
    from course_lib.agent.memory_tools import MEMORY_SYSTEM

    root, marco, bob = two_users
    tools = memory_tools(marco["memory"], "marco", shared=marco["shared"], profile=marco["profile"],
                         forget_also=(marco["ledger"], marco["skills"], marco["summary"]))
    result = ReActAgent(tools=tools, system=MEMORY_SYSTEM).run("Please delete everything you know about me.")
    assert [s.action for s in result.trace.steps] == ["forget_everything"]
    deleted = json.loads(result.trace.steps[0].observation)["deleted"]
    assert deleted == {"memories": 2, "profile facts": 1, "shared facts and proposals": 2, "logged tool calls": 2,
                       "skills and skill proposals": 2, "summary and recent messages": deleted[
                           "summary and recent messages"]} and deleted["summary and recent messages"] > 1
    assert "2 memories" in result.answer and "2 logged tool calls" in result.answer
    assert files_mentioning(root, ["marco", SESSION, *MARCO_TEXTS]) == []
    assert len(bob["memory"].memories("bob")) == 1


def test_the_hooks_agent_honours_a_deletion_request_with_forget_tools(two_users):
    from course_lib import ReActAgent

    root, marco, bob = two_users
    stores = (marco["memory"], marco["profile"], marco["ledger"])
    agent = ReActAgent(tools=forget_tools("marco", *stores))
    answer = agent.run("Lösche alles, was du über mich weißt.").answer
    assert "2 memories" in answer and "1 profile facts" in answer
    assert marco["memory"].history("marco") == [] and marco["ledger"].done() == []
    assert bob["ledger"].done() and bob["profile"].get("bob", "note") == "likes jazz"
    with pytest.raises(ValueError, match="give the stores"):
        forget_tools("marco")


def test_an_episodic_log_and_its_ledger_in_one_folder_are_counted_once(tmp_path):
    log = EpisodicLog(SESSION, tmp_path, user_id="marco")
    ledger = Ledger(tmp_path, "marco", SESSION)
    log.record("user_said", text="hi")
    assert forget_everywhere("marco", log, ledger) == {"EpisodicLog": 1, "Ledger": 0}
