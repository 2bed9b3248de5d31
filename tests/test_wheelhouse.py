"""make wheelhouse asks pip for the right things (the download itself needs the network, so it is run by hand)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import wheelhouse  # noqa: E402


def test_build_requirements_come_from_pyproject():
    assert any(r.startswith("setuptools") for r in wheelhouse.build_requires())
    assert "wheel" in wheelhouse.build_requires()


def test_a_foreign_platform_downloads_binary_wheels_only(monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(wheelhouse, "pip", lambda *args: calls.append(args))
    assert wheelhouse.main(["--platform", "win_amd64", "--python", "3.12", "--out", str(tmp_path)]) == 0
    download, build, course = calls
    assert download[:2] == ("download", "--dest") and download[download.index("-r") + 1].endswith("requirements.lock")
    for args in (download, build):
        assert "--only-binary=:all:" in args and args[args.index("--platform") + 1] == "win_amd64"
        assert args[args.index("--python-version") + 1] == "3.12"
    assert course[0] == "wheel" and course[-1] == str(ROOT)
