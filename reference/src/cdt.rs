//! Reference constrained Delaunay triangulation, following docs/cdt.md step by step
//! ([D0]–[D8], X15) with naive data structures: triangle slots in a `Vec`, point location
//! by scanning every slot, edges found by scanning, and BigInt predicates. The slot tables
//! of the splits and flips, the insertion order, the LIFO legalisation, Sloan's FIFO queue
//! and the [D7] passes are exactly the document's, so the slots (hence the output) match
//! any implementation of the same procedure bit for bit.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use serde_json::json;

use crate::error::RefError;
use crate::geom::Point;
use crate::mutation::{self, Mutation};

/// Largest input coordinate magnitude, 2^39 ([G4]; docs/cdt.md section 2).
pub const MAX_COORDINATE: i64 = 1 << 39;

/// B = 2^45: the bounding triangle's corners are (−B, −B), (3B, −B), (−B, 3B) ([D1]).
pub const BOUND: i64 = 1 << 45;

// ---------------------------------------------------------------------------------------
// Exact predicates (BigInt, written here so the oracle depends on nothing else).

fn big(v: i64) -> BigInt {
    BigInt::from(v)
}

fn sign(v: &BigInt) -> i32 {
    if v.is_positive() {
        1
    } else if v.is_negative() {
        -1
    } else {
        0
    }
}

/// The exact cross product (b − a) × (c − a).
pub fn orient_value(a: Point, b: Point, c: Point) -> BigInt {
    (big(b.x) - big(a.x)) * (big(c.y) - big(a.y)) - (big(b.y) - big(a.y)) * (big(c.x) - big(a.x))
}

/// Sign of (b − a) × (c − a): +1 when c is left of a→b.
pub fn orient(a: Point, b: Point, c: Point) -> i32 {
    sign(&orient_value(a, b, c))
}

/// Sign of the in-circle determinant: +1 when d is strictly inside the circle through the
/// counter-clockwise triangle a, b, c, 0 when cocircular.
pub fn in_circle(a: Point, b: Point, c: Point, d: Point) -> i32 {
    let row = |p: Point| {
        let dx = big(p.x) - big(d.x);
        let dy = big(p.y) - big(d.y);
        let lift = &dx * &dx + &dy * &dy;
        (dx, dy, lift)
    };
    let (adx, ady, al) = row(a);
    let (bdx, bdy, bl) = row(b);
    let (cdx, cdy, cl) = row(c);
    let det = &adx * (&bdy * &cl - &cdy * &bl) - &ady * (&bdx * &cl - &cdx * &bl)
        + &al * (&bdx * &cdy - &cdx * &bdy);
    sign(&det)
}

// ---------------------------------------------------------------------------------------
// Insertion order [D2], [D3].

