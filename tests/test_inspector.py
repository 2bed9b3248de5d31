"""The memory inspector of lesson 07: scores one user's memories for a query and marks what the threshold cuts."""
from __future__ import annotations

import pytest

from course_lib import CourseClock, VectorMemory, Weights
from course_lib.course.inspector import inspect_memories, inspector_table, memory_inspector, verdict

QUERY = "a vegetarian dinner in Berlin"


@pytest.fixture
def memory():
    clock = CourseClock()
    m = VectorMemory(clock=clock)
    m.remember("priya", "The user is vegetarian.", importance=0.9)
    clock.advance(hours=24)
    m.remember("priya", "The user said the weather was grey.", importance=0.1)
    m.remember("priya", "The user's flight to Berlin lands on Friday.", importance=0.7)
    m.remember("marco", "The user eats meat.", importance=0.9)
    clock.advance(hours=2)
    return m


def test_rows_are_the_stores_own_scores_best_first(memory):
    rows = inspect_memories(memory, "priya", QUERY)
    recalled = memory.recall("priya", QUERY, k=3, touch=False)
    assert [r.id for r in rows] == [r.id for r in recalled]
    assert [round(r.score, 9) for r in rows] == [round(r.score, 9) for r in recalled]
    assert [r.rank for r in rows] == [1, 2, 3]
    for row in rows:
        assert sum(row.parts) == pytest.approx(row.score)
    assert all(r.kept for r in rows)  # no threshold keeps everything


def test_parts_follow_the_weights(memory):
    plain = {r.id: r for r in inspect_memories(memory, "priya", QUERY)}
    doubled = {r.id: r for r in inspect_memories(memory, "priya", QUERY, weights=Weights(relevance=2.0))}
    for mid, row in plain.items():
        assert doubled[mid].parts[2] == pytest.approx(2 * row.parts[2])
        assert doubled[mid].parts[:2] == pytest.approx(row.parts[:2])


def test_threshold_marks_rows_as_cut_but_keeps_them(memory):
    rows = inspect_memories(memory, "priya", QUERY)
    middle = rows[1].score
    cut = inspect_memories(memory, "priya", QUERY, threshold=middle)
    assert [r.kept for r in cut] == [True, True, False]  # a score equal to the threshold is kept
    assert len(cut) == 3
    assert verdict(cut, middle).startswith(f"threshold {middle:.2f} keeps 2 of 3; best cut: ")
    assert "cut" in inspector_table(cut).splitlines()[3] and "cut" not in inspector_table(cut).splitlines()[1]
    assert verdict(rows, None) == "no threshold keeps 3 of 3"


def test_looking_is_not_using(memory):
    before = {r.id: (r.access_count, r.last_accessed_at) for r in memory.memories("priya")}
    inspect_memories(memory, "priya", QUERY, threshold=0.5)
    after = {r.id: (r.access_count, r.last_accessed_at) for r in memory.memories("priya")}
    assert before == after


def test_one_user_only_and_only_current_memories(memory):
    texts = [r.text for r in inspect_memories(memory, "priya", "what does the user eat?")]
    assert "The user eats meat." not in texts
    veg = next(r for r in memory.memories("priya") if "vegetarian" in r.text)
    memory.update("priya", veg.id, "The user is vegan.")
    texts = [r.text for r in inspect_memories(memory, "priya", QUERY)]
    assert "The user is vegan." in texts and "The user is vegetarian." not in texts
    assert inspect_memories(memory, "nobody", QUERY) == []
    assert inspector_table([]) == "(no current memories)"


def test_bad_threshold_is_refused(memory):
    with pytest.raises(ValueError, match="threshold must be a number"):
        inspect_memories(memory, "priya", QUERY, threshold="high")
    with pytest.raises(ValueError, match="outside the slider's range"):
        memory_inspector(memory, "priya", QUERY, threshold=50.0)


def test_widget_recomputes_when_a_control_moves(memory):
    box = memory_inspector(memory, "priya", QUERY, threshold=0.0)
    assert all(r.kept for r in box.rows)
    box.sliders["threshold"].value = 5.0
    assert not any(r.kept for r in box.rows)
    assert "keeps 0 of 3" in box.table.value and box.chart.outputs
    box.sliders["threshold"].value = 0.0
    box.query.value = "my flight on Friday"
    assert box.rows[0].text == "The user's flight to Berlin lands on Friday."
    assert repr(box).startswith("MemoryInspector('priya': threshold 0.00 keeps 3 of 3")


# --------------------------------------------------------------------------- in a real browser
# JupyterLab in headless Chromium, as for the scoring explorer (tests/test_browser_widgets.py, whose helpers we use).
BROWSER_CELL = """from course_lib import CourseClock, VectorMemory
from course_lib.course.inspector import memory_inspector
memory = VectorMemory(clock=CourseClock())
memory.remember("priya", "The user is vegetarian.", importance=0.9)
memory.remember("priya", "The user said the weather was grey.", importance=0.1)
memory.remember("priya", "The user's flight to Berlin lands on Friday.", importance=0.7)
memory_inspector(memory, "priya", "a vegetarian dinner", threshold=0.0)"""


@pytest.fixture(scope="module")
def inspector_lab(tmp_path_factory):
    from test_browser_widgets import _need_chromium, jupyterlab_with

    _need_chromium()
    root = tmp_path_factory.mktemp("inspector_lab")
    with jupyterlab_with(root, "inspector", BROWSER_CELL) as url:
        yield url, root


def test_inspector_rescores_live_in_jupyterlab(inspector_lab):
    import os
    from pathlib import Path

    from playwright.sync_api import expect
    from test_browser_widgets import _set_slider, widget_page

    url, root = inspector_lab
    with widget_page(url) as page:
        table = page.locator(".widget-html pre")
        expect(table).to_contain_text("threshold 0.00 keeps 3 of 3")
        expect(page.locator(".widget-slider")).to_have_count(4)
        expect(page.locator(".widget-output img")).to_have_count(1)
        chart_before = page.locator(".widget-output img").get_attribute("src")
        rows = table.inner_text().splitlines()
        assert "The user is vegetarian." in rows[1]  # best first for a vegetarian dinner

        _set_slider(page, "threshold", "5")  # no memory scores 5: everything is cut
        expect(table).to_contain_text("keeps 0 of 3")
        expect(page.locator(".widget-output img")).not_to_have_attribute("src", chart_before)

        _set_slider(page, "threshold", "0")
        query = page.locator(".widget-text input")
        query.fill("when does my flight land on Friday?")
        query.press("Enter")
        expect(table).to_contain_text("keeps 3 of 3")
        expect(table).to_contain_text(" 1  The user's flight to Berlin lands on Friday.")
        shots = Path(os.environ.get("COURSE_SCREENSHOTS") or root)  # set it to keep the screenshot
        page.screenshot(path=str(shots / "memory_inspector.png"), full_page=True)
