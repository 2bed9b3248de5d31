"""Every lesson, solution and exercise notebook runs to the end against the second stand-in model (COURSE_BACKEND=variant).

The variant model (course_lib/model/variant/) answers the course's prompts the way another model would: other
wording and order, JSON in fences or prose with extra fields, fewer facts, refusals of anything else, its own
tool-call ids, another valid restaurant. Outputs are not compared (they differ on purpose); every cell must run
without an error, so no assert or next() in a notebook may hang on the offline model's exact words.

The notebooks run in two kernels at once (each in its own worker process), submitted when the first test asks;
each test waits for its own notebook. The first half of the file checks that the variant really differs.
"""
from __future__ import annotations

import json
import os
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

import pytest

from course_lib.long_term.answers import parse_json
from course_lib.long_term.write_path import extract_facts, rate_importance, resolve
from course_lib.model import prompts
from course_lib.model.client import Model
from course_lib.model.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = [p for folder in ("lessons", "solutions", "exercises") for p in sorted((ROOT / folder).glob("*.ipynb"))]
IDS = [f"{p.parent.name}/{p.stem}" for p in NOTEBOOKS]
KERNELS = 2  # the machine has 2 cores
CONVERSATION = ("user: I'm vegetarian and my budget is 40 EUR per person. I think I might move to Paris.\n"
                "assistant: Noted!\nuser: My sister is called Anna.")


def models() -> tuple[Model, Model]:
    return Model(settings=load_settings({})), Model(settings=load_settings({"COURSE_BACKEND": "variant"}))


# ------------------------------------------------------------------------------ the variant really differs
def test_variant_is_a_backend_with_its_own_name():
    s = load_settings({"COURSE_BACKEND": "variant"})
    assert (s.backend, s.chat_model) == ("variant", "variant-rules-1")
    response = models()[1].chat([{"role": "user", "content": "Say hello in three words."}])
    assert response.model == "variant-rules-1" and "can't help" in response.choices[0].message.content


def test_variant_answers_the_same_tasks_in_other_formats():
    offline, variant = models()
    differ = 0
    for n in range(12):  # other conversations, other seeds
        messages = prompts.EXTRACT_FACTS.render(conversation=CONVERSATION + f"\nuser: I have {n + 2} cats.")
        a, b = offline.complete(messages), variant.complete(messages)
        differ += a != b
        assert parse_json(b)["facts"] is not None  # still one JSON object the library can read
        assert variant.complete(messages) == b  # deterministic: the same prompt, the same answer
    assert differ == 12
    shapes = {variant.complete(prompts.RATE_IMPORTANCE.render(memory=f"The user has {n} cats."))[:1] for n in range(20)}
    assert len(shapes) >= 3, f"JSON always starts the same way ({shapes}): fences and prose are missing"


def test_variant_facts_mean_the_same_for_the_write_path():
    offline, variant = models()
    sure = {f.text.rstrip(".").removeprefix("The user").removeprefix("User") for f in extract_facts(CONVERSATION, offline)
            if f.confidence >= 0.8}
    other = extract_facts(CONVERSATION, variant)
    assert {f.text.rstrip(".").removeprefix("The user").removeprefix("User") for f in other} >= sure
    assert resolve("The user is vegan.", [("m-1", "The user is vegetarian.")], variant).op == "UPDATE"
    assert abs(rate_importance("The user is vegan.", variant) - rate_importance("The user is vegan.", offline)) <= 0.05 + 1e-9


@pytest.mark.parametrize("fact", ["The user is vegan.", "The user's budget is 40 EUR.", "The user lives in Berlin.",
                                  "The user's sister is called Anna.", "The user is no longer vegetarian.",
                                  "Anna's birthday is 12 May.", "The user plays the cello."])
def test_reworded_facts_are_about_the_same_thing(fact):
    from course_lib.model.offline.lang.read_facts import about
    from course_lib.model.variant.rewrite import reword_fact

    assert about(reword_fact(fact)) == about(fact)
    assert reword_fact(fact) == reword_fact(fact)  # one fact, one wording: the same fact is never stored twice


