"""Issue 21's privacy findings as tests: key-aware redaction, version chains, exact ids, names, modes, limits, links."""
from __future__ import annotations

import hashlib
import os

import pytest

from course_lib import EpisodicLog, ProfileMemory, VectorMemory, forget_everywhere
from course_lib.long_term.redact import redact_value, secret_key
from course_lib.long_term.stores.private import KEY_FILE, UnsafeStoreFolder
from course_lib.model.clock import CourseClock
from course_lib.model.redact import WINDOW, windows
from storekit import HashModel


def test_a_secret_marked_only_by_its_key_is_redacted_in_profile_and_episodic_payloads(tmp_path):
    p = ProfileMemory(tmp_path / "p")
    p.set("u", "password", "hunter2")
    p.set("u", "accounts", {"bank": {"pinCode": 4821, "user_name": "priya"}})
    assert p.get("u", "password") == "[REDACTED PASSWORD]"
    assert p.get("u", "accounts") == {"bank": {"pinCode": "[REDACTED PIN]", "user_name": "priya"}}
    e = EpisodicLog("s1", tmp_path / "e", user_id="u").record("tool_call", args={"password": "x", "api_key": "k",
                                                                                   "X-Auth-Token": "t", "city": "Oslo"})
    assert e["args"] == {"password": "[REDACTED PASSWORD]", "api_key": "[REDACTED APIKEY]",
                         "X-Auth-Token": "[REDACTED TOKEN]", "city": "Oslo"}
    # The folder's random name key is hex: it contains "4821" about once in 300 folders, so it is not a payload.
    payloads = [f.read_bytes() for f in tmp_path.rglob("*") if f.is_file() and f.name != KEY_FILE]
    assert payloads and not any(b"hunter2" in b or b"4821" in b for b in payloads)
    assert secret_key("shipping_address") is None and secret_key("spin") is None  # words, not substrings
    assert redact_value({"note": "my PIN is 4821"}) == {"note": "my PIN is [REDACTED PIN]"}


def test_forget_deletes_every_version_and_forget_user_refuses_a_near_miss(tmp_path):
    m = VectorMemory(path=tmp_path / "v", model=HashModel(), clock=CourseClock())
    r = m.remember("u", "The user lives at Rue Oberkampf 12.")
    new = m.update("u", r.id, "The user lives at Kastanienallee 5.")
    assert sorted(m.forget("u", new.id)) == sorted([r.id, new.id]) and m.history("u") == []
    assert not any(b"Oberkampf" in f.read_bytes() for f in tmp_path.rglob("*") if f.is_file())
    m.remember("sam", "The user likes jazz.")
    with pytest.raises(KeyError, match="pass 'sam'"):
        m.forget_user("Sam")
    assert len(m.memories("sam")) == 1


def test_after_forget_everywhere_no_file_names_or_hashes_the_user_and_all_is_private(tmp_path):
    clock = CourseClock()
    v, p = VectorMemory(path=tmp_path / "v", model=HashModel(), clock=clock), ProfileMemory(tmp_path / "p", clock=clock)
    log = EpisodicLog("marco-2026-03-02-dinner", tmp_path / "e", clock, user_id="marco")
    v.remember("marco", "The user is allergic to peanuts.")
    p.set("marco", "allergy", "peanuts")
    log.record("user_said", text="I am allergic to peanuts.")
    for f in tmp_path.rglob("*"):
        assert f.stat().st_mode & 0o077 == 0, f  # 0600 files, 0700 folders
    assert forget_everywhere("marco", v, p, log) == {"VectorMemory": 1, "ProfileMemory": 1, "EpisodicLog": 1}
    plain = hashlib.sha256(b"marco").hexdigest()[:24]
    for f in tmp_path.rglob("*"):
        assert "marco" not in f.name and plain not in f.name, f
        assert not f.is_file() or b"peanuts" not in f.read_bytes()


