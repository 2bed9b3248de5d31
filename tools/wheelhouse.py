"""`make wheelhouse`: every wheel the course needs for one platform and Python, in one folder, for a room with no Wi-Fi.

    python tools/wheelhouse.py                                          # this machine's platform and Python
    python tools/wheelhouse.py --platform windows-x86_64 --python 3.11 --out wheelhouse-win
    python tools/wheelhouse.py --platform macosx_14_0_arm64 --python 3.12
    python tools/wheelhouse.py --list                                    # the targets and Pythons it knows
    python tools/wheelhouse.py --verify wheelhouse-win --platform windows-x86_64 --python 3.11   # dry run only

How the lock is resolved for the target: requirements.lock is universal (`uv pip compile --universal`), so
each pin carries an environment marker (`uvloop==… ; sys_platform != 'win32'`). Those markers are evaluated
here with `packaging.markers` for the *target's* environment (its sys_platform, os_name, platform_machine,
CPython and Python version), not the building machine's; that needs no network and no resolver, and gives
exactly the lock's versions. A Python given as 3.11 covers every 3.11.x: the lock's markers that split on a
patch release (`soupsieve … ; python_full_version >= '3.11.5'`) are evaluated on both sides of it and both
pins are fetched, each with its own `--python-version`, so pip never reads "3.11" as 3.11.0 alone.

Then `pip download --no-deps --only-binary=:all:` fetches the pins with the target's platform tags (a Linux
target lists every manylinux tag its glibc accepts; pip itself expands the older macOS versions). A pin with
no wheel for the target is named with what to do; the folder gets requirements-<target>.txt per Python patch
range, and a dry run (`pip install --dry-run --no-index --find-links DIR --platform … --target …`) proves pip
resolves them from the folder alone. Exit 0: complete and resolvable; 1: something is missing; 2: bad input.

On each learner's machine, from the repository root and with no network:

    python -m venv .venv && source .venv/bin/activate                   # Windows: .venv\\Scripts\\activate
    pip install --no-index --find-links wheelhouse -r requirements.lock
    pip install --no-index --find-links wheelhouse --no-deps -e .
"""
from __future__ import annotations

import argparse
import ast
import platform
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
# Friendly names for the laptops people bring. macOS 14 for Apple silicon: onnxruntime 1.32 (the lock's pin for
# Python >= 3.11) publishes arm64 wheels for macOS 14 and newer only (`pip index versions onnxruntime --platform
# macosx_13_0_arm64` stops at 1.23.2). glibc 2.28 for Linux: Debian 10, Ubuntu 18.10, RHEL 8 and newer.
ALIASES = {"windows-x86_64": "win_amd64", "macos-arm64": "macosx_14_0_arm64", "macos-x86_64": "macosx_13_0_x86_64",
           "linux-x86_64": "manylinux_2_28_x86_64", "linux-aarch64": "manylinux_2_28_aarch64"}
# The Pythons the course supports: those requires-python allows (">=3.10,<3.14"), and never one newer than the
# newest the lock's packages publish wheels for (numpy 2.5.5 and onnxruntime 1.32.0 have none for 3.15 on PyPI,
# as of the lock).
NEWEST_PYTHON = (3, 14)
LEGACY_MANYLINUX = {"manylinux1": (2, 5), "manylinux2010": (2, 12), "manylinux2014": (2, 17)}


class WheelhouseError(ValueError):
    """A platform, Python or lock the wheelhouse cannot use; the message says what to give instead."""


@dataclass(frozen=True)
class Target:
    """A platform to build for: its pip platform tags and the environment its markers are evaluated in."""

    name: str
    tags: tuple[str, ...]
    env: dict

    def environment(self, python: str) -> dict[str, str]:
        """The marker environment of CPython `python` (X.Y.Z) on this platform."""
        return {**self.env, "python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
                "implementation_name": "cpython", "platform_python_implementation": "CPython",
                "implementation_version": python, "platform_release": "", "platform_version": ""}


