"""`python -m course_lib doctor` and `serve`, run as a newcomer would."""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from course_lib.course import doctor

ENV = {k: v for k, v in os.environ.items() if not k.startswith(("COURSE_", "OPENAI_"))}


def run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "course_lib", *args], capture_output=True, text=True,
                          env=env or ENV, timeout=120)


def test_doctor_passes_offline():
    r = run("doctor")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "FAIL" not in r.stdout.replace("0 FAIL", "")
    assert "offline (in-process)" in r.stdout and "= 7 tokens" in r.stdout


def test_doctor_fails_on_bad_backend():
    r = run("doctor", env={**ENV, "COURSE_BACKEND": "openai", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",
                           "COURSE_MAX_RETRIES": "0"})
    assert r.returncode == 1
    assert "FAIL  backend" in r.stdout and "could not connect" in r.stdout


def test_doctor_reports_missing_package(monkeypatch, capsys):
    monkeypatch.setattr(doctor, "REQUIRED", doctor.REQUIRED + ["no-such-package-xyz"])
    assert doctor.main() == 1
    assert "FAIL  no-such-package-xyz" in capsys.readouterr().out


def test_doctor_reports_old_python(monkeypatch):
    monkeypatch.setattr(doctor, "MIN_PYTHON", (99, 0))
    assert not doctor._run("python", doctor.check_python).ok


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_over_http():
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "course_lib", "serve", "--port", str(port)],
                            env={**ENV, "COURSE_SERVE_TOKEN": "test-token"},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    auth = {"Authorization": "Bearer test-token"}
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/v1/models", headers=auth),
                                            timeout=2) as r:
                    models = json.load(r)
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    pytest.fail(f"server did not start: {proc.stderr.read() if proc.poll() is not None else ''}")
                time.sleep(0.2)
        assert {m["id"] for m in models["data"]} == {"offline-rules-1", "minilm-static-256"}
        req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/chat/completions", method="POST",
                                     data=json.dumps({"model": "x", "messages": [{"role": "user", "content": "hi"}]}).encode(),
                                     headers={"Content-Type": "application/json", **auth})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert json.load(r)["object"] == "chat.completion"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_refuses_remote_host():
    r = run("serve", "--host", "0.0.0.0", "--port", "0")
    assert r.returncode == 2 and "loopback-only" in r.stderr


def test_import_is_fast_and_light():
    code = ("import time, sys; t = time.perf_counter(); import course_lib; dt = time.perf_counter() - t; "
            "heavy = [m for m in ('openai', 'chromadb', 'matplotlib', 'torch', 'bm25s') if m in sys.modules]; "
            "print(dt, heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV).stdout.split(" ", 1)
    assert float(out[0]) < 1.0
    assert out[1].strip() == "[]"


def _call(server, path="/v1/models", token=None, host=None, body=None, length=None):
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    headers = {"Authorization": f"Bearer {token or server.token}"}
    if host:
        headers["Host"] = host
    if length is not None:
        headers["Content-Length"] = str(length)
    conn.request("POST" if body is not None or length is not None else "GET", path, body=body, headers=headers)
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"{}")


@pytest.fixture()
def server():
    import threading
    from course_lib.model.serve import make_server
    srv = make_server()
    threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield srv
    srv.shutdown()
    srv.server_close()


def test_serve_needs_its_token_a_loopback_host_and_a_body_within_the_limit(server):
    from course_lib.model.serve import MAX_BODY_BYTES
    assert _call(server)[0] == 200
    status, answer = _call(server, token="guess")
    assert status == 401 and "token" in answer["error"]["message"]
    status, answer = _call(server, host="evil.example:8765")
    assert status == 421 and "loopback" in answer["error"]["message"]
    status, answer = _call(server, "/v1/chat/completions", length=MAX_BODY_BYTES + 1)  # refused before reading
    assert status == 413 and f"{MAX_BODY_BYTES:,}" in answer["error"]["message"]


def test_one_callers_prompt_never_shows_as_cached_for_another(server):
    long = "the user is vegetarian and plans a trip to Berlin " * 300
    def cached(key):
        body = json.dumps({"model": "x", "messages": [{"role": "user", "content": long}], "prompt_cache_key": key})
        return _call(server, "/v1/chat/completions", body=body)[1]["usage"]["prompt_tokens_details"]["cached_tokens"]
    assert cached("alice") == 0 and cached("alice") > 0  # the same caller again: cached
    assert cached("bob") == 0  # another caller with the same prompt learns nothing


def test_rehearse_runs_the_checkouts_tool_and_refuses_a_lesson_that_does_not_exist():
    r = run("rehearse", "--lessons", "99")
    assert r.returncode == 2 and "rehearse: there is no lesson '99' in lessons/" in r.stderr
    r = run("rehearse", "--agenda", "week")
    assert r.returncode == 2 and "no agenda 'week': tools/agenda.py has 3h, day" in r.stderr