/// SplitMix64's output function applied to i + 0x9E3779B97F4A7C15 (the first output of
/// SplitMix64 seeded with i), all arithmetic wrapping on 64 bits ([D2], X15).
pub fn splitmix64_output(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Trailing zero bits, tz(0) = 64.
pub fn trailing_zero_bits(x: u64) -> u32 {
    x.trailing_zeros()
}

/// top = max(0, floor(log2 n) − 3) (0 for n = 0).
pub fn top_round(n: usize) -> u32 {
    if n == 0 {
        return 0;
    }
    let floor_log2 = usize::BITS - 1 - n.leading_zeros();
    if mutation::active(Mutation::BrioTopCeil) {
        return (floor_log2 + u32::from(!n.is_power_of_two())).saturating_sub(3);
    }
    floor_log2.saturating_sub(3)
}

/// The BRIO round of vertex i: min(top, tz(h(i))).
pub fn round_of(i: usize, top: u32) -> u32 {
    if mutation::active(Mutation::BrioHashIndexPlusOne) {
        return top.min(trailing_zero_bits(splitmix64_output(i as u64 + 1)));
    }
    top.min(trailing_zero_bits(splitmix64_output(i as u64)))
}

/// The classic Hilbert index of cell (x, y) in an `n` × `n` grid (`n` a power of two).
pub fn hilbert_xy2d(n: u64, x: u64, y: u64) -> u64 {
    let (mut x, mut y) = (x, y);
    let mut d = 0;
    let mut s = n / 2;
    while s > 0 {
        let rx = u64::from(x & s != 0);
        let ry = u64::from(y & s != 0);
        d += s * s * ((3 * rx) ^ ry);
        if ry == 0 {
            if rx == 1 {
                x = n - 1 - x;
                y = n - 1 - y;
            }
            std::mem::swap(&mut x, &mut y);
        }
        s /= 2;
    }
    d
}

/// The Hilbert keys of order 12 of all points ([D3]): cells (x − minX) >> s,
/// (y − minY) >> s with the least s that makes both below 4096.
pub fn hilbert_keys(points: &[Point]) -> Vec<u64> {
    if points.is_empty() {
        return Vec::new();
    }
    let min_x = points.iter().map(|p| p.x).min().unwrap_or(0);
    let max_x = points.iter().map(|p| p.x).max().unwrap_or(0);
    let min_y = points.iter().map(|p| p.y).min().unwrap_or(0);
    let max_y = points.iter().map(|p| p.y).max().unwrap_or(0);
    let (wx, wy) = ((max_x - min_x) as u64, (max_y - min_y) as u64);
    let mut s = 0;
    let cells: u64 = if mutation::active(Mutation::HilbertGrid2048) {
        2048
    } else {
        4096
    };
    while (wx >> s) >= cells || (wy >> s) >= cells {
        s += 1;
    }
    points
        .iter()
        .map(|p| {
            let cx = ((p.x - min_x) as u64) >> s;
            let cy = ((p.y - min_y) as u64) >> s;
            if mutation::active(Mutation::HilbertTransposed) {
                return hilbert_xy2d(4096, cy, cx);
            }
            hilbert_xy2d(4096, cx, cy)
        })
        .collect()
}

/// The insertion order of the n sorted points (section 3 of docs/cdt.md): the sorted
/// order below 64 points, else the BRIO rounds from `top` down to 0, each in increasing
/// (Hilbert key, index).
pub fn insertion_order(points: &[Point]) -> Vec<usize> {
    let n = points.len();
    if n < 64 || (mutation::active(Mutation::BrioFrom65) && n == 64) {
        return (0..n).collect();
    }
    let top = top_round(n);
    let keys = hilbert_keys(points);
    let mut order = Vec::with_capacity(n);
    let mut rounds: Vec<u32> = (0..=top).rev().collect();
    if mutation::active(Mutation::BrioRoundsAscending) {
        rounds.reverse();
    }
    for round in rounds {
        let mut members: Vec<(u64, usize)> = (0..n)
            .filter(|&i| round_of(i, top) == round)
            .map(|i| (keys[i], i))
            .collect();
        members.sort();
        if mutation::active(Mutation::HilbertTieIndexDescending) {
            members.sort_by_key(|&(k, i)| (k, std::cmp::Reverse(i)));
        }
        order.extend(members.into_iter().map(|(_, i)| i));
    }
    order
}

// ---------------------------------------------------------------------------------------
// Triangle slots.

/// One triangle slot (section 1 of docs/cdt.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// Vertex indices, counter-clockwise.
    pub v: [usize; 3],
    /// `nb[i]`: the slot across edge i = (v[i], v[i+1]), or None.
    pub nb: [Option<usize>; 3],
    /// `con[i]`: edge i is constrained.
    pub con: [bool; 3],
}

impl Slot {
    /// Position of the directed edge (a, b) in this triangle.
    pub fn edge_position(&self, a: usize, b: usize) -> Option<usize> {
        (0..3).find(|&k| self.v[k] == a && self.v[(k + 1) % 3] == b)
    }

