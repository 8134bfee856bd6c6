#!/usr/bin/env python3
"""A port of build2d's pipeline to Python: the protocol loop of docs/ports.md and
the ops `snap`, `orient`, `inCircle`, `crossing`, `pixel`, `arrangement`, `fromOutlines`,
`fromTileMap`, `union`, `intersection`, `difference`, `xor`, `offset`, `shrink`, `cdt`,
`triangulate`, `partitionConvex` and `mesh`, written from docs/specification.md (sections 1
and 3 to 15), docs/cdt.md and corpus/README.md by readers who had not read the engine or
the reference. The stage ops `boundary`, `offsetEdges` and `shrinkEdges` ("The stage ops"
in section 15) were added later, from the same text, by the session that also wrote them
into the engine and the reference: they reuse this port's own arrangement, labels and
pieces, but they are not a blind reading.

It is the example a port author starts from: a plain read-compute-write loop, every case
caught so that the session survives, malformed input answered as such, answers flushed
line by line. Python's integers are exact at any size, so the predicates need no filter
and no 128-bit type; `fractions.Fraction` rounds the snap exactly. The arrangement and
the labelling are brute force (every pair of fragments, every pixel, a ray per segment),
as the specification states them: slow on large inputs, exact on all. The constrained
Delaunay triangulation, the region triangulation and the convex partition live in cdt.py
beside this file (docs/cdt.md followed step by step, on plain lists); `mesh` chains them
after fromTileMap / fromOutlines and the shrink (X18).

    build2d conform --port 'python3 examples/ports/python/build2d_port.py'
    build2d conform --port 'python3 examples/ports/python/build2d_port.py' --random 500 --seed 1
"""

import bisect
import functools
import json
import math
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdt as cdt_module  # noqa: E402  (docs/cdt.md, X16, X17: the triangulation stages)

OPS = ["snap", "orient", "inCircle", "crossing", "pixel", "arrangement", "boundary",
       "fromOutlines", "fromTileMap", "union", "intersection", "difference", "xor", "offset",
       "shrink", "offsetEdges", "shrinkEdges", "cdt", "triangulate", "partitionConvex",
       "mesh"]
I64 = (-(2**63), 2**63 - 1)


class Malformed(Exception):
    """The case cannot be read as the op's input type (corpus/README.md, "malformed")."""


class TypedError(Exception):
    """One of the specification's errors ([X3]), as the JSON object the format writes."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


class TooLarge:
    """A JSON number token whose magnitude does not fit an f64 (`1e400`): legal JSON,
    malformed wherever a number is read."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def parse_number(text):
    value = float(text)
    return TooLarge(text) if value in (float("inf"), float("-inf")) else value


def refuse_constant(name):
    # `NaN` and `Infinity` as bare tokens are not JSON.
    raise ValueError(f"{name} is not JSON")


def parse_integer(text):
    # Section 19: `-0` is read as the float −0.0, so it is malformed where an integer is
    # expected and −0.0 where an f64 is.
    return -0.0 if text == "-0" else int(text)


def read_json(line):
    return json.loads(line, parse_float=parse_number, parse_int=parse_integer,
                      parse_constant=refuse_constant)


# ---- reading a case ---------------------------------------------------------------


def fields(case, names):
    """The case's fields, exactly `names` (missing or extra: malformed)."""
    if set(case) != set(names):
        raise Malformed(f"the fields are {sorted(case)}, expected {sorted(names)}")
    return [case[n] for n in names]


def integer(v):
    """A JSON integer token within i64 (`1.0`, `1e2` and booleans are not)."""
    if type(v) is not int or not I64[0] <= v <= I64[1]:
        raise Malformed(f"{v!r} is not an integer within i64")
    return v


def f64(v):
    """Any JSON number, or one of the strings for the non-finite values."""
    if type(v) is float:
        return v
    if type(v) is int:
        try:
            return float(v)
        except OverflowError:
            raise Malformed(f"{v} does not fit an f64") from None
    if type(v) is str and v in ("NaN", "Infinity", "-Infinity"):
        return float({"NaN": "nan", "Infinity": "inf", "-Infinity": "-inf"}[v])
    raise Malformed(f"{v!r} is not an f64")


def listed(v, n=None):
    if type(v) is not list or (n is not None and len(v) != n):
        raise Malformed(f"{v!r} is not a list" + (f" of {n}" if n is not None else ""))
    return v


def grid_point(v):
    x, y = listed(v, 2)
    return (integer(x), integer(y))


def f64_json(x):
    """An f64 as the format writes it: a number, or a string when not finite."""
    if x != x:
        return "NaN"
    if x in (float("inf"), float("-inf")):
        return "Infinity" if x > 0 else "-Infinity"
    return x


def within(points, bound, argument):
    """A grid-level op's coordinate bound: invalidArgument naming its field."""
    if any(abs(c) > bound for p in points for c in p):
        raise TypedError({"kind": "invalidArgument", "argument": argument})


# ---- the ops ------------------------------------------------------------------------


def check_snap_bits(bits):
    # [X4]: the first check of every op that takes snapBits.
    if not 0 <= bits <= 16:
        raise TypedError({"kind": "invalidArgument", "argument": "snapBits"})


def snapped(x, bits, name):
    """[G1] then [X4]: a public coordinate on the grid, or outOfRange at `name`."""
    if x != x or abs(x) > 2.0**21:
        raise TypedError({"kind": "outOfRange", "location": {"kind": "argument", "name": name},
                          "value": f64_json(x)})
    # x · 2^s is exact; round() on a Fraction rounds a half to the even integer.
    return round(Fraction(x) * 2**bits)


def snap(case):
    bits, values = fields(case, ["op", "snapBits", "values"])[1:]
    bits = integer(bits)
    values = [f64(v) for v in listed(values)]
    check_snap_bits(bits)
    return {"grid": [snapped(x, bits, f"values[{i}]") for i, x in enumerate(values)]}