def test_a_planted_symlink_is_refused_before_anything_is_deleted(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    p = ProfileMemory(tmp_path / "p")
    p.set("u", "diet", "vegan")
    os.symlink(outside, tmp_path / "p" / "link")
    with pytest.raises(UnsafeStoreFolder, match="symlink"):
        p.forget_user("u")
    assert p.get("u", "diet") == "vegan"  # nothing was deleted
    with pytest.raises(UnsafeStoreFolder, match="symlink"):
        ProfileMemory(tmp_path / "p")


@pytest.mark.parametrize("call, limit", [
    (lambda t: VectorMemory(model=HashModel()).remember("u", "x" * 20_001), "20,000 characters"),
    (lambda t: VectorMemory(model=HashModel()).remember_many("u", ["a"] * 10_001), "10,000 memories"),
    (lambda t: ProfileMemory(t).set("u", "notes", "y" * 10_001), "10,000 bytes"),
    (lambda t: EpisodicLog("s", t).record("note", text="z" * 1_000_001), "1,000,000 bytes"),
])
def test_every_size_limit_is_refused_with_a_message_stating_it(tmp_path, call, limit):
    with pytest.raises(ValueError, match=limit):
        call(tmp_path)


def test_personal_data_is_kept_marked_important_and_listed_by_category(tmp_path):
    m = VectorMemory(model=HashModel(), clock=CourseClock())
    r = m.remember("u", "My phone is +49 170 1234567 and I take insulin.", importance=0.3)
    assert r.text.startswith("My phone is +49") and r.metadata["personal_data"] == ["contact", "health"]
    assert r.importance >= 0.8 and m.personal_data("u") == {"contact": [r.text], "health": [r.text]}
    p = ProfileMemory()
    p.set("u", "religion", "Muslim")
    assert p.export("u")["personal_data"] == {"religion": ["religion"]}
    assert "personal_data" not in m.remember("u", "The user likes window seats.").metadata


def test_redaction_works_in_bounded_windows_that_join_back_into_the_text():
    text = ("word " * 3000) + "x" * 10_000 + "\n" + "short line\n" * 50
    pieces = windows(text)
    assert "".join(pieces) == text and max(map(len, pieces)) <= WINDOW
    assert len(windows(text * 8)) >= 8 * len(pieces) - 8  # work is per window: 8 times the text, 8 times the windows


def test_the_held_out_corpus_written_after_the_rules_were_frozen_is_mostly_caught_and_never_over_redacted():
    from course_lib.evaluation.secrets_corpus import CORPUS, leaked, load_corpus
    from course_lib.model.redact import redact_secrets

    held = load_corpus(CORPUS.with_name("secrets_heldout.jsonl"))
    secrets_ = [s for s in held if not s.harmless]
    caught = sum(not leaked(s, redact_secrets(s.text)[0]) for s in secrets_)
    assert caught >= 0.9 * len(secrets_)  # measured 26 of 27 when the rules were frozen (see the report)
    assert all(redact_secrets(s.text)[0] == s.text for s in held if s.harmless)  # dates, prices, flights, phones


def test_a_booking_with_a_secret_argument_is_still_done_once(tmp_path):
    from course_lib.agent.ledger import Ledger
    from course_lib.agent.toolbox import Toolbox

    calls = []
    tools = Toolbox([{"type": "function", "function": {"name": "book_table", "parameters": {}}}],
                    {"book_table": lambda **a: calls.append(a) or {"confirmation": "B-1"}})
    for session in ("s1", "s2"):
        guarded = Ledger(tmp_path, "u", session).guard(tools)
        guarded.functions["book_table"](restaurant="Linse & Lauch", password="hunter2")
    assert len(calls) == 1  # the log holds the argument redacted; the look-up compares it redacted too
    assert not any(b"hunter2" in f.read_bytes() for f in tmp_path.rglob("*") if f.is_file())


def test_reset_refuses_a_store_folder_holding_a_symlink_and_deletes_nothing(tmp_path):
    from course_lib.course.reset import run

    store = tmp_path / "store"
    p = ProfileMemory(store)
    p.set("u", "diet", "vegan")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("precious")
    os.symlink(outside, store / "link")
    said, warned = [], []
    assert run([store], yes=True, dry_run=False, server=None, say=said.append, warn=warned.append) == 1
    assert "symlink" in warned[0] and (outside / "keep.txt").exists() and len(list(store.glob("*.json"))) == 1


def test_forget_everywhere_checks_every_store_before_deleting_in_any(tmp_path):
    from course_lib.agent.ledger import Ledger

    v = VectorMemory(path=tmp_path / "v", model=HashModel(), clock=CourseClock())
    p = ProfileMemory(tmp_path / "p")
    ledger = Ledger(tmp_path / "e", "sam", "s1")
    v.remember("sam", "The user likes jazz.")
    p.set("Sam", "diet", "vegan")  # a near miss in the second store only
    with pytest.raises(KeyError, match="pass 'Sam'"):
        forget_everywhere("sam", v, p, ledger)
    assert len(v.memories("sam")) == 1  # the first store was not touched
    with pytest.raises(TypeError, match="cannot forget a user"):
        forget_everywhere("sam", v, {"sam": 1})


def test_chroma_store_files_are_private_and_a_planted_symlink_is_refused(tmp_path):
    pytest.importorskip("chromadb")
    m = VectorMemory(backend="chroma", path=tmp_path / "c", model=HashModel(), clock=CourseClock())
    m.remember("u", "The user likes tea.")
    entries = [tmp_path / "c", *(tmp_path / "c").rglob("*")]
    assert any(p.name == "chroma.sqlite3" for p in entries)
    assert [p for p in entries if p.stat().st_mode & 0o077] == []  # chroma.sqlite3 and index files: 0600 / 0700
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, tmp_path / "c" / "link")
    with pytest.raises(UnsafeStoreFolder, match="symlink"):
        m.forget_user("u")
    assert len(m.memories("u")) == 1
