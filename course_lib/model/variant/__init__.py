"""A second stand-in model (COURSE_BACKEND=variant): the offline model's answers in other words and formats.

It proves the lessons do not depend on the offline model's exact phrasing: a real model's answers differ too.
"""
