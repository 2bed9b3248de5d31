"""The agent layer: the ReAct loop with its memory hooks (react_agent.py) and context assembly
(context.py)."""
