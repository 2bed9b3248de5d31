"""Each lesson's cases for the exercise tests: CORRECT_VARIANTS, WRONG_ANSWERS and EQUIVALENT_MUTANTS.

Kept apart from the checks (lessonNN.py) because they are test data: tests/test_exercises.py runs the
variants and wrong answers, tools/mutate_exercises.py reads the equivalent mutants.
"""
