"""Shared test setup: no network beyond loopback, the offline backend, and a clean settings environment."""
from __future__ import annotations

import ipaddress
import socket

import pytest

_real_connect = socket.socket.connect
_real_getaddrinfo = socket.getaddrinfo


def _is_loopback(address) -> bool:
    if isinstance(address, (str, bytes)):  # AF_UNIX path
        return True
    host = address[0]
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _guarded_connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_loopback(address):
        raise OSError(f"tests may not use the network: connection to {address!r} blocked")
    return _real_connect(self, address)


def _guarded_getaddrinfo(host, *args, **kwargs):
    if host not in (None, "localhost") and not _is_loopback((host,)):
        raise socket.gaierror(f"tests may not use the network: lookup of {host!r} blocked")
    return _real_getaddrinfo(host, *args, **kwargs)


socket.socket.connect = _guarded_connect
socket.getaddrinfo = _guarded_getaddrinfo

COURSE_VARS = ("COURSE_BACKEND", "OPENAI_API_KEY", "OPENAI_BASE_URL", "COURSE_CHAT_MODEL", "COURSE_EMBED_MODEL",
               "COURSE_REPLAY_FILE", "COURSE_RECORD_FILE", "COURSE_TIMEOUT", "COURSE_MAX_RETRIES")


@pytest.fixture(autouse=True)
def offline_env(monkeypatch):
    """Every test starts on the offline backend, whatever the developer's shell has set."""
    for var in COURSE_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("ANONYMIZED_TELEMETRY", "False")
    yield


@pytest.fixture(scope="module")
def offline_server_url():
    """The offline model served over real HTTP on 127.0.0.1 (an OpenAI-compatible /v1 base URL)."""
    import threading

    from course_lib.model.serve import make_server

    httpd = make_server("127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()
