"""Peak memory of the kernel that runs a notebook: the numbers behind "Sizing" in docs/deploy/README.md.

    python docs/deploy/measure_ram.py lessons/10_memory_agent.ipynb

Runs every cell in a fresh kernel (nbclient) while psutil samples the kernel process, and its children,
every 0.2 s; prints the fresh kernel's size, the peaks (RSS; PSS, which counts shared libraries once, or USS
where the OS has no PSS) and the time the cells took.
"""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import nbformat
import psutil
from nbclient import NotebookClient


def mb(n: int) -> str:
    """Bytes as whole megabytes (MiB)."""
    return f"{n / 2**20:.0f} MB"


def shared_once(info) -> int:
    """PSS (Linux), else USS (macOS, Windows): memory with shared libraries counted once, not per process."""
    return getattr(info, "pss", getattr(info, "uss", info.rss))


def measure(path: Path, every: float = 0.2) -> dict[str, float]:
    """Run the notebook at `path`; peak and fresh memory of its kernel in bytes, and the run time in seconds."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    peak = {"rss": 0, "pss": 0, "tree_rss": 0}
    running = True

    def sample(kernel: psutil.Process) -> None:
        while running:
            try:
                info = kernel.memory_full_info()
                children = sum(c.memory_info().rss for c in kernel.children(recursive=True))
                peak.update(rss=max(peak["rss"], info.rss), pss=max(peak["pss"], shared_once(info)),
                            tree_rss=max(peak["tree_rss"], info.rss + children))
            except psutil.Error:  # a child that ended between listing and reading it
                pass
            time.sleep(every)

    with client.setup_kernel():
        kernel = psutil.Process(client.km.provisioner.process.pid)
        time.sleep(1.0)
        fresh = kernel.memory_full_info()
        sampler = threading.Thread(target=sample, args=(kernel,), daemon=True)
        sampler.start()
        started = time.monotonic()
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        seconds = time.monotonic() - started
        running = False
        sampler.join()
    return {"fresh_rss": fresh.rss, "fresh_pss": shared_once(fresh), "seconds": seconds, **peak}


def main(argv: list[str]) -> int:
    """Measure each notebook named on the command line."""
    if not argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    for name in argv:
        m = measure(Path(name))
        print(f"{name}: {m['seconds']:.1f} s; fresh kernel rss {mb(m['fresh_rss'])} pss {mb(m['fresh_pss'])}; "
              f"peak kernel rss {mb(m['rss'])} pss {mb(m['pss'])}; peak kernel+children rss {mb(m['tree_rss'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