def test_variant_agent_uses_its_own_call_ids_and_stays_within_constraints():
    from course_lib.agent.react_agent import ReActAgent
    from course_lib.course import scenario

    request = "I'm vegetarian and my budget is 40 EUR per person. " + scenario.GOLDFISH_QUESTION
    ok = {r["name"] for r in scenario.RESTAURANTS if "vegetarian" in r["diet"] and r["price_per_person"] <= 40}
    booked = set()
    for suffix in ("", " Thanks!", " Please.", " Cheers.", " Quickly, please."):
        result = ReActAgent(tools=scenario.TOOLS, model=models()[1]).run(request + suffix)
        calls = [c for m in result.messages for c in m.get("tool_calls") or []]
        assert calls and all(not c["id"].removeprefix("call_").isdigit() for c in calls)
        args = [json.loads(c["function"]["arguments"]) for c in calls if c["function"]["name"] == "book_table"]
        assert args and args[0]["restaurant"] in ok, args
        booked.add(args[0]["restaurant"])
    assert len(booked) >= 2, f"always the same place ({booked}): the variant never makes another valid choice"


# ------------------------------------------------------------------------------ every notebook runs to the end
def run_notebook(path: str) -> str | None:
    """Execute one notebook against the variant model in a fresh kernel; the error text, or None."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "COURSE_REPLAY_FILE", "COURSE_RECORD_FILE", "COURSE_CHAT_MODEL",
                "COURSE_EMBED_MODEL", "COURSE_CHROMA_HOST"):
        os.environ.pop(var, None)
    os.environ.update(COURSE_BACKEND="variant", ANONYMIZED_TELEMETRY="False")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=180, kernel_name="python3", allow_errors=False,
                            resources={"metadata": {"path": str(Path(path).parent)}})
    try:
        client.execute()
    except CellExecutionError as exc:
        text = str(exc)
        return text if len(text) < 6000 else text[:2500] + "\n[…]\n" + text[-3500:]
    return None


@pytest.fixture(scope="module")
def runs(request) -> dict[str, Future]:
    """One future per notebook this session selected, all submitted at once to KERNELS worker processes."""
    chosen = [item.callspec.params["path"] for item in request.session.items
              if item.originalname == "test_notebook_runs_against_the_variant_model"]
    with ProcessPoolExecutor(max_workers=KERNELS) as pool:
        yield {str(p): pool.submit(run_notebook, str(p)) for p in chosen}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_against_the_variant_model(path, runs):
    error = runs[str(path)].result()
    assert error is None, f"{path.relative_to(ROOT)} stops against COURSE_BACKEND=variant:\n{error}"


PROBE = '''from course_lib import ReActAgent
from course_lib.course import scenario
answers = [ReActAgent(tools=scenario.TOOLS).run(
    f"I'm vegetarian, at most 40 EUR per person. Book a table in Berlin for {n} on Friday at 19:00").answer
    for n in (2, 3, 4)]
assert all(a.startswith("I booked Linse & Lauch") for a in answers), answers
'''


def test_a_notebook_that_needs_the_offline_words_fails_against_the_variant(tmp_path):
    """The check can fail: a cell that asserts the offline model's phrasing passes offline, stops under the variant."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PROBE)])
    path = tmp_path / "probe.ipynb"
    nbformat.write(nb, path)
    NotebookClient(nbformat.read(path, as_version=4), timeout=120, kernel_name="python3").execute()  # offline: fine
    with ProcessPoolExecutor(max_workers=1) as pool:
        error = pool.submit(run_notebook, str(path)).result()
    assert error is not None and "AssertionError" in error


def test_the_variant_can_be_served_over_http_for_a_rehearsed_recording():
    """`python -m course_lib serve --variant`: the live code path (COURSE_BACKEND=openai) reaches the variant."""
    import threading

    from course_lib.model.serve import make_server

    httpd = make_server("127.0.0.1", 0, variant=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        live = Model(settings=load_settings({"COURSE_BACKEND": "openai", "COURSE_CHAT_MODEL": "variant-rules-1",
                                             "OPENAI_BASE_URL": f"http://127.0.0.1:{httpd.server_address[1]}/v1"}))
        messages = prompts.RESOLVE_CONFLICT.render(new_fact="The user is vegan.", existing="m-1: The user is vegetarian.")
        assert live.complete(messages) == models()[1].complete(messages)  # the same answers as in-process
        assert live.chat(messages).model == "variant-rules-1"
    finally:
        httpd.shutdown()
        httpd.server_close()
