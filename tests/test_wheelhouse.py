"""make wheelhouse resolves the universal lock for the *target* (markers evaluated offline for its platform and every
patch release of its Python), asks pip for the target's wheels only, names what has none, and checks the folder
resolves for the target. The downloads need the network, so the full builds are run by hand (docs/instructor-guide.md);
here the resolution, the pip calls and the dry run are tested on the real lock and on small wheels made on the spot."""
from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import wheelhouse  # noqa: E402

PINS = wheelhouse.lock_pins(wheelhouse.LOCK.read_text(encoding="utf-8"))


def names(platform: str, python: str) -> dict[str, str]:
    tgt = wheelhouse.target(platform)
    return dict(pin.split("==") for pin in wheelhouse.pins_for(PINS, tgt.environment(python)))


def test_each_target_gets_its_own_platform_packages_from_the_universal_lock():
    windows, mac, linux = names("windows-x86_64", "3.12.0"), names("macos-arm64", "3.12.0"), names("linux-x86_64", "3.12.0")
    assert {"colorama", "pywinpty"} <= set(windows) and not {"uvloop", "appnope", "pexpect"} & set(windows)
    assert {"appnope", "uvloop", "pexpect"} <= set(mac) and "pywinpty" not in mac
    assert "uvloop" in linux and not {"appnope", "pywinpty", "colorama"} & set(linux)
    assert names("linux-aarch64", "3.10.0")["onnxruntime"] == "1.23.2" and linux["onnxruntime"] == "1.32.0"
    here = wheelhouse.target(wheelhouse.here())  # the building machine's own markers give the same answer as pip's
    assert "uvloop" in names(here.name, "3.11.7") and "appnope" not in names(here.name, "3.11.7")


def test_a_minor_python_covers_every_patch_release_the_lock_splits_on():
    assert wheelhouse.patch_points(PINS, "3.11") == ["3.11.0", "3.11.5"]  # soupsieve changes at 3.11.5
    assert wheelhouse.patch_points(PINS, "3.10") == ["3.10.0", "3.10.2"]  # zipp, importlib-metadata below 3.10.2
    assert wheelhouse.patch_points(PINS, "3.12") == ["3.12.0"]
    assert wheelhouse.patch_points(PINS, "3.11.9") == ["3.11.9"]
    assert names("win_amd64", "3.11.0")["soupsieve"] == "2.10" and names("win_amd64", "3.11.5")["soupsieve"] == "4.1.3"
    with pytest.raises(wheelhouse.WheelhouseError, match=r"give a version like 3.11 \(every 3.11.x\)"):
        wheelhouse.patch_points(PINS, "py311")


def test_platform_names_and_tags_become_pip_options_and_markers():
    mac = wheelhouse.target("macos-arm64")
    assert mac.tags == ("macosx_14_0_arm64",) and mac.env["sys_platform"] == "darwin"
    linux = wheelhouse.target("manylinux_2_28_x86_64")
    assert linux.tags[0] == "manylinux_2_28_x86_64" and {"manylinux_2_17_x86_64", "manylinux2014_x86_64",
                                                           "manylinux1_x86_64"} <= set(linux.tags)
    arm = wheelhouse.target("linux-aarch64")
    assert "manylinux2014_aarch64" in arm.tags and not any("manylinux1" in t or "2010" in t for t in arm.tags)
    assert wheelhouse.target("manylinux2014_x86_64").tags[0] == "manylinux_2_17_x86_64"
    options = wheelhouse.pip_target(wheelhouse.target("win_amd64"), "3.11.5")
    assert options == ["--only-binary=:all:", "--implementation", "cp", "--python-version", "3.11.5",
                       "--platform", "win_amd64"]
    with pytest.raises(wheelhouse.WheelhouseError, match="unknown platform 'windows'.*windows-x86_64"):
        wheelhouse.target("windows")
    assert wheelhouse.supported_pythons() == ["3.10", "3.11", "3.12", "3.13"]  # requires-python ">=3.10,<3.14"
    assert wheelhouse.main(["--platform", "win_amd64", "--python", "3.9"]) == 2


