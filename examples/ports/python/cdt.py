"""The constrained Delaunay triangulation of build2d, procedure to the last flip, written
from docs/cdt.md §§1-7 ([D0]-[D8], X15, [TR1]-[TR4], X16, [L7]) and the convex partition
of docs/specification.md X17 ([PC1]-[PC5]).

Plain lists: a slot is an index into `tv` (vertices), `tn` (neighbours, None for NONE)
and `tc` (constraint flags). Python's integers are exact, so the predicates are the
determinants themselves. Besides the slots the triangulation keeps two look-up tables
that the procedure does not need but that spare scanning every slot: `emap`, directed
edge -> the slot holding it, and `vslot`, vertex -> some slot holding it. They are
rewritten with every slot write and never decide anything the text leaves open.
"""


class CdtError(Exception):
    """A typed error of docs/cdt.md §2: `kind` and, for invalidArgument, `argument`."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


def defect():
    return CdtError({"kind": "geometryDefect"})


def bad_constraints():
    return CdtError({"kind": "invalidArgument", "argument": "constraints"})


def orient(a, b, c):
    # §0 notation: the sign of (b − a) × (c − a).
    d = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (d > 0) - (d < 0)


def in_circle(a, b, c, d):
    # Section 1 of the specification: the lifted determinant, rows relative to d.
    ax, ay = a[0] - d[0], a[1] - d[1]
    bx, by = b[0] - d[0], b[1] - d[1]
    cx, cy = c[0] - d[0], c[1] - d[1]
    a2, b2, c2 = ax * ax + ay * ay, bx * bx + by * by, cx * cx + cy * cy
    det = ax * (by * c2 - b2 * cy) - ay * (bx * c2 - b2 * cx) + a2 * (bx * cy - by * cx)
    return (det > 0) - (det < 0)


# ---- insertion order (docs/cdt.md §3, [D2], [D3], X15) ------------------------------

MASK = (1 << 64) - 1


def splitmix(i):
    """h(i): the SplitMix64 output function on wrapping u64 words."""
    z = (i + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def tz(x):
    return 64 if x == 0 else (x & -x).bit_length() - 1


def xy2d(n, x, y):
    """The classic Hilbert index with rotation, as written in §3."""
    d = 0
    s = n // 2
    while s > 0:
        rx = 1 if (x & s) != 0 else 0
        ry = 1 if (y & s) != 0 else 0
        d += s * s * ((3 * rx) ^ ry)
        if ry == 0:
            if rx == 1:
                x = n - 1 - x
                y = n - 1 - y
            x, y = y, x
        s //= 2
    return d


def insertion_order(points):
    """[D2]/[D3]: 0 … n − 1 below 64 points, else BRIO rounds by (Hilbert key, index)."""
    n = len(points)
    if n < 64:
        return list(range(n))
    top = max(0, (n.bit_length() - 1) - 3)  # floor(log2 n) − 3
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    min_x, min_y = min(xs), min(ys)
    dx, dy = max(xs) - min_x, max(ys) - min_y
    s = 0
    while (dx >> s) >= 4096 or (dy >> s) >= 4096:
        s += 1
    rounds = [[] for _ in range(top + 1)]
    for i, p in enumerate(points):
        key = xy2d(4096, (p[0] - min_x) >> s, (p[1] - min_y) >> s)
        rounds[min(top, tz(splitmix(i)))].append((key, i))
    order = []
    for r in range(top, -1, -1):
        order += [i for _, i in sorted(rounds[r])]
    return order


# ---- the triangulation (docs/cdt.md §§1, 4-6) ----------------------------------------

B = 2 ** 45


class Cdt:
    def __init__(self, points):
        # §1: vertices 0 … n − 1, then the bounding vertices [D1]; slot 0.
        self.n = n = len(points)
        self.p = list(points) + [(-B, -B), (3 * B, -B), (-B, 3 * B)]
        self.tv, self.tn, self.tc = [], [], []
        self.emap = {}
        self.vslot = {}
        self.new_slot()
        self.write(0, (n, n + 1, n + 2), (None, None, None), (False, False, False))
        self.last = 0

    # -- storage --

    def new_slot(self):
        self.tv.append(None)
        self.tn.append([None, None, None])
        self.tc.append([False, False, False])
        return len(self.tv) - 1

    def write(self, t, v, nb, con):
        old = self.tv[t]
        if old is not None:
            for i in range(3):
                e = (old[i], old[(i + 1) % 3])
                if self.emap.get(e) == t:
                    del self.emap[e]
        self.tv[t] = list(v)
        self.tn[t] = list(nb)
        self.tc[t] = list(con)
        for i in range(3):
            self.emap[(v[i], v[(i + 1) % 3])] = t
            self.vslot[v[i]] = t

    def relink(self, s, old, new):
        """In slot s (skipped when NONE) the entry that pointed to `old` now points to
        `new`."""
        if s is None:
            return
        nb = self.tn[s]
        for k in range(3):
            if nb[k] == old:
                nb[k] = new
                return
        raise defect()

    def position(self, t, a, b):
        """The position j of edge (a, b) in slot t."""
        v = self.tv[t]
        for j in range(3):
            if v[j] == a and v[(j + 1) % 3] == b:
                return j
        raise defect()

    def orient_v(self, a, b, c):
        return orient(self.p[a], self.p[b], self.p[c])

    def in_circle_v(self, a, b, c, d):
        return in_circle(self.p[a], self.p[b], self.p[c], self.p[d])

    # -- §4.1 locate --

    def locate(self, q):
        t = self.last
        guard = 4 * len(self.tv) + 16
        steps = 0
        while True:
            v = self.tv[t]
            for i in range(3):
                if orient(self.p[v[i]], self.p[v[(i + 1) % 3]], q) < 0:
                    t = self.tn[t][i]
                    if t is None:
                        raise defect()
                    break
            else:
                return t
            steps += 1
            if steps > guard:
                raise defect()

    def quad(self, t, i):
        """Edge i of slot t = (a, b, c) and the slot u across it = (b, a, d), §4.3/§4.4:
        the four corners, u, and the four outer neighbours with their constraint flags."""
        tv, tn, tc = self.tv[t], self.tn[t], self.tc[t]
        a, b, c = tv[i], tv[(i + 1) % 3], tv[(i + 2) % 3]
        t_bc, t_ca = tn[(i + 1) % 3], tn[(i + 2) % 3]
        t_con_bc, t_con_ca = tc[(i + 1) % 3], tc[(i + 2) % 3]
        u = tn[i]
        j = self.position(u, b, a)
        uv, un, uc = self.tv[u], self.tn[u], self.tc[u]
        d = uv[(j + 2) % 3]
        u_ad, u_db = un[(j + 1) % 3], un[(j + 2) % 3]
        u_con_ad, u_con_db = uc[(j + 1) % 3], uc[(j + 2) % 3]
        return (a, b, c, d, u, t_bc, t_ca, t_con_bc, t_con_ca,
                u_ad, u_db, u_con_ad, u_con_db)

    # -- §4.2 1→3 split --

    def split3(self, t, p):
        a, b, c = self.tv[t]
        n0, n1, n2 = self.tn[t]
        c0, c1, c2 = self.tc[t]
        m = self.new_slot()
        self.new_slot()
        self.write(t, (a, b, p), (n0, m, m + 1), (c0, False, False))
        self.write(m, (b, c, p), (n1, m + 1, t), (c1, False, False))
        self.write(m + 1, (c, a, p), (n2, t, m), (c2, False, False))
        self.relink(n1, t, m)
        self.relink(n2, t, m + 1)
        return [t, m, m + 1]

    # -- §4.3 2→4 split of edge i of slot t (t the smaller slot) --

    def split4(self, t, i, p):
        (a, b, c, d, u, t_bc, t_ca, t_con_bc, t_con_ca,
         u_ad, u_db, u_con_ad, u_con_db) = self.quad(t, i)
        m = self.new_slot()
        self.new_slot()
        self.write(t, (b, c, p), (t_bc, m, m + 1), (t_con_bc, False, False))
        self.write(m, (c, a, p), (t_ca, u, t), (t_con_ca, False, False))
        self.write(u, (a, d, p), (u_ad, m + 1, m), (u_con_ad, False, False))
        self.write(m + 1, (d, b, p), (u_db, t, u), (u_con_db, False, False))
        self.relink(t_ca, t, m)
        self.relink(u_db, u, m + 1)
        return [t, m, u, m + 1]

    # -- §4.4 flip of edge i of slot t --

    def flip(self, t, i):
        (a, b, c, d, u, t_bc, t_ca, t_con_bc, t_con_ca,
         u_ad, u_db, u_con_ad, u_con_db) = self.quad(t, i)
        self.write(t, (a, d, c), (u_ad, u, t_ca), (u_con_ad, False, t_con_ca))
        self.write(u, (d, b, c), (u_db, t_bc, t), (u_con_db, t_con_bc, False))
        self.relink(u_ad, u, t)
        self.relink(t_bc, t, u)

    def apex(self, t, i):
        """The vertex of t.nb[i] opposite edge i of t."""
        v = self.tv[t]
        u = self.tn[t][i]
        j = self.position(u, v[(i + 1) % 3], v[i])
        return self.tv[u][(j + 2) % 3]

    # -- §4.5 legalisation (LIFO) --

    def legalise(self, stack):
        while stack:
            s = stack.pop()
            if self.tn[s][0] is None or self.tc[s][0]:
                continue
            d = self.apex(s, 0)
            v = self.tv[s]
            if self.in_circle_v(v[0], v[1], v[2], d) > 0:
                u = self.tn[s][0]
                self.flip(s, 0)
                stack.append(s)
                stack.append(u)

    # -- §4 insertion of vertex k --

    def insert(self, k):
        q = self.p[k]
        t = self.locate(q)
        v = self.tv[t]
        o = [orient(self.p[v[i]], self.p[v[(i + 1) % 3]], q) for i in range(3)]
        zeros = [i for i in range(3) if o[i] == 0]
        if not zeros:
            pushed = self.split3(t, k)
        elif len(zeros) == 1:
            i = zeros[0]
            u = self.tn[t][i]
            if u is None:
                raise defect()
            if u < t:  # §4.3: the roles from the smaller slot
                i = self.position(u, v[(i + 1) % 3], v[i])
                t = u
            pushed = self.split4(t, i, k)
        else:
            raise defect()
        self.last = pushed[0]
        self.legalise(pushed)

    # -- §5 constraint insertion (Sloan) --

    def edge_slot(self, a, b):
        """The smaller slot holding edge {a, b} and the edge's position there, or None."""
        s1, s2 = self.emap.get((a, b)), self.emap.get((b, a))
        cands = [(s, self.position(s, x, y)) for s, x, y in ((s1, a, b), (s2, b, a))
                 if s is not None]
        return min(cands) if cands else None

    def mark(self, a, b):
        for x, y in ((a, b), (b, a)):
            s = self.emap.get((x, y))
            if s is not None:
                self.tc[s][self.position(s, x, y)] = True

    def around(self, a):
        """Every slot holding vertex a, with a's position there."""
        start = self.vslot[a]
        out = []
        t = start
        for _ in range(len(self.tv) + 1):
            k = self.tv[t].index(a)
            out.append((t, k))
            t = self.tn[t][(k + 2) % 3]  # across edge (v[k+2], a)
            if t is None:
                raise defect()
            if t == start:
                return out
        raise defect()

    def crossed_edges(self, a, b):
        """Step 2 of §5: the edges the segment a–b crosses, in order from a."""
        pa, pb = self.p[a], self.p[b]
        first = None
        for t, k in self.around(a):
            v = self.tv[t]
            x, y = v[(k + 1) % 3], v[(k + 2) % 3]
            if orient(pa, pb, self.p[x]) < 0 < orient(pa, pb, self.p[y]):
                first = (t, x, y)
                break
        if first is None:
            # The direction of b runs along an edge a–x, x ≠ b: x lies on the segment.
            raise bad_constraints()
        t, x, y = first
        queue = []
        guard = 0
        while True:
            j = self.position(t, x, y)
            if self.tc[t][j]:
                raise bad_constraints()
            queue.append((x, y))
            u = self.tn[t][j]
            if u is None:
                raise defect()
            z = self.tv[u][(self.position(u, y, x) + 2) % 3]
            if z == b:
                return queue
            oz = orient(pa, pb, self.p[z])
            if oz == 0:
                raise bad_constraints()
            if oz < 0:
                x = z
            else:
                y = z
            t = u
            guard += 1
            if guard > len(self.tv) + 16:
                raise defect()

    def properly_crosses(self, a, b, c, d):
        pa, pb, pc, pd = self.p[a], self.p[b], self.p[c], self.p[d]
        return (orient(pa, pb, pc) * orient(pa, pb, pd) < 0
                and orient(pc, pd, pa) * orient(pc, pd, pb) < 0)

    def insert_constraint(self, a, b):
        if self.edge_slot(a, b) is not None:
            self.mark(a, b)
            return
        queue = self.crossed_edges(a, b)
        limit = 16 * len(queue) ** 2 + 1024
        head = 0
        iterations = 0
        while head < len(queue):
            iterations += 1
            if iterations > limit:
                raise defect()
            e = queue[head]
            head += 1
            found = self.edge_slot(*e)
            if found is None:
                raise defect()
            t, i = found
            v = self.tv[t]
            ea, eb, ec = v[i], v[(i + 1) % 3], v[(i + 2) % 3]
            d = self.apex(t, i)
            if self.orient_v(ec, ea, d) > 0 and self.orient_v(d, eb, ec) > 0:
                self.flip(t, i)
                if self.properly_crosses(a, b, ec, d):
                    queue.append((ec, d))
            else:
                queue.append(e)
        if self.edge_slot(a, b) is None:
            raise defect()
        self.mark(a, b)

    # -- §6 restoration passes [D7] --

    def restore(self):
        passes = 0
        while True:
            passes += 1
            if passes > len(self.tv) + 64:
                raise defect()
            flipped = False
            for t in range(len(self.tv)):
                for i in range(3):
                    u = self.tn[t][i]
                    if u is None or self.tc[t][i]:
                        continue
                    v = self.tv[t]
                    a, b, c = v[i], v[(i + 1) % 3], v[(i + 2) % 3]
                    d = self.apex(t, i)
                    if (self.in_circle_v(v[0], v[1], v[2], d) > 0
                            and self.orient_v(c, a, d) > 0 and self.orient_v(d, b, c) > 0):
                        self.flip(t, i)
                        flipped = True
            if not flipped:
                return


