"""A scripted OpenAI-compatible HTTP server on 127.0.0.1, for testing the live path and its failures."""
from __future__ import annotations

import gzip
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ScriptedServer:
    """Answers each request with the next scripted (status, body, delay); falls back to the offline model."""

    def __init__(self, gzip_bodies: bool = False) -> None:
        from course_lib.model.offline.model import OfflineModel

        self.script: list[tuple[int, bytes | dict, float]] = []
        self.requests: list[tuple[str, str, dict, dict]] = []
        self.model = OfflineModel()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(n) if n else b""
                body = json.loads(raw) if raw else {}
                outer.requests.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                if outer.script:
                    status, payload, delay = outer.script.pop(0)
                    time.sleep(delay)
                else:
                    status, payload = outer.model.handle(self.command, self.path, raw)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                if gzip_bodies:
                    data = gzip.compress(data)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    if gzip_bodies:
                        self.send_header("Content-Encoding", "gzip")
                    self.send_header("retry-after-ms", "5")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = _answer

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
