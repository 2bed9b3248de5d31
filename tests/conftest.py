"""Shared test setup: no network beyond loopback, the offline backend, and a clean settings environment."""
from __future__ import annotations

import ipaddress
import os
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


# `python -m course_lib serve` wants a bearer token; the servers the tests start (and their clients) share this one
os.environ["COURSE_SERVE_TOKEN"] = "course-test-token"


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


def close_chroma_http_clients() -> int:
    """Close and forget chromadb's cached server clients; returns how many connection pools were closed.

    chromadb keeps one System per server address in a process-wide cache, and its HTTP component holds an
    httpx connection pool that `Client.close()` leaves open, so every `chroma run` test used to leave its
    sockets to the garbage collector (a ResourceWarning each). Embedded (PersistentClient) systems are kept.
    """
    import sys

    if "chromadb.api.fastapi" not in sys.modules:
        return 0
    from chromadb.api.fastapi import FastAPI
    from chromadb.api.shared_system_client import SharedSystemClient

    closed = 0
    for identifier, system in list(SharedSystemClient._identifier_to_system.items()):
        http = [c for c in system.components() if isinstance(c, FastAPI)]
        for component in http:
            component._session.close()
            closed += 1
        if http:
            SharedSystemClient._identifier_to_system.pop(identifier, None)
            SharedSystemClient._identifier_to_refcount.pop(identifier, None)
    return closed


@pytest.fixture(autouse=True, scope="module")
def chroma_http_clients_closed():
    """After each test module (and its `chroma run` server), no chroma HTTP connection is left open."""
    yield
    close_chroma_http_clients()