def target(name: str) -> Target:
    """The Target for a wheel platform tag (win_amd64, macosx_14_0_arm64, manylinux_2_28_x86_64 …) or alias."""
    tag = ALIASES.get(name, name)
    if m := re.fullmatch(r"win_(amd64|arm64)", tag):
        return Target(tag, (tag,), {"sys_platform": "win32", "os_name": "nt", "platform_system": "Windows",
                                    "platform_machine": m.group(1).upper()})
    if m := re.fullmatch(r"macosx_(\d+)_(\d+)_(arm64|x86_64)", tag):
        return Target(tag, (tag,), {"sys_platform": "darwin", "os_name": "posix", "platform_system": "Darwin",
                                    "platform_machine": m.group(3)})
    if m := re.fullmatch(r"(manylinux1|manylinux2010|manylinux2014|manylinux_(\d+)_(\d+))_(x86_64|aarch64)", tag):
        glibc = LEGACY_MANYLINUX.get(m.group(1)) or (int(m.group(2)), int(m.group(3)))
        arch = m.group(4)
        tags = [f"manylinux_2_{minor}_{arch}" for minor in range(glibc[1], 4, -1)]
        tags += [f"{legacy}_{arch}" for legacy, (_, minor) in LEGACY_MANYLINUX.items() if minor <= glibc[1]
                 and (arch == "x86_64" or legacy == "manylinux2014")]
        return Target(tag, tuple(tags), {"sys_platform": "linux", "os_name": "posix", "platform_system": "Linux",
                                         "platform_machine": arch})
    raise WheelhouseError(f"unknown platform {name!r}: give one of {', '.join(ALIASES)}, or a wheel platform tag "
                          "like win_amd64, macosx_14_0_arm64, manylinux_2_28_x86_64 or manylinux2014_aarch64")


def here() -> str:
    """This machine's platform as a wheel tag (for a wheelhouse without --platform)."""
    machine = platform.machine().lower()
    if sys.platform == "win32":
        return "win_arm64" if machine in ("arm64", "aarch64") else "win_amd64"
    if sys.platform == "darwin":
        major = max(11, int(platform.mac_ver()[0].split(".")[0] or 11))
        return f"macosx_{major}_0_{'arm64' if machine == 'arm64' else 'x86_64'}"
    libc = platform.libc_ver()[1] or "2.17"
    return f"manylinux_{libc.replace('.', '_')}_{'aarch64' if machine in ('arm64', 'aarch64') else 'x86_64'}"


def supported_pythons(root: Path = ROOT) -> list[str]:
    """'3.10' … '3.13': the minor versions requires-python in pyproject.toml allows, up to NEWEST_PYTHON."""
    text = (root / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^requires-python\s*=\s*"([^"]*)"', text, re.M)
    try:
        allowed = SpecifierSet(found.group(1)) if found else None
    except InvalidSpecifier:
        allowed = None
    if allowed is None or not re.search(r">=\s*3\.\d+", found.group(1)):
        raise WheelhouseError("pyproject.toml has no requires-python = \">=3.N\" (or \">=3.N,<3.M\") to read the "
                              "supported Pythons from")
    pythons = [f"3.{minor}" for minor in range(NEWEST_PYTHON[1] + 1) if f"3.{minor}" in allowed]
    if not pythons:
        raise WheelhouseError(f"requires-python = \"{found.group(1)}\" in pyproject.toml allows no Python 3.0 to "
                              f"{NEWEST_PYTHON[0]}.{NEWEST_PYTHON[1]}")
    return pythons


def lock_pins(text: str) -> list[Requirement]:
    """The pinned requirements of a lock file (comments and `# via` lines left out)."""
    pins = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        if len(requirement.specifier) != 1 or next(iter(requirement.specifier)).operator != "==":
            raise WheelhouseError(f"requirements.lock line {number}: {line!r} is not an exact pin; run `make lock`")
        pins.append(requirement)
    return pins


def patch_points(pins: list[Requirement], python: str) -> list[str]:
    """The X.Y.Z versions to evaluate the markers at so that every X.Y.z is covered ('3.11' -> ['3.11.0', '3.11.5'])."""
    if not re.fullmatch(r"3\.\d+(\.\d+)?", python):
        raise WheelhouseError(f"--python {python!r}: give a version like 3.11 (every 3.11.x) or 3.11.9 (that one)")
    if python.count(".") == 2:
        return [python]
    cuts = {0}
    for pin in pins:
        for found in re.finditer(rf"python_full_version\s*[<>=!]+\s*['\"]{re.escape(python)}\.(\d+)['\"]", str(pin.marker)):
            cuts.add(int(found.group(1)))
    return [f"{python}.{patch}" for patch in sorted(cuts)]


def pins_for(pins: list[Requirement], environment: dict[str, str]) -> list[str]:
    """'name==version' of every pin whose marker holds in `environment` (the target's, not this machine's)."""
    chosen = [p for p in pins if p.marker is None or Marker(str(p.marker)).evaluate(environment)]
    names = [p.name.lower() for p in chosen]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise WheelhouseError(f"the lock pins {', '.join(twice)} twice for {environment['sys_platform']} / Python "
                              f"{environment['python_full_version']}: its markers overlap; run `make lock`")
    return [f"{p.name}=={next(iter(p.specifier)).version}" for p in chosen]


