"""The memory benchmark: a seeded conversation generator (generate.py), the strategies it compares
(strategies.py), the harness that measures what reaches each prompt (harness.py) and its report (report.py).
Lessons 09 and 12 and `make eval` use it."""
