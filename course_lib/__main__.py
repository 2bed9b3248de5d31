"""`python -m course_lib doctor` checks the environment; `offline --explain "…"` shows how the offline model reads
a message; `serve` serves the offline model; `reset` deletes a learner's stores; `rehearse` runs the day's lessons
under the room's settings (tools/rehearse.py, in a checkout)."""
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
    reh = sub.add_parser("rehearse", help="run the day's lessons under the room's settings (see tools/rehearse.py)")
    reh.add_argument("options", nargs="*", help="tools/rehearse.py's options, e.g. --agenda 3h")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["rehearse"]:  # its options are the tool's own, passed on as they are
        return rehearse(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "reset":
        return reset(args)
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
