"""The offline model over real HTTP, so other tools (and the live-path tests) can point at it.

    python -m course_lib serve            # prints the URL and a token; use the token as OPENAI_API_KEY

Who may call it (decided for a laptop in a classroom, where other people's processes may share the machine or the
network):

- **A bearer token.** Every request needs `Authorization: Bearer <token>` (the OpenAI SDK sends its api_key that
  way). The token is random, printed at start, or taken from COURSE_SERVE_TOKEN (for tests and scripts). A request
  without it gets 401 and a message saying where the token is.
- **Loopback only.** The server listens on loopback unless --allow-remote, and refuses a request whose Host header
  is not a loopback name (421), so a web page cannot reach it through DNS rebinding.
- **A prompt cache per caller.** The simulated prefix cache reports cached tokens; shared between callers it would
  tell one whether another's prompt began the same way. Each caller (its token, plus the request's
  `prompt_cache_key` or `user` field when given) has its own cache.
- **A size limit.** A request body is read only up to MAX_BODY_BYTES (4 MB); a larger one is refused (413) before it
  is read, and a body without Content-Length is refused (411).
"""
from __future__ import annotations

import hmac
import json
import os
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOOPBACK = ("127.0.0.1", "localhost", "::1")
MAX_BODY_BYTES = 4 * 1024 * 1024  # a chat request of the course is a few KB; 4 MB is room for any real one
TOKEN_ENV = "COURSE_SERVE_TOKEN"


def host_name(header: str) -> str:
    """The host part of a Host header ('127.0.0.1:8765' -> '127.0.0.1', '[::1]:80' -> '::1')."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def make_server(host: str = "127.0.0.1", port: int = 0, *, allow_remote: bool = False,
                token: str | None = None, variant: bool = False) -> ThreadingHTTPServer:
    """An HTTP server answering /v1/chat/completions, /v1/embeddings and /v1/models with the offline model, to
    callers with the token (`server.token`: the one given, COURSE_SERVE_TOKEN, or a new random one);
    `variant=True` serves the second stand-in, which words its answers differently (model/variant/)."""
    if host not in LOOPBACK and not allow_remote:
        raise ValueError(f"refusing to listen on {host!r}: the offline server is loopback-only unless --allow-remote")
    from course_lib.model.offline.caching import PrefixCache
    from course_lib.model.offline.model import OfflineModel
    from course_lib.model.variant.model import VariantModel

    token = token or os.environ.get(TOKEN_ENV) or secrets.token_urlsafe(24)
    model, lock, caches = (VariantModel() if variant else OfflineModel()), threading.Lock(), {}

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status: int, payload: dict) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _refuse(self, status: int, message: str) -> None:
            self.close_connection = True
            self._send(status, {"error": {"message": message, "type": "invalid_request_error", "code": status}})

        def _answer(self) -> None:
            if not allow_remote and host_name(self.headers.get("Host", "")) not in LOOPBACK:
                return self._refuse(421, f"Host {self.headers.get('Host')!r} is not a loopback name; this server "
                                         "answers only http://127.0.0.1 or http://localhost")
            given = self.headers.get("Authorization", "")
            if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
                return self._refuse(401, "missing or wrong token: send 'Authorization: Bearer <token>' (as "
                                         "OPENAI_API_KEY) with the token `python -m course_lib serve` printed at start")
            length = self.headers.get("Content-Length")
            if self.command == "POST" and length is None:
                return self._refuse(411, "a POST needs a Content-Length header")
            try:
                size = int(length or 0)
            except ValueError:
                return self._refuse(400, f"Content-Length {length!r} is not a number")
            if size > MAX_BODY_BYTES:
                return self._refuse(413, f"request body of {size:,} bytes is over this server's limit of "
                                         f"{MAX_BODY_BYTES:,} bytes; send a shorter prompt (truncate tool output)")
            body = self.rfile.read(size) if size else b""
            try:
                fields = json.loads(body) if body else {}
            except json.JSONDecodeError:
                fields = {}
            caller = (given, str(fields.get("prompt_cache_key") or fields.get("user") or "")
                      if isinstance(fields, dict) else "")
            with lock:
                model.cache = caches.setdefault(caller, PrefixCache())  # one cache per caller: no cross-caller hits
                status, payload = model.handle(self.command, self.path, body)
            self._send(status, payload)

        do_GET = do_POST = _answer

        def log_message(self, format: str, *args: object) -> None:  # quiet by default
            pass

    server = ThreadingHTTPServer((host, port), Handler)
    server.token = token  # type: ignore[attr-defined]
    return server


def serve(host: str = "127.0.0.1", port: int = 8765, *, allow_remote: bool = False, variant: bool = False) -> None:
    """Run the server until interrupted."""
    server = make_server(host, port, allow_remote=allow_remote, variant=variant)
    url = f"http://{host}:{server.server_address[1]}/v1"
    name = "variant" if variant else "offline"
    print(f"{name} model at {url} (Ctrl-C stops it)", flush=True)
    print(f"  token: {server.token}  (send it as 'Authorization: Bearer …'; set {TOKEN_ENV} to choose it)", flush=True)
    print(f"  try: COURSE_BACKEND=openai OPENAI_BASE_URL={url} OPENAI_API_KEY={server.token} "
          f"COURSE_CHAT_MODEL={name}-rules-1 COURSE_EMBED_MODEL=minilm-static-256", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
