"""Context engineering: the window is a budget shared by system prompt, tools, memory, documents and history.

One module per job; this one gathers their names so `from course_lib.agent.context import …` reads as one topic:

* compaction.py   plan_compaction: when to compact and what it saves (fold 60,000 into 1,500: 40:1);
                  Compactor: does it inside an agent run (ReActAgent(max_context_tokens=…))
* truncation.py   truncate_tool_output, OutputStore, with_truncation, read_more_tool: cut long tool outputs,
                  keeping the passages relevant to the goal (passages.py: rank_passages) when given one
* layout.py       assemble, run_layout, compare_layouts: prompt layouts and what a prefix cache serves of them
"""
from __future__ import annotations

from course_lib.agent.compaction import Compaction, CompactionPlan, Compactor, ContextOverflow, plan_compaction
from course_lib.agent.layout import LAYOUTS, CacheRun, Prompt, assemble, compare_layouts, run_layout
from course_lib.agent.passages import rank_passages
from course_lib.agent.truncation import (READ_MORE_SCHEMA, STORE, OutputStore, Truncated, pursuing, read_more_tool,
                                         truncate_tool_output, with_truncation)

__all__ = ["Compaction", "CompactionPlan", "Compactor", "ContextOverflow", "plan_compaction", "rank_passages",
           "pursuing", "LAYOUTS", "CacheRun", "Prompt", "assemble", "compare_layouts",
           "run_layout", "READ_MORE_SCHEMA", "STORE", "OutputStore", "Truncated", "read_more_tool",
           "truncate_tool_output", "with_truncation"]
