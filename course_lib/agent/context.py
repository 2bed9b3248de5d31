"""Context engineering: the window is a budget shared by system prompt, tools, memory, documents and history.

One module per job; this one gathers their names so `from course_lib.agent.context import …` reads as one topic:

* compaction.py   plan_compaction: when to compact and what it saves (fold 60,000 into 1,500: 40:1)
* truncation.py   truncate_tool_output, OutputStore, with_truncation, read_more_tool: cut long tool outputs
* layout.py       assemble, run_layout, compare_layouts: prompt layouts and what a prefix cache serves of them
"""
from __future__ import annotations

from course_lib.agent.compaction import CompactionPlan, plan_compaction
from course_lib.agent.layout import LAYOUTS, CacheRun, Prompt, assemble, compare_layouts, run_layout
from course_lib.agent.truncation import (READ_MORE_SCHEMA, STORE, OutputStore, Truncated, read_more_tool,
                                         truncate_tool_output, with_truncation)

__all__ = ["CompactionPlan", "plan_compaction", "LAYOUTS", "CacheRun", "Prompt", "assemble", "compare_layouts",
           "run_layout", "READ_MORE_SCHEMA", "STORE", "OutputStore", "Truncated", "read_more_tool",
           "truncate_tool_output", "with_truncation"]