def orient_sign(a, b, c):
    d = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (d > 0) - (d < 0)


def orient(case):
    points = [grid_point(p) for p in listed(fields(case, ["op", "points"])[1], 3)]
    within(points, 2**53, "points")
    return {"sign": orient_sign(*points)}


def in_circle(case):
    points = [grid_point(p) for p in listed(fields(case, ["op", "points"])[1], 4)]
    within(points, 2**53, "points")
    d = points[3]
    rows = [(p[0] - d[0], p[1] - d[1]) for p in points[:3]]
    rows = [(x, y, x * x + y * y) for x, y in rows]
    (a, b, c), (e, f, g), (h, i, j) = rows
    det = a * (f * j - g * i) - b * (e * j - g * h) + c * (e * i - f * h)
    return {"sign": (det > 0) - (det < 0)}


def segment(v):
    return [grid_point(p) for p in listed(v, 2)]


def rounded_crossing(a, b, c, d):
    """The pixel of the proper crossing of a–b and c–d, or None when they do not cross
    properly (X8)."""
    s1, s2 = orient_sign(a, b, c), orient_sign(a, b, d)
    s3, s4 = orient_sign(c, d, a), orient_sign(c, d, b)
    if not (s1 * s2 == -1 and s3 * s4 == -1):
        return None
    # The crossing a + t (b − a), t = cross(c − a, d − c) / cross(b − a, d − c), exactly,
    # then each coordinate p/q rounded to floor(p/q + 1/2).
    r = (b[0] - a[0], b[1] - a[1])
    s = (d[0] - c[0], d[1] - c[1])
    den = r[0] * s[1] - r[1] * s[0]
    num = (c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]
    if den < 0:
        den, num = -den, -num
    return tuple((2 * (a[k] * den + num * r[k]) + den) // (2 * den) for k in (0, 1))


def crossing(case):
    segments = [segment(s) for s in listed(fields(case, ["op", "segments"])[1], 2)]
    (a, b), (c, d) = segments
    within([a, b, c, d], 2**39, "segments")
    rounded = rounded_crossing(a, b, c, d)
    return {"proper": rounded is not None, "rounded": list(rounded) if rounded else None}


def pixel(case):
    seg, c = fields(case, ["op", "segment", "pixel"])[1:]
    a, b = segment(seg)
    c = grid_point(c)
    within([a, b], 2**39, "segment")
    within([c], 2**39, "pixel")
    return {"meets": meets(a, b, c)}


def meets(a, b, c):
    """Whether the closed segment a–b meets the half-open pixel of c (X8)."""
    # Clip t ∈ [0, 1] per axis against [c − ½, c + ½): (value, closed) bounds.
    low, high = (Fraction(0), True), (Fraction(1), True)

    def tighter_low(bound):
        nonlocal low
        if bound[0] > low[0] or (bound[0] == low[0] and not bound[1]):
            low = bound

    def tighter_high(bound):
        nonlocal high
        if bound[0] < high[0] or (bound[0] == high[0] and not bound[1]):
            high = bound

    for k in (0, 1):
        d = b[k] - a[k]
        lo_edge, hi_edge = Fraction(2 * c[k] - 1, 2), Fraction(2 * c[k] + 1, 2)
        if d == 0:
            if not lo_edge <= a[k] < hi_edge:
                return False
        elif d > 0:
            tighter_low(((lo_edge - a[k]) / d, True))
            tighter_high(((hi_edge - a[k]) / d, False))
        else:
            tighter_high(((lo_edge - a[k]) / d, True))
            tighter_low(((hi_edge - a[k]) / d, False))
    return low[0] < high[0] or (low[0] == high[0] and low[1] and high[1])


# ---- the arrangement (section 7) --------------------------------------------------------


def edge_list(v, point, field):
    """The edges of the arrangement op: objects with exactly `from`, `to`, `tag`."""
    edges = []
    for e in listed(v):
        if type(e) is not dict:
            raise Malformed(f"an edge is an object: {e!r}")
        a, b, tag = fields(e, ["from", "to", "tag"])
        edges.append((point(a), point(b), integer(tag)))
    return edges


def world_point(v):
    x, y = listed(v, 2)
    return (f64(x), f64(y))


def reroute(a, b, pixels):
    """a, then the pixels (other than a and b) that the closed segment a–b meets, in the
    order of X7 (projection on b − a, then (x, y)), then b."""
    d = (b[0] - a[0], b[1] - a[1])
    # Pixels whose centre is more than one unit outside the segment's box cannot meet it:
    # a filter on the candidates, not on the result ([C1]). `pixels` is sorted.
    box = [(min(a[k], b[k]) - 1, max(a[k], b[k]) + 1) for k in (0, 1)]
    lo = bisect.bisect_left(pixels, (box[0][0],))
    hi = bisect.bisect_right(pixels, (box[0][1], float("inf")))
    near = [c for c in pixels[lo:hi] if box[1][0] <= c[1] <= box[1][1]]
    met = [c for c in near if c != a and c != b and meets(a, b, c)]
    met.sort(key=lambda c: ((c[0] - a[0]) * d[0] + (c[1] - a[1]) * d[1], c))
    return [a] + met + [b]


def in_open_interior(a, b, p):
    return (orient_sign(a, b, p) == 0
            and (p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1]) > 0
            and (p[0] - b[0]) * (a[0] - b[0]) + (p[1] - b[1]) * (a[1] - b[1]) > 0)


def merged(pieces):
    """Identical directed fragments merged by adding their counts ([X9] allows it)."""
    counts = {}
    for u, v, n in pieces:
        old = counts.get((u, v), (0, 0))
        counts[(u, v)] = (old[0] + n[0], old[1] + n[1])
    return [(u, v, n) for (u, v), n in counts.items()]


