"""The offline model's rules in one table: the course task each rule answers, and the function that answers it.

A rule takes the request's messages and body and returns a Reply (reply.py). The model picks the rule by
the prompt template the messages were rendered from (prompts.py), or "react" when tools are offered.
"""
from __future__ import annotations

from course_lib.model.offline import compact, memory_ops, react, rerank, summarise
from course_lib.model.offline.reply import Rule

RULES: dict[str, Rule] = {
    "summarise": summarise.summarise,  # rolling extractive summary (short-term memory)
    "extract_facts": memory_ops.extract_facts_rule,  # atomic facts from the user's turns
    "rate_importance": memory_ops.rate_importance_rule,
    "resolve_conflict": memory_ops.resolve_conflict_rule,  # ADD / UPDATE / DELETE / NOOP
    "session_summary": memory_ops.session_summary_rule,
    "distill_episode": memory_ops.distill_episode_rule,
    "compact": compact.compact,  # an agent run folded under goal / decisions / tools / findings / open tasks
    "rerank": rerank.rerank_rule,  # which retrieved memories help answer a query, most useful first
    "react": react.react,  # one ReAct step with the course's tools
}
