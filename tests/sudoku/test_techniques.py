"""Sudoku techniques: one grid per technique with the exact step expected, and
the no-false-elimination property on generated puzzles (always) and on the
public corpora (marked).

The grids are states the project's own generated puzzles pass through
(``make_puzzle(shape, seed)``), written as 81 (or 36) tokens: ``=d`` a placed
digit, otherwise the cell's candidates. Each expected step is checked against
the puzzle's unique solution from the brute-force solver, a path that shares
no code with the techniques.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from xlsolver.core import Status
from xlsolver.sudoku import Shape, Sudoku, solve
from xlsolver.sudoku.generator import make_puzzle
from xlsolver.sudoku.techniques import LADDER, Context, Grid, explain, next_step
from xlsolver.sudoku.techniques.grid import cell_name
from xlsolver.sudoku.techniques.ladder import guess_step

RUNGS = {rung.name: rung for rung in LADDER}

# (box, seed of the generated puzzle, rung, technique of the step, placements, eliminations, grid state)
CASES = [
    ('3x3', 'tech:0', 'Naked Single', 'Naked Single', ['r2c5=7'], [],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Hidden Single', 'Hidden Single', ['r2c3=4'], [],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Locked Pair', 'Locked Pair', [], ['r1c8-6', 'r1c8-9', 'r1c9-6', 'r1c9-9', 'r2c7-6', 'r2c9-6', 'r3c1-6', 'r3c5-9', 'r3c6-6', 'r3c6-9'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Locked Candidates (Pointing)', 'Locked Candidates (Pointing)', [], ['r4c1-2', 'r4c2-2', 'r4c4-2', 'r4c6-2'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Locked Candidates (Claiming)', 'Locked Candidates (Claiming)', [], ['r2c1-3'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Naked Pair', 'Naked Pair', [], ['r3c1-6', 'r3c5-9', 'r3c6-6', 'r3c6-9'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Naked Triple', 'Naked Triple', [], ['r1c8-5', 'r1c8-6', 'r1c8-9', 'r1c9-5', 'r1c9-6', 'r1c9-9', 'r2c9-5', 'r2c9-6'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Hidden Pair', 'Hidden Pair', [], ['r1c9-5', 'r1c9-6', 'r1c9-9', 'r2c9-5', 'r2c9-6'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Hidden Triple', 'Hidden Triple', [], ['r1c8-5', 'r1c8-6', 'r1c8-9', 'r1c9-5', 'r1c9-6', 'r1c9-9', 'r2c9-5', 'r2c9-6'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Naked Quad', 'Naked Quad', [], ['r4c7-5', 'r4c7-9'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Hidden Quad', 'Hidden Quad', [], ['r3c1-6', 'r3c5-9', 'r3c6-6', 'r3c6-9'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Jellyfish', 'Jellyfish', [], ['r5c3-4'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Finned X-Wing', 'Sashimi X-Wing', [], ['r2c1-3'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Finned Jellyfish', 'Sashimi Jellyfish', [], ['r5c3-4'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'X-Chain', 'X-Chain', [], ['r2c1-3'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'XY-Chain', 'XY-Chain', ['r2c7=5'], [],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'AIC', 'AIC', [], ['r2c9-1'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'ALS-XZ', 'ALS-XZ', [], ['r1c9-6'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Forcing Chain', 'Forcing Chain Verity', ['r1c1=5'], [],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Finned Swordfish', 'Sashimi Swordfish', [], ['r1c6-1'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 156 =9 =4 16 =7 =8 56 =2 =3 12367 1237 =8 =5 29 1269 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 2679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 289 23479 =1 4679 679 =4 157 179 16789 589 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 2589 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Locked Triple', 'Locked Triple', [], ['r1c6-2', 'r1c6-6', 'r1c8-5', 'r1c8-6', 'r2c1-5', 'r2c1-6', 'r3c1-2', 'r3c1-6', 'r3c2-2'],
     '256 25 26 =3 =4 269 =7 5689 =1 156 =9 =4 16 =7 =8 56 =2 =3 12367 1237 =8 =5 29 1269 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 2679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 289 23479 =1 4679 679 =4 157 179 16789 589 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 2589 24579 589 =1 579'),
    ('3x3', 'tech:0', 'XYZ-Wing', 'XYZ-Wing', [], ['r1c6-2', 'r3c1-2', 'r3c2-2'],
     '256 25 26 =3 =4 269 =7 5689 =1 156 =9 =4 16 =7 =8 56 =2 =3 12367 1237 =8 =5 29 1269 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 2679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 289 23479 =1 4679 679 =4 157 179 16789 589 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 2589 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Simple Colouring', 'Simple Colouring', [], ['r4c1-1'],
     '256 25 26 =3 =4 269 =7 =8 =1 16 =9 =4 16 =7 =8 =5 =2 =3 1267 =3 =8 =5 29 1269 69 69 =4 179 1478 =3 4789 =6 4579 =2 4579 579 2679 247 2679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 289 =3 =1 4679 679 =4 157 179 16789 589 15679 689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 =3 =6 279 24789 2589 24579 89 =1 579'),
    ('3x3', 'tech:0', 'Full House', 'Full House', ['r2c4=6'], [],
     '256 25 26 =3 =4 269 =7 =8 =1 =1 =9 =4 6 =7 =8 =5 =2 =3 =7 =3 =8 =5 29 1269 69 69 =4 9 1478 =3 4789 =6 4579 =2 4579 579 269 247 2679 2479 =1 24579 =3 45679 =8 269 2478 =5 24789 289 =3 =1 4679 679 =4 157 179 16789 589 15679 689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 =3 =6 279 24789 2589 24579 89 =1 579'),
    ('3x3', 'tech:0', 'X-Wing', 'X-Wing', [], ['r7c2-1', 'r7c6-1', 'r8c2-1', 'r8c6-1'],
     '256 25 26 =3 =4 269 =7 =8 =1 =1 =9 =4 6 =7 =8 =5 =2 =3 =7 =3 =8 =5 29 1269 69 69 =4 9 1478 =3 4789 =6 4579 =2 4579 579 269 247 2679 2479 =1 24579 =3 45679 =8 269 2478 =5 24789 289 =3 =1 4679 679 =4 157 179 16789 589 15679 689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 =3 =6 279 24789 2589 24579 89 =1 579'),
    ('3x3', 'tech:0', 'Swordfish', 'Swordfish', [], ['r7c6-1', 'r8c6-1'],
     '256 25 26 =3 =4 269 =7 =8 =1 =1 =9 =4 6 =7 =8 =5 =2 =3 =7 =3 =8 =5 29 1269 69 69 =4 9 1478 =3 4789 =6 4579 =2 4579 579 269 247 2679 2479 =1 24579 =3 45679 =8 269 2478 =5 24789 289 =3 =1 4679 679 =4 157 179 16789 589 15679 689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 =3 =6 279 24789 2589 24579 89 =1 579'),
    ('3x3', 'tech:0', 'W-Wing', 'W-Wing', [], ['r9c6-9'],
     '256 25 26 =3 =4 29 =7 =8 =1 =1 =9 =4 =6 =7 =8 =5 =2 =3 =7 =3 =8 =5 29 =1 69 69 =4 =9 =1 =3 478 =6 457 =2 457 57 26 =4 =7 29 =1 259 =3 569 =8 26 =8 =5 2479 29 =3 =1 4679 679 =4 57 19 1789 589 5679 689 =3 =2 =8 257 129 1279 =3 25679 =4 5679 5679 =3 =6 29 24789 2589 24579 89 =1 579'),
    ('3x3', 'tech:0', 'Skyscraper', 'Skyscraper', [], ['r8c6-5'],
     '=5 2 26 =3 =4 =9 =7 =8 =1 =1 =9 =4 =6 =7 =8 =5 =2 =3 =7 =3 =8 =5 =2 =1 69 69 =4 =9 =1 =3 =8 =6 457 =2 457 57 =6 =4 =7 =2 =1 5 =3 59 =8 =2 =8 =5 47 =9 =3 =1 467 67 =4 57 19 179 58 567 689 =3 =2 =8 257 129 179 =3 2567 =4 5679 5679 =3 =6 29 479 58 2457 89 =1 579'),
    ('3x3', 'tech:0', 'XY-Wing', 'XY-Wing', [], ['r9c9-9'],
     '=5 =2 =6 =3 =4 =9 =7 =8 =1 =1 =9 =4 =6 =7 =8 =5 =2 =3 =7 =3 =8 =5 =2 =1 =9 =6 =4 =9 =1 =3 =8 =6 4 =2 457 57 =6 =4 =7 =2 =1 =5 =3 =9 =8 =2 =8 =5 47 =9 =3 =1 47 67 =4 5 19 19 58 =7 =6 =3 =2 =8 57 129 19 =3 26 =4 57 579 =3 =6 29 49 5 24 =8 =1 579'),
    ('3x3', 'tech:0', 'Unique Rectangle Type 1', 'Unique Rectangle Type 1', [], ['r8c3-1', 'r8c3-9'],
     '=5 =2 =6 =3 =4 =9 =7 =8 =1 =1 =9 =4 =6 =7 =8 =5 =2 =3 =7 =3 =8 =5 =2 =1 =9 =6 =4 =9 =1 =3 =8 =6 4 =2 457 57 =6 =4 =7 =2 =1 =5 =3 =9 =8 =2 =8 =5 47 =9 =3 =1 47 67 =4 5 19 19 58 =7 =6 =3 =2 =8 57 129 19 =3 26 =4 57 579 =3 =6 29 49 5 24 =8 =1 579'),
    ('3x3', 'tech:1', '2-String Kite', '2-String Kite', [], ['r7c7-2'],
     '=3 =6 59 457 124579 1259 =8 279 24579 =2 189 =4 =6 135789 13589 3579 379 579 59 89 =7 3458 234589 23589 234569 =1 24569 457 =3 25 =9 4578 58 2457 =6 =1 145679 1249 2569 4578 145678 1568 24579 2789 =3 =8 149 569 =2 134567 1356 4579 79 4579 469 2489 =1 38 23689 23689 23679 =5 26789 69 =7 =3 =1 25689 =4 269 289 2689 69 =5 2689 38 23689 =7 12369 =4 2689'),
    ('3x3', 'tech:2', 'Unique Rectangle Type 4', 'Unique Rectangle Type 4', [], ['r1c1-4', 'r2c1-4'],
     '2479 =6 2479 =3 =5 79 =8 24 =1 1247 =5 =8 147 47 =6 =3 24 =9 149 =3 49 =2 =8 19 =5 =7 =6 =3 =4 579 579 =1 =8 =6 59 =2 9 =2 =1 =6 =3 =4 =7 59 =8 =6 =8 579 579 27 2579 =1 =3 =4 147 17 467 =8 =9 =3 =2 16 57 =5 17 23467 147 2467 127 =9 =8 37 =8 =9 2367 157 267 1257 =4 16 357'),
    ('3x3', 'tech:2', 'Unique Rectangle Type 2', 'Unique Rectangle Type 2', [], ['r6c6-9'],
     '247 =6 2479 =3 =5 79 =8 24 =1 1247 =5 =8 147 47 =6 =3 24 =9 14 =3 49 =2 =8 19 =5 =7 =6 =3 =4 57 579 =1 =8 =6 59 =2 =9 =2 =1 =6 =3 =4 =7 5 =8 =6 =8 57 579 27 2579 =1 =3 =4 147 17 467 =8 =9 =3 =2 16 57 =5 17 23467 147 2467 127 =9 =8 37 =8 =9 2367 157 267 1257 =4 16 357'),
    ('3x3', 'tech:4', 'Unique Rectangle Type 3', 'Unique Rectangle Type 3', [], ['r9c4-3'],
     '=8 =1 =4 =2 =6 =3 79 59 579 =6 =3 =2 =7 =9 =5 =1 =8 =4 =7 =5 =9 =1 =8 =4 23 36 236 =1 =2 =3 =4 =7 =9 =5 6 68 =5 46 =8 36 =1 =2 3479 3469 3679 =9 46 =7 36 =5 =8 34 =2 =1 =2 789 =6 389 34 =1 3489 3459 3589 =3 89 =1 =5 =2 =6 489 =7 89 =4 789 =5 389 3 7 =6 =1 2389'),
    ('3x3', 'tech:108', 'BUG+1', 'BUG+1', ['r7c9=7'], [],
     '=4 =7 =6 =2 =3 =1 59 59 =8 =5 =8 =3 =9 =7 =4 =1 =2 =6 =9 =2 =1 =8 =5 =6 =7 =4 =3 =6 =5 =8 =7 =1 =2 49 =3 49 =1 =4 =9 =5 =8 =3 26 67 27 =2 =3 =7 =4 =6 =9 58 58 =1 =8 =1 25 =6 =4 57 =3 79 279 =3 =9 45 =1 =2 57 68 68 47 =7 =6 24 =3 =9 =8 24 =1 =5'),
    ('2x3', 'tech:0', 'Naked Single', 'Naked Single', ['r1c2=4'], [],
     '=1 4 45 235 25 =6 =2 =3 456 15 15 145 345 24 2345 12356 1256 1235 =6 =1 235 =4 25 235 4 246 1246 1256 =3 125 3 =5 1236 126 =4 12'),
    ('2x3', 'tech:0', 'Hidden Single', 'Hidden Single', ['r2c3=6'], [],
     '=1 4 45 235 25 =6 =2 =3 456 15 15 145 345 24 2345 12356 1256 1235 =6 =1 235 =4 25 235 4 246 1246 1256 =3 125 3 =5 1236 126 =4 12'),
    ('2x3', 'tech:0', 'Locked Candidates (Pointing)', 'Locked Candidates (Pointing)', [], ['r3c4-3'],
     '=1 4 45 235 25 =6 =2 =3 456 15 15 145 345 24 2345 12356 1256 1235 =6 =1 235 =4 25 235 4 246 1246 1256 =3 125 3 =5 1236 126 =4 12'),
    ('2x3', 'tech:0', 'Locked Candidates (Claiming)', 'Locked Candidates (Claiming)', [], ['r3c4-3'],
     '=1 4 45 235 25 =6 =2 =3 456 15 15 145 345 24 2345 12356 1256 1235 =6 =1 235 =4 25 235 4 246 1246 1256 =3 125 3 =5 1236 126 =4 12'),
    ('2x3', 'tech:0', 'Naked Pair', 'Naked Pair', [], ['r1c4-5', 'r1c5-5'],
     '=1 4 45 235 25 =6 =2 =3 456 15 15 145 345 24 2345 12356 1256 1235 =6 =1 235 =4 25 235 4 246 1246 1256 =3 125 3 =5 1236 126 =4 12'),
    ('2x3', 'tech:0', 'Hidden Pair', 'Hidden Pair', [], ['r1c4-5', 'r1c5-5'],
     '=1 4 45 235 25 =6 =2 =3 456 15 15 145 345 24 2345 12356 1256 1235 =6 =1 235 =4 25 235 4 246 1246 1256 =3 125 3 =5 1236 126 =4 12'),
    ('2x3', 'tech:0', 'Full House', 'Full House', ['r2c3=6'], [],
     '=1 =4 =5 23 2 =6 =2 =3 6 15 15 145 345 2 234 12356 1256 1235 =6 =1 23 =4 25 235 4 26 1246 1256 =3 125 3 =5 1236 126 =4 12'),
    ('2x3', 'tech:0', 'X-Wing', 'X-Wing', [], ['r5c6-2', 'r6c6-2'],
     '=1 =4 =5 =3 =2 =6 =2 =3 =6 15 15 145 345 =2 34 156 156 135 =6 =1 3 =4 5 235 4 6 124 1256 =3 125 3 =5 123 126 =4 12'),
    ('2x3', 'tech:1', 'XY-Wing', 'XY-Wing', [], ['r3c1-1'],
     '=4 =3 =6 =2 =5 =1 =2 =1 =5 36 36 =4 136 2 1234 34 134 =5 13 =5 134 34 =2 =6 35 =6 3 =1 4 =2 15 =4 12 56 6 =3'),
    ('3x3', 'tech:0', 'Turbot Fish', 'Turbot Fish', [], ['r2c1-3'],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
    ('3x3', 'tech:0', 'Remote Pair', 'Remote Pair', [], ['r5c6-2', 'r5c6-9'],
     '256 25 26 =3 =4 29 =7 =8 =1 =1 =9 =4 =6 =7 =8 =5 =2 =3 =7 =3 =8 =5 29 =1 69 69 =4 =9 =1 =3 478 =6 457 =2 457 57 26 =4 =7 29 =1 259 =3 569 =8 26 =8 =5 2479 29 =3 =1 4679 679 =4 57 19 1789 589 5679 689 =3 =2 =8 257 129 1279 =3 25679 =4 5679 5679 =3 =6 29 24789 2589 24579 89 =1 579'),
    ('3x3', 'tech:1', 'Empty Rectangle', 'Empty Rectangle', [], ['r7c7-2'],
     '=3 =6 59 457 124579 1259 =8 279 24579 =2 189 =4 =6 135789 13589 3579 379 579 59 89 =7 3458 234589 23589 234569 =1 24569 457 =3 25 =9 4578 58 2457 =6 =1 145679 1249 2569 4578 145678 1568 24579 2789 =3 =8 149 569 =2 134567 1356 4579 79 4579 469 2489 =1 38 23689 23689 23679 =5 26789 69 =7 =3 =1 25689 =4 269 289 2689 69 =5 2689 38 23689 =7 12369 =4 2689'),
    ('3x3', 'tech:0', 'Forcing Net', 'Forcing Net Verity', ['r1c1=5'], [],
     '1256 125 126 =3 =4 1269 =7 5689 1569 13567 =9 1467 167 7 =8 56 =2 1356 12367 1237 =8 =5 279 12679 69 69 =4 1279 12478 =3 24789 =6 24579 259 4579 579 2679 247 24679 2479 =1 24579 =3 45679 =8 2679 2478 =5 24789 2789 23479 =1 4679 679 =4 157 179 16789 5789 15679 5689 =3 =2 =8 1257 1279 12679 =3 125679 =4 5679 5679 23579 =6 279 24789 25789 24579 589 =1 579'),
]


def grid_from(shape: Shape, state: str) -> Grid:
    n = shape.n
    values, cands = [], []
    for token in state.split():
        if token.startswith("="):
            values.append(int(token[1:]))
            cands.append(0)
        else:
            values.append(0)
            cands.append(sum(1 << (int(ch) - 1) for ch in token))
    assert len(values) == n * n
    return Grid.from_candidates(shape, values, cands)


def named(step, n):
    return ([f"{cell_name(c, n)}={d}" for c, d in step.placements],
            [f"{cell_name(c, n)}-{d}" for c, d in step.eliminations])


@pytest.mark.parametrize("box, seed, rung, name, placements, eliminations, state", CASES,
                         ids=[f"{c[2]} {c[0]}" for c in CASES])
def test_each_technique_finds_the_expected_step(box, seed, rung, name, placements, eliminations, state):
    shape = Shape.parse(box)
    grid = grid_from(shape, state)
    step = next(RUNGS[rung].find(grid, Context()))
    assert step.technique == name
    assert named(step, shape.n) == (placements, eliminations)
    assert step.text and step.cells
    # the expected step is true of the puzzle's one solution
    solution = make_puzzle(shape, seed).solution
    assert all(solution[c] == d for c, d in step.placements)
    assert all(solution[c] != d for c, d in step.eliminations)
    for c, d in step.eliminations:  # it removes candidates that were there
        assert grid.has(c, d)


def test_sentences_name_cells_as_players_do():
    # 4x4: row 1 is 1 2 . . and column 3 holds a 3 lower down, so 3 goes in r1c4
    puzzle = Sudoku.from_text("12..|....|..3.|....")
    grid = Grid.from_puzzle(puzzle)
    step = next(RUNGS["Hidden Single"].find(grid, Context()))
    assert (step.technique, step.placements) == ("Hidden Single", ((3, 3),))
    assert step.text == "In row 1, 3 can only go in r1c4."
    full = Grid.from_puzzle(Sudoku.from_text("123.|....|....|...."))
    step = next(RUNGS["Full House"].find(full, Context()))
    assert step.text == "r1c4 is the last empty cell of row 1: it takes the missing 4."


def test_pointing_sentence():
    shape = Shape(3, 3)
    grid = grid_from(shape, CASES[[c[2] for c in CASES].index("Locked Candidates (Pointing)")][6])
    step = next(RUNGS["Locked Candidates (Pointing)"].find(grid, Context()))
    assert step.text.startswith("In box ") and " can only go in " in step.text and ": remove " in step.text


def check_steps(puzzle: Sudoku, solution: tuple[int, ...], every_rung: bool = False) -> dict[str, int]:
    """Explain ``puzzle``; every step (and with ``every_rung`` the first step of
    every technique in every state) must agree with ``solution``. Returns the
    techniques used."""
    used: dict[str, int] = {}
    grid = Grid.from_puzzle(puzzle)
    ctx = Context()  # the explanation's memory, shared by the probes of every rung
    while not grid.solved():
        candidates = [next(r.find(grid, ctx), None) for r in LADDER] if every_rung else []
        step = next_step(grid, ctx=ctx) or guess_step(grid, solution)
        for s in candidates + [step]:
            if s is None:
                continue
            assert all(solution[c] == d for c, d in s.placements), s.text
            assert all(solution[c] != d for c, d in s.eliminations), s.text
        used[step.technique] = used.get(step.technique, 0) + 1
        grid.apply(step)
        assert not grid.broken()
    assert tuple(grid.value) == solution
    return used


@pytest.mark.parametrize("box, count", [("3x3", 12), ("2x3", 10), ("3x2", 6), ("2x2", 10), ("2x4", 3), ("4x2", 2)])
def test_no_false_step_on_generated_puzzles(box, count):
    shape = Shape.parse(box)
    for i in range(count):
        made = make_puzzle(shape, f"steps:{box}:{i}")
        result = solve(made.puzzle)
        assert result.status == Status.UNIQUE
        check_steps(made.puzzle, result.solutions[0], every_rung=True)


def test_explain_replays_to_the_solution_and_guesses_from_it():
    made = make_puzzle(Shape(3, 3), "steps:replay")
    steps = list(explain(made.puzzle))
    grid = Grid.from_puzzle(made.puzzle)
    for step in steps:
        grid.apply(step)
    assert tuple(grid.value) == made.solution
    # with nothing but singles on the ladder a hard state must guess, from the solution
    singles = [RUNGS["Naked Single"]]
    steps = list(explain(made.puzzle, made.solution, ladder=singles))
    guesses = [s for s in steps if s.guess]
    assert guesses and all(made.solution[c] == d for s in guesses for c, d in s.placements)


def test_explain_refuses_a_puzzle_without_one_solution():
    with pytest.raises(ValueError, match="one solution"):
        list(explain(Sudoku.from_text("." * 16)))


def test_12x12_explained():
    made = make_puzzle(Shape(3, 4), "steps:12")
    check_steps(made.puzzle, made.solution)


def test_16x16_explained():
    made = make_puzzle(Shape(4, 4), "big:2", minimal=False)
    used = check_steps(made.puzzle, made.solution)
    assert "Guess" not in used


def corpus(corpora: Path, name: str) -> list[str]:
    path = corpora / "sudoku" / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.corpus
def test_no_false_step_on_a_corpus_sample(corpora):
    rng = random.Random(5)
    sample = rng.sample(corpus(corpora, "top1465.txt"), 6) + rng.sample(corpus(corpora, "qqwing-expert.sdm"), 10)
    for text in sample:
        puzzle = Sudoku.from_text(text)
        check_steps(puzzle, solve(puzzle).solutions[0])


@pytest.mark.corpus
@pytest.mark.slow
def test_no_false_step_on_thousands_of_corpus_puzzles(corpora):
    sample = corpus(corpora, "top1465.txt")[::3] + corpus(corpora, "qqwing-expert.sdm") \
        + corpus(corpora, "qqwing-intermediate.sdm")[::2] + corpus(corpora, "17clue.txt")[::100]
    used: dict[str, int] = {}
    for text in sample:
        puzzle = Sudoku.from_text(text)
        for name, k in check_steps(puzzle, solve(puzzle).solutions[0]).items():
            used[name] = used.get(name, 0) + k
    assert len(sample) > 2000 and used.get("AIC", 0) > 0 and used.get("Forcing Chain Contradiction", 0) > 0
