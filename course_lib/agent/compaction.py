"""Compaction: when to fold the oldest part of the context into a summary, and what that saves.

    plan_compaction()   # 128,000-token window, compact at 80 % = 102,400; fold 60,000 into 1,500 (40:1)
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CompactionPlan:
    """When compaction triggers and what it does to the window, in tokens."""

    window: int
    trigger: float
    fold_tokens: int
    target_tokens: int

    @property
    def trigger_tokens(self) -> int:
        """Tokens in the window when compaction starts (window × trigger)."""
        return round(self.window * self.trigger)

    @property
    def ratio(self) -> float:
        """Compression ratio of the folded part (fold_tokens / target_tokens)."""
        return self.fold_tokens / self.target_tokens

    @property
    def ratio_text(self) -> str:
        """The ratio written as 'N:1'."""
        return f"{self.ratio:g}:1"

    @property
    def after_tokens(self) -> int:
        """Tokens in the window right after compacting."""
        return self.trigger_tokens - self.fold_tokens + self.target_tokens

    @property
    def freed_tokens(self) -> int:
        """Tokens freed by one compaction."""
        return self.fold_tokens - self.target_tokens

    def __str__(self) -> str:
        return (f"window {self.window:,} tokens; compact at {self.trigger:.0%} = {self.trigger_tokens:,} tokens; "
                f"fold the oldest {self.fold_tokens:,} into {self.target_tokens:,} ({self.ratio_text}); "
                f"after compaction {self.after_tokens:,} tokens ({self.after_tokens / self.window:.0%} full)")


def plan_compaction(window: int = 128_000, trigger: float = 0.8, fold_tokens: int = 60_000,
                    target_tokens: int = 1_500) -> CompactionPlan:
    """A compaction plan: trigger at `trigger` of the window, fold `fold_tokens` into `target_tokens`."""
    if not isinstance(window, int) or window < 1:
        raise ValueError(f"window must be a positive number of tokens, got {window!r}")
    if not 0 < trigger <= 1:
        raise ValueError(f"trigger is a fraction of the window in (0, 1], e.g. 0.8; got {trigger!r}")
    plan = CompactionPlan(window, trigger, fold_tokens, target_tokens)
    if not 0 < target_tokens < fold_tokens <= plan.trigger_tokens:
        raise ValueError(f"need 0 < target_tokens < fold_tokens <= trigger tokens ({plan.trigger_tokens:,}); "
                         f"got target_tokens={target_tokens}, fold_tokens={fold_tokens}")
    return plan
