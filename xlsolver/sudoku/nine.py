"""The 9x9 search kernel on bands: one 27-bit word per digit and band.

Glossary. A *band* is three rows (rows 1-3, 4-6, 7-9); a band's 27 cells are
numbered ``9 * row_in_band + column``, so one Python int below 2**27 holds any
set of them. The state of a search is 27 such words, ``word[3 * d + b]`` the
cells of band ``b`` where digit ``d + 1`` may still go, plus three words of the
cells not yet *placed* (a placed cell keeps the one bit of its digit). A
*segment* is where a row meets a box: three cells, so a band is a 3x3 grid of
segments, and one digit occupies exactly one segment in each row and in each
box of the band, that is a permutation of the boxes.

The deductions, all by masks on words rather than by looking at cells one by one:

- placing digit d in a cell clears the cell from the eight other digits' words,
  and the cell's row, box and column from d's word in its band, and the column
  from d's words in the two other bands;
- for a digit's band word that changed, the segments that are in no
  permutation of the 3x3 segment grid are dropped (a 512-entry table): this is
  "a row or box without the digit" (a contradiction) and the box-line
  reductions inside the band (pointing and claiming) in one lookup;
  a row or box of the word left with one cell places the digit there (hidden
  single);
- when no word changes any more: cells with one candidate (naked singles,
  counted across the nine words of a band with the ones/twos trick, in the
  bands where a word changed), cells with none (a contradiction), and the same
  permutation rule along each stack of three columns (for the digits whose words
  changed): a digit takes one column of the stack in each band, so a
  band-column in no permutation loses the digit (box-line reduction along
  columns; with it, hidden singles in columns found nothing more on top1465,
  so they are not looked for).

The search branches on a cell with two candidates when there is one (the
bitwise "exactly two" of the same count), the one with the most unplaced cells
in its row, column and box (on top1465 that takes 20.7 nodes a puzzle instead
of 37.6 for the first such cell), otherwise on one with fewest. Each level of the
search is a copy of the 30 words. This is the idea of the fast bitwise solvers
(JCZSolve, tdoku); the code is our own. Which words changed
travels as a 27-bit mask (bit ``3 * d + b`` for ``word[3 * d + b]``): a
placement returns the words it changed, and only those are looked at again.

The functions index flat sequences only, so the plain path runs them on lists
of Python ints and numba compiles them for numpy int64 arrays (by
:func:`xlsolver.core.accel.compile_kernels`). Python ints do not wrap: every
``~x`` is used under an ``&`` with a non-negative word, so both paths see the
same values.

Registers (``regs``), as in :mod:`xlsolver.sudoku.kernel`: 0 depth, 1 solutions
found, 2 nodes, 3 started. This kernel does not say where a puzzle without
solution breaks; the caller asks the generic kernel for that.
"""

from __future__ import annotations

from xlsolver.core.accel import compile_kernels
from xlsolver.sudoku.kernel import popcount, warm_up

__all__ = [
    "DONE", "GRID", "KERNELS", "PAUSED", "POS", "STRIDE", "load", "load_compiled", "load_givens", "run", "run_batch",
    "run_batch_compiled", "run_compiled", "tables",
]

DONE = 0
PAUSED = 1
M27 = (1 << 27) - 1
STRIDE = 32  # words per search level: 27 digit-band words, 3 unplaced-cell words, 2 unused
COLUMN = 0x40201  # the three cells of column 0 in a band (bits 0, 9, 18)
BAND_WORDS = 0x1249249  # the words of band 0 in a mask of words (bits 0, 3, ..., 24)
ALL_WORDS = (1 << 27) - 1

# Offsets in the table array (see tables()).
SEG = 0  # 9-bit row of a band -> 3 bits: which of its segments hold a cell
PERM = 512  # 9-bit segment grid -> 27-bit mask of the segments in some permutation (0: none)
POS = 1024  # bit % 37 -> the bit's position (37 is prime and 2 generates its residues)
PEER = 1061  # position -> the other cells of its row, box and column in the band
BOX = 1088  # box in band -> its 9 cells
GRID = 1091  # 3x3 grid of 9 bits -> the bits in some permutation (PERM before spreading to cells)
TABLE_SIZE = 1603


