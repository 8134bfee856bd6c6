"""Writes corpus/inputs/offset.json and corpus/inputs/shrink.json (inputs only; the
reference generator fills in the expected values). Run from the repository root:
`python3 docs/spec/offset_corpus_inputs.py`."""
import json, math, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from offset_constructions import choose_sides  # noqa: E402

INF = "Infinity"; NINF = "-Infinity"; NAN = "NaN"
NEXT_AFTER_2_20 = math.nextafter(1048576.0, math.inf)

def sq(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]

def region(outlines, snap=4):
    return {"snapBits": snap, "outlines": outlines}

UNIT = region([[sq(0, 0, 1, 1)]])
L = [[[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]]
U = [[[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]]]
PLUS = [[[1, 0], [2, 0], [2, 1], [3, 1], [3, 2], [2, 2], [2, 3], [1, 3], [1, 2], [0, 2], [0, 1], [1, 1]]]
HOLE = [sq(0, 0, 4, 4), sq(1, 1, 3, 3)]
PILLAR_ROOM = [sq(0, 0, 10, 10), sq(4, 4, 6, 6)]
TWO_PILLARS = [sq(0, 0, 12, 8), sq(3, 3, 5, 5), sq(7, 3, 9, 5)]
GAP = [[sq(0, 0, 2, 2)], [sq(2.125, 0, 4, 2)]]
STRIP = [[sq(0, 0, 10, 0.25)]]
TRIANGLE = [[[0, 0], [3, 0], [0, 4]]]
DIAMOND = [[[2, 0], [4, 2], [2, 4], [0, 2]]]
ACUTE = [[[0, 0], [10, 1], [0, 2]]]
STAIRS = [[[0, 0], [4, 0], [4, 1], [3, 1], [3, 2], [2, 2], [2, 3], [1, 3], [1, 4], [0, 4]]]
CHECKER = [[sq(0, 0, 1, 1)], [sq(1, 1, 2, 2)]]  # two squares touching at a corner
# A hole touching the outer boundary at one vertex (one ring passing (2,0) twice).
TOUCHING_HOLE = [sq(0, 0, 4, 4), [[2, 0], [1, 1], [2, 2], [3, 1]]]
# Two thin triangular holes meeting at P = (32, 32) (the engine's unit test, snap 0).
TWIN_SPIKES = [sq(0, 0, 64, 64), [[32, 32], [48, 40], [48, 44]], [[32, 32], [40, 48], [44, 48]]]
CORRIDOR = [[sq(0, 0, 4, 4)], [sq(4, 1.75, 10, 2.25)], [sq(10, 0, 14, 4)]]
BIG = 2097152.0
CORNERS_AT_LIMIT = [[sq(-BIG, -BIG, -BIG + 1, -BIG + 1)], [sq(BIG - 1, BIG - 1, BIG, BIG)]]

class File:
    def __init__(self, op, notes):
        self.op, self.notes, self.groups, self.next_id = op, notes, [], 1
    def group(self, comment):
        self.groups.append({"comment": comment, "tests": []})
    def add(self, comment, flags, **fields):
        for f in flags:
            assert f in self.notes, f
        self.groups[-1]["tests"].append({
            "tcId": self.next_id, "comment": comment, "flags": flags,
            "input": {"op": self.op, **fields}})
        self.next_id += 1
    def write(self, path):
        with open(path, "w") as out:
            json.dump({"op": self.op, "notes": self.notes, "testGroups": self.groups}, out, indent=1)
            out.write("\n")

notes_common = {
    "RoundJoin": "round join: edge rectangles and circumscribed m-gons at every vertex ([O2])",
    "SquareJoin": "square join: hull of the squares of half side max(1, round(r)) at the edge ends ([O5], X13)",
    "Grow": "positive distance: region union S",
    "ShrinkOffset": "negative distance: region minus S",
    "ArcTolerance": "the arc tolerance selects m (8..256) by X12's rule",
    "RoundingTie": "an offset coordinate is exactly half-way between grid points: round half to even on its own (X11)",
    "Diagonal": "edges that are not axis-parallel: normals from sqrt and division (X11)",
    "Hole": "a region with a hole",
    "ThinFeature": "a part thinner than twice the distance vanishes",
    "NarrowGap": "a gap narrower than twice the distance closes",
    "PinchVertex": "a ring passes the same vertex twice, or rings touch at a vertex (X6)",
    "ZeroDistance": "distance or radius 0 (or -0.0) returns the region unchanged",
    "EmptyRegion": "the region has no rings",
    "Bounds": "values at the documented limits (coordinates 2^21, distance 2^20), still legal",
    "InvalidArgument": "an invalid-argument error (X3)",
    "OutOfRange": "an out-of-range error (X3)",
    "ValidationOrder": "several arguments are bad: the first in X3's order is reported",
    "SnapBits": "a snap bits value other than the default 4 used here",
}

# ---------------------------------------------------------------- offset
off = File("offset", dict(notes_common))

def O(comment, flags, reg, distance, join="round", tol=0.0):
    off.add(comment, flags, region=reg, distance=distance, join=join, arcTolerance=tol)

off.group("Round join, growing and shrinking simple shapes (snap bits 4)")
O("unit square grown by 1", ["RoundJoin", "Grow"], UNIT, 1.0)
O("unit square grown by 0.25", ["RoundJoin", "Grow"], UNIT, 0.25)
O("unit square shrunk by 0.25", ["RoundJoin", "ShrinkOffset"], UNIT, -0.25)
O("unit square shrunk by 0.5: nothing left", ["RoundJoin", "ShrinkOffset", "ThinFeature"], UNIT, -0.5)
O("L grown by 0.5", ["RoundJoin", "Grow"], region([L]), 0.5)
O("L shrunk by 0.25", ["RoundJoin", "ShrinkOffset"], region([L]), -0.25)
O("U grown by 0.5: the slot closes", ["RoundJoin", "Grow", "NarrowGap"], region([U]), 0.5)
O("plus grown by 0.3", ["RoundJoin", "Grow"], region([PLUS]), 0.3)
O("square with hole grown by 0.5 (hole shrinks)", ["RoundJoin", "Grow", "Hole"], region([HOLE]), 0.5)
O("square with hole grown by 1: hole closes", ["RoundJoin", "Grow", "Hole", "NarrowGap"], region([HOLE]), 1.0)
O("square with hole shrunk by 0.25", ["RoundJoin", "ShrinkOffset", "Hole"], region([HOLE]), -0.25)
O("two squares 0.125 apart grown by 0.0625: gap closes exactly", ["RoundJoin", "Grow", "NarrowGap"], region(GAP), 0.0625)
O("two squares 0.125 apart grown by 0.03125: gap stays", ["RoundJoin", "Grow"], region(GAP), 0.03125)
O("strip 0.25 thick shrunk by 0.125: vanishes", ["RoundJoin", "ShrinkOffset", "ThinFeature"], region(STRIP), -0.125)
O("strip 0.25 thick shrunk by 0.0625", ["RoundJoin", "ShrinkOffset"], region(STRIP), -0.0625)
O("squares touching at a corner grown by 0.25", ["RoundJoin", "Grow", "PinchVertex"], region(CHECKER), 0.25)
O("hole touching the outer boundary, shrunk by 0.25", ["RoundJoin", "ShrinkOffset", "PinchVertex", "Hole"], region([TOUCHING_HOLE]), -0.25)
O("corridor between rooms shrunk by 0.25: corridor vanishes", ["RoundJoin", "ShrinkOffset", "ThinFeature"], region(CORRIDOR), -0.25)

off.group("Diagonal edges")
O("3-4-5 triangle grown by 0.5", ["RoundJoin", "Grow", "Diagonal"], region([TRIANGLE]), 0.5)
O("3-4-5 triangle shrunk by 0.5", ["RoundJoin", "ShrinkOffset", "Diagonal"], region([TRIANGLE]), -0.5)
O("diamond grown by 1 at snap bits 0", ["RoundJoin", "Grow", "Diagonal", "SnapBits"], region([DIAMOND], 0), 1.0)
O("acute sliver grown by 0.75", ["RoundJoin", "Grow", "Diagonal"], region([ACUTE]), 0.75)
O("acute sliver shrunk by 0.5", ["RoundJoin", "ShrinkOffset", "Diagonal", "ThinFeature"], region([ACUTE]), -0.5)
O("diamond square join", ["SquareJoin", "Grow", "Diagonal"], region([DIAMOND]), 0.75, "square")
O("triangle square join shrink", ["SquareJoin", "ShrinkOffset", "Diagonal"], region([TRIANGLE]), -0.5, "square")

off.group("Square join")
O("unit square grown by 1", ["SquareJoin", "Grow"], UNIT, 1.0, "square")
O("unit square shrunk by 0.25", ["SquareJoin", "ShrinkOffset"], UNIT, -0.25, "square")
O("L grown by 0.5", ["SquareJoin", "Grow"], region([L]), 0.5, "square")
O("square with hole shrunk by 0.5", ["SquareJoin", "ShrinkOffset", "Hole"], region([HOLE]), -0.5, "square")
O("stairs grown by 0.25", ["SquareJoin", "Grow"], region([STAIRS]), 0.25, "square")
O("half side max(1, round(r)): r = 0.25 grid units gives 1", ["SquareJoin", "Grow", "SnapBits"], region([sq(0, 0, 4, 4)], 0), 0.25, "square")
O("half side round(2.5) = 2", ["SquareJoin", "Grow", "RoundingTie", "SnapBits"], region([sq(0, 0, 4, 4)], 0), 2.5, "square")
O("half side round(3.5) = 4", ["SquareJoin", "Grow", "RoundingTie", "SnapBits"], region([sq(0, 0, 4, 4)], 0), 3.5, "square")
O("square join ignores the arc tolerance", ["SquareJoin", "Grow", "ArcTolerance"], UNIT, 1.0, "square", 0.001)

off.group("Rounding ties of offset vectors (snap bits 0)")
for d in [0.5, 1.5, 2.5, -0.5, -1.5]:
    O(f"axis-parallel square, distance {d}: r = {abs(d)} exactly half-way",
      ["RoundJoin", "RoundingTie", "SnapBits"] + (["Grow"] if d > 0 else ["ShrinkOffset"]),
      region([sq(0, 0, 8, 8)], 0), d)
O("odd corner coordinates with a tie", ["RoundJoin", "RoundingTie", "SnapBits", "Grow"], region([sq(1, 3, 7, 9)], 0), 0.5)

off.group("Arc tolerance and the number of sides m (X12); m as computed by docs/spec/offset_constructions.py")

def sides_for(distance, snap, tol_public):
    r = abs(distance) * 2.0 ** snap
    t = tol_public * 2.0 ** snap
    return choose_sides(r, t if t >= 1.0 else max(1.0, r / 128.0))

for tol in [0.0, -0.0, 1e-9, math.nextafter(1.0 / 256.0, 0.0), 1.0 / 256.0, 1.0 / 32.0,
            0.125, 0.5, 2.0, 8.0, 1e300]:
    O(f"unit square grown by 64 at snap bits 8 (r = 16384), arc tolerance {tol!r}: m = {sides_for(64.0, 8, tol)}",
      ["RoundJoin", "Grow", "ArcTolerance", "SnapBits"], region([sq(0, 0, 1, 1)], 8), 64.0, "round", tol)
O(f"radius 100 at snap bits 16, tolerance one grid unit: m = {sides_for(100.0, 16, 2.0 ** -16)}",
  ["RoundJoin", "Grow", "ArcTolerance", "SnapBits"], region([[[0, 0], [1, 0], [0, 1]]], 16), 100.0, "round", 2.0 ** -16)
O(f"radius 100 at snap bits 16, tolerance 0: m = {sides_for(100.0, 16, 0.0)}",
  ["RoundJoin", "Grow", "ArcTolerance", "SnapBits"], region([[[0, 0], [1, 0], [0, 1]]], 16), 100.0, "round", 0.0)

off.group("Zero, empty region, limits")
O("distance 0 returns the region", ["ZeroDistance"], region([L]), 0.0)
O("distance -0.0 returns the region", ["ZeroDistance"], region([L]), -0.0, "square")
O("empty region", ["EmptyRegion", "Grow", "RoundJoin"], region([]), 5.0)
O("distance 2^20 at coordinates ±2^21 (points reach exactly ±(2^21 + 2^20))",
  ["Bounds", "RoundJoin", "Grow", "SnapBits"], region(CORNERS_AT_LIMIT, 0), 1048576.0)
O("distance 2^20 square join at ±2^21", ["Bounds", "SquareJoin", "Grow", "SnapBits"],
  region(CORNERS_AT_LIMIT, 16), 1048576.0, "square")
O("distance -2^20 removes everything", ["Bounds", "RoundJoin", "ShrinkOffset"], region([HOLE]), -1048576.0)
O("tiny distance: offsets round to zero", ["RoundJoin", "Grow"], region([DIAMOND]), 1e-300)

off.group("Argument errors (X3)")
for d, what in [(NAN, "NaN"), (INF, "+inf"), (NINF, "-inf"), (NEXT_AFTER_2_20, "2^20 + 1 ulp"),
                (-NEXT_AFTER_2_20, "-(2^20 + 1 ulp)"), (1e300, "1e300")]:
    O(f"distance {what}", ["OutOfRange"], UNIT, d)
for j in ["mitre", "Round", ""]:
    O(f"join {j!r}", ["InvalidArgument"], UNIT, 1.0, j)
for t, what in [(-1.0, "-1"), (-5e-324, "smallest negative"), (NAN, "NaN"), (INF, "+inf"), (NINF, "-inf")]:
    O(f"arc tolerance {what}", ["InvalidArgument"], UNIT, 1.0, "round", t)
O("arc tolerance checked even with distance 0", ["InvalidArgument", "ZeroDistance"], UNIT, 0.0, "round", -1.0)
O("bad distance before bad join", ["OutOfRange", "ValidationOrder"], UNIT, NAN, "mitre", -1.0)
O("bad join before bad arc tolerance", ["InvalidArgument", "ValidationOrder"], UNIT, 1.0, "mitre", -1.0)
O("bad snap bits before bad distance", ["InvalidArgument", "ValidationOrder"], region([sq(0, 0, 1, 1)], 17), NAN)
O("bad outline coordinate before bad distance", ["OutOfRange", "ValidationOrder"], region([[[[0, 0], [1, 0], [INF, 1]]]]), NAN)

off.write("corpus/inputs/offset.json")

# ---------------------------------------------------------------- shrink
notes_shrink = {k: v for k, v in notes_common.items() if k not in ("RoundJoin", "SquareJoin", "Grow", "ShrinkOffset")}
notes_shrink.update({
    "Convex": "every vertex turns left: rectangles only, no sectors ([S4])",
    "Reflex": "reflex vertices get equal-area sectors ([S3], [E1]-[E5])",
    "SectorBoundary": "rounded ring vertices lie exactly on a sector side and are left out (X14)",
    "PipelineTolerance": "arc tolerance as the pipeline passes it: max(cell/4, min(0.0825 radius, cell/2)) ([S7])",
    "TinyRadius": "a radius of a few grid units or less: rounded vectors and ring vertices collapse",
})
shr = File("shrink", notes_shrink)

def S(comment, flags, reg, radius, tol=0.0):
    shr.add(comment, flags, region=reg, radius=radius, arcTolerance=tol)

def pipe(cell, radius):
    return max(cell / 4.0, min(0.0825 * radius, cell / 2.0))

shr.group("Convex shapes: rectangles only")
S("unit square, radius 0.25", ["Convex"], UNIT, 0.25)
S("unit square, radius 0.5: nothing left", ["Convex", "ThinFeature"], UNIT, 0.5)
S("triangle, radius 0.5", ["Convex", "Diagonal"], region([TRIANGLE]), 0.5)
S("diamond, radius 0.75", ["Convex", "Diagonal"], region([DIAMOND]), 0.75)
S("acute sliver, radius 0.25", ["Convex", "Diagonal"], region([ACUTE]), 0.25)
S("strip thinner than twice the radius vanishes", ["Convex", "ThinFeature"], region(STRIP), 0.125)
S("two squares touching at a corner", ["Convex", "PinchVertex"], region(CHECKER), 0.125)

shr.group("Reflex vertices: equal-area sectors")
S("L, radius 0.25", ["Reflex"], region([L]), 0.25)
S("L, radius 0.75: sector reaches the eroded corner", ["Reflex"], region([L]), 0.75)
S("U, radius 0.25", ["Reflex"], region([U]), 0.25)
S("plus, radius 0.3", ["Reflex"], region([PLUS]), 0.3)
S("stairs, radius 0.25", ["Reflex"], region([STAIRS]), 0.25)
S("square with hole (hole corners are reflex), radius 0.5", ["Reflex", "Hole"], region([HOLE]), 0.5)
S("pillar room, radius 1", ["Reflex", "Hole"], region([PILLAR_ROOM]), 1.0)
S("pillar room, radius 2 at snap bits 8", ["Reflex", "Hole", "SnapBits"], region([PILLAR_ROOM], 8), 2.0)
S("two pillars, radius 1: the cusp between them", ["Reflex", "Hole"], region([TWO_PILLARS]), 1.0)
S("two pillars, radius 1.5: the passage between them closes", ["Reflex", "Hole", "NarrowGap"], region([TWO_PILLARS]), 1.5)
S("corridor between rooms, radius 0.25: corridor vanishes", ["Reflex", "ThinFeature"], region(CORRIDOR), 0.25)
S("corridor between rooms, radius 0.125", ["Reflex"], region(CORRIDOR), 0.125)
S("hole touching the outer boundary", ["Reflex", "Hole", "PinchVertex"], region([TOUCHING_HOLE]), 0.25)
S("twin spike holes meeting at a point: one pass reflex, one not; ring vertices on both sector sides",
  ["Reflex", "Hole", "PinchVertex", "SectorBoundary", "Diagonal", "SnapBits"], region([TWIN_SPIKES], 0), 2.0)
S("twin spike holes, radius 6", ["Reflex", "Hole", "PinchVertex", "Diagonal", "SnapBits"], region([TWIN_SPIKES], 0), 6.0)
S("reflex vertex of a slanted notch", ["Reflex", "Diagonal"], region([[[0, 0], [6, 0], [6, 6], [3, 2], [0, 6]]]), 0.5)

shr.group("Arc tolerance, pipeline tolerance and m")
for cell, radius in [(0.25, 1.0), (0.25, 0.5), (0.25, 4.0), (0.5, 1.0), (1.0, 0.4)]:
    S(f"pillar room, cell {cell}, radius {radius}, pipeline tolerance: m = {sides_for(radius, 16, pipe(cell, radius))}",
      ["Reflex", "Hole", "PipelineTolerance", "ArcTolerance", "SnapBits"], region([PILLAR_ROOM], 16), radius, pipe(cell, radius))
for tol in [1e-9, 0.001, 1.0 / 256.0, 1e300]:
    S(f"pillar room, radius 1, arc tolerance {tol!r}: m = {sides_for(1.0, 8, tol)}", ["Reflex", "Hole", "ArcTolerance", "SnapBits"],
      region([PILLAR_ROOM], 8), 1.0, tol)

shr.group("Tiny radii, zero, empty, limits")
S("radius of one grid unit at snap bits 0", ["Reflex", "TinyRadius", "SnapBits"], region([[[0, 0], [20, 0], [20, 10], [10, 10], [10, 20], [0, 20]]], 0), 1.0)
S("radius 0.5 grid units: rectangle offsets tie to 0", ["Reflex", "TinyRadius", "RoundingTie", "SnapBits"], region([[[0, 0], [20, 0], [20, 10], [10, 10], [10, 20], [0, 20]]], 0), 0.5)
S("radius 1.5 grid units: ties to 2", ["Reflex", "TinyRadius", "RoundingTie", "SnapBits"], region([[[0, 0], [20, 0], [20, 10], [10, 10], [10, 20], [0, 20]]], 0), 1.5)
S("radius 1e-300", ["Reflex", "TinyRadius"], region([L]), 1e-300)
S("radius 0 returns the region", ["ZeroDistance"], region([L]), 0.0)
S("radius -0.0 returns the region", ["ZeroDistance"], region([L]), -0.0)
S("empty region", ["EmptyRegion"], region([]), 1.0)
S("radius 2^20 removes everything", ["Bounds", "Reflex", "Hole"], region([HOLE]), 1048576.0)
S("region at ±2^21, radius 0.25", ["Bounds", "Convex", "SnapBits"], region(CORNERS_AT_LIMIT, 16), 0.25)

shr.group("Argument errors (X3)")
for rd, what in [(-1.0, "-1"), (NINF, "-inf (negative first)"), (-5e-324, "smallest negative")]:
    S(f"radius {what}", ["InvalidArgument"], UNIT, rd)
for rd, what in [(NAN, "NaN"), (INF, "+inf"), (NEXT_AFTER_2_20, "2^20 + 1 ulp"), (1e300, "1e300")]:
    S(f"radius {what}", ["OutOfRange"], UNIT, rd)
for t, what in [(-1.0, "-1"), (NAN, "NaN"), (INF, "+inf")]:
    S(f"arc tolerance {what}", ["InvalidArgument"], UNIT, 0.25, t)
S("arc tolerance checked even with radius 0", ["InvalidArgument", "ZeroDistance"], UNIT, 0.0, -1.0)
S("negative radius before bad arc tolerance", ["InvalidArgument", "ValidationOrder"], UNIT, -1.0, NAN)
S("NaN radius before bad arc tolerance", ["OutOfRange", "ValidationOrder"], UNIT, NAN, -1.0)
S("bad snap bits before bad radius", ["InvalidArgument", "ValidationOrder"], region([sq(0, 0, 1, 1)], 17), -1.0)
shr.write("corpus/inputs/shrink.json")
print(off.next_id - 1, shr.next_id - 1)
