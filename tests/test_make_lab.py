"""`make lab-headless` serves the whole course, so every notebook a lesson points to opens from the file browser.

The server is started exactly as a student starts it (through the Makefile, on a free loopback port) and asked
for the exercises folder and a notebook in it; JupyterLab's news prompt and update check are off.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STAMP = ".venv/.installed"
TOKEN = "course-test-token"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(f"{url}?token={TOKEN}", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture(scope="module")
def lab_url():
    if shutil.which("make") is None or not (ROOT / STAMP).exists():
        pytest.skip("needs make and the course's .venv (run `make install`)")
    port = free_port()
    args = f"--port={port} --ServerApp.port_retries=0 --ServerApp.ip=127.0.0.1 --IdentityProvider.token={TOKEN}"
    proc = subprocess.Popen(["make", "--no-print-directory", "-o", STAMP, "lab-headless", f"LAB_ARGS={args}"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"make lab-headless exited with {proc.returncode}:\n{proc.stderr.read().decode()[-2000:]}")
            try:
                if status(f"{url}/api/status") == 200:
                    break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("JupyterLab did not answer within 90 s")
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stderr.close()


@pytest.mark.parametrize("path", ["/api/contents/exercises", "/api/contents/exercises/00_setup.ipynb",
                                  "/api/contents/lessons/00_setup.ipynb", "/api/contents/solutions",
                                  "/lab/tree/exercises/00_setup.ipynb"])
def test_the_whole_course_is_served(lab_url, path):
    assert status(lab_url + path) == 200


def test_news_prompt_and_update_check_are_off(lab_url):
    url = f"{lab_url}/lab/api/settings/@jupyterlab/apputils-extension:notification?token={TOKEN}"
    with urllib.request.urlopen(url, timeout=10) as response:
        defaults = {k: v.get("default") for k, v in json.load(response)["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false"  # "none" (the stock default) asks every new student about news
    assert defaults["checkForUpdates"] is False
