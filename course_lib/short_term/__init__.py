"""Short-term memory: what one conversation keeps (lessons 03 and 04).

    buffer.py   ConversationBuffer, SlidingWindow, prune_by_importance
    summary.py  SummaryBufferMemory
"""
