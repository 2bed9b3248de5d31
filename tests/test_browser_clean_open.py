"""Opening a lesson in JupyterLab does not mark it modified: its stored metadata is what the kernel fills in.

JupyterLab copies the kernel's language_info into the notebook when the kernel starts and marks the notebook
modified if that changes anything, so closing the tab would ask to save. tools/nbclean.py writes that metadata
(tools/nbclean.py: KERNEL_PYTHON). Real JupyterLab in headless Chromium, with the helpers of
tests/test_browser_widgets.py: skipped without a Chromium on a learner's machine, a failure in CI (CI=true).
"""
from __future__ import annotations

import json
import platform
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import nbclean  # noqa: E402

LESSON = ROOT / "lessons" / "00_setup.ipynb"


def dirty_after_kernel_start(tmp_path: Path, notebook: dict) -> bool:
    """Open `notebook` in JupyterLab, wait until its kernel is idle, and say whether its tab is marked modified."""
    from playwright.sync_api import sync_playwright
    from test_browser_widgets import CHROMIUM, FLAGS, _need_chromium, jupyterlab_with

    _need_chromium()
    tmp_path.mkdir(parents=True, exist_ok=True)
    with jupyterlab_with(tmp_path, "lesson", "pass") as url:
        (tmp_path / "lesson.ipynb").write_text(json.dumps(notebook), encoding="utf-8")  # before the page opens it
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            try:
                page = browser.new_page(viewport={"width": 1200, "height": 900})
                page.set_default_timeout(90_000)
                page.goto(url)
                page.locator(".jp-Notebook .jp-Cell").first.wait_for()
                page.get_by_role("button", name=re.compile(r"ipykernel\) \| Idle")).wait_for()
                page.wait_for_timeout(3_000)  # the kernel info has arrived; give the model time to apply it
                tab = page.locator(".lm-TabBar-tab", has_text="lesson.ipynb").first
                return "jp-mod-dirty" in (tab.get_attribute("class") or "")
            finally:
                browser.close()


def test_a_lesson_opens_unmodified_and_would_not_without_the_kernel_metadata(tmp_path):
    if platform.python_version() != nbclean.KERNEL_PYTHON:
        pytest.skip(f"the kernel here runs Python {platform.python_version()}; the notebooks store "
                    f"{nbclean.KERNEL_PYTHON} (tools/nbclean.py KERNEL_PYTHON), so JupyterLab rewrites the version")
    stored = json.loads(LESSON.read_text(encoding="utf-8"))
    assert stored["metadata"]["language_info"] == nbclean.LANGUAGE_INFO
    assert not dirty_after_kernel_start(tmp_path / "as_stored", stored)
    without_version = json.loads(json.dumps(stored))
    del without_version["metadata"]["language_info"]["version"]  # what nbclean stored before
    assert dirty_after_kernel_start(tmp_path / "without_version", without_version)
