"""`make test`: every check of the course, in six independent groups run side by side.

    python tools/run_tests.py               # every group, at most JOBS at once (default 3)
    python tools/run_tests.py unit lessons  # some groups
    python tools/run_tests.py --list        # what each group runs

Most of the suite waits rather than computes (a kernel starting, a Chroma server, a second process holding a
lock), so on a 2-core machine three groups at a time finish in far less than the sum of their times. Each group
writes its whole output to .test-logs/GROUP.log; a failed group's log is printed in full at the end, the others
as their last lines. The last line is the total, `tests: N passed, N failed`, and the exit code is 1 when any
group failed. Every group but `pythons` runs with no network (tools/no_network.sh); `pythons` needs the package
index only to build its venvs, and runs the lessons themselves offline too.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
NONET = ["sh", str(ROOT / "tools" / "no_network.sh")]
NBVAL = ["--nbval", "--nbval-sanitize-with", "tools/nbval_sanitize.cfg", "-p", "no:cacheprovider"]
HEAVY = ["tests/test_rerun.py", "tests/test_lessons_live_path.py", "tests/test_variant_model.py"]  # every notebook
# Tests that start other processes (Chroma and Jupyter servers, the room's hub, a browser, the course's CLI):
# mostly waiting, so they run beside the in-process tests instead of after them.
PROCESSES = ["test_browser_*.py", "test_cli.py", "test_consolidate.py", "test_deletion.py", "test_deploy_docs.py",
             "test_grade.py", "test_inspector.py", "test_make_lab.py", "test_record.py", "test_reset.py",
             "test_room_*.py", "test_tenancy.py", "test_two_processes.py", "test_zero_install.py"]
SPAWNING = sorted({str(p.relative_to(ROOT)) for g in PROCESSES for p in (ROOT / "tests").glob(g)})

GROUPS: dict[str, list[list[str]]] = {  # name -> commands run one after another; the slowest first
    "processes": [NONET + [PY, "-m", "pytest", "-q", "--durations=8", *SPAWNING]],
    "unit": [NONET + [PY, "-m", "pytest", "-q", "--durations=8", "tests",
                      *[f"--ignore={t}" for t in HEAVY + SPAWNING]]],
    "live": [NONET + [PY, "-m", "pytest", "-q", "--durations=8", HEAVY[1], HEAVY[2]]],
    "pythons": [[PY, "tools/test_pythons.py"]],
    "lessons": [NONET + [PY, "-m", "pytest", "-q", "--durations=8", HEAVY[0]]],
    "notebooks": [NONET + [PY, "-m", "pytest", "-q", *NBVAL, "solutions"],
                  NONET + [PY, "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider", "exercises"],
                  [PY, "tools/make_exercises.py", "--check"],
                  [PY, "tools/nbclean.py", "--check", *sorted(str(p.relative_to(ROOT)) for d in
                   ("lessons", "solutions", "exercises") for p in (ROOT / d).glob("*.ipynb"))]],
}
COUNTS = re.compile(r"(\d+) (passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?)")
CLOSING = re.compile(r"^(?:=+ )?\d+ \w+(?:, \d+ \w+)* in [\d.]+s|^Pythons: ")  # pytest's last line, and ours


def run_group(name: str, logs: Path) -> tuple[str, int, float, dict[str, int]]:
    """Run one group's commands in order (stopping at the first failure); return its code, time and counts."""
    start = time.perf_counter()
    counts = {"passed": 0, "failed": 0}
    code = 0
    with open(logs / f"{name}.log", "w", encoding="utf-8") as log:
        for cmd in GROUPS[name]:
            log.write(f"$ {' '.join(cmd)}\n")
            log.flush()
            proc = subprocess.run(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"})
            code = code or proc.returncode
            if proc.returncode:
                break
    text = (logs / f"{name}.log").read_text(encoding="utf-8", errors="replace")
    for line in text.splitlines():  # pytest's closing lines ("== 3 failed, 120 passed in 9.1s ==") and ours
        if CLOSING.search(line):
            for number, word in COUNTS.findall(line):
                key = "failed" if word.startswith(("failed", "error")) else word
                counts[key] = counts.get(key, 0) + int(number)
    if code and counts["failed"] == 0:
        counts["failed"] = 1  # a command that failed without a test count (a sync check, a crash)
    return name, code, time.perf_counter() - start, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("groups", nargs="*", help=f"groups to run (default: all of {', '.join(GROUPS)})")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", 3)), help="groups at once")
    parser.add_argument("--list", action="store_true", help="print what each group runs and stop")
    args = parser.parse_args(argv)
    chosen = args.groups or list(GROUPS)
    unknown = [g for g in chosen if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group {unknown[0]!r}; the groups are {', '.join(GROUPS)}")
    if args.list:
        for name in chosen:
            print(name)
            for cmd in GROUPS[name]:
                print("   ", " ".join(cmd))
        return 0
    logs = ROOT / ".test-logs"
    logs.mkdir(exist_ok=True)
    start = time.perf_counter()
    print(f"running {', '.join(chosen)} ({args.jobs} at a time); logs in {logs.relative_to(ROOT)}/", flush=True)
    results = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for name, code, seconds, counts in pool.map(lambda n: run_group(n, logs), chosen):
            results.append((name, code, seconds, counts))
    for name, code, seconds, counts in results:
        text = (logs / f"{name}.log").read_text(encoding="utf-8", errors="replace").splitlines()
        shown = text if code else text[-14:]
        print(f"\n===== {name}: {'FAILED' if code else 'ok'} in {seconds:.0f} s "
              f"({counts['passed']} passed, {counts['failed']} failed) =====")
        print("\n".join(shown))
    passed = sum(c["passed"] for *_, c in results)
    failed = sum(c["failed"] for *_, c in results)
    print(f"\nall groups in {time.perf_counter() - start:.0f} s")
    print(f"tests: {passed} passed, {failed} failed")
    return 1 if any(code for _, code, _, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())
