"""The scoring widget in a real browser: JupyterLab in headless Chromium, driven by Playwright.

Needs Debian's `chromium` (`.ci/run` installs it). Playwright's own browser download is not used. Without a
Chromium the test is skipped on a learner's machine and fails in CI (CI=true), so CI can't silently skip it.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("COURSE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync"]
CELL = ("from course_lib import scoring_explorer\n"
        "explorer = scoring_explorer(threshold=2.2)\n"
        "explorer")


def _need_chromium() -> None:
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium, or set COURSE_CHROMIUM)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def jupyterlab_with(root: Path, name: str, source: str):
    """JupyterLab on a free loopback port serving `root`, with one notebook `name`.ipynb whose only cell is
    `source`; yields the notebook's URL (with its token). Shared by every browser test."""
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": name, "metadata": {}, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / f"{name}.ipynb").write_text(json.dumps(nb))
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / ".jupyter"), "JUPYTERLAB_WORKSPACES_DIR": str(root / ".ws")}
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         "--allow-root", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         f"--LabApp.app_settings_dir={ROOT / '.jupyter' / 'lab' / 'settings'}", "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=(root / "lab.log").open("w"))
    base, deadline = f"http://127.0.0.1:{port}", time.time() + 90
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                pytest.fail(f"JupyterLab did not start:\n{(root / 'lab.log').read_text()[-2000:]}")
            time.sleep(0.5)
    try:
        yield f"{base}/lab/tree/{name}.ipynb?token={token}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    _need_chromium()
    root = tmp_path_factory.mktemp("lab")
    with jupyterlab_with(root, "explorer", CELL) as url:
        yield url, root


def _set_slider(page, description: str, value: str) -> None:
    slider = page.locator(".widget-slider", has=page.locator(".widget-label", has_text=description))
    readout = slider.locator(".widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(value)
    page.keyboard.press("Enter")


def _run_first_cell(page, editor) -> None:
    """Run the cell once the kernel is idle; retry if the request is lost (JupyterLab may restart a kernel
    that is still starting when the notebook opens)."""
    prompt = page.locator(".jp-Notebook .jp-Cell .jp-InputPrompt").first
    idle = page.get_by_role("button", name=re.compile(r"ipykernel\) \| Idle"))
    for _ in range(6):
        idle.wait_for()
        page.wait_for_timeout(500)
        editor.click()
        page.keyboard.press("Control+Enter")
        try:  # finished: the prompt shows the execution count, e.g. [1]
            page.wait_for_function("el => /\\[\\d+\\]/.test(el.textContent)", arg=prompt.element_handle(),
                                   timeout=20_000)
            return
        except Exception:
            continue
    raise AssertionError("JupyterLab never finished running the cell (kernel did not become ready)")


@contextlib.contextmanager
def widget_page(url: str):
    """Headless Chromium on the notebook at `url`, its one cell run; yields the Playwright page."""
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1400})
            page.set_default_timeout(60_000)
            expect.set_options(timeout=60_000)
            page.goto(url)
            editor = page.locator(".jp-Notebook .jp-Cell .cm-content").first
            editor.wait_for()
            expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_have_count(1)
            _run_first_cell(page, editor)
            yield page
        finally:
            browser.close()


def test_scoring_widget_reranks_live_in_jupyterlab(lab):
    from playwright.sync_api import expect

    url, root = lab
    with widget_page(url) as page:
        table = page.locator(".widget-html pre")
        expect(table).to_contain_text("C 2.48 > A 2.34 > B 1.29")
        expect(table).to_contain_text("keeps 2 of 3")
        expect(page.locator(".widget-slider")).to_have_count(5)
        expect(page.locator(".widget-output img")).to_have_count(1)
        chart_before = page.locator(".widget-output img").get_attribute("src")

        _set_slider(page, "w relevance", "2")  # double the relevance weight: A and C nearly tie
        expect(table).to_contain_text("C 3.18 > A 3.16 > B 1.59")
        expect(page.locator(".widget-output img")).not_to_have_attribute("src", chart_before)

        _set_slider(page, "threshold", "5")  # nothing is relevant enough any more
        expect(table).to_contain_text("keeps 0 of 3")
        shots = Path(os.environ.get("COURSE_SCREENSHOTS") or root)  # set it to keep the screenshot
        page.screenshot(path=str(shots / "scoring_explorer.png"), full_page=True)
