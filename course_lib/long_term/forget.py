"""One call that forgets a user in every store: `forget_everywhere(user_id, *stores)`.

A user's data lives in several stores (vector memories, the profile, episodic logs and the ledger that writes them,
summaries, skills they wrote). Forgetting them store by store invites the miss that lesson 11 warns about, so this
call takes all of them, checks every store first (a user id that is only a near miss, a symlink planted in a store
folder: refused before anything is deleted), then deletes, and reports what went per store.

A store takes part if it has `forget_user(user_id)`; an object with a `.log` (a Ledger) is forgotten through its log.
"""
from __future__ import annotations

from typing import Any


def _target(store: Any) -> Any:
    return store.log if type(store).__name__ == "Ledger" else store


def forget_everywhere(user_id: str, *stores: Any) -> dict[str, int]:
    """Delete `user_id` from every store given; returns {store name: records/facts/events deleted}."""
    from course_lib.long_term.checks import check_user
    from course_lib.long_term.stores.private import check_no_symlinks

    check_user(user_id)
    if not stores:
        raise ValueError("give the stores to forget the user in, e.g. forget_everywhere('marco', vectors, profiles, log)")
    targets = [_target(s) for s in stores]
    for t in targets:
        if not callable(getattr(t, "forget_user", None)):
            raise TypeError(f"{type(t).__name__} has no forget_user(user_id); pass the course's stores")
        folder = getattr(t, "dir", None) or getattr(t, "path", None) or getattr(getattr(t, "store", None), "path", None)
        if folder is not None:
            from pathlib import Path
            check_no_symlinks(Path(folder))
    report: dict[str, int] = {}
    for store, t in zip(stores, targets):
        name = type(store).__name__
        while name in report:
            name += "'"
        report[name] = int(t.forget_user(user_id) or 0)
    return report