def arrange(edges):
    """[A0]-[A5] with X7 and X9, brute force: the arrangement op's output."""
    segments = arranged_segments(edges)
    vertices = sorted({p for k in segments for p in k})
    index = {p: i for i, p in enumerate(vertices)}
    rows = sorted([index[a], index[b], n[0], n[1]] for (a, b), n in segments.items())
    return {"vertices": [list(p) for p in vertices], "segments": rows}


def crossings_of(segments):
    """The rounded proper crossings of all pairs of segments. Pairs whose x ranges are
    apart cannot cross, so the segments are swept by their smaller x: a filter on the
    candidate pairs, not on the result ([C1])."""
    spans = sorted((min(a[0], b[0]), max(a[0], b[0]), a, b) for a, b, _ in segments)
    found = set()
    for i, (_, right, a, b) in enumerate(spans):
        for left2, _, c, d in spans[i + 1:]:
            if left2 > right:
                break
            p = rounded_crossing(a, b, c, d)
            if p is not None:
                found.add(p)
    return found


def arranged_segments(edges):
    """The arrangement as {(A, B): (net0, net1)} with A < B in (x, y) order."""
    edges = [(a, b, n) for a, b, n in edges if a != b]                     # [A1]
    hot = {p for a, b, _ in edges for p in (a, b)} | crossings_of(edges)    # [A2]
    pieces = []
    hot = sorted(hot)
    for a, b, n in edges:                                                  # [A3]
        path = reroute(a, b, hot)
        pieces += [(u, v, n) for u, v in zip(path, path[1:])]
    pieces = merged(pieces)
    for _ in range(256):                                                   # [X9]
        crossings = sorted(crossings_of(pieces))
        changed = False
        rerouted = []
        for u, v, n in pieces:
            path = reroute(u, v, crossings)
            changed |= len(path) > 2
            rerouted += [(x, y, n) for x, y in zip(path, path[1:])]
        ends = sorted({p for u, v, _ in rerouted for p in (u, v)})
        split = []
        for u, v, n in rerouted:
            # Only the ends within the fragment's x range can lie in its interior.
            lo = bisect.bisect_left(ends, (min(u[0], v[0]),))
            hi = bisect.bisect_right(ends, (max(u[0], v[0]), float("inf")))
            inside = [p for p in ends[lo:hi] if in_open_interior(u, v, p)]
            changed |= bool(inside)
            d = (v[0] - u[0], v[1] - u[1])
            inside.sort(key=lambda p: (p[0] - u[0]) * d[0] + (p[1] - u[1]) * d[1])
            path = [u] + inside + [v]
            split += [(x, y, n) for x, y in zip(path, path[1:])]
        pieces = merged(split)
        if not changed:
            break
    else:
        raise TypedError({"kind": "geometryDefect"})
    nets = {}                                                              # [A5]
    for u, v, n in pieces:
        key, sign = ((u, v), 1) if u < v else ((v, u), -1)
        old = nets.get(key, (0, 0))
        nets[key] = (old[0] + sign * n[0], old[1] + sign * n[1])
    return {k: n for k, n in nets.items() if n != (0, 0)}


# ---- labelling and tracing (sections 5 and 8) ------------------------------------------


def right_windings(segments, s):
    """The windings of the face on the right of segment s = (u, v), u < v ([L1]): the sum
    of the nets of the segments below a point just right of s's midpoint m, found by a
    ray straight down. A segment t = (a, b) counts when a.x ≤ m.x < b.x (half-open, so a
    ray through a vertex counts each chain once; vertical segments never) and it passes
    below m there. Just below m for a sloped s, just right of m for a vertical one: no
    segment lies between, since segments meet only at their ends."""
    (u, v) = s
    mx2, my2 = u[0] + v[0], u[1] + v[1]  # 2m, kept in integers
    w0 = w1 = 0
    for t, n in segments.items():
        if t == s:
            continue
        a, b = t
        if not (2 * a[0] <= mx2 < 2 * b[0]):
            continue
        # y of t at x = m.x, compared with m.y: (y_t − m.y) · 2 (b.x − a.x) < 0.
        dx = b[0] - a[0]
        if (2 * a[1] * dx + (b[1] - a[1]) * (mx2 - 2 * a[0])) - my2 * dx < 0:
            w0, w1 = w0 + n[0], w1 + n[1]
    return (w0, w1)


INSIDE = {
    "evenOdd": lambda w: w[0] % 2 == 1,
    "union": lambda w: w[0] > 0 or w[1] > 0,
    "intersection": lambda w: w[0] > 0 and w[1] > 0,
    "difference": lambda w: w[0] > 0 and not w[1] > 0,
    "xor": lambda w: (w[0] > 0) != (w[1] > 0),
}


def boundary(segments, inside):
    """The boundary edges, directed with the inside on their left ([L6], X6)."""
    edges = []
    for (u, v), n in segments.items():
        right = right_windings(segments, (u, v))
        left = (right[0] + n[0], right[1] + n[1])
        if inside(left) != inside(right):
            edges.append((u, v) if inside(left) else (v, u))
    return edges


def ray_key(d):
    """Counter-clockwise angle order of a direction from +x: the half-plane first
    (y > 0, or y = 0 and x > 0, comes first), then the cross product (X6)."""
    upper = d[1] > 0 or (d[1] == 0 and d[0] > 0)
    return (0 if upper else 1, d)


def ccw_sorted(rays):
    """Rays (directions) sorted counter-clockwise; within a half-plane, a before b when
    cross(a, b) > 0."""

    def compare(a, b):
        ha, hb = ray_key(a)[0], ray_key(b)[0]
        if ha != hb:
            return ha - hb
        c = a[0] * b[1] - a[1] * b[0]
        return -1 if c > 0 else (1 if c < 0 else 0)

    return sorted(rays, key=functools.cmp_to_key(compare))