def pip_target(tgt: Target, python: str) -> list[str]:
    """pip's options for a foreign platform and CPython version."""
    options = ["--only-binary=:all:", "--implementation", "cp", "--python-version", python]
    for tag in tgt.tags:
        options += ["--platform", tag]
    return options


def pip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run pip with this Python; its output is returned (and shown on failure when check=True)."""
    proc = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True)
    if check and proc.returncode:
        raise WheelhouseError(f"pip {args[0]} failed:\n{proc.stderr.strip()[-1500:]}")
    return proc


def download(requirements: list[str], out: Path, options: list[str]) -> list[str]:
    """Fetch the wheels; returns the pins that have no wheel for the target (pip is asked again without each)."""
    missing, todo = [], list(requirements)
    while todo:
        proc = pip("download", "--no-deps", "--dest", str(out), *options, *todo, check=False)
        if proc.returncode == 0:
            break
        found = re.search(r"No matching distribution found for (\S+)", proc.stderr)
        if not found or found.group(1) not in todo:
            raise WheelhouseError(f"pip download failed:\n{proc.stderr.strip()[-1500:]}")
        missing.append(found.group(1))
        todo.remove(found.group(1))
    return missing


def with_dependencies(older: str, requirements: list[str], out: Path, options: list[str]) -> bool:
    """Fetch `older` and the dependencies it has that the lock's pins lack (onnxruntime 1.23.2 needs sympy and
    coloredlogs, which 1.32.0 does not), the pinned ones held at their pins; False if pip cannot."""
    name = older.split("==")[0]
    with tempfile.TemporaryDirectory(prefix="wheelhouse-") as tmp:
        constraints = Path(tmp) / "constraints.txt"
        constraints.write_text("\n".join(r for r in requirements if not r.startswith(f"{name}==")) + "\n",
                               encoding="utf-8")
        proc = pip("download", "--dest", str(out), *options, "-c", str(constraints), older, check=False)
    return proc.returncode == 0


def advice(pin: str, tgt: Target, python: str) -> str:
    """What to do about a pin with no wheel for the target: a newer macOS, another Python, or another version."""
    name, version = pin.split("==")
    if tgt.name.startswith("macosx_"):
        major, arch = int(tgt.name.split("_")[1]), tgt.name.rsplit("_", 1)[1]
        for newer in range(major + 1, 16):
            options = pip_target(Target(f"macosx_{newer}_0_{arch}", (f"macosx_{newer}_0_{arch}",), tgt.env), python)
            if version in versions_with_wheels(name, options):
                return (f"{pin} has wheels for macOS {newer} and newer only: build with "
                        f"PLATFORM=macosx_{newer}_0_{arch}; learners on an older macOS need to update it")
    glibc = re.fullmatch(r"manylinux_2_(\d+)_(\w+)", tgt.tags[0])
    if glibc and int(glibc.group(1)) < 28:
        newer = target(f"manylinux_2_28_{glibc.group(2)}")
        if version in versions_with_wheels(name, pip_target(newer, python)):
            return (f"{pin} has wheels for glibc 2.28 and newer only (manylinux_2_28): build with "
                    f"PLATFORM=linux-{glibc.group(2)} for Debian 10, Ubuntu 18.10, RHEL 8 or newer")
    minor = ".".join(python.split(".")[:2])
    others = [v for v in supported_pythons() if v != minor and version in versions_with_wheels(name, pip_target(tgt, v))]
    elsewhere = (f"it has one for Python {', '.join(others)}: ask these learners to install one of those and build "
                 f"the wheelhouse for it, or " if others else "")
    have = versions_with_wheels(name, pip_target(tgt, python))
    if have:
        return (f"{pin} has no wheel for {tgt.name} and Python {minor}; {elsewhere}pin {name}=={have[0]} (the newest "
                f"version with a wheel there) for this platform in pyproject.toml and run `make lock`")
    return (f"{name} publishes no wheel at all for {tgt.name} and Python {minor}; {elsewhere or 'those learners need '}"
            f"a C/Rust compiler to build {pin} from source, with network access")


def versions_with_wheels(name: str, options: list[str]) -> list[str]:
    """The versions of `name` that have a wheel for pip `options` (newest first), from `pip index versions`."""
    proc = pip("index", "versions", name, *options, check=False)
    found = re.search(r"Available versions: (.*)", proc.stdout)
    return [v.strip() for v in found.group(1).split(",")] if found else []


def verify(out: Path, tgt: Target, python: str, requirements: list[str]) -> str | None:
    """Dry-run pip's resolution from `out` alone for the target; None when it succeeds, else pip's error."""
    with tempfile.TemporaryDirectory(prefix="wheelhouse-") as tmp:
        reqs = Path(tmp) / "requirements.txt"
        reqs.write_text("\n".join(requirements) + "\n", encoding="utf-8")
        # pip evaluates the wheels' own dependency markers for this machine, not the target (a Windows target would
        # need pexpect), so a foreign target is resolved pin by pin here and its dependencies are checked by unmet().
        native = tgt.env["sys_platform"] == sys.platform and tgt.env["platform_machine"] == platform.machine()
        proc = pip("install", "--dry-run", "--no-index", *([] if native else ["--no-deps"]), "--find-links", str(out),
                   *pip_target(tgt, python), "--target", str(Path(tmp) / "x"), "--ignore-installed", "-r", str(reqs),
                   check=False)
    if proc.returncode:
        return proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else f"pip exited {proc.returncode}"
    return None


def course_wheel(out: Path) -> None:
    """The course's own wheel, built from a copy of its sources (so nothing is written into the checkout, and two
    builds at once do not share a build/ folder)."""
    import shutil

    with tempfile.TemporaryDirectory(prefix="wheelhouse-src-") as tmp:
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy(ROOT / name, Path(tmp) / name)
        shutil.copytree(ROOT / "course_lib", Path(tmp) / "course_lib", ignore=shutil.ignore_patterns("__pycache__"))
        pip("wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", str(out), tmp)


def build_requires(root: Path = ROOT) -> list[str]:
    """pyproject's [build-system] requires (plus wheel), fetched so an offline `pip install -e .` can build."""
    text = (root / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r"^requires\s*=\s*(\[[^\]]*\])", text, re.M)
    return (ast.literal_eval(found.group(1)) if found else ["setuptools"]) + ["wheel"]


