"""The agent layer: the ReAct loop and what it is built from.

    react_agent.py   ReActAgent: the loop with its memory hooks (before_run / after_run)
    toolbox.py       Toolbox: tool schemas + functions; a bad call becomes an observation
    usage.py         the token meter (tokens per call, split into prompt sections)
    trace.py         Step, Trace, AgentResult: what a run did
    tools.py         the course scenario's tools (restaurants, weather, booking, a long page)
    context.py       context engineering, gathered from compaction.py, truncation.py and layout.py
"""
