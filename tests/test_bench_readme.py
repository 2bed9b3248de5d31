"""docs/performance.md (linked from the README) is generated from docs/timings.json (a quiet run of make bench)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import bench  # noqa: E402


def test_the_readme_section_matches_the_committed_timings():
    assert bench.write_readme(check=True) == 0, "run: python tools/bench.py --readme"


def test_the_check_fails_when_the_timings_change(tmp_path, monkeypatch):
    data = json.loads(bench.TIMINGS.read_text())
    data["timed_ms"]["numpy recall, 10,000"]["median"] += 1.0
    changed = tmp_path / "timings.json"
    changed.write_text(json.dumps(data))
    assert bench.write_readme(changed, check=True) == 1


def test_the_section_states_every_target_and_the_machine():
    data = json.loads(bench.TIMINGS.read_text())
    section = bench.readme_section(data)
    assert data["machine"] in section
    for what, *_ in bench.TARGETS:
        assert what in section
    assert "notebooks cannot take less than" in section