def triangulate_points(points, constraints):
    """§§3-6 on valid input (§2's checks 1-3 done by the caller): the final slots.
    Constraints are normalised, deduplicated and sorted here ([D6])."""
    cdt = Cdt(points)
    for k in insertion_order(points):
        cdt.insert(k)
    for a, b in sorted({(min(a, b), max(a, b)) for a, b in constraints}):
        cdt.insert_constraint(a, b)
    cdt.restore()
    return cdt


def rotated(tri):
    """A triangle rotated to start at its smallest index (orientation kept)."""
    k = tri.index(min(tri))
    return tri[k:] + tri[:k]


def validate(points, constraints):
    """§2 checks 1-3, first failure reported."""
    for i, p in enumerate(points):
        for c in p:
            if abs(c) > 2 ** 39:
                raise CdtError({"kind": "outOfRange", "value": float(c),
                                "location": {"kind": "argument", "name": f"points[{i}]"}})
    for i in range(1, len(points)):
        if not points[i - 1] < points[i]:
            raise CdtError({"kind": "invalidArgument", "argument": "points"})
    n = len(points)
    for a, b in constraints:
        if not (0 <= a < n and 0 <= b < n and a != b):
            raise bad_constraints()


def cdt_output(points, constraints):
    """§7.1: the `cdt` op's answer."""
    validate(points, constraints)
    cdt = triangulate_points(points, constraints)
    n = len(points)
    triangles = sorted(rotated(v) for v in cdt.tv if max(v) < n)
    constrained = set()
    for t in range(len(cdt.tv)):
        v = cdt.tv[t]
        for i in range(3):
            if cdt.tc[t][i]:
                a, b = v[i], v[(i + 1) % 3]
                constrained.add((min(a, b), max(a, b)))
    return {"triangles": triangles, "constrained": [list(e) for e in sorted(constrained)]}


