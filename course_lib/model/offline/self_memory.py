"""The offline model's rules for an agent that manages its own memory through tools (the MemGPT / Letta way).

Only when the request offers `save_memory` / `search_memory` / `forget_memory` / `forget_everything`:

* a message that asks to delete everything ("Please delete everything you know about me.", "lösche alles über
  mich", "oublie tout") → `forget_everything`, and the reply says how much each store deleted;
* a message that asks to forget one thing ("forget my allergy", "vergiss meine Allergie", "no longer …") →
  `search_memory` for it, then `forget_memory` on the best hit and every other hit on the same subject, among
  the hits on what the user named (the fact it states, else a shared cue group or word: on_topic); none: it
  deletes nothing and says so;
* a message that states facts → one `save_memory` per fact the extraction rules (memory_ops.facts_from) find
  with confidence ≥ 0.8; then a short "Noted" reply if nothing else was asked, else the request below;
* a request for a restaurant, a booking or "what is my …" → `search_memory` first; the ReAct policy then reads
  the recalled memories as constraints, as it reads the system prompt's facts.

Anything else falls through to the ordinary ReAct rules (react.py).
"""
from __future__ import annotations

import json
import re
from typing import Any

from course_lib.model.offline.intents import intent
from course_lib.model.offline.lang.read_facts import about
from course_lib.model.offline.memory_ops import facts_from, retracted
from course_lib.model.offline.recollect import content_words, cues
from course_lib.model.offline.reply import Reply
from course_lib.model.offline.speak import language, say

MEMORY_TOOLS = {"save_memory", "search_memory", "forget_memory", "forget_everything"}
FORGET_WORDS = re.compile(r"\b(?:please|forget|delete|erase|remove|my|that|about|me|vergiss|lösche?|meine?n?|oublie|"
                          r"mon|ma|mes|olvida|borra|mi|esquece|apaga|minha|meu|dimentica|cancella|la|il|mia|mio)\b",
                          re.I)


def hits(observation: str) -> list[dict[str, Any]]:
    """The memories in a search_memory observation (empty if it is an error or not JSON)."""
    try:
        found = json.loads(observation).get("memories", [])
    except (json.JSONDecodeError, AttributeError):
        return []
    return [h for h in found if isinstance(h, dict) and h.get("id")]


def recalled_text(done: list[tuple[str, dict[str, Any], str]]) -> str:
    """The memory lines search_memory returned in this run, one per line (read as constraints)."""
    return "\n".join(h.get("memory", "") for tool, _, obs in done if tool == "search_memory" for h in hits(obs))


def deleted_report(observation: str, lang: str = "en") -> str:
    """The reply after forget_everything: what each store deleted (or the tool's error, as it is), in `lang`."""
    try:
        gone = json.loads(observation)
        counts = gone["deleted"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return say("delete_failed", lang, said=observation)
    return say("deleted_all", lang, listed=", ".join(f"{n} {store}" for store, n in counts.items()))


def same_subject(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The best hit and every other hit about the same subject (slot): "forget where I live" forgets each home
    city stored, not only the first; hits on other subjects stay."""
    slot = about(found[0]["memory"].split(" (")[0])[0]
    if not slot:
        return found[:1]
    return [h for h in found if about(h["memory"].split(" (")[0])[0] == slot]


def on_subject(found: list[dict[str, Any]], fact: str) -> list[dict[str, Any]]:
    """The hits on the subject of the fact the user names: its exact slot ('allergy:peanuts'), else its family
    ('allergy'); none when the search found only other subjects."""
    slot, value = about(fact)
    if slot == "retract":  # "Borra que soy vegetariano, ya no lo soy" names the diet it takes back
        slot = retracted(value or "")[0]
    slot = slot or ""
    of = [(h, about(h["memory"].split(" (")[0])[0] or "") for h in found]
    exact = [h for h, hs in of if slot and hs == slot]
    return exact or [h for h, hs in of if slot and hs.split(":")[0] == slot.split(":")[0]]


def on_topic(found: list[dict[str, Any]], topic: str) -> list[dict[str, Any]]:
    """The hits on what the user asks to forget when it is no fact ("oublie où j'habite", "cancella la mia
    allergia"): those that share a cue group with it (recollect's table: home, allergy, diet, work …), else those
    that share a content word. The search ranks by a cosine that is English-centred: its best hit alone is a guess."""
    want = cues(topic)
    if want:
        return [h for h in found if cues(h["memory"].split(" (")[0]) & want]
    words = content_words(topic)
    return [h for h in found if words & content_words(h["memory"].split(" (")[0])]


def memory_step(s: Any) -> Reply | None:
    """The next memory-tool call or reply for this step, or None to let the ReAct rules answer."""
    if not MEMORY_TOOLS & s.offered:
        return None
    kind, names, lang = intent(s.question), s.names, language(s.question)
    if kind == "forget_all" and "forget_everything" in s.offered:
        if "forget_everything" not in names:
            return s.call("forget_everything", "The user asks me to delete everything I know about them.")
        return Reply(content=deleted_report(s.results("forget_everything")[-1], lang))
    if kind == "forget_all":
        return Reply(content=say("cannot_delete_all", lang))
    if kind == "forget" and {"search_memory", "forget_memory"} <= s.offered:
        topic = " ".join((FORGET_WORDS.sub(" ", s.question).strip(" .!?,") or s.question).split())
        stated = [f["text"] for f in facts_from("user: " + topic) if f.get("confidence", 0) >= 0.8][:1]
        if "search_memory" not in names:  # "vergiss, dass ich Vegetarier bin": search for the fact it names
            # the search ranks by an English-centred cosine: the topic's cue groups ("cachorro": dog) go with it, and
            # it asks for ten hits, as on_topic keeps only those on what the user named
            named = ", ".join(sorted(cues(topic)))
            return s.call("search_memory", "The user asks me to forget something; I look it up first.",
                          query=stated[0] if stated else f"{topic} ({named})" if named else topic, k=10)
        found = hits(s.results("search_memory")[-1])
        if not found:
            return Reply(content=say("nothing_stored", lang))
        topical = on_topic(found, topic)
        same = on_subject(found, stated[0]) if stated else same_subject(topical) if topical else []
        if not same:  # the search found memories, but none on what the user named: deleting one would be a guess
            what = say("what_says", lang, value=stated[0]) if stated else say("what_about", lang, value=topic)
            return Reply(content=say("deleted_nothing", lang, what=what))
        forgotten = {args.get("id") for tool, args, _ in s.done if tool == "forget_memory"}
        left = [h for h in same if h["id"] not in forgotten]
        if left:
            return s.call("forget_memory", f"I forget: {left[0]['memory']}", id=left[0]["id"])
        gone = "; ".join(f"\"{h['memory'].split(' (')[0]}\"" for h in same)
        return Reply(content=say("forgot", lang, gone=gone))
    if "save_memory" in s.offered:
        facts = [f["text"] for f in facts_from("user: " + s.question) if f.get("confidence", 0) >= 0.8]
        saved = [args.get("text") for tool, args, _ in s.done if tool == "save_memory"]
        todo = [f for f in facts if f not in saved]
        if todo:
            return s.call("save_memory", "The user told me something durable; I save it.", text=todo[0],
                          importance=0.9)
        if saved and kind in ("small_talk", "unknown"):
            return Reply(content="Noted: " + " ".join(saved))
    if kind in ("book", "restaurant", "recall") and "search_memory" in s.offered and "search_memory" not in names:
        return s.call("search_memory", "Before I answer I check what I know about this user.", query=s.question)
    return None
