"""One call that forgets a user in every store: `forget_everywhere(user_id, *stores)`.

A user's data lives in several stores (vector memories, the profile, episodic logs and the ledger that writes them,
summaries, skills they wrote). Forgetting them store by store invites the miss lesson 11 warns about, and a delete
that stops half-way leaves data behind while the user is told it is gone. So this call takes all the stores, asks
each one first whether it would refuse (`check_forget_user`: a user id that is only a near miss of a stored one, a
symlink planted in a store folder) and deletes nothing unless none does; then it deletes in each store and
reports what went, per store.

A store takes part by having `check_forget_user(user_id)` and `forget_user(user_id) -> int` (VectorMemory,
ProfileMemory, EpisodicLog and Ledger have both).
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Forgettable(Protocol):
    """A store that can forget one user, and say beforehand whether it would refuse."""

    def check_forget_user(self, user_id: str) -> None:
        """Raise if forget_user would refuse; change nothing."""

    def forget_user(self, user_id: str) -> int:
        """Delete everything of this user; return how many items went."""


def forget_everywhere(user_id: str, *stores: Forgettable) -> dict[str, int]:
    """Delete `user_id` from every store given, all checked first; returns {store name: items deleted}."""
    from course_lib.checks import check_user

    check_user(user_id)
    if not stores:
        raise ValueError("give the stores to forget the user in, e.g. forget_everywhere('marco', vectors, profiles, log)")
    for store in stores:
        if not isinstance(store, Forgettable):
            raise TypeError(f"{type(store).__name__} cannot forget a user (no check_forget_user / forget_user); pass the course's "
                            "stores: VectorMemory, ProfileMemory, EpisodicLog, Ledger")
    for store in stores:  # every check before any delete: a refusal leaves everything as it was
        store.check_forget_user(user_id)
    report: dict[str, Any] = {}
    for store in stores:
        name = type(store).__name__
        while name in report:
            name += "'"
        report[name] = int(store.forget_user(user_id))
    return report
