//! A k-d tree of the hot pixels for the pixel candidates of clustered input ([C4], X10).
//!
//! Why: the band search of [C4] reads, in every band a fragment's y range meets, the
//! points in the x range the fragment covers over that band. Where many fragments cross
//! near one place (n needles through one point: Θ(n²) hot pixels in a small square) a
//! band and that x range hold the whole cluster, so each fragment reads every hot pixel:
//! Θ(n³) candidate tests for Θ(n²) actual contacts. The tree reads only the leaves whose
//! boxes lie within one unit of the fragment.
//!
//! Why it is complete: a pixel met by a segment has its centre within L∞ distance 1/2 of
//! the segment, so the segment meets the box of its leaf grown by 1/2, and so every box
//! on the path to that leaf grown by 1 (each holds the leaf's box). A subtree is skipped
//! only when [`segment_meets_box`] says the segment misses its box grown by 1, and a leaf's
//! points are filtered by the same box test as the other searches (the segment's box
//! grown by 1) and by [`line_meets_closed_pixel`]: a point within 1/2 of the segment has
//! its closed pixel on the segment's line. Which candidates come out never changes a
//! result ([C1]).

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
            build(&mut items, 0, &mut nodes);
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

/// Appends the subtree of `items` (which start at tree position `offset`) in preorder,
/// splitting at the median of the box's longer side.
fn build(items: &mut [(GridPoint, Id)], offset: usize, nodes: &mut Vec<Node>) {
    let (mut min, mut max) = (items[0].0, items[0].0);
    for (p, _) in items.iter() {
        min = GridPoint::new(min.x.min(p.x), min.y.min(p.y));
        max = GridPoint::new(max.x.max(p.x), max.y.max(p.y));
    }
    let me = nodes.len();
    nodes.push(Node {
        start: offset as u32,
        end: (offset + items.len()) as u32,
        right: 0,
        min,
        max,
    });
    if items.len() <= LEAF {
        return;
    }
    let mid = items.len() / 2;
    if max.x - min.x >= max.y - min.y {
        items.select_nth_unstable_by_key(mid, |t| (t.0.x, t.0.y));
    } else {
        items.select_nth_unstable_by_key(mid, |t| (t.0.y, t.0.x));
    }
    let (left, right) = items.split_at_mut(mid);
    build(left, offset, nodes);
    nodes[me].right = nodes.len() as u32;
    build(right, offset + mid, nodes);
}
