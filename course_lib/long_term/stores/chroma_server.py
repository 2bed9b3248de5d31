"""A `chroma run` server on loopback, started from this Python's environment (for tests and lessons)."""
from __future__ import annotations

from pathlib import Path


class ChromaServer:
    """A `chroma run` server on loopback, started from this Python's environment (for tests and lessons)."""

    def __init__(self, path: str | Path, port: int | None = None, timeout: float = 60.0) -> None:
        import subprocess
        import sys
        import time

        exe = Path(sys.executable).parent / "chroma"
        if not exe.exists():
            raise FileNotFoundError(f"the chroma command-line tool is missing ({exe}); install chromadb into this "
                                    "environment (`make install`) to run Chroma in server mode")
        self.host, self.port, self.path = "127.0.0.1", port or free_port(), Path(path)
        self.log = self.path.parent / f"chroma-server-{self.port}.log"
        started = time.monotonic()
        with self.log.open("wb") as log:
            self.process = subprocess.Popen([str(exe), "run", "--path", str(self.path), "--host", self.host,
                                             "--port", str(self.port)], stdout=log, stderr=subprocess.STDOUT)
        while not self.alive():
            if self.process.poll() is not None:
                raise RuntimeError(f"chroma run exited with code {self.process.returncode}; see {self.log}")
            if time.monotonic() - started > timeout:
                self.stop()
                raise TimeoutError(f"chroma run did not answer its heartbeat within {timeout:g} s; see {self.log}")
            time.sleep(0.1)
        self.startup_seconds = time.monotonic() - started

    def alive(self) -> bool:
        """True if the server answers its heartbeat."""
        import http.client

        try:
            con = http.client.HTTPConnection(self.host, self.port, timeout=1)
            con.request("GET", "/api/v2/heartbeat")
            ok = con.getresponse().status == 200
            con.close()
            return ok
        except OSError:
            return False

    def stop(self) -> None:
        """Stop the server (terminate, then kill if it does not exit within 10 s)."""
        import subprocess

        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
