"""Writes corpus/inputs/{fromOutlines,union,intersection,difference,xor,fromTileMap}.json
(inputs only; `cargo run --release -p build2d-reference --bin gen-corpus <ops>` fills in
the expected values). Run from the repository root:
`python3 docs/spec/regions_corpus_inputs.py`.

tcIds are assigned in list order; never reorder or delete entries, only append."""
import json, math

INF = "Infinity"; NINF = "-Infinity"; NAN = "NaN"
MAX = 2097152.0
BEYOND = math.nextafter(MAX, math.inf)


def sq(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def cw(ring):
    return list(reversed(ring))


def region(outlines, snap=4):
    return {"snapBits": snap, "outlines": outlines}


def write(op, notes, groups):
    out = {"op": op, "notes": notes, "testGroups": []}
    tc = 1
    for comment, tests in groups:
        g = {"comment": comment, "tests": []}
        for (c, flags, inp) in tests:
            unknown = [f for f in flags if f not in notes]
            assert not unknown, (op, unknown)
            g["tests"].append({"tcId": tc, "comment": c, "flags": flags, "input": dict({"op": op}, **inp)})
            tc += 1
        out["testGroups"].append(g)
    with open(f"corpus/inputs/{op}.json", "w") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")


# ---------------------------------------------------------------- fromOutlines
OUTLINE_NOTES = {
    "Basic": "a simple ring",
    "Orientation": "the same set given clockwise and counter-clockwise (output is always CCW outer, CW holes)",
    "EvenOdd": "self-intersecting or nested rings read even-odd ([R1])",
    "Hole": "a ring inside another: a hole (any input orientation)",
    "Pinch": "rings touching at a single vertex ([R5], X6)",
    "Touching": "rings sharing an edge or part of one",
    "Union": "several outlines: their union ([R2], X2)",
    "Collinear": "collinear degree-2 vertices are dropped ([R4])",
    "Duplicate": "repeated consecutive points",
    "Collapse": "a ring whose snapped points collapse: legal, contributes nothing (X2)",
    "SnapTie": "coordinates on exact half grid units (round half to even)",
    "SnapBits0": "SnapBits 0: the grid unit is 1",
    "Huge": "coordinates at the \u00b12^21 bound",
    "Empty": "no outlines or nothing left",
    "Crossing": "ring edges that cross off the grid: the crossing is rounded",
    "Error": "invalid input: the first failure in X3 order is reported",
}
BOWTIE = [[0, 0], [2, 2], [2, 0], [0, 2]]
BOWTIE_OFF = [[0, 0], [3, 2], [3, 0], [0, 2]]
outline_groups = [
    ("basics", [
        ("unit square", ["Basic"], region([[sq(0, 0, 1, 1)]])),
        ("clockwise square gives the same ring", ["Basic", "Orientation"], region([[cw(sq(0, 0, 1, 1))]])),
        ("triangle, start vertex not the smallest", ["Basic"], region([[[[3, 0], [0, 4], [0, 0]]]])),
        ("no outlines", ["Empty"], region([])),
        ("one outline with a concave L", ["Basic"], region([[[[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]]])),
    ]),
    ("even-odd", [
        ("bow-tie crossing on the grid: two triangles meeting at a vertex", ["EvenOdd", "Pinch"], region([[BOWTIE]], 0)),
        ("bow-tie crossing off the grid (1.5, 1): rounded to (2, 1)", ["EvenOdd", "Crossing", "SnapBits0"], region([[BOWTIE_OFF]], 0)),
        ("square with a hole, both counter-clockwise", ["EvenOdd", "Hole"], region([[sq(0, 0, 4, 4), sq(1, 1, 3, 3)]])),
        ("square with a hole, hole clockwise and given first", ["EvenOdd", "Hole", "Orientation"], region([[cw(sq(1, 1, 3, 3)), sq(0, 0, 4, 4)]])),
        ("three nested squares: the innermost is filled again", ["EvenOdd", "Hole"], region([[sq(0, 0, 6, 6), sq(1, 1, 5, 5), sq(2, 2, 4, 4)]])),
        ("two overlapping rings in one outline: symmetric difference", ["EvenOdd"], region([[sq(0, 0, 2, 2), sq(1, 1, 3, 3)]])),
        ("the same ring twice in one outline: cancels", ["EvenOdd", "Empty"], region([[sq(0, 0, 2, 2), cw(sq(0, 0, 2, 2))]])),
        ("pentagram: the centre is even-odd outside", ["EvenOdd", "Crossing"], region([[[[0, 10], [6, -8], [-10, 4], [10, 4], [-6, -8]]]], 0)),
    ]),
    ("several outlines", [
        ("two overlapping outlines: union", ["Union"], region([[sq(0, 0, 2, 2)], [sq(1, 1, 3, 3)]])),
        ("two outlines sharing an edge: one rectangle", ["Union", "Touching", "Collinear"], region([[sq(0, 0, 1, 1)], [sq(1, 0, 2, 1)]])),
        ("two outlines touching at a corner: two rings", ["Union", "Pinch"], region([[sq(0, 0, 1, 1)], [sq(1, 1, 2, 2)]])),
        ("an outline filling another's hole exactly", ["Union", "Hole", "Touching"], region([[sq(0, 0, 3, 3), sq(1, 1, 2, 2)], [sq(1, 1, 2, 2)]])),
        ("a hole of one outline covered partly by another", ["Union", "Hole"], region([[sq(0, 0, 4, 4), sq(1, 1, 3, 3)], [sq(2, 0, 5, 2)]])),
    ]),
    ("pinches and touching", [
        ("hole touching the outer ring at one vertex: one ring through the pinch twice", ["Hole", "Pinch"], region([[sq(0, 0, 4, 4), [[0, 0], [2, 1], [1, 2]]]])),
        ("hole touching the outer ring along part of an edge", ["Hole", "Touching"], region([[sq(0, 0, 4, 4), sq(1, 0, 2, 1)]])),
        ("two rings of one outline touching at a corner", ["Pinch"], region([[sq(0, 0, 1, 1), sq(1, 1, 2, 2)]])),
        ("hole whose corner lies on the outer edge (T-junction)", ["Hole", "Pinch"], region([[sq(0, 0, 4, 4), [[2, 0], [3, 1], [1, 1]]]])),
    ]),
    ("collinear, duplicates, collapse", [
        ("square with collinear midpoints: dropped", ["Collinear"], region([[[[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2], [0, 1]]]])),
        ("repeated points", ["Duplicate"], region([[[[0, 0], [0, 0], [2, 0], [2, 0], [2, 2], [0, 2], [0, 2]]]])),
        ("a spike: ring folds back on itself", ["Collinear", "Empty"], region([[[[0, 0], [2, 0], [1, 0]]]])),
        ("ring collapses to a point under snapping", ["Collapse", "SnapBits0", "Empty"], region([[[[0.1, 0.1], [0.3, 0.1], [0.2, 0.4]]]], 0)),
        ("ring collapses to a segment; the other ring survives", ["Collapse", "SnapBits0"], region([[[[0, 0], [5, 0.2], [10, 0.4]], sq(0, 2, 2, 4)]], 0)),
        ("square with an antenna (collinear spike out and back)", ["Collinear"], region([[[[0, 0], [2, 0], [2, 1], [4, 1], [2, 1], [2, 2], [0, 2]]]])),
    ]),
    ("snapping", [
        ("half-unit ties, snapBits 0: 0.5 → 0, 1.5 → 2, 2.5 → 2, 3.5 → 4", ["SnapTie", "SnapBits0"], region([[[[0.5, 0.5], [3.5, 0.5], [3.5, 2.5], [1.5, 2.5]]]], 0)),
        ("negative half-unit ties, snapBits 0", ["SnapTie", "SnapBits0"], region([[[[-0.5, -0.5], [-3.5, -0.5], [-2.5, -2.5]]]], 0)),
        ("fine coordinates at snapBits 16", ["Basic"], region([[[[0, 0], [1.52587890625e-05, 0], [0, 3.0517578125e-05]]]], 16)),
        ("coordinates at exactly \u00b12^21", ["Huge"], region([[sq(-MAX, -MAX, MAX, MAX)]], 16)),
        ("the same at snapBits 16 and 0 (grid 2^37 vs 2^21)", ["Huge", "SnapBits0"], region([[[[-MAX, 0], [MAX, -MAX], [MAX, MAX]]]], 0)),
        ("two nearly coincident edges merge at snapBits 0", ["SnapBits0", "Touching"], region([[sq(0, 0, 4, 2)], [[[0, 2.3], [4, 2.2], [4, 5], [0, 5]]]], 0)),
    ]),
    ("errors", [
        ("snapBits 17", ["Error"], region([[sq(0, 0, 1, 1)]], 17)),
        ("snapBits checked before rings", ["Error"], region([[[[0, 0]]]], 99)),
        ("ring with 2 vertices (outline 1, ring 0)", ["Error"], region([[sq(0, 0, 1, 1)], [[[0, 0], [1, 1]]]])),
        ("empty ring", ["Error"], region([[sq(0, 0, 1, 1), []]])),
        ("NaN x at outline 0, ring 1, vertex 2", ["Error"], region([[sq(0, 0, 4, 4), [[1, 1], [2, 1], [NAN, 2]]]])),
        ("Infinity y", ["Error"], region([[[[0, 0], [1, INF], [1, 1]]]])),
        ("-Infinity x", ["Error"], region([[[[0, 0], [NINF, 0], [1, 1]]]])),
        ("next double beyond 2^21", ["Error", "Huge"], region([[[[0, 0], [BEYOND, 0], [1, 1]]]])),
        ("-1e300 in y", ["Error"], region([[[[0, 0], [1, 0], [1, -1e300]]]])),
        ("x before y at the same vertex", ["Error"], region([[[[0, 0], [NAN, INF], [1, 1]]]])),
        ("short ring reported before a bad coordinate in a later ring", ["Error"], region([[[[0, 0], [1, 0]], [[NAN, 0], [1, 0], [1, 1]]]])),
        ("bad coordinate reported before a short ring in a later outline", ["Error"], region([[[[0, 0], [1, 0], [1, NAN]]], [[[0, 0]]]])),
        ("a ring's vertex count is checked before its coordinates", ["Error"], region([[[[NAN, 0], [1, 0]]]])),
    ]),
]
write("fromOutlines", OUTLINE_NOTES, outline_groups)

# ---------------------------------------------------------------- booleans
BOOL_NOTES = {
    "Basic": "two simple regions",
    "Overlap": "the operands overlap partly",
    "Disjoint": "the operands do not meet",
    "Identical": "the operands are the same set",
    "Contains": "one operand contains the other",
    "Touching": "the operands share an edge or a vertex",
    "Hole": "an operand has a hole",
    "Empty": "an empty operand or an empty result",
    "Crossing": "boundaries cross off the grid: crossings are rounded",
    "Collinear": "boundaries overlap along a line",
    "EvenOdd": "an operand given by self-intersecting rings",
    "SnapBits0": "SnapBits 0: the grid unit is 1",
    "Huge": "coordinates at the \u00b12^21 bound",
    "Pinch": "the result has rings meeting at one vertex",
    "Mismatch": "the operands use different SnapBits ([G5])",
    "Error": "invalid input: the first failure in X3 order is reported",
}
A_SQ = [[sq(0, 0, 2, 2)]]
PAIRS = [
    ("overlapping squares", ["Basic", "Overlap"], region(A_SQ), region([[sq(1, 1, 3, 3)]])),
    ("disjoint squares", ["Disjoint"], region(A_SQ), region([[sq(5, 5, 6, 6)]])),
    ("identical squares", ["Identical"], region(A_SQ), region([[cw(sq(0, 0, 2, 2))]])),
    ("a contains b", ["Contains", "Hole"], region([[sq(0, 0, 4, 4)]]), region([[sq(1, 1, 3, 3)]])),
    ("b contains a", ["Contains"], region([[sq(1, 1, 3, 3)]]), region([[sq(0, 0, 4, 4)]])),
    ("sharing an edge", ["Touching", "Collinear"], region(A_SQ), region([[sq(2, 0, 4, 2)]])),
    ("sharing part of an edge", ["Touching", "Collinear"], region(A_SQ), region([[sq(2, 1, 4, 3)]])),
    ("touching at a corner", ["Touching", "Pinch"], region(A_SQ), region([[sq(2, 2, 4, 4)]])),
    ("b fills a's hole exactly", ["Hole", "Touching"], region([[sq(0, 0, 3, 3), sq(1, 1, 2, 2)]]), region([[sq(1, 1, 2, 2)]])),
    ("b crosses a's hole", ["Hole", "Overlap"], region([[sq(0, 0, 4, 4), sq(1, 1, 3, 3)]]), region([[sq(2, -1, 5, 5)]])),
    ("empty a", ["Empty"], region([]), region(A_SQ)),
    ("empty b", ["Empty"], region(A_SQ), region([])),
    ("diamond over a square, crossings off the grid, snapBits 0", ["Crossing", "SnapBits0"], region([[sq(0, 0, 4, 4)]], 0), region([[[[2, -1], [5, 1], [3, 6], [-1, 3]]]], 0)),
    ("bow-tie against a square", ["EvenOdd", "Overlap"], region([[[[0, 0], [4, 4], [4, 0], [0, 4]]]]), region([[sq(1, 0, 3, 4)]])),
    ("triangles sharing part of an edge", ["Collinear", "Touching"], region([[[[0, 0], [4, 0], [2, 3]]]]), region([[[[2, 0], [6, 0], [4, -3]]]])),
    ("nearly coincident edges merge under snapping", ["SnapBits0", "Overlap"], region([[sq(0, 0, 4, 2)]], 0), region([[[[0, 1.6], [4, 1.7], [4, 4], [0, 4]]]], 0)),
    ("coordinates at the \u00b12^21 bound", ["Huge", "Overlap"], region([[sq(-MAX, -MAX, MAX, 0)]], 16), region([[[[-MAX, -1], [MAX, MAX], [-MAX, MAX]]]], 16)),
    ("comb against a bar: many pieces", ["Overlap"], region([[[[0, 0], [7, 0], [7, 3], [6, 3], [6, 1], [5, 1], [5, 3], [4, 3], [4, 1], [3, 1], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]]]]), region([[sq(-1, 2, 8, 4)]])),
    ("snapBits mismatch", ["Mismatch", "Error"], region(A_SQ, 8), region(A_SQ, 4)),
    ("operand errors come before the mismatch (b has NaN)", ["Mismatch", "Error"], region(A_SQ, 8), region([[[[0, 0], [NAN, 0], [1, 1]]]], 4)),
    ("a's error before b's", ["Error"], region([[[[0, 0], [1, 0]]]]), region([[[[0, 0], [INF, 0], [1, 1]]]])),
    ("bad snapBits in b", ["Error"], region(A_SQ), region(A_SQ, 17)),
]


def bool_groups(op):
    ok = [(c, f, {"a": a, "b": b}) for (c, f, a, b) in PAIRS if "Error" not in f]
    bad = [(c, f, {"a": a, "b": b}) for (c, f, a, b) in PAIRS if "Error" in f]
    return [(f"{op} of two regions", ok), ("errors", bad)]


for op in ["union", "intersection", "difference", "xor"]:
    write(op, BOOL_NOTES, bool_groups(op))

# ---------------------------------------------------------------- fromTileMap
TILE_NOTES = {
    "Basic": "a few solid cells",
    "Pinch": "solid cells meeting diagonally: each keeps its own corner ([R5], X5)",
    "Hole": "non-solid cells enclosed by solid ones",
    "HolePinch": "a hole touching the outside at one vertex: one ring through it twice",
    "Concave": "a concave outline",
    "Empty": "no solid cells, or a zero-sized map",
    "OffGrid": "an origin or cell size off the snap grid: lines are snapped once ([T2])",
    "Coinciding": "neighbouring grid lines snap to the same value: zero-width cells contribute nothing",
    "OneUnit": "cell size of exactly one grid unit ([T3])",
    "Huge": "grid lines at the \u00b12^21 bound",
    "Error": "invalid input: the first failure in X3 order is reported",
}


def tm(cells, w, h, cell=1.0, origin=(0.0, 0.0), snap=4):
    flat = [c for row in cells for c in row] if cells and isinstance(cells[0], list) else cells
    return {"snapBits": snap, "width": w, "height": h, "cellSize": cell, "origin": list(origin), "cells": flat}


tile_groups = [
    ("basics", [
        ("single cell", ["Basic"], tm([1], 1, 1)),
        ("2x2 full: one square", ["Basic"], tm([1, 1, 1, 1], 2, 2)),
        ("L shape", ["Concave"], tm([1, 1, 1, 0], 2, 2)),
        ("U shape (rows bottom to top: 111, 101, 101)", ["Concave"], tm([1, 1, 1, 1, 0, 1, 1, 0, 1], 3, 3)),
        ("all empty", ["Empty"], tm([0, 0, 0, 0], 2, 2)),
        ("width 0", ["Empty"], tm([], 0, 5)),
        ("height 0 with a huge width", ["Empty"], tm([], 1000000, 0)),
    ]),
    ("pinches and holes", [
        ("diagonal pinch [1,0,0,1]: two rings", ["Pinch"], tm([1, 0, 0, 1], 2, 2)),
        ("anti-diagonal pinch [0,1,1,0]", ["Pinch"], tm([0, 1, 1, 0], 2, 2)),
        ("3x3 ring of cells: clockwise hole", ["Hole"], tm([1, 1, 1, 1, 0, 1, 1, 1, 1], 3, 3)),
        ("hole pinched to the outside at a vertex", ["HolePinch", "Hole"], tm([1, 1, 1, 1, 0, 1, 1, 1, 0], 3, 3)),
        ("two holes meeting diagonally inside one ring", ["Hole", "Pinch"], tm([1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1], 4, 4)),
        ("checkerboard 4x4: eight rings, many pinches", ["Pinch"], tm([(x + y) % 2 for y in range(4) for x in range(4)], 4, 4)),
        ("spiral with a pinch in the middle", ["Pinch", "Concave"], tm([1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1], 4, 4)),
    ]),
    ("grid lines", [
        ("off-grid origin, snapBits 0: lines 0.25 + i snap to i", ["OffGrid"], tm([1, 1, 0, 1], 2, 2, 1.0, (0.25, 0.25), 0)),
        ("origin 0.5, cell 1, snapBits 0: lines 0, 2, 2, 4 (middle column has zero width)", ["Coinciding", "OffGrid", "OneUnit"], tm([1, 1, 1, 0, 1, 0], 3, 2, 1.0, (0.5, 0.0), 0)),
        ("cell of exactly one unit at snapBits 16", ["OneUnit"], tm([1, 0, 1, 1], 2, 2, 1.52587890625e-05, (0.0, 0.0), 16)),
        ("cell of 1.5 units, snapBits 0: uneven snapped widths", ["OffGrid"], tm([1, 0, 1, 0, 1, 0, 1, 0], 4, 2, 1.5, (0.0, 0.0), 0)),
        ("negative origin, cell 0.75", ["OffGrid"], tm([1, 1, 0, 0, 1, 1], 3, 2, 0.75, (-3.3, -1.1), 4)),
        ("last grid line exactly at 2^21 (legal)", ["Huge"], tm([1, 1, 1, 1], 4, 1, 1.0, (MAX - 4, -MAX), 0)),
    ]),
    ("errors", [
        ("snapBits 17", ["Error"], tm([1], 1, 1, snap=17)),
        ("negative width", ["Error"], tm([], -1, 1)),
        ("negative height after a valid width", ["Error"], tm([], 1, -2)),
        ("cells of the wrong length", ["Error"], tm([1, 0, 1], 2, 2)),
        ("cell size NaN", ["Error"], tm([1], 1, 1, NAN)),
        ("cell size Infinity", ["Error"], tm([1], 1, 1, INF)),
        ("cell size 0", ["Error"], tm([1], 1, 1, 0.0)),
        ("cell size negative", ["Error"], tm([1], 1, 1, -1.0)),
        ("cell size below one grid unit (0.5 at snapBits 0)", ["Error"], tm([1], 1, 1, 0.5, snap=0)),
        ("cell size just below one unit at snapBits 16", ["Error"], tm([1], 1, 1, math.nextafter(1.52587890625e-05, 0.0), snap=16)),
        ("cells length checked before the cell size", ["Error"], tm([1], 2, 1, NAN)),
        ("origin x NaN: grid line x 0", ["Error"], tm([1], 1, 1, 1.0, (NAN, 0.0))),
        ("origin y Infinity: grid line y 0 (x lines fine)", ["Error"], tm([1], 1, 1, 1.0, (0.0, INF))),
        ("x line 3 beyond 2^21", ["Error", "Huge"], tm([1, 1, 1, 1], 4, 1, 1.0, (MAX - 2, 0.0))),
        ("y line 1 beyond 2^21", ["Error", "Huge"], tm([1, 1], 1, 2, 1.0, (0.0, MAX - 0.5))),
        ("finite huge cell size: fails at x line 1", ["Error", "Huge"], tm([1], 1, 1, 1e300)),
        ("x lines are checked before y lines", ["Error"], tm([1], 1, 1, 1.0, (MAX, NAN))),
    ]),
]
write("fromTileMap", TILE_NOTES, tile_groups)
