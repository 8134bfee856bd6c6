//! Triangle slots and their links: splits and flips exactly as docs/cdt.md §1 and §4.2–4.4
//! prescribe. No geometry here; the caller decides *where* and *whether*, this module only
//! rewrites slots, so the slot layout (part of the result on cocircular input, X15) lives
//! in one place.

/// Marker for "no triangle" in a neighbour entry (outer edges of the bounding triangle).
pub const NONE: u32 = u32::MAX;

/// One triangle slot: counter-clockwise vertices, neighbours and constrained flags, where
/// edge i is (v[i], v[i+1 mod 3]) and `nb[i]` is the slot across it (docs/cdt.md §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Triangle {
    /// Vertex indices, counter-clockwise.
    pub v: [u32; 3],
    /// Slot across edge i, or [`NONE`].
    pub nb: [u32; 3],
    /// Whether edge i is constrained.
    pub con: [bool; 3],
}

/// `i + k` on positions 0..3.
#[inline]
pub(crate) fn rot(i: usize, k: usize) -> usize {
    (i + k) % 3
}

/// The slot array plus one incident slot per vertex (for rotating around a vertex).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mesh {
    pub triangles: Vec<Triangle>,
    /// Some slot incident to each vertex, [`NONE`] before the vertex is inserted.
    pub vertex_slot: Vec<u32>,
    /// Number of flips done so far (statistics for benchmarks; no influence on the result).
    pub flips: u64,
}

impl Mesh {
    /// Slot 0 = (n, n+1, n+2), no neighbours (docs/cdt.md §1).
    pub fn new(input_count: u32) -> Mesh {
        let n = input_count;
        let mut vertex_slot = vec![NONE; input_count as usize + 3];
        for v in &mut vertex_slot[input_count as usize..] {
            *v = 0;
        }
        Mesh {
            triangles: vec![Triangle {
                v: [n, n + 1, n + 2],
                nb: [NONE; 3],
                con: [false; 3],
            }],
            vertex_slot,
            flips: 0,
        }
    }

    #[inline]
    pub fn tri(&self, t: u32) -> &Triangle {
        &self.triangles[t as usize]
    }

    fn next_slot(&self) -> u32 {
        // Callers check the capacity up front (2n + 1 slots fit in u32).
        self.triangles.len() as u32
    }

    /// Writes slot `slot` (the next new one or an existing one). Inlined, as is
    /// [`Mesh::relink`]: a flip makes two of each, and as calls across codegen units
    /// they took a fifth of a needle CDT's time (docs/performance.md).
    #[inline]
    fn write(&mut self, slot: u32, v: [u32; 3], nb: [u32; 3], con: [bool; 3]) {
        let tri = Triangle { v, nb, con };
        if slot as usize == self.triangles.len() {
            self.triangles.push(tri);
        } else {
            self.triangles[slot as usize] = tri;
        }
        for &x in &v {
            self.vertex_slot[x as usize] = slot;
        }
    }

    /// In slot `at` (if any), the neighbour entry that pointed to `old` now points to `new`.
    #[inline]
    fn relink(&mut self, at: u32, old: u32, new: u32) {
        if at == NONE {
            return;
        }
        let tri = &mut self.triangles[at as usize];
        for nb in &mut tri.nb {
            if *nb == old {
                *nb = new;
                return;
            }
        }
    }

    /// Position of the directed edge a→b in slot t.
    pub fn edge_position(&self, t: u32, a: u32, b: u32) -> Option<usize> {
        let tri = self.tri(t);
        (0..3).find(|&i| tri.v[i] == a && tri.v[rot(i, 1)] == b)
    }

    /// For edge i of slot t: the neighbour u, the edge's position j in u, and the vertex of
    /// u opposite it. `None` when there is no neighbour or the link is broken.
    pub fn across(&self, t: u32, i: usize) -> Option<(u32, usize, u32)> {
        let tri = self.tri(t);
        let u = tri.nb[i];
        if u == NONE || u as usize >= self.triangles.len() {
            return None;
        }
        let j = self.edge_position(u, tri.v[rot(i, 1)], tri.v[i])?;
        Some((u, j, self.tri(u).v[rot(j, 2)]))
    }

    /// 1→3 split of slot t by vertex p (§4.2). Returns the slots in push order.
    pub fn split3(&mut self, t: u32, p: u32) -> [u32; 3] {
        let old = *self.tri(t);
        let [a, b, c] = old.v;
        let [n0, n1, n2] = old.nb;
        let [c0, c1, c2] = old.con;
        let m = self.next_slot();
        let m1 = m + 1;
        self.write(t, [a, b, p], [n0, m, m1], [c0, false, false]);
        self.write(m, [b, c, p], [n1, m1, t], [c1, false, false]);
        self.write(m1, [c, a, p], [n2, t, m], [c2, false, false]);
        self.relink(n1, t, m);
        self.relink(n2, t, m1);
        [t, m, m1]
    }

