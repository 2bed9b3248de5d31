"""`python -m course_lib doctor` checks the environment; `python -m course_lib serve` serves the offline model."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m course_lib")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("doctor", help="check Python, packages, tokens and the active model backend")
    srv = sub.add_parser("serve", help="serve the offline model over HTTP in the OpenAI format")
    srv.add_argument("--host", default="127.0.0.1")
    srv.add_argument("--port", type=int, default=8765)
    srv.add_argument("--allow-remote", action="store_true", help="allow a non-loopback --host")
    args = parser.parse_args(argv)
    if args.command == "doctor":
        from course_lib.course.doctor import main as doctor

        return doctor()
    from course_lib.model.serve import serve

    try:
        serve(args.host, args.port, allow_remote=args.allow_remote)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
