"""Reading one cell's value alike on every sheet: whole numbers from ASCII digits
only, and values shown in messages short and printable.

A cell holds whatever its user typed, pasted or a formula left: "2³", "③",
a number of 5000 digits, an escape sequence. ``str.isdigit()`` is true for
"²" and "③", which ``int()`` refuses, so readers ask :func:`is_digits`
instead; a value echoed in a message goes through :func:`shown`, so that one
line stays one short line on a terminal or in a status cell.
"""

from __future__ import annotations

from xlsolver.core.protocol import Value

__all__ = ["SHOWN_MOST", "is_digits", "shown"]

SHOWN_MOST = 40
"""Characters of a cell's text a message shows; longer text is cut with "…"."""


def is_digits(text: str) -> bool:
    """``text`` is one or more of the ASCII digits 0-9 (what ``int()`` reads
    for every such string, whatever its length up to Python's limit)."""
    return text.isascii() and text.isdigit()


def shown(value: Value) -> str:
    """A value as the user typed it, for a message: a whole float without its
    ".0" (1.5e308 stays so), text stripped, control characters as "?", at most
    :data:`SHOWN_MOST` characters."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        text = str(int(value))
    else:
        text = value.strip() if isinstance(value, str) else str(value)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= SHOWN_MOST else text[:SHOWN_MOST - 1] + "…"