def wheel_metadata(out: Path) -> dict[str, dict[str, list[str]]]:
    """normalised name -> {version: Requires-Dist lines} of every wheel in `out`, read from the wheels themselves."""
    import zipfile
    from email.parser import Parser

    found = {}
    for wheel in out.glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
            meta = Parser().parsestr(archive.read(name).decode("utf-8"))
        found.setdefault(normal(meta["Name"]), {})[meta["Version"]] = meta.get_all("Requires-Dist") or []
    return found


def normal(name: str) -> str:
    """A project name as PEP 503 compares it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def unmet(out: Path, tgt: Target, python: str, top: list[str]) -> list[str]:
    """Dependencies, evaluated for the target, that no wheel in `out` satisfies (pip's own resolver evaluates
    the wheels' markers for the building machine, so it cannot check this for a foreign platform)."""
    wheels, environment = wheel_metadata(out), tgt.environment(python)
    pinned = {normal(r.split("==")[0]): r.split("==")[1] for r in top}
    problems, seen, queue = [], set(), [(Requirement(r), "requirements") for r in top]
    while queue:
        requirement, wanted_by = queue.pop()
        name = normal(requirement.name)
        key = (name, str(requirement.specifier), tuple(sorted(requirement.extras)))
        if key in seen:
            continue
        seen.add(key)
        have = wheels.get(name, {})
        usable = [v for v in have if requirement.specifier.contains(v, prereleases=True)
                  and pinned.get(name, v) == v]
        if not usable:
            held = f"it holds {name} {', '.join(sorted(have))}" if have else "it has no wheel of it"
            problems.append(f"{requirement} (needed by {wanted_by}), but {held}")
            continue
        version = usable[0]
        for line in have[version]:
            dep = Requirement(line)
            extras = [""] + sorted(requirement.extras)
            if dep.marker is None or any(dep.marker.evaluate({**environment, "extra": e}) for e in extras):
                queue.append((dep, f"{name} {version}"))
    return sorted(problems)


def build(tgt: Target, python: str, out: Path, lock: Path = LOCK, allow_older: bool = False) -> int:
    """Download, list what is missing, write requirements-<target>-pyX.Y.Z.txt, dry-run each; 0 if all is well.

    With `allow_older`, a pin with no wheel for the target is replaced by the newest version that has one, in
    that target's requirements file only; the dry run and the dependency check then prove it still fits."""
    pins = lock_pins(lock.read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    missing, sets = {}, {}
    for point in patch_points(pins, python):
        requirements = pins_for(pins, tgt.environment(point))
        sets[point] = requirements
        fetched = {r for earlier in list(sets.values())[:-1] for r in earlier}
        print(f"{tgt.name}, Python {point}: {len(requirements)} pins from {lock.name}", flush=True)
        for pin in download([r for r in requirements if r not in fetched], out, pip_target(tgt, point)):
            have = versions_with_wheels(pin.split("==")[0], pip_target(tgt, point)) if allow_older else []
            if have and with_dependencies(f"{pin.split('==')[0]}=={have[0]}", requirements, out, pip_target(tgt, point)):
                older = f"{pin.split('==')[0]}=={have[0]}"
                requirements[requirements.index(pin)] = older
                print(f"OLDER {older} instead of {pin}, which has no wheel for {tgt.name} and Python {point}: "
                      f"install with -r {out / f'requirements-{tgt.name}-py{point}.txt'}, not the lock", flush=True)
            else:
                missing[pin] = advice(pin, tgt, point)
        (out / f"requirements-{tgt.name}-py{point}.txt").write_text(
            f"# {lock.name} resolved for {tgt.name}, CPython {point} by tools/wheelhouse.py\n"
            + "\n".join(requirements) + "\n", encoding="utf-8")
    download(build_requires(), out, pip_target(tgt, patch_points(pins, python)[-1]))
    course_wheel(out)
    for pin, what in missing.items():
        print(f"MISSING {what}", flush=True)
    failed = []
    for point, requirements in sets.items():
        present = [r for r in requirements if r not in missing]
        problem = verify(out, tgt, point, present)
        problems = unmet(out, tgt, point, present)
        status = "OK" if not problem and not problems else "FAILED"
        print(f"dry-run for {tgt.name}, Python {point}: {status} ({len(present)} of {len(requirements)} pins)"
              + (f": {problem}" if problem else ""))
        for line in problems[:10]:
            print(f"  unmet: {line}")
        if status != "OK":
            failed.append(point)
    files = sorted(out.glob("*.whl"))
    size = sum(p.stat().st_size for p in files) / 1e6
    print(f"\n{len(files)} wheels, {size:,.0f} MB in {out} for {tgt.name}, Python {python}: "
          + ("complete" if not missing and not failed else f"{len(missing)} missing, {len(failed)} dry run(s) failed"))
    return 1 if missing or failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--platform", default=None, help=f"one of {', '.join(ALIASES)}, or a wheel platform tag "
                        "such as win_amd64, macosx_14_0_arm64, manylinux_2_28_x86_64 (default: this machine)")
    parser.add_argument("--python", default=None, help="the learners' Python: 3.11 (every 3.11.x) or 3.11.9")
    parser.add_argument("--out", type=Path, default=ROOT / "wheelhouse")
    parser.add_argument("--verify", type=Path, metavar="DIR", help="only dry-run an existing wheelhouse DIR")
    parser.add_argument("--list", action="store_true", help="print the targets and supported Pythons, then exit")
    parser.add_argument("--allow-older", action="store_true", help="for a pin with no wheel for the target, take the "
                        "newest version that has one (in that target's requirements file only)")
    args = parser.parse_args(argv)
    try:
        if args.list:
            print("platforms:", ", ".join(f"{alias} ({tag})" for alias, tag in ALIASES.items()))
            print("Pythons (requires-python up to the newest with wheels):", ", ".join(supported_pythons()))
            return 0
        tgt = target(args.platform or here())
        python = args.python or ".".join(platform.python_version_tuple()[:2])
        if args.python and args.python.count(".") == 1 and args.python not in supported_pythons():
            raise WheelhouseError(f"Python {args.python} is not one the course supports: {', '.join(supported_pythons())}")
        if args.verify:
            pins = lock_pins(LOCK.read_text(encoding="utf-8"))
            bad = 0
            for point in patch_points(pins, python):
                requirements = pins_for(pins, tgt.environment(point))
                problem = verify(args.verify, tgt, point, requirements) or \
                    "; ".join(unmet(args.verify, tgt, point, requirements)[:3]) or None
                print(f"dry-run for {tgt.name}, Python {point}: {'OK' if not problem else 'FAILED: ' + problem}")
                bad += bool(problem)
            return 1 if bad else 0
        return build(tgt, python, args.out, allow_older=args.allow_older)
    except WheelhouseError as error:
        print(f"wheelhouse: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
