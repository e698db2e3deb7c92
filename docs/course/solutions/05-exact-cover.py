"""Solutions of lesson 05 (exact cover and pentominoes), for the teacher.

Each section replaces the exercise cell of the same name; it may use what the
notebook defined before that cell (``orientations``).
"""

# exercise: tiling_options
def tiling_options(board, pieces):
    """Every placement of every piece on the board, as an option: the set of the
    piece's name and the cells it covers. ``board`` is a set of (row, col) cells,
    ``pieces`` a dict name -> shape. Each placement once."""
    options = []
    for name, shape in pieces.items():
        for form in orientations(shape):
            first = form[0]  # laid on each board cell in turn: each placement once
            for row, col in sorted(board):
                cells = {(row + r - first[0], col + c - first[1]) for r, c in form}
                if cells <= board:
                    options.append({name, *cells})
    return options


# exercise: exact_covers
def exact_covers(options):
    """Every exact cover of the items the options hold: yield each as a sorted list
    of option numbers (indices into ``options``, a list of sets of items)."""
    covering = {}  # item -> the numbers of the options still open that cover it
    for number, items in enumerate(options):
        for item in items:
            covering.setdefault(item, set()).add(number)
    chosen = []

    def choose(number):
        """Take option ``number``: its items leave, and every option clashing with it."""
        removed = []
        for item in options[number]:
            for other in covering[item]:
                for other_item in options[other]:
                    if other_item != item:
                        covering[other_item].discard(other)
            removed.append((item, covering.pop(item)))
        return removed

    def unchoose(removed):
        """Put back what ``choose`` took, in the reverse order."""
        for item, numbers in reversed(removed):
            covering[item] = numbers
            for other in numbers:
                for other_item in options[other]:
                    if other_item != item:
                        covering[other_item].add(other)

    def search():
        if not covering:
            yield sorted(chosen)
            return
        item = min(covering, key=lambda i: len(covering[i]))  # the fewest options first
        for number in sorted(covering[item]):
            chosen.append(number)
            removed = choose(number)
            yield from search()
            unchoose(removed)
            chosen.pop()

    yield from search()