# ---- region triangulation (docs/cdt.md §7.2, X16, [TR1]-[TR4], [L7]) ------------------


def region_triangulation(rings):
    """The kept triangles of a region's rings: (vertices, triangles, neighbours)."""
    vertices = sorted({p for ring in rings for p in ring})  # [TR2]
    index = {p: i for i, p in enumerate(vertices)}
    directed = {}
    for ring in rings:
        for k in range(len(ring)):
            e = (index[ring[k]], index[ring[(k + 1) % len(ring)]])
            directed[e] = directed.get(e, 0) + 1
    constraints = [(min(a, b), max(a, b)) for a, b in directed]  # [TR1]
    if not vertices:
        return [], [], []
    cdt = triangulate_points(vertices, constraints)
    n = len(vertices)
    # Flood (X16): bounding slots 0, breadth-first across edges.
    slots = len(cdt.tv)
    w = [None] * slots
    queue = []
    for t in range(slots):
        if max(cdt.tv[t]) >= n:
            w[t] = 0
            queue.append(t)
    head = 0
    while head < len(queue):
        t = queue[head]
        head += 1
        v = cdt.tv[t]
        for i in range(3):
            u = cdt.tn[t][i]
            if u is None:
                continue
            a, b = v[i], v[(i + 1) % 3]
            wu = w[t] + directed.get((b, a), 0) - directed.get((a, b), 0)
            if w[u] is None:
                w[u] = wu
                queue.append(u)
            elif w[u] != wu:
                raise defect()
    kept = sorted(rotated(cdt.tv[t]) for t in range(slots)
                  if w[t] is not None and w[t] > 0 and max(cdt.tv[t]) < n)
    # [TR4]: the kept triangle across each edge.
    owner = {}
    for k, tri in enumerate(kept):
        for i in range(3):
            owner[(tri[i], tri[(i + 1) % 3])] = k
    neighbors = [owner.get((tri[(i + 1) % 3], tri[i]), -1) for tri in kept for i in range(3)]
    return vertices, kept, neighbors


