"""Run the lessons against their stored outputs on the oldest and the newest Python the course supports.

    python tools/test_pythons.py              # both ends of requires-python, each in its own cached venv
    python tools/test_pythons.py 3.12         # one version
    make test-pythons                         # the same, called by `make test`

For each version it finds an interpreter (COURSE_PYTHON_X_Y, else pythonX.Y on PATH, else a pyenv build), makes
a venv with exactly the versions in requirements.lock, and runs nbval on lessons/ with that interpreter's own
kernel, offline, with this checkout first on PYTHONPATH. The venvs hold only the locked packages, so they are
kept between runs and checkouts in a cache folder named by the lock's hash (COURSE_VENV_CACHE, default
~/.cache/agent-memory-course/venvs): a new lock builds new ones and removes the old. The lock resolves some packages differently per Python
(ipykernel, for one), so this is the check that a learner on 3.10 or 3.13 sees what the notebooks show.
A version that cannot be found is skipped with a message saying how to get it; a failure exits 1.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENVS = Path(os.environ.get("COURSE_VENV_CACHE") or Path.home() / ".cache" / "agent-memory-course" / "venvs")


def supported() -> list[str]:
    """Every minor version requires-python allows, e.g. ['3.10', '3.11', '3.12', '3.13']."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    spec = re.search(r'requires-python\s*=\s*"([^"]+)"', text).group(1)
    low = re.search(r">=\s*3\.(\d+)", spec)
    high = re.search(r"<\s*3\.(\d+)", spec)
    if not low or not high:
        raise SystemExit(f"requires-python = {spec!r} needs both ends (>=3.X, <3.Y) so the range can be tested")
    return [f"3.{m}" for m in range(int(low.group(1)), int(high.group(1)))]


def works(exe: str, version: str) -> bool:
    """Does `exe` run and report this X.Y? (A pyenv shim for a version that is not selected fails here.)"""
    try:
        out = subprocess.run([exe, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=30)
    except OSError:
        return False
    return out.returncode == 0 and out.stdout.strip() == version


def find(version: str) -> str | None:
    """An interpreter for this X.Y that runs, or None: COURSE_PYTHON_X_Y, then pythonX.Y on PATH, then pyenv."""
    candidates = [os.environ.get(f"COURSE_PYTHON_{version.replace('.', '_')}"), shutil.which(f"python{version}")]
    pyenv = shutil.which("pyenv")
    if pyenv:
        names = subprocess.run([pyenv, "versions", "--bare"], capture_output=True, text=True).stdout.split()
        builds = sorted((n for n in names if re.fullmatch(re.escape(version) + r"\.\d+", n)),
                        key=lambda n: int(n.rsplit(".", 1)[1]))
        for build in reversed(builds):
            prefix = subprocess.run([pyenv, "prefix", build], capture_output=True, text=True).stdout.strip()
            candidates.append(str(Path(prefix) / "bin" / f"python{version}"))
    return next((c for c in candidates if c and works(c, version)), None)


def venv_for(version: str, interpreter: str) -> Path:
    """A cached venv for this version with the locked packages (built once per lock, older ones removed)."""
    lock = (ROOT / "requirements.lock").read_bytes()
    venv = VENVS / f"py{version}-{hashlib.sha256(lock).hexdigest()[:12]}"
    py = venv / "bin" / "python"
    if (venv / ".complete").exists():
        return venv
    for old in VENVS.glob(f"py{version}-*"):
        shutil.rmtree(old, ignore_errors=True)
    print(f"[{version}] creating {venv} from requirements.lock with {interpreter}", flush=True)
    subprocess.run([interpreter, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(py), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "off",
                    "--quiet", "-r", str(ROOT / "requirements.lock")], check=True)
    (venv / ".complete").write_text(interpreter)
    return venv


def run_lessons(version: str, venv: Path) -> int:
    """nbval on every lesson with this venv's Python and kernel, without network where the OS allows it."""
    cmd = [str(venv / "bin" / "python"), "-m", "pytest", "-q", "--nbval", "--nbval-current-env",
           "--nbval-sanitize-with", "tools/nbval_sanitize.cfg", "-p", "no:cacheprovider", "lessons"]
    nonet = ROOT / "tools" / "no_network.sh"
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return subprocess.run(["sh", str(nonet), *cmd], cwd=ROOT, env={**os.environ, "PYTHONPATH": path}).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("versions", nargs="*", help="X.Y versions (default: the oldest and newest supported)")
    args = parser.parse_args(argv)
    every = supported()
    versions = args.versions or sorted({every[0], every[-1]})
    failed, skipped = [], []
    for version in versions:
        if version not in every:
            print(f"[{version}] not in requires-python ({', '.join(every)}): skipped")
            skipped.append(version)
            continue
        interpreter = find(version)
        if interpreter is None:
            print(f"[{version}] skipped: no Python {version} found (looked for python{version} on PATH, a pyenv "
                  f"build and COURSE_PYTHON_{version.replace('.', '_')}); install one, e.g. `pyenv install "
                  f"{version}`, to check the lessons on it")
            skipped.append(version)
            continue
        start = time.perf_counter()
        code = run_lessons(version, venv_for(version, interpreter))
        print(f"[{version}] lessons {'match their stored outputs' if code == 0 else 'FAILED'} "
              f"({time.perf_counter() - start:.0f} s, {interpreter})", flush=True)
        if code:
            failed.append(version)
    tested = [v for v in versions if v not in skipped]
    print(f"Pythons: {len(tested) - len(failed)} passed, {len(failed)} failed"
          + (f", {len(skipped)} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