    /// 2→4 split of edge i of slot t (t the smaller of the two slots) by vertex p (§4.3).
    /// Returns the slots in push order, or `None` if the edge has no neighbour.
    pub fn split4(&mut self, t: u32, i: usize, p: u32) -> Option<[u32; 4]> {
        let (u, j, d) = self.across(t, i)?;
        let tt = *self.tri(t);
        let tu = *self.tri(u);
        let (a, b, c) = (tt.v[i], tt.v[rot(i, 1)], tt.v[rot(i, 2)]);
        let (t_bc, t_ca) = (tt.nb[rot(i, 1)], tt.nb[rot(i, 2)]);
        let (u_ad, u_db) = (tu.nb[rot(j, 1)], tu.nb[rot(j, 2)]);
        let m = self.next_slot();
        let m1 = m + 1;
        self.write(
            t,
            [b, c, p],
            [t_bc, m, m1],
            [tt.con[rot(i, 1)], false, false],
        );
        self.write(
            m,
            [c, a, p],
            [t_ca, u, t],
            [tt.con[rot(i, 2)], false, false],
        );
        self.write(
            u,
            [a, d, p],
            [u_ad, m1, m],
            [tu.con[rot(j, 1)], false, false],
        );
        self.write(
            m1,
            [d, b, p],
            [u_db, t, u],
            [tu.con[rot(j, 2)], false, false],
        );
        self.relink(t_ca, t, m);
        self.relink(u_db, u, m1);
        Some([t, m, u, m1])
    }

    /// Flip of edge i of slot t (§4.4): (a, b) becomes (d, c); t = (a, d, c),
    /// u = (d, b, c). Returns u, or `None` if the edge has no neighbour.
    pub fn flip(&mut self, t: u32, i: usize) -> Option<u32> {
        let (u, j, d) = self.across(t, i)?;
        self.flips += 1;
        let tt = *self.tri(t);
        let tu = *self.tri(u);
        let (a, b, c) = (tt.v[i], tt.v[rot(i, 1)], tt.v[rot(i, 2)]);
        let (t_bc, t_ca) = (tt.nb[rot(i, 1)], tt.nb[rot(i, 2)]);
        let (u_ad, u_db) = (tu.nb[rot(j, 1)], tu.nb[rot(j, 2)]);
        self.write(
            t,
            [a, d, c],
            [u_ad, u, t_ca],
            [tu.con[rot(j, 1)], false, tt.con[rot(i, 2)]],
        );
        self.write(
            u,
            [d, b, c],
            [u_db, t_bc, t],
            [tu.con[rot(j, 2)], tt.con[rot(i, 1)], false],
        );
        self.relink(u_ad, u, t);
        self.relink(t_bc, t, u);
        Some(u)
    }

    /// Marks edge i of slot t and its twin constrained.
    pub fn constrain(&mut self, t: u32, i: usize) {
        if let Some((u, j, _)) = self.across(t, i) {
            self.triangles[u as usize].con[j] = true;
        }
        self.triangles[t as usize].con[i] = true;
    }

    /// The slots around vertex `a`, counter-clockwise, starting at its recorded slot
    /// (stops at a missing link or after a full turn). Each entry is (slot, position of a).
    #[cfg(test)]
    pub fn fan(&self, a: u32) -> Vec<(u32, usize)> {
        self.fan_iter(a).collect()
    }

