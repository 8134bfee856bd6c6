//! A tree of boxes over the hot pixels for the pixel candidates of clustered input ([C4],
//! X10).
//!
//! Why: the band search of [C4] reads, in every band a fragment's y range meets, the
//! points in the x range the fragment covers over that band. Where many fragments cross
//! near one place (n needles through one point: Θ(n²) hot pixels in a small square) a
//! band and that x range hold the whole cluster, so each fragment reads every hot pixel:
//! Θ(n³) candidate tests for Θ(n²) actual contacts. The tree reads only the leaves whose
//! boxes lie within one unit of the fragment.
//!
//! How it is built (sort-tile-recursive packing): the points come sorted by x, so √L runs
//! of √L leaves each (L leaves of [`LEAF`] points) are vertical slices; each slice is
//! sorted by y and cut into leaves. The upper nodes halve the slices, the lower ones halve
//! a slice's leaves. One sort of short runs, where splitting at medians selected level by
//! level took twice as long, and on the needles the slices' leaves also serve queries
//! faster (a note in docs/performance.md).
//!
//! Why it is complete: a pixel met by a segment has its centre within L∞ distance 1/2 of
//! the segment, so the segment meets the box of its leaf grown by 1/2, and so every box
//! on the path to that leaf grown by 1 (each holds the leaf's box). A subtree is skipped
//! only when the segment misses its box grown by 1, and a leaf's points only when they
//! lie outside the segment's box grown by 1 or their closed pixel misses the segment's
//! line ([`NearLine`], whose float filters never drop what the exact tests
//! `segment_meets_box` and `line_meets_closed_pixel` keep). The order of the points only
//! shapes the boxes. Which candidates come out never changes a result ([C1]).

use crate::grid::GridPoint;
use crate::predicates::NearLine;

use super::search::Id;

/// Points per leaf at most (at most 32: a leaf's tests fill a u32 mask).
const LEAF: usize = 16;

/// A node over the points `start..end` (tree order) with their bounding box. Nodes are in
/// preorder: the left child follows its parent; `right` is the right child (0 for a leaf).
struct Node {
    start: u32,
    end: u32,
    right: u32,
    min: GridPoint,
    max: GridPoint,
}

/// The tree: nodes, and the points' coordinates and indices in tree order.
pub(super) struct PointTree {
    nodes: Vec<Node>,
    xs: Vec<i64>,
    ys: Vec<i64>,
    ids: Vec<Id>,
    /// The largest |coordinate| of a node's box grown by 1 (for [`NearLine`]).
    bound: i64,
    /// The traversal stack, kept between queries (one allocation per tree, not per query).
    stack: Vec<usize>,
}

impl PointTree {
    /// Builds the tree of `points` (indices fit an [`Id`]: the caller checks).
    pub(super) fn new(points: &[GridPoint]) -> PointTree {
        let mut items: Vec<(GridPoint, Id)> = points
            .iter()
            .enumerate()
            .map(|(k, &p)| (p, k as Id))
            .collect();
        let mut nodes = Vec::with_capacity(2 * points.len() / LEAF + 1);
        if !items.is_empty() {
            // Slices of whole leaves, as many as leaves per slice; points are x-sorted, so
            // a slice is a run of them, sorted by y inside.
            let leaves = items.len().div_ceil(LEAF);
            let slices = (leaves as f64).sqrt().ceil() as usize;
            let per_slice = leaves.div_ceil(slices) * LEAF;
            for slice in items.chunks_mut(per_slice) {
                slice.sort_unstable_by_key(|t| (t.0.y, t.0.x));
            }
            build_slices(
                &items,
                per_slice,
                0,
                items.len().div_ceil(per_slice),
                &mut nodes,
            );
        }
        let bound = nodes.first().map_or(0, |root: &Node| {
            [root.min.x, root.min.y, root.max.x, root.max.y]
                .iter()
                .map(|v| v.saturating_abs().saturating_add(1))
                .max()
                .unwrap_or(0)
        });
        PointTree {
            nodes,
            bound,
            xs: items.iter().map(|t| t.0.x).collect(),
            ys: items.iter().map(|t| t.0.y).collect(),
            ids: items.iter().map(|t| t.1).collect(),
            stack: Vec::new(),
        }
    }

