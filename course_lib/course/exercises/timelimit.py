"""A time limit for one check: the learner's loop that never ends becomes a verdict, not a hung notebook.

In the main thread of a process that has SIGALRM (Linux, macOS: a Jupyter kernel runs cells there) a
timer signal interrupts even a blocking call such as time.sleep; elsewhere (Windows, a worker thread) a
watchdog thread raises the same exception asynchronously in the checking thread at its next bytecode.
The limit is `DEFAULT_SECONDS`, or the COURSE_CHECK_TIME_LIMIT environment variable, or the
`time_limit=` argument of Exercise.check / evaluate; 0 or None switches it off.
"""
from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import threading
from typing import Iterator

# Every official solution's check takes at most 1.2 s here (02 section_share runs a real agent), so 10 s leaves
# a slow laptop room; tools/grade.py stops a cell on its own (--cell-timeout) and reports it as "timeout".
DEFAULT_SECONDS = 10.0
ENV = "COURSE_CHECK_TIME_LIMIT"


class TookTooLong(BaseException):
    """The check ran past its time limit (a BaseException, so the learner's `except Exception` can't swallow it)."""


def limit_seconds(given: float | None = None) -> float | None:
    """The time limit to use: `given`, else the environment's, else the default; None when switched off."""
    if given is None:
        text = os.environ.get(ENV, "").strip()
        try:
            given = float(text) if text else DEFAULT_SECONDS
        except ValueError:
            raise ValueError(f"{ENV}={text!r} is not a number of seconds; set it to e.g. 10, or 0 for no limit")
    return given if given and given > 0 else None


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise TookTooLong inside the block once `seconds` have passed (no limit when None)."""
    if seconds is None:
        yield
        return
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
        def ring(signum, frame):
            raise TookTooLong(seconds)
        previous = signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    target = threading.get_ident()
    done = threading.Event()

    def watchdog() -> None:
        if not done.wait(seconds):
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(target), ctypes.py_object(TookTooLong))
    guard = threading.Thread(target=watchdog, daemon=True)
    guard.start()
    try:
        yield
    finally:
        done.set()
        guard.join()