    /// [`Mesh::fan`] without the vector (it is walked once per constraint edge).
    pub fn fan_iter(&self, a: u32) -> impl Iterator<Item = (u32, usize)> + '_ {
        let start = match self.vertex_slot.get(a as usize) {
            Some(&s) if s != NONE => s,
            _ => NONE,
        };
        let mut t = start;
        // A fan has at most as many slots as there are triangles.
        let mut left = self.triangles.len();
        std::iter::from_fn(move || {
            if t == NONE || left == 0 {
                return None;
            }
            left -= 1;
            let Some(k) = self.tri(t).v.iter().position(|&x| x == a) else {
                t = NONE;
                return None;
            };
            let here = t;
            // Edge k+2 = (y, a): the next triangle counter-clockwise around a.
            let next = self.tri(t).nb[rot(k, 2)];
            t = if next == start { NONE } else { next };
            Some((here, k))
        })
    }

    /// A slot holding the undirected edge {a, b} and the position of the edge in it.
    ///
    /// The fan of a bounding vertex stops at the outer boundary, so it may miss the edge
    /// when it starts past it; then the fan of b is searched too. An edge always has an
    /// input vertex (the only edges between two bounding vertices are the outer sides),
    /// whose fan is a full turn.
    pub fn find_edge(&self, a: u32, b: u32) -> Option<(u32, usize)> {
        self.find_edge_in_fan(a, b)
            .or_else(|| self.find_edge_in_fan(b, a))
    }

    fn find_edge_in_fan(&self, a: u32, b: u32) -> Option<(u32, usize)> {
        for (t, k) in self.fan_iter(a) {
            let tri = self.tri(t);
            if tri.v[rot(k, 1)] == b {
                return Some((t, k));
            }
            if tri.v[rot(k, 2)] == b {
                return Some((t, rot(k, 2)));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symmetric(mesh: &Mesh) -> bool {
        (0..mesh.triangles.len() as u32).all(|t| {
            (0..3).all(|i| match mesh.tri(t).nb[i] {
                NONE => true,
                _ => mesh
                    .across(t, i)
                    .is_some_and(|(u, j, _)| mesh.tri(u).nb[j] == t),
            })
        })
    }

    #[test]
    fn split3_slots_follow_the_table() {
        let mut mesh = Mesh::new(1);
        assert_eq!(mesh.split3(0, 0), [0, 1, 2]);
        // §4.2 with (a, b, c) = (1, 2, 3), p = 0.
        assert_eq!(mesh.tri(0).v, [1, 2, 0]);
        assert_eq!(mesh.tri(1).v, [2, 3, 0]);
        assert_eq!(mesh.tri(2).v, [3, 1, 0]);
        assert_eq!(mesh.tri(0).nb, [NONE, 1, 2]);
        assert_eq!(mesh.tri(1).nb, [NONE, 2, 0]);
        assert_eq!(mesh.tri(2).nb, [NONE, 0, 1]);
        assert!(symmetric(&mesh));
    }

    /// The fan of a bounding vertex stops at the outer boundary: find_edge must still find
    /// every edge from either end (regression: Sloan's queue lost an edge to a bounding
    /// vertex, found by the `cdt` fuzz target; tests/diff_cdt.rs has the full case).
    #[test]
    fn find_edge_from_either_end_at_the_boundary() {
        let mut mesh = Mesh::new(1);
        mesh.split3(0, 0); // slots 0 (1,2,0), 1 (2,3,0), 2 (3,1,0)
                           // fan(1) starts at slot 2 and stops at the outer edge (3, 1) at once.
        assert_eq!(mesh.fan(1), vec![(2, 1)]);
        for (a, b) in [(1, 2), (2, 3), (3, 1), (0, 1), (0, 2), (0, 3)] {
            for (x, y) in [(a, b), (b, a)] {
                let (t, k) = mesh.find_edge(x, y).unwrap_or_else(|| panic!("{x}-{y}"));
                let v = mesh.tri(t).v;
                let edge = [v[k], v[rot(k, 1)]];
                assert!(edge == [x, y] || edge == [y, x], "{x}-{y}: {edge:?}");
            }
        }
    }

    #[test]
    fn split4_and_flip_keep_links_symmetric() {
        // Topology only: vertices are labels, no geometry involved.
        let mut mesh = Mesh::new(2);
        mesh.split3(0, 0); // slots 0 (2,3,0), 1 (3,4,0), 2 (4,2,0)
        let pushed = mesh.split4(0, 1, 1).unwrap(); // edge (3, 0) of slot 0, shared with 1
        assert_eq!(pushed, [0, 3, 1, 4]);
        // (a, b, c) = (3, 0, 2); in slot 1 = (3, 4, 0) the edge (0, 3) is at j = 2, d = 4.
        assert_eq!(mesh.tri(0).v, [0, 2, 1]);
        assert_eq!(mesh.tri(3).v, [2, 3, 1]);
        assert_eq!(mesh.tri(1).v, [3, 4, 1]);
        assert_eq!(mesh.tri(4).v, [4, 0, 1]);
        assert!(symmetric(&mesh));
        assert_eq!(mesh.flips, 0);
        let u = mesh.flip(0, 0).unwrap();
        assert_eq!(mesh.flips, 1);
        // Slot 0 = (0, 2, 1) edge 0 (0, 2) is shared with slot 2 = (4, 2, 0): d = 4.
        assert_eq!(u, 2);
        assert_eq!(mesh.tri(0).v, [0, 4, 1]);
        assert_eq!(mesh.tri(2).v, [4, 2, 1]);
        assert!(symmetric(&mesh));
    }

    #[test]
    fn edge_position_needs_both_ends_in_order() {
        let mesh = Mesh::new(1); // slot 0 = (1, 2, 3)
        assert_eq!(mesh.edge_position(0, 1, 2), Some(0));
        assert_eq!(mesh.edge_position(0, 3, 1), Some(2));
        // 1→3 runs against the slot's orientation; 1→0 and 0→2 hold one end only.
        assert_eq!(mesh.edge_position(0, 1, 3), None);
        assert_eq!(mesh.edge_position(0, 1, 0), None);
        assert_eq!(mesh.edge_position(0, 0, 2), None);
    }

    /// A fan whose links never lead back to its start (a broken mesh) ends after as many
    /// slots as there are, rather than running forever.
    #[test]
    fn a_fan_that_does_not_close_is_bounded() {
        let tri = |v: [u32; 3], next: u32| Triangle {
            v,
            nb: [NONE, NONE, next],
            con: [false; 3],
        };
        // Around vertex 0 (at position 0, so edge 2 leads on): slots 0 → 1 → 2 → 1 → …
        let mesh = Mesh {
            triangles: vec![tri([0, 1, 2], 1), tri([0, 2, 3], 2), tri([0, 3, 4], 1)],
            vertex_slot: vec![0; 5],
            flips: 0,
        };
        let slots: Vec<u32> = mesh.fan_iter(0).take(10).map(|(t, _)| t).collect();
        assert_eq!(slots, [0, 1, 2]);
    }
}
