"""`make wheelhouse`: every wheel the course needs, in one folder, for a room with no Wi-Fi.

    python tools/wheelhouse.py                                  # this machine's platform and Python
    python tools/wheelhouse.py --platform macosx_11_0_arm64 --python 3.12
    python tools/wheelhouse.py --platform win_amd64 --python 3.11 --out wheelhouse-win

Then, on each learner's machine (no network needed):

    python -m venv .venv && source .venv/bin/activate
    pip install --no-index --find-links wheelhouse -r requirements.lock
    pip install --no-index --find-links wheelhouse agent-memory-course     # or, in a checkout: --no-deps -e .

The folder holds the locked packages (binary wheels only, for the chosen platform), the build backend that
`pip install -e .` needs (setuptools, wheel) and a wheel of the course itself.
"""
from __future__ import annotations

import argparse
import ast
import platform
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_requires() -> list[str]:
    """pyproject's [build-system] requires (plus wheel), fetched so an offline `pip install -e .` can build."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r"^requires\s*=\s*(\[[^\]]*\])", text, re.M)
    return (ast.literal_eval(found.group(1)) if found else ["setuptools"]) + ["wheel"]


def pip(*args: str) -> None:
    command = [sys.executable, "-m", "pip", *args]
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--platform", default=None, help="a wheel platform tag, e.g. manylinux2014_x86_64, "
                        "macosx_11_0_arm64, win_amd64 (default: this machine)")
    parser.add_argument("--python", default=None, help="the learners' Python, e.g. 3.11 (default: this one)")
    parser.add_argument("--out", type=Path, default=ROOT / "wheelhouse")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    target = []
    if args.platform or args.python:
        target = ["--only-binary=:all:", "--python-version", args.python or platform.python_version()]
        if args.platform:
            target += ["--platform", args.platform]
    pip("download", "--dest", str(args.out), "-r", str(ROOT / "requirements.lock"), *target)
    pip("download", "--dest", str(args.out), *build_requires(), *target)
    pip("wheel", "--no-deps", "--wheel-dir", str(args.out), str(ROOT))
    wheels = sorted(args.out.glob("*"))
    size = sum(p.stat().st_size for p in wheels) / 1e6
    where = args.platform or sysconfig.get_platform()
    print(f"\n{len(wheels)} files, {size:,.0f} MB in {args.out} for {where}, Python {args.python or platform.python_version()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
