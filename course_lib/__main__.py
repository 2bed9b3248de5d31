"""`python -m course_lib doctor` checks the environment; `offline --explain "…"` shows how the offline model reads
a message; `serve` serves the offline model; `reset` deletes a learner's stores; `consolidate` runs the scheduled
consolidation pass over a memory folder and its session logs; `rehearse` runs the day's lessons under the room's
settings (tools/rehearse.py, in a checkout)."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m course_lib")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("doctor", help="check Python, packages, tokens and the active model backend")
    off = sub.add_parser("offline", help="look inside the offline model")
    off.add_argument("--explain", metavar="MESSAGE", required=True, help="show what each layer makes of a user message")
    srv = sub.add_parser("serve", help="serve the offline model over HTTP in the OpenAI format")
    srv.add_argument("--host", default="127.0.0.1")
    srv.add_argument("--port", type=int, default=8765)
    srv.add_argument("--allow-remote", action="store_true", help="allow a non-loopback --host")
    srv.add_argument("--variant", action="store_true", help="serve the second stand-in (other words and formats)")
    rst = sub.add_parser("reset", help="delete what the course stored for this learner (server tenant, --path folders)")
    rst.add_argument("--path", action="append", default=[], metavar="DIR", help="a store folder (repeatable)")
    rst.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    rst.add_argument("--dry-run", action="store_true", help="only list what would be deleted")
    rst.add_argument("--no-server", action="store_true", help="leave the Chroma server (COURSE_CHROMA_HOST) alone")
    con = sub.add_parser("consolidate", help="promote episodes to memories, sweep decayed ones, end near-duplicates")
    con.add_argument("--path", required=True, metavar="DIR", help="the memory folder (VectorMemory's path)")
    con.add_argument("--logs", metavar="DIR", help="the session logs' folder (default: DIR/episodes if it exists)")
    con.add_argument("--user", help="only this user (default: every user)")
    con.add_argument("--dry-run", action="store_true", help="only list what would change")
    con.add_argument("--now", metavar="ISO", help="the time of the pass, e.g. 2026-03-09T09:00+00:00 (default: now)")
    reh = sub.add_parser("rehearse", help="run the day's lessons under the room's settings (see tools/rehearse.py)")
    reh.add_argument("options", nargs="*", help="tools/rehearse.py's options, e.g. --agenda 3h")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["rehearse"]:  # its options are the tool's own, passed on as they are
        return rehearse(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "reset":
        return reset(args)
    if args.command == "consolidate":
        return consolidate(args)
    if args.command == "offline":
        from course_lib.model.offline.lang.explain import explain

        print(explain(args.explain))
        return 0
    if args.command == "doctor":
        from course_lib.course.doctor import main as doctor

        return doctor()
    from course_lib.model.serve import serve

    try:
        serve(args.host, args.port, allow_remote=args.allow_remote, variant=args.variant)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def rehearse(options: list[str]) -> int:
    """Run tools/rehearse.py of the checkout this package is installed from (editable), with `options`."""
    import runpy
    from pathlib import Path

    tool = Path(__file__).resolve().parents[1] / "tools" / "rehearse.py"
    if not tool.is_file():
        print("error: rehearse runs the lessons of the course's repository, and this course_lib is not installed "
              "from one (pip install -e . in a checkout, then make rehearse)", file=sys.stderr)
        return 2
    return runpy.run_path(str(tool))["main"](options)


def consolidate(args: argparse.Namespace) -> int:
    """Run one consolidation pass (long_term.consolidate) on a numpy or embedded-chroma memory folder."""
    from pathlib import Path

    from datetime import datetime, timezone

    from course_lib.long_term.consolidate import consolidate as run
    from course_lib.long_term.vector import VectorMemory
    from course_lib.model.clock import CourseClock

    path = Path(args.path)
    if not path.is_dir():
        print(f"error: no memory folder at {args.path!r}; pass the folder VectorMemory(path=...) writes to",
              file=sys.stderr)
        return 2
    logs = Path(args.logs) if args.logs else (path / "episodes" if (path / "episodes").is_dir() else None)
    try:
        now = datetime.fromisoformat(args.now) if args.now else datetime.now(timezone.utc)
        if now.tzinfo is None:
            raise ValueError(f"--now {args.now!r} has no timezone; add one, e.g. {args.now}+00:00")
        memory = VectorMemory("chroma" if (path / "chroma.sqlite3").is_file() else "numpy", path=path,
                              clock=CourseClock(now))  # promotions are dated at the time of the pass
        print(run(memory, logs, user_id=args.user, dry_run=args.dry_run))
    except (ValueError, KeyError, FileNotFoundError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def reset(args: argparse.Namespace) -> int:
    """Run `reset` with the parsed arguments (the server comes from COURSE_CHROMA_HOST / COURSE_CHROMA_PORT)."""
    from pathlib import Path

    from course_lib.course.reset import run
    from course_lib.model.settings import SettingsError, load_settings

    try:
        settings = load_settings()
        server = None if args.no_server or not settings.chroma_host else (settings.chroma_host, settings.chroma_port)
        return run([Path(p) for p in args.path], args.yes, args.dry_run, server)
    except (SettingsError, ConnectionError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
