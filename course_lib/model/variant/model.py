"""The variant stand-in model: the offline model's rules, answered in other words and formats (rewrite.py).

`COURSE_BACKEND=variant` wires it into `get_client()` exactly where the offline model sits. It answers every
task the offline model answers, and differs the way another model would: other wording and order, JSON in prose
or fences with extra fields, fewer facts, a refusal of anything but the course's tasks, its own tool-call ids,
arguments written differently, another valid restaurant when several meet what the user asked, and prompt
tokens counted with a provider's per-message overhead. Deterministic: a generator seeded by the prompt decides;
COURSE_VARIANT_SEED=<any text> salts every seed, so one lesson can be probed under many variants.
"""
from __future__ import annotations

import hashlib
import json
import random
import re
import zlib
from typing import Any

from course_lib.model.offline.model import OfflineModel, choose_rule
from course_lib.model.offline.reply import Messages, Reply, tool_call
from course_lib.model.settings import VARIANT_CHAT_MODEL
from course_lib.model.variant.rewrite import JSON_REWRITES, SALT, compacted, rewrite_json, summary

PER_MESSAGE_OVERHEAD = 1  # extra prompt tokens per message this "provider" reports (real ones differ from tiktoken's)
NOT_A_TASK = ("Sorry, I can't help with that. I am the course's second stand-in model and only answer the "
              "course's own tasks; set COURSE_BACKEND=openai for a live model.")
ANSWER_REWORDINGS = [  # the offline agent's final answers, said another way
    (r"^I suggest (.+?) in (\w+): it is (.+?)\.$", r"My pick in \2 is \1. Why: it is \3."),
    (r"^I booked (.+?) for (\d+) on (.+?)\. Confirmation: (\S+?)\. I chose it because (.+)$",
     r"Done! I reserved \1 for \2 people, \3 (confirmation \4). I picked it since \5"),
    (r"^Your name is (\w+)\.$", r"You told me your name is \1."),
    (r"^Weather in (\w+): ", r"Here is the forecast for \1: "),
    (r"^Thanks for telling me!.*$", "I can't help with that myself, but I can look up restaurants, the weather "
                                    "or a web page for you, and book a table."),
]


def prompt_seed(messages: Messages, body: dict[str, Any]) -> int:
    """A seed from the prompt's content (messages and tool names), so one prompt always gets one answer."""
    tools = [t.get("function", {}).get("name") for t in body.get("tools") or []]
    text = SALT + json.dumps([messages, tools], sort_keys=True, ensure_ascii=False, default=str)
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], 16)


def last_search(messages: Messages, last_user: int) -> int | None:
    """Position of the tool message with the latest search_restaurants result for the current question."""
    ids = [c.get("id") for m in messages[last_user:] for c in m.get("tool_calls") or []
           if c.get("function", {}).get("name") == "search_restaurants"]
    found = [i for i, m in enumerate(messages) if i > last_user and m.get("role") == "tool" and m.get("tool_call_id") in ids]
    return found[-1] if found else None


def picked(reply: Reply, names: list[str]) -> str | None:
    """The restaurant a ReAct reply settles on: the one it books, else the first of `names` its text mentions."""
    for c in reply.tool_calls:
        if c["function"]["name"] == "book_table":
            return json.loads(c["function"]["arguments"] or "{}").get("restaurant")
    text = reply.content or ""
    return min((n for n in names if n in text), key=text.index, default=None)


