"""The four verdicts a complete solver can reach."""

from enum import Enum

__all__ = ["Status"]


class Status(str, Enum):
    """What a search concluded about a puzzle.

    ``UNIQUE`` is only ever claimed after the search has proved that no second
    solution exists: asking for two solutions and receiving one.
    """

    UNIQUE = "unique"  # exactly one solution, proven
    MULTIPLE = "multiple"  # at least two solutions; two are shown
    NONE = "none"  # no solution; the contradiction is located
    GAVE_UP = "gave_up"  # the budget ran out before a verdict

    def __str__(self) -> str:
        return self.value