# ---- convex partition (X17, [PC1]-[PC5]) ---------------------------------------------


def convex_partition(vertices, triangles, max_vertices):
    """X17's greedy merge on the canonical triangulation: (polygons, neighbours)."""
    owner = {}
    for k, tri in enumerate(triangles):
        for i in range(3):
            owner[(tri[i], tri[(i + 1) % 3])] = k
    # 1. candidates: every edge shared by two triangles, once as (lo, hi).
    candidates = []
    for (a, b) in owner:
        if a < b and (b, a) in owner:
            dx, dy = vertices[b][0] - vertices[a][0], vertices[b][1] - vertices[a][1]
            length = (float(dx) * float(dx)) + (float(dy) * float(dy))
            candidates.append((-length, a, b))
    candidates.sort()  # 2. length descending, then lo, then hi
    # 3. one pass; polygon of each triangle through a forwarding table.
    polygons = {k: list(tri) for k, tri in enumerate(triangles)}
    parent = list(range(len(triangles)))

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for _, lo, hi in candidates:
        pp, qq = find(owner[(lo, hi)]), find(owner[(hi, lo)])
        if pp == qq:
            continue
        P, Q = polygons[pp], polygons[qq]
        a, b = lo, hi  # P holds lo→hi, Q holds hi→lo
        if len(P) + len(Q) - 2 > max_vertices:                      # (a)
            continue
        if set(P) & set(Q) != {a, b}:                                # (b)
            continue
        ia, ib = P.index(a), Q.index(b)
        p_minus, p_plus = P[ia - 1], P[(ia + 2) % len(P)]  # P: … p⁻, a, b, p⁺ …
        q_minus, q_plus = Q[ib - 1], Q[(ib + 2) % len(Q)]  # Q: … q⁻, b, a, q⁺ …
        if not (orient(vertices[p_minus], vertices[a], vertices[q_plus]) >= 0
                and orient(vertices[q_minus], vertices[b], vertices[p_plus]) >= 0):  # (c)
            continue
        # P from b round to a, then Q strictly between a and b.
        joined = [P[(ia + 1 + k) % len(P)] for k in range(len(P))]
        ja = (ib + 1) % len(Q)
        joined += [Q[(ja + 1 + k) % len(Q)] for k in range(len(Q) - 2)]
        polygons[pp] = joined
        del polygons[qq]
        parent[qq] = pp
    # 4. [PC4] order, [PC5] neighbours.
    out = sorted(rotated(p) for p in polygons.values())
    edge_owner = {}
    for k, poly in enumerate(out):
        for i in range(len(poly)):
            edge_owner[(poly[i], poly[(i + 1) % len(poly)])] = k
    neighbors = [[edge_owner.get((poly[(i + 1) % len(poly)], poly[i]), -1)
                  for i in range(len(poly))] for poly in out]
    return out, neighbors