def test_overlapping_markers_in_a_lock_are_refused():
    pins = wheelhouse.lock_pins("a==1 ; sys_platform != 'win32'\na==2 ; python_version >= '3.11'\n")
    with pytest.raises(wheelhouse.WheelhouseError, match="pins a twice for linux"):
        wheelhouse.pins_for(pins, wheelhouse.target("linux-x86_64").environment("3.12.0"))
    with pytest.raises(wheelhouse.WheelhouseError, match="not an exact pin"):
        wheelhouse.lock_pins("a>=1\n")


class FakePip:
    """pip download that has no wheel for the pins in `absent`."""

    def __init__(self, absent: set[str]):
        self.absent, self.calls = absent, []

    def __call__(self, *args, check=True):
        self.calls.append(args)
        missing = [a for a in args if a in self.absent]
        return type("Proc", (), {"returncode": 1 if missing else 0, "stdout": "",
                                 "stderr": f"ERROR: No matching distribution found for {missing[0]}" if missing else ""})


def test_pins_without_a_wheel_are_set_aside_and_the_rest_downloaded(monkeypatch, tmp_path):
    fake = FakePip({"uvloop==0.23.0"})
    monkeypatch.setattr(wheelhouse, "pip", fake)
    options = wheelhouse.pip_target(wheelhouse.target("linux-x86_64"), "3.12.0")
    assert wheelhouse.download(["numpy==2.5.5", "uvloop==0.23.0"], tmp_path, options) == ["uvloop==0.23.0"]
    first, second = fake.calls
    assert first[:4] == ("download", "--no-deps", "--dest", str(tmp_path)) and "uvloop==0.23.0" in first
    assert "uvloop==0.23.0" not in second and second[-1] == "numpy==2.5.5"