def other_choice(messages: Messages, body: dict[str, Any], answer: Any) -> tuple[Reply, bool]:
    """The offline agent's reply, or, when its search was filtered by what the user wants (a diet or a price) and
    found another place, its reply with its first pick hidden from the search result: a different but valid choice.
    Read from the messages only (the search call and its result), seeded by the question and the result, so every
    step of one booking makes the same choice. True when the other place was chosen."""
    reply = answer(messages, body)
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=None)
    at = None if last_user is None else last_search(messages, last_user)
    if at is None:
        return reply, False
    call = next(c for m in messages[last_user:at] for c in m.get("tool_calls") or []
                if c.get("id") == messages[at].get("tool_call_id"))
    filtered = {"diet", "max_price"} & set(json.loads(call["function"].get("arguments") or "{}"))
    question, observation = str(messages[last_user].get("content") or ""), str(messages[at].get("content") or "")
    try:
        found = [r for r in json.loads(observation) if isinstance(r, dict) and r.get("name")]
    except (json.JSONDecodeError, TypeError):
        return reply, False
    names = [r["name"] for r in found]
    first = picked(reply, names)
    coin = random.Random(zlib.crc32((SALT + question + observation).encode("utf-8"))).random()
    if not filtered or first not in names or len(names) < 2 or coin < 0.5:
        return reply, False
    shown = list(messages)
    shown[at] = {**messages[at], "content": json.dumps([r for r in found if r["name"] != first], ensure_ascii=False)}
    other = answer(shown, body)
    second = picked(other, names)
    return (other, True) if second is not None and second != first else (reply, False)


def final_words(text: str, rng: random.Random, second_best: bool = False) -> str:
    """A final answer of the offline agent in other words (a question to the user stays: the stand-in reads it back).
    After another valid choice (`second_best`) the place is no longer called the best-rated one."""
    if "?" in text:  # a question to the user (which details, confirm an old fact): the stand-in reads it back
        return text
    if second_best:
        text = re.sub(r"\bthe best-rated (place|restaurant) in (\w+)", r"a well-rated \1 in \2", text)
    for pattern, repl in ANSWER_REWORDINGS:
        if re.search(pattern, text, flags=re.S) and rng.random() < 0.7:
            text = re.sub(pattern, repl, text, flags=re.S)
            break
    else:
        text = rng.choice(("", "Sure! ", "Here's what I found. ")) + text
    if rng.random() < 0.5:
        text = text.replace(" & ", " and ")  # names as a model may write them
    return text


def agent_step(reply: Reply, seed: int, rng: random.Random, second_best: bool = False) -> Reply:
    """One ReAct step restated: own call ids, arguments in another key order and spacing, often no thought text."""
    if not reply.tool_calls:
        return Reply(content=final_words(reply.content or "", rng, second_best))
    calls = []
    for n, c in enumerate(reply.tool_calls):
        args = json.loads(c["function"]["arguments"] or "{}")
        args = dict(reversed(list(args.items()))) if rng.random() < 0.5 else args
        call_id = "call_" + hashlib.sha256(f"{seed}-{n}".encode()).hexdigest()[:24]
        calls.append(tool_call(call_id, c["function"]["name"], json.dumps(args, separators=(",", ":"))))
    thought = re.sub(r"\bthe best-rated place\b", "a well-rated place", reply.content or "") if second_best else reply.content
    content = None if rng.random() < 0.5 else f"Let me use {calls[0]['function']['name']}. {thought or ''}".strip()
    return Reply(content=content, tool_calls=calls)


class VariantModel(OfflineModel):
    """The offline model's tasks, answered the way a different model would (see the module docstring)."""

    chat_model = VARIANT_CHAT_MODEL

    def answer(self, messages: Messages, body: dict[str, Any]) -> Reply:
        """The offline rule's reply for this task, restated (react: possibly another valid choice first)."""
        task = choose_rule(messages, body)
        seed = prompt_seed(messages, body)
        rng = random.Random(seed)
        if task is None:
            return Reply(content=NOT_A_TASK)
        if task == "react":
            reply, second_best = other_choice(messages, body, super().answer)
            return agent_step(reply, seed, rng, second_best)
        content = super().answer(messages, body).content or ""
        if task in JSON_REWRITES:
            return Reply(content=rewrite_json(task, content, rng))
        return Reply(content=summary(content, rng) if task == "summarise" else compacted(content, rng))

    def chat(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """A chat completion whose prompt count includes this provider's per-message overhead."""
        status, payload = super().chat(body)
        if status == 200:
            usage = payload["usage"]
            usage["prompt_tokens"] += PER_MESSAGE_OVERHEAD * len(body["messages"])
            usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        return status, payload