def trace(edges):
    """The rings of the boundary edges: X6's successor, [R4]'s dropping, [R6]'s order."""
    ends = {}
    for u, v in edges:
        ends.setdefault(u, []).append((v[0] - u[0], v[1] - u[1]))
        ends.setdefault(v, []).append((u[0] - v[0], u[1] - v[1]))
    outgoing = set(edges)
    order = {p: ccw_sorted(rays) for p, rays in ends.items()}
    successor = {}
    for u, v in edges:
        rays = order[v]
        back = rays.index((u[0] - v[0], u[1] - v[1]))
        d = rays[back - 1]  # the ray just before the reversed one, counter-clockwise
        w = (v[0] + d[0], v[1] + d[1])
        assert (v, w) in outgoing, "a wedge rule broken: the successor is not outgoing"
        successor[(u, v)] = (v, w)
    rings, seen = [], set()
    for e in sorted(edges):
        if e in seen:
            continue
        ring, f = [], e
        while f not in seen:
            seen.add(f)
            ring.append(f[0])
            f = successor[f]
        n = len(ring)
        kept = [ring[i] for i in range(n)
                if not (len(ends[ring[i]]) == 2
                        and orient_sign(ring[i - 1], ring[i], ring[(i + 1) % n]) == 0)]
        first = min(range(len(kept)), key=lambda i: (kept[i], kept[(i + 1) % len(kept)]))
        rings.append(kept[first:] + kept[:first])
    rings.sort(key=lambda r: (r[0], r[1]))
    return rings


def overlay(edges, inside):
    """The region that `inside` selects from the arrangement of tagged edges."""
    return trace(boundary(arranged_segments(edges), INSIDE[inside]))


def ring_edges(rings, counts):
    return [(r[i], r[(i + 1) % len(r)], counts) for r in rings for i in range(len(r))]


def read_outlines(v):
    return [[[world_point(p) for p in listed(ring)] for ring in listed(o)] for o in listed(v)]


def region_of_outlines(bits, outlines):
    """X2, after the case is read: the rings of the region, validated in X3's order."""
    check_snap_bits(bits)
    # [X3]: per outline, per ring, its vertex count, then its coordinates, x before y.
    snapped_outlines = []
    for o, outline in enumerate(outlines):
        rings = []
        for r, ring in enumerate(outline):
            if len(ring) < 3:
                raise TypedError({"kind": "invalidArgument", "argument": "ring",
                                  "location": {"kind": "ring", "outline": o, "ring": r}})
            points = []
            for v, point in enumerate(ring):
                coordinates = []
                for axis, x in zip("xy", point):
                    if x != x or abs(x) > 2.0**21:
                        raise TypedError({"kind": "outOfRange", "value": f64_json(x),
                                          "location": {"kind": "vertex", "outline": o,
                                                       "ring": r, "vertex": v, "axis": axis}})
                    coordinates.append(snapped(x, bits, ""))
                points.append(tuple(coordinates))
            rings.append(points)
        snapped_outlines.append(rings)
    # [X2]: each outline even-odd on its own; with more than one, their union.
    resolved = [overlay(ring_edges(rings, (1, 0)), "evenOdd") for rings in snapped_outlines]
    if len(resolved) == 1:
        return resolved[0]
    edges = [e for rings in resolved for e in ring_edges(rings, (1, 0))]
    return overlay(edges, "union") if edges else []


def region_json(bits, rings):
    return {"snapBits": bits, "rings": [[list(p) for p in ring] for ring in rings]}


def from_outlines_op(case):
    bits, outlines = fields(case, ["op", "snapBits", "outlines"])[1:]
    bits = integer(bits)
    return region_json(bits, region_of_outlines(bits, read_outlines(outlines)))


# ---- tile maps (section 6) -------------------------------------------------------------

TILE_FIELDS = ["width", "height", "cellSize", "origin", "cells"]


def read_tile_map(values):
    width, height, cell_size, origin, cells = values
    return (integer(width), integer(height), f64(cell_size), world_point(origin),
            [integer(c) for c in listed(cells)])


def grid_lines(origin, cell_size, count, axis):
    """Line i of one axis, origin + i × cellSize in f64 ([T2]), once lines 0..=count are
    checked by [G1] (the first bad line by binary search: the values never decrease)."""
    def value(i):
        return origin + float(i) * cell_size

    def bad(v):
        return v != v or abs(v) > 2.0**21

    first_bad = None
    if bad(value(0)):
        first_bad = 0
    elif bad(value(count)):
        low, high = 0, count  # value(low) is good, value(high) is bad
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (low, mid) if bad(value(mid)) else (mid, high)
        first_bad = high
    if first_bad is not None:
        raise TypedError({"kind": "outOfRange", "value": f64_json(value(first_bad)),
                          "location": {"kind": "gridLine", "axis": axis, "line": first_bad}})
    return value


def region_of_tile_map(bits, tile_map):
    """X5: validation in its order, then the union of the walkable cells' rectangles."""
    width, height, cell_size, origin, cells = tile_map
    check_snap_bits(bits)
    for name, n in (("width", width), ("height", height)):
        if n < 0:
            raise TypedError({"kind": "invalidArgument", "argument": name})
    if len(cells) != width * height or any(c not in (0, 1) for c in cells):
        raise TypedError({"kind": "invalidArgument", "argument": "cells"})
    if not (cell_size == cell_size and abs(cell_size) != float("inf")
            and Fraction(cell_size) * 2**bits >= 1):
        raise TypedError({"kind": "invalidArgument", "argument": "cellSize"})
    x_line = grid_lines(origin[0], cell_size, width, "x")
    y_line = grid_lines(origin[1], cell_size, height, "y")
    if width == 0 or height == 0:
        return []
    xs = [snapped(x_line(i), bits, "") for i in range(width + 1)]
    ys = [snapped(y_line(i), bits, "") for i in range(height + 1)]
    # The rectangles' edges, merged up front: every edge lies on a grid line between two
    # consecutive line values, so two of them coincide or meet at an end, none crosses
    # another, and no edge meets the pixel of a point other than its own ends (distinct
    # integer lines are a unit apart at least). The arrangement of the rectangles is
    # therefore these edges with their nets, and the edges that cancel (between two
    # walkable cells) force no pixel that matters: drop them before the brute force.
    nets = {}
    for y in range(height):
        for x in range(width):
            if cells[y * width + x]:
                corners = [(xs[x], ys[y]), (xs[x + 1], ys[y]), (xs[x + 1], ys[y + 1]),
                           (xs[x], ys[y + 1])]
                for a, b in zip(corners, corners[1:] + corners[:1]):
                    if a != b:
                        key, sign = ((a, b), 1) if a < b else ((b, a), -1)
                        nets[key] = nets.get(key, 0) + sign
    edges = [(a, b, (n, 0)) for (a, b), n in nets.items() if n != 0]
    return overlay(edges, "union") if edges else []


