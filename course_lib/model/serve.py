"""The offline model over real HTTP, so other tools (and the live-path tests) can point at it."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def make_server(host: str = "127.0.0.1", port: int = 0, *, allow_remote: bool = False,
                variant: bool = False) -> ThreadingHTTPServer:
    """An HTTP server answering /v1/chat/completions, /v1/embeddings and /v1/models with the offline model
    (`variant=True`: with the second stand-in, which words its answers differently; model/variant/)."""
    if host not in LOOPBACK and not allow_remote:
        raise ValueError(f"refusing to listen on {host!r}: the offline server is loopback-only unless --allow-remote")
    from course_lib.model.offline.model import OfflineModel
    from course_lib.model.variant.model import VariantModel

    model, lock = (VariantModel() if variant else OfflineModel()), threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            with lock:
                status, payload = model.handle(self.command, self.path, body)
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = _answer

        def log_message(self, format: str, *args: object) -> None:  # quiet by default
            pass

    return ThreadingHTTPServer((host, port), Handler)


def serve(host: str = "127.0.0.1", port: int = 8765, *, allow_remote: bool = False, variant: bool = False) -> None:
    """Run the server until interrupted."""
    server = make_server(host, port, allow_remote=allow_remote, variant=variant)
    name = "variant" if variant else "offline"
    print(f"{name} model at http://{host}:{server.server_address[1]}/v1 (Ctrl-C stops it)", flush=True)
    print(f"  try: COURSE_BACKEND=openai OPENAI_BASE_URL=http://{host}:{server.server_address[1]}/v1 "
          f"COURSE_CHAT_MODEL={name}-rules-1 COURSE_EMBED_MODEL=minilm-static-256", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
