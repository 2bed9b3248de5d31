"""Lesson 08's context-budget widget in a real browser: JupyterLab in headless Chromium, driven by Playwright.

Set up as the scoring explorer's test (tests/test_browser_widgets.py, whose helpers we use): skipped without a
Chromium on a learner's machine, a failure in CI (CI=true). The expected tables come from the pure functions.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from course_lib.course.budget_widget import budget_text, context_budget

CELL = "from course_lib.course.budget_widget import budget_explorer; budget_explorer()"
SCREENSHOT = Path(os.environ.get("COURSE_SCREENSHOTS") or "/tmp") / "budget_widget.png"


@pytest.fixture(scope="module")
def budget_lab(tmp_path_factory):
    from test_browser_widgets import _need_chromium, jupyterlab_with

    _need_chromium()
    with jupyterlab_with(tmp_path_factory.mktemp("budget_lab"), "budget", CELL) as url:
        yield url


def _shows(table, expect, text: str) -> None:
    """Wait until the widget's table shows `text`'s last line, then require the whole table to be `text`."""
    expect(table).to_contain_text(text.splitlines()[-1])
    assert table.inner_text().strip() == text


def test_budget_widget_follows_its_sliders_in_jupyterlab(budget_lab):
    from playwright.sync_api import expect
    from test_browser_widgets import _set_slider, widget_page

    with widget_page(budget_lab) as page:
        table, chart = page.locator(".widget-html pre"), page.locator(".widget-output img")
        expect(page.locator(".widget-slider")).to_have_count(4)
        expect(chart).to_have_count(1)
        _shows(table, expect, budget_text(context_budget()))  # defaults: 8 turns, under the trigger
        charts = [chart.get_attribute("src")]

        _set_slider(page, "turns", "12")  # typed into the readout: now over the trigger, so it compacts
        _shows(table, expect, budget_text(context_budget(turns=12)))
        expect(chart).not_to_have_attribute("src", charts[-1])
        charts.append(chart.get_attribute("src"))

        # the window slider's handle, moved with the keyboard: 8,000 -> 10,000 in two 1,000-token steps
        handle = page.locator(".widget-slider", has=page.locator(".widget-label", has_text="window")) \
            .locator(".noUi-handle")
        handle.focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        _shows(table, expect, budget_text(context_budget(window=10_000, turns=12)))
        expect(chart).not_to_have_attribute("src", charts[-1])
        assert len(set(charts + [chart.get_attribute("src")])) == 3
        page.screenshot(path=str(SCREENSHOT), full_page=True)