    /// Calls `f(k, point)` once for every point k in the box `lo..=hi` (the segment's box
    /// grown by 1) whose closed pixel the line a–b meets and whose leaf's box, grown by 1,
    /// the segment a–b meets.
    pub(super) fn for_each_near(
        &mut self,
        a: GridPoint,
        b: GridPoint,
        lo: GridPoint,
        hi: GridPoint,
        mut f: impl FnMut(usize, GridPoint),
    ) {
        if self.nodes.is_empty() {
            return;
        }
        let line = NearLine::new(a, b, self.bound);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(0);
        while let Some(n) = stack.pop() {
            let node = &self.nodes[n];
            let grown_lo = GridPoint::new(node.min.x - 1, node.min.y - 1);
            let grown_hi = GridPoint::new(node.max.x + 1, node.max.y + 1);
            if !line.may_meet_box(grown_lo, grown_hi) {
                continue;
            }
            if node.right == 0 {
                let range = node.start as usize..node.end as usize;
                // The tests of the whole leaf first, as a mask without branches (which
                // points pass is unpredictable), then the calls. The box alone keeps every
                // point of a leaf a long segment crosses.
                let mut keep = 0u32;
                for (bit, (&x, &y)) in self.xs[range.clone()]
                    .iter()
                    .zip(&self.ys[range.clone()])
                    .enumerate()
                {
                    let p = GridPoint::new(x, y);
                    let near = (x >= lo.x)
                        & (x <= hi.x)
                        & (y >= lo.y)
                        & (y <= hi.y)
                        & line.may_meet_pixel(p);
                    keep |= u32::from(near) << bit;
                }
                while keep != 0 {
                    let k = range.start + keep.trailing_zeros() as usize;
                    keep &= keep - 1;
                    f(self.ids[k] as usize, GridPoint::new(self.xs[k], self.ys[k]));
                }
            } else {
                stack.push(node.right as usize);
                stack.push(n + 1);
            }
        }
        self.stack = stack;
    }
}

/// Appends the subtree over slices `s0..s1` (of `per_slice` points) in preorder: halves of
/// the slices, then within one slice halves of its leaves. Returns the subtree's box.
fn build_slices(
    items: &[(GridPoint, Id)],
    per_slice: usize,
    s0: usize,
    s1: usize,
    nodes: &mut Vec<Node>,
) -> (GridPoint, GridPoint) {
    if s1 - s0 == 1 {
        let end = (s1 * per_slice).min(items.len());
        return build_leaves(items, s0 * per_slice, end, nodes);
    }
    let me = nodes.len();
    nodes.push(Node {
        start: (s0 * per_slice) as u32,
        end: (s1 * per_slice).min(items.len()) as u32,
        right: 0,
        min: GridPoint::new(0, 0),
        max: GridPoint::new(0, 0),
    });
    let mid = (s0 + s1) / 2;
    let (lmin, lmax) = build_slices(items, per_slice, s0, mid, nodes);
    nodes[me].right = nodes.len() as u32;
    let (rmin, rmax) = build_slices(items, per_slice, mid, s1, nodes);
    let (min, max) = (
        GridPoint::new(lmin.x.min(rmin.x), lmin.y.min(rmin.y)),
        GridPoint::new(lmax.x.max(rmax.x), lmax.y.max(rmax.y)),
    );
    nodes[me].min = min;
    nodes[me].max = max;
    (min, max)
}

/// Appends the subtree over points `start..end` of one slice: halves at a leaf boundary.
fn build_leaves(
    items: &[(GridPoint, Id)],
    start: usize,
    end: usize,
    nodes: &mut Vec<Node>,
) -> (GridPoint, GridPoint) {
    let me = nodes.len();
    nodes.push(Node {
        start: start as u32,
        end: end as u32,
        right: 0,
        min: GridPoint::new(0, 0),
        max: GridPoint::new(0, 0),
    });
    let (min, max) = if end - start <= LEAF {
        let (mut min, mut max) = (items[start].0, items[start].0);
        for (p, _) in &items[start..end] {
            min = GridPoint::new(min.x.min(p.x), min.y.min(p.y));
            max = GridPoint::new(max.x.max(p.x), max.y.max(p.y));
        }
        (min, max)
    } else {
        let mid = start + (end - start).div_ceil(LEAF) / 2 * LEAF;
        let (lmin, lmax) = build_leaves(items, start, mid, nodes);
        nodes[me].right = nodes.len() as u32;
        let (rmin, rmax) = build_leaves(items, mid, end, nodes);
        (
            GridPoint::new(lmin.x.min(rmin.x), lmin.y.min(rmin.y)),
            GridPoint::new(lmax.x.max(rmax.x), lmax.y.max(rmax.y)),
        )
    };
    nodes[me].min = min;
    nodes[me].max = max;
    (min, max)
}
