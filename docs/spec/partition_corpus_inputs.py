"""Writes corpus/inputs/partitionConvex.json and corpus/inputs/mesh.json (inputs only;
the reference generator fills in the expected values). Run from the repository root:
`python3 docs/spec/partition_corpus_inputs.py`. tcIds are assigned in order of
appearance: append new cases at the end of a file, never insert (ids are never
renumbered)."""
import json

INF = "Infinity"; NINF = "-Infinity"; NAN = "NaN"


def sq(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def region(outlines, snap=0):
    return {"snapBits": snap, "outlines": outlines}


SQUARE = [[sq(0, 0, 2, 2)]]
L = [[[[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]]]
ANNULUS = [[sq(0, 0, 4, 4), sq(1, 1, 3, 3)]]
PINCH = [[sq(0, 0, 1, 1)], [sq(1, 1, 2, 2)]]
# 3×3 minus the centre and the corner cell (2,2): the hole touches the notch at (2,2).
PINCHED_HOLE = [[sq(0, 0, 3, 3), sq(1, 1, 2, 2), sq(2, 2, 3, 3)]]
STAIRS = [[[[0, 0], [3, 0], [3, 1], [2, 1], [2, 2], [1, 2], [1, 3], [0, 3]]]]
PLUS = [[[[1, 0], [2, 0], [2, 1], [3, 1], [3, 2], [2, 2], [2, 3], [1, 3], [1, 2], [0, 2],
          [0, 1], [1, 1]]]]
COMB = [[[[0, 0], [5, 0], [5, 2], [4, 2], [4, 1], [3, 1], [3, 2], [2, 2], [2, 1], [1, 1],
          [1, 2], [0, 2]]]]
OCTAGON = [[[[3, 0], [6, 0], [9, 3], [9, 6], [6, 9], [3, 9], [0, 6], [0, 3]]]]
# Two cells' worth of overlapping squares: union into one outline.
OVERLAP = [[sq(0, 0, 3, 2)], [sq(1, 1, 4, 3)]]
# A 2×2 grid of cells as four separate outlines: the union is one square, the shared
# sides vanish ([R4] drops the collinear midpoints).
CELLS_2X2 = [[sq(0, 0, 1, 1)], [sq(1, 0, 2, 1)], [sq(0, 1, 1, 2)], [sq(1, 1, 2, 2)]]
# Large coordinates with a nearly straight corner (exact orientation decides).
B = 2097152.0
# (0, ±2^-16) is one grid unit off the diagonal: orientation ±2^38 against products 2^75.
DART_CONVEX = [[[[-B, -B], [B, -B], [B, B], [0.0, 0.0000152587890625]]]]
DART_REFLEX = [[[[-B, -B], [B, -B], [B, B], [0.0, -0.0000152587890625]]]]
SNAPPED = [[[[0.1, 0.1], [2.3, 0.2], [2.6, 1.7], [1.2, 2.9], [-0.4, 1.5]]]]


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

    def write(self):
        data = {"op": self.op, "notes": self.notes, "testGroups": self.groups}
        with open(f"corpus/inputs/{self.op}.json", "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")


def partition_file():
    f = File("partitionConvex", {
        "Cocircular": "cocircular vertices: the triangulation's diagonal choice shows",
        "Hole": "a region with a hole",
        "Pinch": "rings touching at a vertex",
        "Straight": "a join leaves a straight corner (weakly convex polygon)",
        "Limit": "the vertex limit stops joins",
        "TileMap": "tile-map-like axis-parallel input",
        "Snapped": "fractional coordinates snapped at snapBits > 0",
        "Huge": "coordinates at the public limit 2^21",
        "Empty": "empty region",
        "Error": "the input is rejected",
    })
    f.group("square and L: hand-derived in reference/tests/partition_reference.rs")
    f.add("square, limit 6: the two triangles join", ["Cocircular"],
          region=region(SQUARE), maxVertices=6)
    f.add("square, limit 3: no join fits", ["Cocircular", "Limit"],
          region=region(SQUARE), maxVertices=3)
    f.add("L, limit 6: the first diagonal leaves a straight corner, the others are refused",
          ["Straight"], region=region(L), maxVertices=6)
    f.add("L, limit 4", ["Straight"], region=region(L), maxVertices=4)
    f.add("L, limit 3", ["Limit"], region=region(L), maxVertices=3)
    f.group("holes and pinches")
    f.add("square annulus, limit 4: four trapezoids", ["Hole", "Cocircular"],
          region=region(ANNULUS), maxVertices=4)
    f.add("square annulus, limit 16", ["Hole", "Cocircular"],
          region=region(ANNULUS), maxVertices=16)
    f.add("two squares touching at a corner", ["Pinch", "TileMap"],
          region=region(PINCH), maxVertices=6)
    f.add("hole touching a notch at one vertex", ["Pinch", "Hole", "TileMap"],
          region=region(PINCHED_HOLE), maxVertices=6)
    f.add("hole touching a notch at one vertex, limit 3", ["Pinch", "Hole", "Limit"],
          region=region(PINCHED_HOLE), maxVertices=3)
    f.group("cocircular tile shapes")
    f.add("staircase, limit 6", ["Cocircular", "TileMap"], region=region(STAIRS),
          maxVertices=6)
    f.add("staircase, limit 4", ["Cocircular", "TileMap", "Limit"],
          region=region(STAIRS), maxVertices=4)
    f.add("plus, limit 4", ["Cocircular", "TileMap", "Limit"], region=region(PLUS),
          maxVertices=4)
    f.add("plus, limit 16", ["Cocircular", "TileMap"], region=region(PLUS),
          maxVertices=16)
    f.add("comb, limit 6", ["Cocircular", "TileMap"], region=region(COMB), maxVertices=6)
    f.add("four unit cells as outlines: one square", ["Cocircular", "TileMap"],
          region=region(CELLS_2X2), maxVertices=6)
    f.add("two overlapping rectangles", ["TileMap"], region=region(OVERLAP),
          maxVertices=6)
    f.group("other shapes and limits")
    f.add("octagon, limit 4", ["Limit"], region=region(OCTAGON), maxVertices=4)
    f.add("octagon, limit 5", ["Limit"], region=region(OCTAGON), maxVertices=5)
    f.add("octagon, limit 8: one polygon", [], region=region(OCTAGON), maxVertices=8)
    f.add("snapped pentagon at snapBits 4", ["Snapped"], region=region(SNAPPED, 4),
          maxVertices=6)
    f.add("quadrilateral at ±2^21, one grid unit from a triangle: convex, one polygon",
          ["Huge", "Snapped"], region=region(DART_CONVEX, 16), maxVertices=6)
    f.add("dart at ±2^21, reflex by one grid unit: two triangles stay",
          ["Huge", "Snapped"], region=region(DART_REFLEX, 16), maxVertices=6)
    f.add("empty region", ["Empty"], region=region([]), maxVertices=6)
    f.group("errors: the region first, then the limit")
    f.add("limit 2", ["Error"], region=region(SQUARE), maxVertices=2)
    f.add("limit 17", ["Error"], region=region(SQUARE), maxVertices=17)
    f.add("limit 0 on an empty region", ["Error", "Empty"], region=region([]),
          maxVertices=0)
    f.add("limit −1", ["Error"], region=region(SQUARE), maxVertices=-1)
    f.add("bad snap bits before a bad limit", ["Error"],
          region=region(SQUARE, 17), maxVertices=2)
    f.add("a two-vertex ring before a bad limit", ["Error"],
          region=region([[[[0, 0], [1, 0]]]]), maxVertices=17)
    f.add("an out-of-range coordinate before a bad limit", ["Error"],
          region=region([[[[0, 0], [INF, 0], [0, 1]]]]), maxVertices=2)
    f.write()


def tile_map(rows, cell=1.0, origin=(0.0, 0.0)):
    """rows[0] is y = 0; '#' is solid."""
    cells = [1 if c == "#" else 0 for r in rows for c in r]
    return {"width": len(rows[0]), "height": len(rows), "cellSize": cell,
            "origin": list(origin), "cells": cells}


PILLAR_ROOM = ["#####", "#####", "##.##", "#####", "#####"]
CORRIDOR = ["######"]
MAZE = ["#.###", "#.#.#", "###.#", "..#.#", "###.#"]
DIAGONAL = ["#.", ".#"]


def hall():
    rows = [["#"] * 20 for _ in range(16)]
    for x, y in [(6, 5), (13, 10), (14, 10), (0, 8), (19, 3), (9, 15)]:
        rows[y][x] = "."
    return ["".join(r) for r in rows]


HALL = hall()
DIAGONALS = ["#.#.", ".#.#", "#.#.", "####"]
ROOMS = ["###.###", "###.###", "#######", "###.###", "###.###"]
NOISY = ["############", "#####.######", "##.#########", "###########.",
         "############", "######.#####", "#.##########", "############",
         "########.###", "############"]


def partition_mesh_file():
    f = File("mesh", {
        "TileMap": "the source is a tile map",
        "Outlines": "the source is outlines with a cellSize",
        "Shrink": "agentRadius > 0: the region is shrunk first ([S7] arc tolerance)",
        "Pinch": "diagonal pinch points in the tile map",
        "Hole": "the region has a hole",
        "Empty": "the result is empty",
        "Error": "the input is rejected",
    })

    def mesh(comment, flags, snap, radius, k, *, tiles=None, outlines=None, cell=None):
        fields = {"snapBits": snap}
        if tiles is not None:
            fields["tileMap"] = tiles
        else:
            fields["outlines"] = outlines
            fields["cellSize"] = cell
        fields["agentRadius"] = radius
        fields["maxVertices"] = k
        f.add(comment, flags, **fields)

    f.group("tile maps, radius 0")
    mesh("pillar room: four trapezoids", ["TileMap", "Hole"], 0, 0.0, 6,
         tiles=tile_map(PILLAR_ROOM))
    mesh("corridor 6×1", ["TileMap"], 0, 0.0, 6, tiles=tile_map(CORRIDOR))
    mesh("maze", ["TileMap"], 0, 0.0, 6, tiles=tile_map(MAZE))
    mesh("maze, limit 3", ["TileMap"], 0, 0.0, 3, tiles=tile_map(MAZE))
    mesh("diagonal pinch", ["TileMap", "Pinch"], 0, 0.0, 6, tiles=tile_map(DIAGONAL))
    mesh("diagonal pinches in a comb", ["TileMap", "Pinch"], 0, 0.0, 6,
         tiles=tile_map(DIAGONALS))
    mesh("rooms and doors, limit 16", ["TileMap"], 0, -0.0, 16, tiles=tile_map(ROOMS))
    f.group("tile maps, radius > 0")
    mesh("pillar room, radius 0.3, snapBits 4", ["TileMap", "Hole", "Shrink"], 4, 0.3, 6,
         tiles=tile_map(PILLAR_ROOM))
    mesh("corridor, radius 0.25", ["TileMap", "Shrink"], 4, 0.25, 6,
         tiles=tile_map(CORRIDOR))
    mesh("maze, radius 0.2, snapBits 3, limit 4", ["TileMap", "Shrink"], 3, 0.2, 4,
         tiles=tile_map(MAZE))
    mesh("diagonal pinches, radius 0.1: the pinch opens", ["TileMap", "Pinch", "Shrink"],
         4, 0.1, 6, tiles=tile_map(DIAGONALS))
    mesh("rooms, cell 0.25, off-grid origin, radius 0.3", ["TileMap", "Shrink"], 8, 0.3, 6,
         tiles=tile_map(ROOMS, 0.25, (-1.5, 2.25)))
    mesh("20×16 hall, cell 0.25, radius 0.8: tolerance 0.0825·r (octagon arcs)",
         ["TileMap", "Shrink", "Hole"], 6, 0.8, 6, tiles=tile_map(HALL, 0.25))
    mesh("noisy 12×10 map, cell 0.25, radius 0.3: quarter-cell tolerance",
         ["TileMap", "Shrink", "Hole"], 6, 0.3, 6, tiles=tile_map(NOISY, 0.25))
    mesh("noisy 12×10 map, cell 0.25, radius 0.3, limit 3",
         ["TileMap", "Shrink", "Hole"], 6, 0.3, 3, tiles=tile_map(NOISY, 0.25))
    mesh("room 4×4 at radius 3: nothing left", ["TileMap", "Shrink", "Empty"], 2, 3.0, 6,
         tiles=tile_map(["####"] * 4))
    mesh("radius exactly 2^20 is legal: nothing left", ["TileMap", "Shrink", "Empty"], 0,
         1048576.0, 6, tiles=tile_map(["##", "##"]))
    f.group("outlines with a cell size")
    mesh("room with a pillar, radius 0", ["Outlines", "Hole"], 0, 0.0, 6,
         outlines=[[sq(0, 0, 10, 10), sq(4, 4, 6, 6)]], cell=1.0)
    mesh("room with a pillar, radius 0.5, cell 0.5", ["Outlines", "Hole", "Shrink"], 4,
         0.5, 6, outlines=[[sq(0, 0, 10, 10), sq(4, 4, 6, 6)]], cell=0.5)
    mesh("L corridor, radius 0.75, cell 2 (quarter-cell tolerance)",
         ["Outlines", "Shrink"], 3, 0.75, 6,
         outlines=[[[[0, 0], [6, 0], [6, 2], [2, 2], [2, 6], [0, 6]]]], cell=2.0)
    f.group("errors, first failure of X18's order")
    base = tile_map(PILLAR_ROOM)
    mesh("snap bits 17", ["Error"], 17, -1.0, 2, tiles=base)
    mesh("cells of the wrong length", ["Error", "TileMap"], 0, -1.0, 2,
         tiles={**base, "cells": [1, 1, 1]})
    mesh("negative width after snap bits", ["Error", "TileMap"], 0, 0.0, 6,
         tiles={**base, "width": -5})
    mesh("tile map cell size NaN: invalid argument cell_size (X5: one condition)", ["Error", "TileMap"], 0, 0.0, 6,
         tiles={**base, "cellSize": NAN})
    mesh("tile map cell size below one grid unit", ["Error", "TileMap"], 2, 0.0, 6,
         tiles={**base, "cellSize": 0.125})
    mesh("negative radius", ["Error", "TileMap"], 0, -0.5, 6, tiles=base)
    mesh("radius −∞ is negative", ["Error", "TileMap"], 0, NINF, 6, tiles=base)
    mesh("NaN radius", ["Error", "TileMap"], 0, NAN, 6, tiles=base)
    mesh("radius +∞", ["Error", "TileMap"], 0, INF, 6, tiles=base)
    mesh("radius above 2^20", ["Error", "TileMap"], 0, 1048577.0, 6, tiles=base)
    mesh("maxVertices 2", ["Error", "TileMap"], 0, 0.0, 2, tiles=base)
    mesh("maxVertices 17", ["Error", "TileMap"], 4, 0.3, 17, tiles=base)
    mesh("negative radius before maxVertices 2", ["Error", "TileMap"], 0, -1.0, 2,
         tiles=base)
    mesh("outlines: cell size NaN", ["Error", "Outlines"], 0, 0.0, 6,
         outlines=SQUARE, cell=NAN)
    mesh("outlines: cell size +∞", ["Error", "Outlines"], 0, 0.0, 6,
         outlines=SQUARE, cell=INF)
    mesh("outlines: cell size 0", ["Error", "Outlines"], 0, 0.0, 6, outlines=SQUARE,
         cell=0.0)
    mesh("outlines: cell size before a negative radius", ["Error", "Outlines"], 0, -1.0, 6,
         outlines=SQUARE, cell=-1.0)
    mesh("outlines: a two-vertex ring before the cell size", ["Error", "Outlines"], 0,
         0.0, 6, outlines=[[[[0, 0], [1, 0]]]], cell=NAN)
    f.write()


partition_file()
partition_mesh_file()