def fake_wheel(folder: Path, name: str, version: str, *requires: str) -> Path:
    """A minimal wheel: enough metadata for pip's resolver and for the closure check."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{info}/METADATA", meta)
        archive.writestr(f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        archive.writestr(f"{info}/RECORD", "")
    return path


def test_the_dry_run_and_the_closure_check_judge_the_folder_for_the_target(tmp_path):
    fake_wheel(tmp_path, "alpha", "1.0", "beta>=2; sys_platform == 'win32'", "gamma[fast]; sys_platform != 'win32'")
    fake_wheel(tmp_path, "gamma", "1.0", "delta; extra == 'fast'")
    windows, linux = wheelhouse.target("win_amd64"), wheelhouse.target("linux-x86_64")
    assert wheelhouse.verify(tmp_path, windows, "3.12.0", ["alpha==1.0"]) is None  # real pip, no network needed
    assert "alpha==2.0" in (wheelhouse.verify(tmp_path, windows, "3.12.0", ["alpha==2.0"]) or "")
    assert wheelhouse.unmet(tmp_path, windows, "3.12.0", ["alpha==1.0"]) == [
        "beta>=2; sys_platform == \"win32\" (needed by alpha 1.0), but it has no wheel of it"]
    assert wheelhouse.unmet(tmp_path, linux, "3.12.0", ["alpha==1.0"]) == [
        "delta; extra == \"fast\" (needed by gamma 1.0), but it has no wheel of it"]  # the extra is followed
    fake_wheel(tmp_path, "beta", "1.5")
    assert "it holds beta 1.5" in wheelhouse.unmet(tmp_path, windows, "3.12.0", ["alpha==1.0"])[0]
    fake_wheel(tmp_path, "beta", "2.1")
    fake_wheel(tmp_path, "delta", "0.1")
    assert wheelhouse.unmet(tmp_path, windows, "3.12.0", ["alpha==1.0"]) == []
    assert wheelhouse.unmet(tmp_path, linux, "3.12.0", ["alpha==1.0"]) == []


def test_make_wheelhouse_passes_platform_python_and_folder():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = text.split("\nwheelhouse:", 1)[1].split("\n\n", 1)[0]
    assert "--platform $(PLATFORM)" in rule and "--python $(PYVER)" in rule and "--out $(OUT)" in rule


def test_an_older_pin_is_fetched_with_its_own_dependencies_and_the_other_pins_held(monkeypatch, tmp_path):
    seen = {}

    def fake(*args, check=True):
        constraints = Path(args[args.index("-c") + 1])
        seen.update(args=args, constraints=constraints.read_text(encoding="utf-8").split())
        return type("Proc", (), {"returncode": 0, "stdout": "", "stderr": ""})

    monkeypatch.setattr(wheelhouse, "pip", fake)
    pins = ["numpy==2.4.6", "onnxruntime==1.32.0", "protobuf==6.0.0"]
    assert wheelhouse.with_dependencies("onnxruntime==1.23.2", pins, tmp_path, ["--platform", "macosx_13_0_x86_64"])
    assert seen["args"][-1] == "onnxruntime==1.23.2" and "--no-deps" not in seen["args"]  # its dependencies come too
    assert seen["constraints"] == ["numpy==2.4.6", "protobuf==6.0.0"]  # held at the lock's pins


def test_advice_names_the_newest_version_with_a_wheel(monkeypatch):
    def fake(*args, check=True):
        python = args[args.index("--python-version") + 1]
        out = "Available versions: 1.23.2, 1.22.0" if python.startswith("3.11") else ""
        return type("Proc", (), {"returncode": 0, "stdout": out, "stderr": ""})

    monkeypatch.setattr(wheelhouse, "pip", fake)
    text = wheelhouse.advice("onnxruntime==1.32.0", wheelhouse.target("win_amd64"), "3.11.0")
    assert text.startswith("onnxruntime==1.32.0 has no wheel for win_amd64 and Python 3.11;")
    assert "pin onnxruntime==1.23.2 (the newest version with a wheel there)" in text


def test_an_old_glibc_target_is_pointed_at_manylinux_2_28_when_the_pin_has_wheels_there(monkeypatch):
    def fake(*args, check=True):
        tags = [args[i + 1] for i, a in enumerate(args) if a == "--platform"]
        out = "Available versions: 0.14.0, 0.13.0" if "manylinux_2_28_x86_64" in tags else "Available versions: 0.11.0"
        return type("Proc", (), {"returncode": 0, "stdout": out, "stderr": ""})

    monkeypatch.setattr(wheelhouse, "pip", fake)
    text = wheelhouse.advice("tiktoken==0.14.0", wheelhouse.target("manylinux2014_x86_64"), "3.10.0")
    assert text == ("tiktoken==0.14.0 has wheels for glibc 2.28 and newer only (manylinux_2_28): build with "
                    "PLATFORM=linux-x86_64 for Debian 10, Ubuntu 18.10, RHEL 8 or newer")


@pytest.mark.parametrize("spec, pythons", [(">=3.12", ["3.12", "3.13", "3.14"]), (">=3.10,<3.12", ["3.10", "3.11"]),
                                           (">= 3.11, < 3.14", ["3.11", "3.12", "3.13"])])
def test_supported_pythons_read_both_bounds_of_requires_python(tmp_path, spec, pythons):
    (tmp_path / "pyproject.toml").write_text(f'[project]\nrequires-python = "{spec}"\n', encoding="utf-8")
    assert wheelhouse.supported_pythons(tmp_path) == pythons
    (tmp_path / "pyproject.toml").write_text('[project]\nrequires-python = "<3.14"\n', encoding="utf-8")
    with pytest.raises(wheelhouse.WheelhouseError, match="has no requires-python"):
        wheelhouse.supported_pythons(tmp_path)
