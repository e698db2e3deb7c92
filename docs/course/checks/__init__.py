"""The checks the course's notebooks call: ``lesson_NN.check_NAME`` for each exercise
NAME of lesson NN. A check raises AssertionError with a sentence saying what is
wrong, or prints one line saying it passed. Notebooks run in docs/course and import
them as ``from checks.lesson_NN import check_NAME``."""