def tables() -> list[int]:
    """The lookup tables, one flat list (offsets SEG, PERM, POS, PEER, BOX)."""
    seg = [sum(1 << k for k in range(3) if x >> (3 * k) & 7) for x in range(512)]
    perms = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    grid_keep = []
    for grid in range(512):
        keep = 0
        for p in perms:
            bits = [r * 3 + p[r] for r in range(3)]
            if all(grid >> s & 1 for s in bits):
                keep |= sum(1 << s for s in bits)
        grid_keep.append(keep)
    perm = [sum(7 << (9 * (s // 3) + 3 * (s % 3)) for s in range(9) if keep >> s & 1) for keep in grid_keep]
    pos = [0] * 37
    for p in range(27):
        pos[(1 << p) % 37] = p
    box = [sum(7 << (9 * r + 3 * k) for r in range(3)) for k in range(3)]
    peer = [((511 << 9 * (p // 9)) | (COLUMN << p % 9) | box[p % 9 // 3]) & ~(1 << p) for p in range(27)]
    out = seg + perm + pos + peer + box + grid_keep
    assert len(out) == TABLE_SIZE
    return out


def place(st, o, t, d, b, bit):
    """Put digit d in the cell ``bit`` of band b (state at ``st[o:]``) and clear it
    from every peer. Returns the words that changed, as a mask with bit ``3 * e + c``
    for the word of digit e + 1 in band c (0 when the cell held d already), or -1
    when d is no longer possible there."""
    i = o + 3 * d + b
    w = st[i]
    if w & bit == 0:
        return -1
    if st[o + 27 + b] & bit == 0:
        return 0  # placed before, as d
    st[o + 27 + b] &= ~bit
    p = t[POS + bit % 37]
    changed = 0
    for e in range(9):
        x = st[o + 3 * e + b]
        st[o + 3 * e + b] = x & ~bit
        changed |= ((x >> p) & 1) << (3 * e + b)
    peer = t[PEER + p]
    st[i] = (w & ~peer) | bit
    changed &= ~(1 << (3 * d + b))
    if w & peer:
        changed |= 1 << (3 * d + b)
    col = COLUMN << (p % 9)
    for bb in range(3):
        if bb != b:
            x = st[o + 3 * d + bb]
            if x & col:
                st[o + 3 * d + bb] = x & ~col
                changed |= 1 << (3 * d + bb)
    return changed


def shrink(st, o, t, dirty):
    """Process the words in the mask ``dirty`` (bit ``3 * d + b``) and every word
    that changes meanwhile: drop the segments in no permutation, place the hidden
    singles of rows and boxes. Returns the mask of every word processed (all that
    changed), or -1 on a contradiction. A word narrowed by the table alone is
    settled (the table gives the same again); a placement marks the words it changes."""
    seen = dirty
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        w = t[POS + low % 37]
        d = w // 3
        b = w - 3 * d
        i = o + w
        a = st[i]
        a &= t[PERM + (t[SEG + (a & 511)] | (t[SEG + ((a >> 9) & 511)] << 3) | (t[SEG + (a >> 18)] << 6))]
        if a == 0:
            return -1
        st[i] = a
        new = 0
        for r in range(3):
            x = (a >> (9 * r)) & 511
            if x & (x - 1) == 0:
                new |= x << (9 * r)
        for k in range(3):
            y = a & t[BOX + k]
            if y & (y - 1) == 0:
                new |= y
        new &= st[o + 27 + b]
        while new:
            bit = new & -new
            new ^= bit
            ch = place(st, o, t, d, b, bit)
            if ch < 0:
                return -1
            dirty |= ch
            seen |= ch
    return seen


def naked(st, o, t, bands):
    """Naked singles and empty cells in the bands of the 3-bit set ``bands``.
    Returns the mask of the words changed by the placements, or -1 on a contradiction."""
    changed = 0
    for b in range(3):
        if (bands >> b) & 1 == 0:
            continue
        ones = 0
        twos = 0
        for d in range(9):
            x = st[o + 3 * d + b]
            twos |= ones & x
            ones |= x
        if ones != M27:
            return -1  # a cell without candidates
        single = ones & ~twos & st[o + 27 + b]
        while single:
            bit = single & -single
            single ^= bit
            d = 0
            while d < 9 and st[o + 3 * d + b] & bit == 0:
                d += 1
            if d == 9:
                return -1  # an earlier single took its last candidate
            changed |= place(st, o, t, d, b, bit)
    return changed


def stacks(st, o, t, digits):
    """The box-line reduction along columns for the digits of the 9-bit set
    ``digits``. Returns the mask of the words narrowed, or -1 on a contradiction."""
    changed = 0
    for d in range(9):
        if (digits >> d) & 1 == 0:
            continue
        w0 = st[o + 3 * d]
        w1 = st[o + 3 * d + 1]
        w2 = st[o + 3 * d + 2]
        c0 = (w0 | (w0 >> 9) | (w0 >> 18)) & 511  # the columns the digit may take in each band
        c1 = (w1 | (w1 >> 9) | (w1 >> 18)) & 511
        c2 = (w2 | (w2 >> 9) | (w2 >> 18)) & 511
        # In each stack the digit takes one column per band, a permutation again:
        # drop the band-columns in none (box-line reduction along columns).
        k0 = 0
        k1 = 0
        k2 = 0
        for s in range(0, 9, 3):
            g = ((c0 >> s) & 7) | (((c1 >> s) & 7) << 3) | (((c2 >> s) & 7) << 6)
            keep = t[GRID + g]
            if keep == 0:
                return -1  # a column or box of the stack without the digit
            k0 |= (keep & 7) << s
            k1 |= ((keep >> 3) & 7) << s
            k2 |= (keep >> 6) << s
        if k0 != c0:
            st[o + 3 * d] = w0 & (k0 * COLUMN)
            changed |= 1 << (3 * d)
        if k1 != c1:
            st[o + 3 * d + 1] = w1 & (k1 * COLUMN)
            changed |= 2 << (3 * d)
        if k2 != c2:
            st[o + 3 * d + 2] = w2 & (k2 * COLUMN)
            changed |= 4 << (3 * d)
    return changed


def band_set(words):
    """The bands (3 bits) of a mask of words."""
    return (1 if words & BAND_WORDS else 0) | (2 if words & (BAND_WORDS << 1) else 0) | \
        (4 if words & (BAND_WORDS << 2) else 0)


def digit_set(words):
    """The digits (9 bits) of a mask of words."""
    m = 0
    for d in range(9):
        if (words >> (3 * d)) & 7:
            m |= 1 << d
    return m


def propagate(st, o, t, dirty):
    """Shrinking, naked singles and the stacks until nothing changes, starting
    from the words of the mask ``dirty``; False on a contradiction."""
    for_naked = 0
    for_stacks = 0
    while True:
        seen = shrink(st, o, t, dirty)
        if seen < 0:
            return False
        for_naked |= seen
        for_stacks |= seen
        dirty = naked(st, o, t, band_set(for_naked))
        if dirty < 0:
            return False
        for_naked = 0
        if dirty:
            continue
        dirty = stacks(st, o, t, digit_set(for_stacks))
        if dirty < 0:
            return False
        for_stacks = 0
        if dirty == 0:
            return True


def cand_digits(st, o, cell):
    """The candidates of ``cell`` (27 * band + position) as a 9-bit set."""
    b = cell // 27
    p = cell - 27 * b
    m = 0
    for d in range(9):
        if (st[o + 3 * d + b] >> p) & 1:
            m |= 1 << d
    return m


def pick(st, o, t):
    """An unplaced cell (27 * band + position) with two candidates and the most
    unplaced peers, else one with fewest candidates; -1 when every cell is placed."""
    if st[o + 27] | st[o + 28] | st[o + 29] == 0:
        return -1
    best = -1
    most = -1
    for b in range(3):
        ones = 0
        twos = 0
        threes = 0
        for d in range(9):
            x = st[o + 3 * d + b]
            threes |= twos & x
            twos |= ones & x
            ones |= x
        left = st[o + 27 + b]
        pair = twos & ~threes & left
        other1 = st[o + 27 + (b + 1) % 3]
        other2 = st[o + 27 + (b + 2) % 3]
        while pair:
            bit = pair & -pair
            pair ^= bit
            p = t[POS + bit % 37]
            col = COLUMN << (p % 9)
            # unplaced peers: in its own band (row and box), then its column in the
            # other two bands, one band shifted a bit so both fit in one count
            k = popcount(left & t[PEER + p]) + popcount((other1 & col) | ((other2 & col) << 1))
            if k > most:
                most = k
                best = 27 * b + p
    if best >= 0:
        return best
    fewest = 10
    for b in range(3):
        left = st[o + 27 + b]
        while left:
            bit = left & -left
            left ^= bit
            k = 0
            for d in range(9):
                if st[o + 3 * d + b] & bit:
                    k += 1
            if k < fewest:
                fewest = k
                best = 27 * b + t[POS + bit % 37]
    return best


def record(st, o, t, sols, at):
    """Write the placed digits (1-9) of a solved state to ``sols[at:at+81]``."""
    for d in range(9):
        for b in range(3):
            x = st[o + 3 * d + b]
            while x:
                bit = x & -x
                x ^= bit
                sols[at + 27 * b + t[POS + bit % 37]] = d + 1


def load(cand, st):
    """The state at ``st[0:30]`` from 81 candidate sets (bit d: digit d + 1)."""
    for i in range(30):
        st[i] = M27 if i >= 27 else 0
    for c in range(81):
        b = c // 27
        p = c - 27 * b
        m = cand[c]
        for d in range(9):
            if (m >> d) & 1:
                st[3 * d + b] |= 1 << p


def load_givens(givens, at, st):
    """The state at ``st[0:30]`` from 81 digits ``givens[at:at+81]`` (0: empty)."""
    for i in range(30):
        st[i] = M27 if i >= 27 else 0
    for c in range(81):
        b = c // 27
        bit = 1 << (c - 27 * b)
        v = givens[at + c]
        if v:
            st[3 * (v - 1) + b] |= bit
        else:
            for d in range(9):
                st[3 * d + b] |= bit


def run(st, prev, t, bcell, bleft, regs, sols, limit, node_stop):
    """Search from the state ``st[0:30]`` (see :func:`load`) until ``limit``
    solutions are found (their digits written to ``sols``), the tree is
    exhausted (DONE) or ``regs[2]`` reaches ``node_stop`` (PAUSED: call again to
    go on). ``st`` holds 82 levels of STRIDE words; ``prev`` (27 words) is
    no longer used and stays for the callers."""
    if regs[3] == 0:
        regs[3] = 1
        if not propagate(st, 0, t, ALL_WORDS):
            regs[0] = -1
            return DONE
        cell = pick(st, 0, t)
        if cell < 0:
            record(st, 0, t, sols, 0)
            regs[1] = 1
            regs[0] = -1
            return DONE
        regs[0] = 0
        bcell[0] = cell
        bleft[0] = cand_digits(st, 0, cell)
    depth = regs[0]
    while depth >= 0:
        if regs[2] >= node_stop:
            regs[0] = depth
            return PAUSED
        left = bleft[depth]
        if left == 0:
            depth -= 1
            continue
        bit = left & -left
        bleft[depth] = left ^ bit
        regs[2] += 1
        up = depth * STRIDE
        o = up + STRIDE
        for i in range(30):
            st[o + i] = st[up + i]
        cell = bcell[depth]
        b = cell // 27
        changed = place(st, o, t, t[POS + bit % 37], b, 1 << (cell - 27 * b))
        if not propagate(st, o, t, changed):  # the parent's words are settled: only those changed
            continue
        nxt = pick(st, o, t)
        if nxt < 0:
            found = regs[1]
            if found < 2:
                record(st, o, t, sols, 81 * found)
            regs[1] = found + 1
            if found + 1 >= limit:
                regs[0] = -1
                return DONE
            continue
        depth += 1
        bcell[depth] = nxt
        bleft[depth] = cand_digits(st, o, nxt)
    regs[0] = -1
    return DONE


def run_givens(givens, t, st, prev, bcell, bleft, regs, sols, limit, node_stop):
    """:func:`load_givens` from ``givens[0:81]`` then :func:`run` from a fresh
    start: one call for one puzzle."""
    load_givens(givens, 0, st)
    for r in range(4):
        regs[r] = 0
    return run(st, prev, t, bcell, bleft, regs, sols, limit, node_stop)


def run_batch(givens, count, t, st, prev, cand, bcell, bleft, regs, sols, limit, node_cap, found, nodes, first):
    """Count the solutions of ``count`` puzzles (``givens[81 * i + c]``, 0 empty)
    up to ``limit`` each, in one call: ``found[i]`` the count, or -1 when the
    puzzle passed ``node_cap`` nodes first; ``nodes[i]`` its nodes;
    ``first[81 * i:]`` its first solution. ``cand`` is unused room."""
    for i in range(count):
        load_givens(givens, 81 * i, st)
        for r in range(4):
            regs[r] = 0
        state = run(st, prev, t, bcell, bleft, regs, sols, limit, node_cap)
        found[i] = regs[1] if state == DONE else -1
        nodes[i] = regs[2]
        if state == DONE and regs[1] >= 1:
            for c in range(81):
                first[i * 81 + c] = sols[c]
    return count


# numba compiles without division-by-zero checks (error_model="numpy"), when first wanted.
KERNELS = compile_kernels((place, shrink, naked, stacks, band_set, digit_set, propagate, cand_digits, pick, record, load, load_givens, run, run_givens,
                             run_batch, popcount),
                            warm_up, error_model="numpy")


def __getattr__(name: str):
    """``run_compiled``, ``run_batch_compiled``, ``run_givens_compiled`` and ``load_compiled``:
    those kernels compiled (numba imported and their code loaded now, if not yet), or None."""
    if name in ("run_compiled", "run_batch_compiled", "run_givens_compiled", "load_compiled"):
        return KERNELS.get(name.removesuffix("_compiled"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