def from_tile_map(case):
    values = fields(case, ["op", "snapBits"] + TILE_FIELDS)[1:]
    bits = integer(values[0])
    return region_json(bits, region_of_tile_map(bits, read_tile_map(values[1:])))


# ---- booleans ---------------------------------------------------------------------------


def read_region_input(v):
    """A RegionInput: snapBits and exactly one of outlines / tileMap (read, not resolved)."""
    if type(v) is not dict:
        raise Malformed("a RegionInput is an object")
    if set(v) == {"snapBits", "outlines"}:
        return ("outlines", integer(v["snapBits"]), read_outlines(v["outlines"]))
    if set(v) == {"snapBits", "tileMap"} and type(v["tileMap"]) is dict:
        return ("tileMap", integer(v["snapBits"]),
                read_tile_map(fields(v["tileMap"], TILE_FIELDS)))
    raise Malformed(f"a RegionInput has snapBits and one of outlines / tileMap: {sorted(v)}")


def resolve(region_input):
    kind, bits, source = region_input
    if kind == "outlines":
        return bits, region_of_outlines(bits, source)
    return bits, region_of_tile_map(bits, source)


def boolean(case):
    op, a, b = fields(case, ["op", "a", "b"])
    a, b = read_region_input(a), read_region_input(b)
    # [G5]: a's errors, then b's, then the mismatch.
    (bits_a, rings_a), (bits_b, rings_b) = resolve(a), resolve(b)
    if bits_a != bits_b:
        raise TypedError({"kind": "snapBitsMismatch", "left": bits_a, "right": bits_b})
    edges = ring_edges(rings_a, (1, 0)) + ring_edges(rings_b, (0, 1))
    return region_json(bits_a, overlay(edges, op) if edges else [])


COUNTS = {0: (1, 0), 1: (0, 1), 2: (1, 1)}


def arrangement(case):
    names = sorted(k for k in case if k != "op")
    if names not in (["edges", "snapBits"], ["gridEdges", "snapBits"]):
        raise Malformed(f"an arrangement has snapBits and one of edges / gridEdges: {names}")
    bits = integer(case["snapBits"])
    world = "edges" in case
    field = "edges" if world else "gridEdges"
    edges = edge_list(case[field], world_point if world else grid_point, field)
    check_snap_bits(bits)
    if world:
        # Every coordinate in edge order, `from` before `to`, x before y; then the tags.
        grid = []
        for i, (a, b, tag) in enumerate(edges):
            ends = []
            for end, p in (("from", a), ("to", b)):
                ends.append(tuple(snapped(x, bits, f"edges[{i}].{end}") for x in p))
            grid.append((ends[0], ends[1], tag))
        edges = grid
    else:
        within([p for a, b, _ in edges for p in (a, b)], 2**39, "gridEdges")
    if any(tag not in COUNTS for _, _, tag in edges):
        raise TypedError({"kind": "invalidArgument", "argument": field})
    return arrange([(a, b, COUNTS[tag]) for a, b, tag in edges])


def boundary_op(case):
    """The stage op `boundary` (docs/specification.md, "The stage ops"): the edges checked
    as `arrangement`'s gridEdges form checks them, then each operand closed, then the
    rule's name; the [L6] boundary, inside on the left, sorted."""
    bits, grid_edges, rule = fields(case, ["op", "snapBits", "gridEdges", "operation"])[1:]
    if type(rule) is not str:
        raise Malformed("`operation` is a string")
    bits = integer(bits)
    edges = edge_list(grid_edges, grid_point, "gridEdges")
    check_snap_bits(bits)
    within([p for a, b, _ in edges for p in (a, b)], 2**39, "gridEdges")
    if any(tag not in COUNTS for _, _, tag in edges):
        raise TypedError({"kind": "invalidArgument", "argument": "gridEdges"})
    balance = {}
    for a, b, tag in edges:
        for p, sign in ((a, 1), (b, -1)):
            old = balance.get(p, (0, 0))
            balance[p] = (old[0] + sign * COUNTS[tag][0], old[1] + sign * COUNTS[tag][1])
    if any(v != (0, 0) for v in balance.values()):
        raise TypedError({"kind": "invalidArgument", "argument": "gridEdges"})
    if rule not in INSIDE:
        raise TypedError({"kind": "invalidArgument", "argument": "operation"})
    segments = arranged_segments([(a, b, COUNTS[tag]) for a, b, tag in edges])
    return {"boundary": [[list(a), list(b)] for a, b in
                         sorted(boundary(segments, INSIDE[rule]))]}


# ---- offsets and the shrink (sections 9 and 10) -----------------------------------------
# Every f64 formula is evaluated as written, one operation at a time: Python's floats are
# IEEE-754 binary64, it never fuses a multiply and an add, math.sqrt is correctly rounded
# and round() of a float rounds a half to even (rhe).


def rhe(v):
    return round(v)


def edge_offset(a, b, r):
    """X11: V of the edge a→b, the rounded offset r along its left unit normal."""
    dx, dy = float(b[0] - a[0]), float(b[1] - a[1])
    length = math.sqrt((dx * dx) + (dy * dy))
    n = ((-dy) / length, dx / length)
    return (rhe(r * n[0]), rhe(r * n[1]))