    /// True when some vertex index is ≥ `n` (a bounding vertex).
    pub fn has_bounding_vertex(&self, n: usize) -> bool {
        self.v.iter().any(|&x| x >= n)
    }
}

/// A finished constrained Delaunay triangulation: the n input points followed by the three
/// bounding vertices, and every triangle slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cdt {
    /// Input points (0 … n − 1) then the bounding vertices n, n + 1, n + 2.
    pub vertices: Vec<Point>,
    /// Number of input points n.
    pub input_count: usize,
    /// All slots (1 + 2n of them).
    pub slots: Vec<Slot>,
}

impl Cdt {
    /// Triangles with no bounding vertex, rotated to start at their smallest index,
    /// sorted (section 7.1).
    pub fn output_triangles(&self) -> Vec<[usize; 3]> {
        let mut out: Vec<[usize; 3]> = self
            .slots
            .iter()
            .filter(|s| !s.has_bounding_vertex(self.input_count))
            .map(|s| rotate_to_smallest(s.v))
            .collect();
        out.sort();
        out
    }

    /// Every constrained edge once as [min, max], sorted (section 7.1).
    pub fn constrained_edges(&self) -> Vec<[usize; 2]> {
        let mut out = Vec::new();
        for s in &self.slots {
            for k in 0..3 {
                if s.con[k] {
                    let (a, b) = (s.v[k], s.v[(k + 1) % 3]);
                    out.push([a.min(b), a.max(b)]);
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Structural invariants: counter-clockwise slots, symmetric neighbour links across
    /// the same edge, symmetric constrained flags, NONE exactly on the bounding triangle's
    /// edges, areas summing to the bounding triangle's, every unconstrained edge locally
    /// Delaunay, 1 + 2n slots.
    pub fn check(&self) -> Result<(), String> {
        let n = self.input_count;
        if self.vertices.len() != n + 3 {
            return Err("vertex count is not n + 3".into());
        }
        if self.slots.len() != 1 + 2 * n {
            return Err(format!("{} slots for n = {n}", self.slots.len()));
        }
        let mut area = BigInt::zero();
        for (t, s) in self.slots.iter().enumerate() {
            if s.v.iter().any(|&x| x >= n + 3) {
                return Err(format!("slot {t}: vertex index out of range"));
            }
            let [a, b, c] = s.v.map(|x| self.vertices[x]);
            if orient(a, b, c) <= 0 {
                return Err(format!("slot {t} is not counter-clockwise"));
            }
            area += orient_value(a, b, c);
            for k in 0..3 {
                let (x, y) = (s.v[k], s.v[(k + 1) % 3]);
                match s.nb[k] {
                    None => {
                        if !(x >= n && y >= n) {
                            return Err(format!("slot {t} edge {k}: NONE inside"));
                        }
                    }
                    Some(u) => {
                        let us = self.slots.get(u).ok_or("neighbour out of range")?;
                        let j = us
                            .edge_position(y, x)
                            .ok_or(format!("slot {t} edge {k}: neighbour lacks the edge"))?;
                        if us.nb[j] != Some(t) {
                            return Err(format!("slot {t} edge {k}: link not symmetric"));
                        }
                        if us.con[j] != s.con[k] {
                            return Err(format!("slot {t} edge {k}: flags differ"));
                        }
                        let d = self.vertices[us.v[(j + 2) % 3]];
                        if !s.con[k] && in_circle(a, b, c, d) > 0 {
                            return Err(format!("slot {t} edge {k}: not locally Delaunay"));
                        }
                    }
                }
            }
        }
        let corners = [n, n + 1, n + 2].map(|x| self.vertices[x]);
        if area != orient_value(corners[0], corners[1], corners[2]) {
            return Err("triangle areas do not sum to the bounding triangle's".into());
        }
        Ok(())
    }
}

/// Rotates a counter-clockwise triple so that it starts at its smallest index.
pub fn rotate_to_smallest(v: [usize; 3]) -> [usize; 3] {
    let mut k = (0..3).min_by_key(|&k| v[k]).unwrap_or(0);
    if mutation::active(Mutation::Tr3RotateToLargest) {
        k = (0..3).max_by_key(|&k| v[k]).unwrap_or(0);
    }
    [v[k], v[(k + 1) % 3], v[(k + 2) % 3]]
}

// ---------------------------------------------------------------------------------------
// The procedure.

fn invalid_constraints() -> RefError {
    RefError::InvalidArgument {
        argument: "constraints".into(),
        location: None,
    }
}

fn invalid_points() -> RefError {
    RefError::InvalidArgument {
        argument: "points".into(),
        location: None,
    }
}

/// Validates the input in the order of section 2 of docs/cdt.md.
pub fn validate(points: &[Point], constraints: &[[usize; 2]]) -> Result<(), RefError> {
    if mutation::active(Mutation::X3CdtConstraintsFirst)
        && constraints
            .iter()
            .any(|&[a, b]| a >= points.len() || b >= points.len() || a == b)
    {
        return Err(invalid_constraints());
    }
    if mutation::active(Mutation::X3CdtOrderFirst) && points.windows(2).any(|w| w[0] >= w[1]) {
        return Err(invalid_points());
    }
    for (i, p) in points.iter().enumerate() {
        for c in [p.x, p.y] {
            if c.unsigned_abs() > MAX_COORDINATE as u64 {
                return Err(RefError::OutOfRange {
                    location: json!({"kind": "argument", "name": format!("points[{i}]")}),
                    value: c as f64,
                });
            }
        }
    }
    if points.windows(2).any(|w| w[0] >= w[1]) {
        return Err(invalid_points());
    }
    let n = points.len();
    if constraints.iter().any(|&[a, b]| a >= n || b >= n || a == b) {
        return Err(invalid_constraints());
    }
    Ok(())
}

/// Where a point lies in the current triangulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// Strictly inside the triangle of this slot.
    Inside(usize),
    /// In the open edge `edge` of `slot`, the smaller of the two slots sharing it.
    OnEdge {
        /// The smaller slot.
        slot: usize,
        /// The edge's position in it.
        edge: usize,
    },
}

/// The triangulation under construction (docs/cdt.md sections 1, 4–6).
#[derive(Debug, Clone)]
pub struct Builder {
    /// Input points then the three bounding vertices.
    pub vertices: Vec<Point>,
    /// n.
    pub input_count: usize,
    /// The slots.
    pub slots: Vec<Slot>,
    /// Legalisation stack (LIFO).
    stack: Vec<usize>,
}

fn defect() -> RefError {
    RefError::GeometryDefect
}

impl Builder {
    /// The initial triangle over the points (not yet inserted): slot 0 = (n, n+1, n+2).
    pub fn new(points: &[Point]) -> Builder {
        let n = points.len();
        let mut vertices = points.to_vec();
        vertices.push(Point {
            x: -BOUND,
            y: -BOUND,
        });
        vertices.push(Point {
            x: 3 * BOUND,
            y: -BOUND,
        });
        vertices.push(Point {
            x: -BOUND,
            y: 3 * BOUND,
        });
        Builder {
            vertices,
            input_count: n,
            slots: vec![Slot {
                v: [n, n + 1, n + 2],
                nb: [None; 3],
                con: [false; 3],
            }],
            stack: Vec::new(),
        }
    }

    /// The finished triangulation.
    pub fn finish(self) -> Cdt {
        Cdt {
            vertices: self.vertices,
            input_count: self.input_count,
            slots: self.slots,
        }
    }

    fn point(&self, v: usize) -> Point {
        self.vertices[v]
    }

    /// Locates vertex `p` by scanning every slot in index order (the containing triangle
    /// or edge is unique, so this agrees with the walk; the first hit is the smaller slot).
    pub fn locate(&self, p: usize) -> Result<Location, RefError> {
        let q = self.point(p);
        for (t, s) in self.slots.iter().enumerate() {
            let [a, b, c] = s.v.map(|x| self.point(x));
            // Cheap exact rejection: a closed triangle lies in its bounding box.
            if q.x < a.x.min(b.x).min(c.x)
                || q.x > a.x.max(b.x).max(c.x)
                || q.y < a.y.min(b.y).min(c.y)
                || q.y > a.y.max(b.y).max(c.y)
            {
                continue;
            }
            let o = [orient(a, b, q), orient(b, c, q), orient(c, a, q)];
            if o.iter().any(|&x| x < 0) {
                continue;
            }
            let zeros: Vec<usize> = (0..3).filter(|&k| o[k] == 0).collect();
            return match zeros.len() {
                0 => Ok(Location::Inside(t)),
                1 => Ok(Location::OnEdge {
                    slot: t,
                    edge: zeros[0],
                }),
                _ => Err(defect()),
            };
        }
        Err(defect())
    }

    /// In slot `x`, the entry pointing to `old` now points to `new` (skips None).
    fn relink(&mut self, x: Option<usize>, old: usize, new: usize) -> Result<(), RefError> {
        let Some(x) = x else { return Ok(()) };
        let s = &mut self.slots[x];
        let k = (0..3).find(|&k| s.nb[k] == Some(old)).ok_or_else(defect)?;
        s.nb[k] = Some(new);
        Ok(())
    }

    /// 1→3 split of slot t by vertex p (table 4.2). Pushes t, m, m + 1.
    pub fn split_triangle(&mut self, t: usize, p: usize) -> Result<(), RefError> {
        let s = self.slots[t];
        let [a, b, c] = s.v;
        let [n0, n1, n2] = s.nb;
        let [c0, c1, c2] = s.con;
        let m = self.slots.len();
        self.slots[t] = Slot {
            v: [a, b, p],
            nb: [n0, Some(m), Some(m + 1)],
            con: [c0, false, false],
        };
        self.slots.push(Slot {
            v: [b, c, p],
            nb: [n1, Some(m + 1), Some(t)],
            con: [c1, false, false],
        });
        self.slots.push(Slot {
            v: [c, a, p],
            nb: [n2, Some(t), Some(m)],
            con: [c2, false, false],
        });
        self.relink(n1, t, m)?;
        self.relink(n2, t, m + 1)?;
        if mutation::active(Mutation::Split13Rotated) {
            mutation::permute_slots(&mut self.slots, &[t, m, m + 1]);
        }
        self.stack.extend([t, m, m + 1]);
        Ok(())
    }

    /// 2→4 split of edge i of slot t (the smaller of the two slots sharing it) by vertex
    /// p (table 4.3). Pushes t, m, u, m + 1.
    pub fn split_edge(&mut self, t: usize, i: usize, p: usize) -> Result<(), RefError> {
        let ts = self.slots[t];
        let (a, b, c) = (ts.v[i], ts.v[(i + 1) % 3], ts.v[(i + 2) % 3]);
        let (t_bc, t_ca) = (ts.nb[(i + 1) % 3], ts.nb[(i + 2) % 3]);
        let u = ts.nb[i].ok_or_else(defect)?;
        let us = self.slots[u];
        let j = us.edge_position(b, a).ok_or_else(defect)?;
        let d = us.v[(j + 2) % 3];
        let (u_ad, u_db) = (us.nb[(j + 1) % 3], us.nb[(j + 2) % 3]);
        let m = self.slots.len();
        self.slots[t] = Slot {
            v: [b, c, p],
            nb: [t_bc, Some(m), Some(m + 1)],
            con: [ts.con[(i + 1) % 3], false, false],
        };
        self.slots.push(Slot {
            v: [c, a, p],
            nb: [t_ca, Some(u), Some(t)],
            con: [ts.con[(i + 2) % 3], false, false],
        });
        self.slots[u] = Slot {
            v: [a, d, p],
            nb: [u_ad, Some(m + 1), Some(m)],
            con: [us.con[(j + 1) % 3], false, false],
        };
        self.slots.push(Slot {
            v: [d, b, p],
            nb: [u_db, Some(t), Some(u)],
            con: [us.con[(j + 2) % 3], false, false],
        });
        self.relink(t_ca, t, m)?;
        self.relink(u_db, u, m + 1)?;
        self.stack.extend([t, m, u, m + 1]);
        Ok(())
    }

    /// The neighbour across edge i of slot t, its position j of the reversed edge and its
    /// vertex d opposite the edge.
    fn across(&self, t: usize, i: usize) -> Result<(usize, usize, usize), RefError> {
        let ts = self.slots[t];
        let u = ts.nb[i].ok_or_else(defect)?;
        let us = self.slots[u];
        let j = us
            .edge_position(ts.v[(i + 1) % 3], ts.v[i])
            .ok_or_else(defect)?;
        Ok((u, j, us.v[(j + 2) % 3]))
    }

    /// Flip of edge i of slot t (table 4.4): (a, b) is replaced by (d, c).
    pub fn flip(&mut self, t: usize, i: usize) -> Result<(), RefError> {
        let ts = self.slots[t];
        let (a, b, c) = (ts.v[i], ts.v[(i + 1) % 3], ts.v[(i + 2) % 3]);
        let (t_bc, t_ca) = (ts.nb[(i + 1) % 3], ts.nb[(i + 2) % 3]);
        let (u, j, d) = self.across(t, i)?;
        let us = self.slots[u];
        let (u_ad, u_db) = (us.nb[(j + 1) % 3], us.nb[(j + 2) % 3]);
        self.slots[t] = Slot {
            v: [a, d, c],
            nb: [u_ad, Some(u), t_ca],
            con: [us.con[(j + 1) % 3], false, ts.con[(i + 2) % 3]],
        };
        self.slots[u] = Slot {
            v: [d, b, c],
            nb: [u_db, t_bc, Some(t)],
            con: [us.con[(j + 2) % 3], ts.con[(i + 1) % 3], false],
        };
        self.relink(u_ad, u, t)?;
        self.relink(t_bc, t, u)?;
        if mutation::active(Mutation::FlipSwapSlots) {
            mutation::permute_slots(&mut self.slots, &[t, u]);
        }
        Ok(())
    }

    /// LIFO legalisation after an insertion (4.5): every stacked slot has the new point
    /// at v[2]; edge 0 is flipped while the opposite vertex is strictly inside.
    pub fn legalise(&mut self) -> Result<(), RefError> {
        while let Some(s) = self.stack.pop() {
            let ss = self.slots[s];
            if ss.nb[0].is_none() || ss.con[0] {
                continue;
            }
            let (u, _, d) = self.across(s, 0)?;
            let [a, b, c] = ss.v.map(|x| self.point(x));
            let threshold = if mutation::active(Mutation::LegaliseCocircularFlip) {
                0
            } else {
                1
            };
            if in_circle(a, b, c, self.point(d)) >= threshold {
                self.flip(s, 0)?;
                self.stack.push(s);
                self.stack.push(u);
            }
        }
        Ok(())
    }

    /// Inserts vertex p: locate, split, legalise (section 4).
    pub fn insert_point(&mut self, p: usize) -> Result<(), RefError> {
        match self.locate(p)? {
            Location::Inside(t) => self.split_triangle(t, p)?,
            Location::OnEdge { slot, edge } if mutation::active(Mutation::SplitEdgeLargerSlot) => {
                let (u, j, _) = self.across(slot, edge)?;
                self.split_edge(u, j, p)?
            }
            Location::OnEdge { slot, edge } => self.split_edge(slot, edge, p)?,
        }
        self.legalise()
    }

    /// The smallest slot holding the undirected edge {x, y}, and the edge's position in it.
    pub fn find_edge(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        self.slots.iter().enumerate().find_map(|(t, s)| {
            s.edge_position(x, y)
                .or_else(|| s.edge_position(y, x))
                .map(|k| (t, k))
        })
    }

    fn mark_constrained(&mut self, a: usize, b: usize) {
        for s in &mut self.slots {
            for k in 0..3 {
                let (x, y) = (s.v[k], s.v[(k + 1) % 3]);
                if (x, y) == (a, b) || (x, y) == (b, a) {
                    s.con[k] = true;
                }
            }
        }
    }

    /// True when the open segments a–b and c–d cross at one point interior to both.
    fn properly_cross(&self, a: usize, b: usize, c: usize, d: usize) -> bool {
        let [pa, pb, pc, pd] = [a, b, c, d].map(|x| self.point(x));
        orient(pa, pb, pc) * orient(pa, pb, pd) < 0 && orient(pc, pd, pa) * orient(pc, pd, pb) < 0
    }

    /// The edges whose open interior the segment A–B crosses, ordered by the crossing
    /// point from A to B (by brute force over all edges). Errors when a vertex lies in
    /// the open segment or a crossed edge is constrained (section 5, step 2).
    pub fn crossed_edges(&self, a: usize, b: usize) -> Result<Vec<(usize, usize)>, RefError> {
        let (pa, pb) = (self.point(a), self.point(b));
        for (v, &q) in self.vertices.iter().enumerate() {
            if v == a || v == b || orient(pa, pb, q) != 0 {
                continue;
            }
            let along_from_a = (big(q.x) - big(pa.x)) * (big(pb.x) - big(pa.x))
                + (big(q.y) - big(pa.y)) * (big(pb.y) - big(pa.y));
            let along_from_b = (big(q.x) - big(pb.x)) * (big(pa.x) - big(pb.x))
                + (big(q.y) - big(pb.y)) * (big(pa.y) - big(pb.y));
            if along_from_a.is_positive() && along_from_b.is_positive() {
                return Err(invalid_constraints());
            }
        }
        let mut crossed: Vec<(BigRational, (usize, usize), bool)> = Vec::new();
        for s in &self.slots {
            for k in 0..3 {
                let (x, y) = (s.v[k], s.v[(k + 1) % 3]);
                if x > y || !self.properly_cross(a, b, x, y) {
                    continue; // each undirected edge once (from the side where x < y)
                }
                let (px, py) = (self.point(x), self.point(y));
                let side_a = orient_value(px, py, pa);
                let side_b = orient_value(px, py, pb);
                let param = BigRational::new(side_a.clone(), side_a - side_b);
                crossed.push((param, (x, y), s.con[k]));
            }
        }
        // An edge with x < y is seen from exactly one of its two triangles as (x, y).
        crossed.sort_by(|l, r| l.0.cmp(&r.0));
        if crossed.iter().any(|c| c.2) {
            return Err(invalid_constraints());
        }
        Ok(crossed.into_iter().map(|c| c.1).collect())
    }

    /// Sloan's insertion of one constraint (A, B) with A < B (section 5).
    pub fn insert_constraint(&mut self, a: usize, b: usize) -> Result<(), RefError> {
        if self.find_edge(a, b).is_some() {
            self.mark_constrained(a, b);
            return Ok(());
        }
        let mut queue: std::collections::VecDeque<(usize, usize)> =
            self.crossed_edges(a, b)?.into();
        let limit = 16 * queue.len() * queue.len() + 1024;
        let mut iterations = 0;
        while let Some((x, y)) = queue.pop_front() {
            iterations += 1;
            if iterations > limit {
                return Err(defect());
            }
            let mut found = self.find_edge(x, y);
            if mutation::active(Mutation::SloanLargerSlot) {
                found = mutation::larger_slot(&self.slots, x, y);
            }
            let (t, i) = found.ok_or_else(defect)?;
            let ts = self.slots[t];
            let (ea, eb, ec) = (ts.v[i], ts.v[(i + 1) % 3], ts.v[(i + 2) % 3]);
            let (_, _, d) = self.across(t, i)?;
            let [pa, pb, pc, pd] = [ea, eb, ec, d].map(|x| self.point(x));
            let convex = if mutation::active(Mutation::SloanConvexNonStrict) {
                0
            } else {
                1
            };
            if orient(pc, pa, pd) >= convex && orient(pd, pb, pc) >= convex {
                self.flip(t, i)?;
                if self.properly_cross(a, b, ec, d) {
                    queue.push_back((ec, d));
                }
            } else if mutation::active(Mutation::SloanRequeueFront) {
                queue.push_front((x, y));
            } else {
                queue.push_back((x, y));
            }
        }
        if self.find_edge(a, b).is_none() {
            return Err(defect());
        }
        self.mark_constrained(a, b);
        Ok(())
    }

    /// The [D7] passes: flip every unconstrained edge whose opposite vertex is strictly
    /// inside (quad strictly convex), slots in index order, edges 0, 1, 2 of the current
    /// content, until a pass flips nothing (section 6).
    pub fn restore_delaunay(&mut self) -> Result<(), RefError> {
        let mut passes = 0;
        loop {
            passes += 1;
            if passes > self.slots.len() + 64 {
                return Err(defect());
            }
            let mut flipped = false;
            let mut order: Vec<usize> = (0..self.slots.len()).collect();
            if mutation::active(Mutation::D7ScanReverse) {
                order.reverse();
            }
            for t in order {
                for i in 0..3 {
                    let ts = self.slots[t];
                    if ts.nb[i].is_none() || ts.con[i] {
                        continue;
                    }
                    let (_, _, d) = self.across(t, i)?;
                    let [pa, pb, pc] =
                        [ts.v[i], ts.v[(i + 1) % 3], ts.v[(i + 2) % 3]].map(|x| self.point(x));
                    let pd = self.point(d);
                    let [t0, t1, t2] = ts.v.map(|x| self.point(x));
                    let threshold = if mutation::active(Mutation::D7CocircularFlip) {
                        0
                    } else {
                        1
                    };
                    let skip_convexity = mutation::active(Mutation::D7NoConvexity);
                    if in_circle(t0, t1, t2, pd) >= threshold
                        && (skip_convexity || orient(pc, pa, pd) > 0)
                        && (skip_convexity || orient(pd, pb, pc) > 0)
                    {
                        self.flip(t, i)?;
                        flipped = true;
                    }
                }
            }
            if !flipped {
                return Ok(());
            }
        }
    }
}

/// The constrained Delaunay triangulation of sorted distinct points with constraints
/// (index pairs), by the procedure of docs/cdt.md: validation, insertion in BRIO order,
/// Sloan's constraint insertion in (A, B) order, then the [D7] passes.
pub fn triangulate_points(points: &[Point], constraints: &[[usize; 2]]) -> Result<Cdt, RefError> {
    validate(points, constraints)?;
    let mut builder = Builder::new(points);
    for p in insertion_order(points) {
        builder.insert_point(p)?;
    }
    let mut normalised: Vec<(usize, usize)> = constraints
        .iter()
        .map(|&[a, b]| (a.min(b), a.max(b)))
        .collect();
    if !mutation::active(Mutation::ConstraintsInputOrder) {
        normalised.sort();
    }
    normalised.dedup();
    for (a, b) in normalised {
        builder.insert_constraint(a, b)?;
    }
    builder.restore_delaunay()?;
    Ok(builder.finish())
}