def half_angles():
    """X12: {N: (cos 2π/N, sin 2π/N)} for N = 4, 8, …, 512 by half-angle steps."""
    table, c, s, n = {}, 0.0, 1.0, 4
    while n <= 512:
        table[n] = (c, s)
        c2 = math.sqrt((1.0 + c) / 2.0)
        c, s, n = c2, s / (2.0 * c2), 2 * n
    return table


HALF = half_angles()


def sides_and_tolerance(r, arc_tolerance, bits):
    """X12's m for the offset r (grid units) and the tolerance given in public units."""
    t = arc_tolerance * float(2**bits)
    tol = t if t >= 1.0 else max(1.0, r / 128.0)
    for m in (8, 16, 32, 64, 128):
        if ((r / HALF[2 * m][0]) - r) <= tol:
            return m
    return 256


def circumscribed(r, m):
    """X12: the m-gon's vertices about the origin, unrounded, vertex 0 at (r, h)."""
    cos_half, sin_half = HALF[2 * m]
    c, s = HALF[m]
    x, y = r, r * (sin_half / cos_half)
    vertices = [(x, y)]
    for _ in range(m - 1):
        x, y = (x * c) - (y * s), (x * s) + (y * c)
        vertices.append((x, y))
    return vertices


def ring_edge_list(rings):
    """Every ring edge a→b, rings in canonical order, each from its first vertex."""
    return [(r[i], r[(i + 1) % len(r)]) for r in rings for i in range(len(r))]


def hull(points):
    """The strictly convex hull, counter-clockwise from its smallest point (X13)."""
    points = sorted(set(points))
    if len(points) < 3:
        return points

    def half(seq):
        chain = []
        for p in seq:
            while len(chain) >= 2 and orient_sign(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    lower, upper = half(points), half(reversed(points))
    return lower[:-1] + upper[:-1]


def read_region_and_numbers(case, names):
    """The RegionInput and the named f64 fields of an offset or shrink case."""
    region = read_region_input(case["region"])
    return region, [f64(case[n]) for n in names]


def check_arc_tolerance(t):
    if t != t or abs(t) == float("inf") or t < 0:
        raise TypedError({"kind": "invalidArgument", "argument": "arcTolerance"})


def offset_fed(case):
    """An offset case read and checked in X3's order: its snap bits, its rings, its distance,
    and the edges it feeds the arrangement with their nets per operand; no edges (None)
    when the region comes back as it is ([O1])."""
    fields(case, ["op", "region", "distance", "join", "arcTolerance"])
    region, (distance, arc_tolerance) = read_region_and_numbers(
        case, ["distance", "arcTolerance"])
    join = case["join"]
    if type(join) is not str:
        raise Malformed("`join` is a string")
    bits, rings = resolve(region)
    if distance != distance or abs(distance) > 2.0**20:
        raise TypedError({"kind": "outOfRange", "value": f64_json(distance),
                          "location": {"kind": "argument", "name": "distance"}})
    if join not in ("round", "square"):
        raise TypedError({"kind": "invalidArgument", "argument": "join"})
    check_arc_tolerance(arc_tolerance)
    # [O6] cannot fail here: a RegionInput's points are within 2^21 · 2^S, and one offset
    # adds at most 2^20 · 2^S.
    if distance == 0 or not rings:
        return bits, rings, distance, None
    r = abs(distance) * float(2**bits)
    pieces = []
    edges = ring_edge_list(rings)
    if join == "round":
        for a, b in edges:
            v = edge_offset(a, b, r)
            pieces.append([(a[0] - v[0], a[1] - v[1]), (b[0] - v[0], b[1] - v[1]),
                           (b[0] + v[0], b[1] + v[1]), (a[0] + v[0], a[1] + v[1])])
        polygon = [(rhe(x), rhe(y)) for x, y in
                   circumscribed(r, sides_and_tolerance(r, arc_tolerance, bits))]
        for p in sorted({p for ring in rings for p in ring}):
            pieces.append([(p[0] + x, p[1] + y) for x, y in polygon])
    else:
        h = max(1, rhe(r))
        square = [(-h, -h), (h, -h), (h, h), (-h, h)]
        for a, b in edges:
            pieces.append(hull([(p[0] + x, p[1] + y) for p in (a, b) for x, y in square]))
    fed = [(a, b, (1, 0)) for a, b in edges]
    for piece in pieces:
        fed += [(piece[i], piece[(i + 1) % len(piece)], (0, 1)) for i in range(len(piece))]
    return bits, rings, distance, fed


def offset(case):
    bits, rings, distance, fed = offset_fed(case)
    if fed is None:
        return region_json(bits, rings)
    return region_json(bits, overlay(fed, "union" if distance > 0 else "difference"))


def fed_edges_json(fed):
    """The stage ops' answer (docs/specification.md, "The stage ops"): the fed edges without
    zero-length ones, repeats kept, sorted by (from, to, tag)."""
    tag = {(1, 0): 0, (0, 1): 1, (1, 1): 2}
    listed = sorted((tuple(a), tuple(b), tag[n]) for a, b, n in fed or [] if a != b)
    return {"gridEdges": [{"from": list(a), "to": list(b), "tag": t} for a, b, t in listed]}


def offset_edges(case):
    return fed_edges_json(offset_fed(case)[3])


def equal_area_ring(r, m):
    """X14: the equal-area ring's rounded vertices W_0 … W_{m−1}."""
    q = m // 4
    cos_half, sin_half = HALF[2 * m]
    h = r * (sin_half / cos_half)
    c_j = circumscribed(r, m)

    def quadrant(lam):
        return ([(r, lam * h)] + [(lam * c_j[j][0], lam * c_j[j][1]) for j in range(1, q - 1)]
                + [(lam * h, r)])

    def area(lam):
        p = [(0.0, 0.0), (r, 0.0)] + quadrant(lam) + [(0.0, r)]
        total = 0.0
        for i in range(len(p)):
            j = (i + 1) % len(p)
            total = total + ((p[i][0] * p[j][1]) - (p[j][0] * p[i][1]))
        return total / 2.0

    target = ((math.pi * r) * r) / 4.0
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2.0
        if area(mid) < target:
            lo = mid
        else:
            hi = mid
    first = [(rhe(x), rhe(y)) for x, y in quadrant(hi)]
    ring = list(first)
    while len(ring) < m:
        x, y = ring[len(ring) - q]
        ring.append((-y, x))
    return ring


def shrink_arguments(case):
    """A shrink case read and checked in X14's order: its snap bits, its rings, its radius
    and its arc tolerance."""
    names = sorted(k for k in case if k != "op")
    if names not in (["arcTolerance", "radius", "region"], ["cellSize", "radius", "region"]):
        raise Malformed(f"a shrink has region, radius and one of arcTolerance / cellSize: {names}")
    given = "arcTolerance" if "arcTolerance" in case else "cellSize"
    region, (radius, tolerance_or_cell) = read_region_and_numbers(case, ["radius", given])
    bits, rings = resolve(region)
    if given == "cellSize":
        cell = tolerance_or_cell
        if not (cell == cell and abs(cell) != float("inf") and cell > 0):
            raise TypedError({"kind": "invalidArgument", "argument": "cellSize"})
    if radius < 0:
        raise TypedError({"kind": "invalidArgument", "argument": "radius"})
    if radius != radius or radius > 2.0**20:
        raise TypedError({"kind": "outOfRange", "value": f64_json(radius),
                          "location": {"kind": "argument", "name": "radius"}})
    if given == "cellSize":
        arc_tolerance = max(cell / 4.0, min(0.0825 * radius, cell / 2.0))  # [S7]
    else:
        arc_tolerance = tolerance_or_cell
    check_arc_tolerance(arc_tolerance)
    return bits, rings, radius, arc_tolerance


def shrink_fed(rings, radius, arc_tolerance, bits):
    """X14 on validated arguments: the edges the shrink feeds the arrangement ([S5]) with
    their nets per operand; None when the region comes back as it is."""
    if radius == 0 or not rings:
        return None
    r = radius * float(2**bits)
    m = sides_and_tolerance(r, arc_tolerance, bits)
    w = equal_area_ring(r, m)
    fed = []
    for ring in rings:
        n = len(ring)
        reflex = []
        for i in range(n):
            prev, a, nxt = ring[i - 1], ring[i], ring[(i + 1) % n]
            d_in, d_out = (a[0] - prev[0], a[1] - prev[1]), (nxt[0] - a[0], nxt[1] - a[1])
            reflex.append(d_in[0] * d_out[1] - d_in[1] * d_out[0] < 0)
        for i in range(n):
            a, b = ring[i], ring[(i + 1) % n]
            v = edge_offset(a, b, r)
            av, bv = (a[0] + v[0], a[1] + v[1]), (b[0] + v[0], b[1] + v[1])
            fed.append((a, b, (1, 1)))
            if not reflex[(i + 1) % n]:
                fed.append((b, bv, (0, 1)))
            fed.append((bv, av, (0, 1)))
            if not reflex[i]:
                fed.append((av, a, (0, 1)))
        for i in range(n):
            if not reflex[i]:
                continue
            prev, a, nxt = ring[i - 1], ring[i], ring[(i + 1) % n]
            d_in, d_out = (a[0] - prev[0], a[1] - prev[1]), (nxt[0] - a[0], nxt[1] - a[1])
            n_out, n_in = (-d_out[1], d_out[0]), (-d_in[1], d_in[0])
            inside = [n_out[0] * p[1] - n_out[1] * p[0] > 0
                      and p[0] * n_in[1] - p[1] * n_in[0] > 0 for p in w]
            starts = [j for j in range(m) if inside[j] and not inside[j - 1]]
            listed_j = [(starts[0] + k) % m for k in range(m)] if starts else []
            v_out, v_in = edge_offset(a, nxt, r), edge_offset(prev, a, r)
            arc = ([(a[0] + v_out[0], a[1] + v_out[1])]
                   + [(a[0] + w[j][0], a[1] + w[j][1]) for j in listed_j if inside[j]]
                   + [(a[0] + v_in[0], a[1] + v_in[1])])
            fed += [(p, q2, (0, 1)) for p, q2 in zip(arc, arc[1:])]
    return fed


def shrunk(rings, radius, arc_tolerance, bits):
    """X14 on validated arguments: the rings of the shrunk region (also X18's step 2)."""
    fed = shrink_fed(rings, radius, arc_tolerance, bits)
    return rings if fed is None else overlay(fed, "difference")


def shrink(case):
    bits, rings, radius, arc_tolerance = shrink_arguments(case)
    return region_json(bits, shrunk(rings, radius, arc_tolerance, bits))


def shrink_edges(case):
    bits, rings, radius, arc_tolerance = shrink_arguments(case)
    return fed_edges_json(shrink_fed(rings, radius, arc_tolerance, bits))


# ---- the triangulation stages (sections 11 to 14; cdt.py holds the procedures) -------


def cdt_op(case):
    """docs/cdt.md §7.1: the `cdt` op; its checks in §2's order."""
    points, constraints = fields(case, ["op", "points", "constraints"])[1:]
    points = [grid_point(p) for p in listed(points)]
    constraints = [tuple(integer(i) for i in listed(c, 2)) for c in listed(constraints)]
    return cdt_module.cdt_output(points, constraints)


def triangulation_json(vertices, triangles, neighbors):
    return {"vertices": [list(p) for p in vertices], "triangles": triangles,
            "neighbors": neighbors}


def triangulate(case):
    """X16: the region's kept triangles, [TR2]-[TR4]."""
    region = read_region_input(fields(case, ["op", "region"])[1])
    _, rings = resolve(region)
    return triangulation_json(*cdt_module.region_triangulation(rings))


def check_max_vertices(m):
    # X17: 3..=16, else invalidArgument.
    if not 3 <= m <= 16:
        raise TypedError({"kind": "invalidArgument", "argument": "maxVertices"})


def partition_json(rings, max_vertices):
    vertices, triangles, _ = cdt_module.region_triangulation(rings)
    polygons, neighbors = cdt_module.convex_partition(vertices, triangles, max_vertices)
    return {"vertices": [list(p) for p in vertices], "polygons": polygons,
            "neighbors": neighbors}


def partition_convex(case):
    """X17: the region resolved first, then the limit, then the partition."""
    region, max_vertices = fields(case, ["op", "region", "maxVertices"])[1:]
    region = read_region_input(region)
    max_vertices = integer(max_vertices)
    _, rings = resolve(region)
    check_max_vertices(max_vertices)
    return partition_json(rings, max_vertices)


def mesh(case):
    """X18: the pipeline; all five checks before any step's result."""
    names = sorted(k for k in case if k != "op")
    common = ["agentRadius", "maxVertices", "snapBits"]
    if names == sorted(common + ["tileMap"]):
        if type(case["tileMap"]) is not dict:
            raise Malformed("`tileMap` is an object")
        source = ("tileMap", read_tile_map(fields(case["tileMap"], TILE_FIELDS)))
    elif names == sorted(common + ["outlines", "cellSize"]):
        source = ("outlines", read_outlines(case["outlines"]), f64(case["cellSize"]))
    else:
        raise Malformed(f"a mesh has tileMap, or outlines with cellSize: {names}")
    bits = integer(case["snapBits"])
    radius = f64(case["agentRadius"])
    max_vertices = integer(case["maxVertices"])
    # Checks 1 and 2 (snapBits, the source) come with building the region; a
    # geometryDefect of the build waits until checks 3-5 have passed.
    build_defect = None
    try:
        if source[0] == "tileMap":
            rings = region_of_tile_map(bits, source[1])
            cell = source[1][2]
        else:
            rings = region_of_outlines(bits, source[1])
    except TypedError as e:
        if e.error.get("kind") != "geometryDefect":
            raise
        build_defect = e
    if source[0] == "outlines":
        cell = source[2]
        if not (cell == cell and abs(cell) != float("inf") and cell > 0):      # 3
            raise TypedError({"kind": "invalidArgument", "argument": "cellSize"})
    if radius < 0:                                                            # 4
        raise TypedError({"kind": "invalidArgument", "argument": "agentRadius"})
    if radius != radius or radius > 2.0**20:
        raise TypedError({"kind": "outOfRange", "value": f64_json(radius),
                          "location": {"kind": "argument", "name": "agentRadius"}})
    check_max_vertices(max_vertices)                                          # 5
    if build_defect is not None:
        raise build_defect
    if radius > 0:                                                            # step 2, [S7]
        arc_tolerance = max(cell / 4.0, min(0.0825 * radius, cell / 2.0))
        rings = shrunk(rings, radius, arc_tolerance, bits)
    return {"snapBits": bits, **partition_json(rings, max_vertices)}


RUN = {"snap": snap, "orient": orient, "inCircle": in_circle, "crossing": crossing,
       "pixel": pixel, "arrangement": arrangement, "boundary": boundary_op,
       "fromOutlines": from_outlines_op,
       "fromTileMap": from_tile_map, "union": boolean, "intersection": boolean,
       "difference": boolean, "xor": boolean, "offset": offset, "shrink": shrink,
       "offsetEdges": offset_edges, "shrinkEdges": shrink_edges, "cdt": cdt_op,
       "triangulate": triangulate, "partitionConvex": partition_convex, "mesh": mesh}


def run(case):
    """One case: its output, or its error, or malformed; never an exception."""
    try:
        if type(case) is not dict or type(case.get("op")) is not str:
            raise Malformed("a case is an object with a string `op`")
        if case["op"] not in RUN:
            raise Malformed(f"unknown op {case['op']}")
        return {"expected": RUN[case["op"]](case)}
    except Malformed as e:
        return {"expectedError": {"kind": "malformed", "reason": str(e)}}
    except (TypedError, cdt_module.CdtError) as e:
        return {"expectedError": e.error}
    except (TypeError, ValueError) as e:
        # A shape the readers above did not foresee (a TooLarge where a list was
        # expected, a list unpacked from the wrong length): the input's fault.
        return {"expectedError": {"kind": "malformed", "reason": repr(e)}}


# ---- the protocol loop (docs/ports.md §1) ------------------------------------------


def main():
    out = sys.stdout
    sys.stdout = sys.stderr  # a stray print must not reach the protocol stream
    started = False

    def answer(message):
        out.write(json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n")
        out.flush()

    for line in sys.stdin:
        try:
            message = read_json(line)
        except ValueError as e:
            answer({"protocolError": f"not JSON: {e}"})
            continue
        if type(message) is not dict:
            answer({"protocolError": "a message is an object"})
            continue
        cmd, seq = message.get("cmd"), message.get("seq")
        seq_field = {"seq": seq} if type(seq) is int else {}
        if cmd == "start":
            if message.get("protocol") != 1:
                answer({"ready": False, "reason": "this port speaks protocol 1 only"})
                return
            started = True
            answer({"ready": True, "implementation": {
                "name": "build2d-port-python", "language": "Python",
                "version": "0.1.0", "ops": OPS}})
        elif cmd == "stop":
            return
        elif cmd == "run" and started and seq_field:
            try:
                result = run(message.get("case"))
            except Exception as e:  # the port's own failure: say so, keep the session
                result = {"crashed": repr(e)}
            answer({**seq_field, **result})
        else:
            answer({**seq_field, "protocolError": f"cannot follow {line.strip()[:80]}"})


if __name__ == "__main__":
    main()
