//! When the shrink's pieces cover the whole region, its result is empty, and the overlay
//! need not run (an implementation choice, not a spec step: the result is the one [S5]
//! and the overlay define). Maps whose every room is narrower than the agent (the noisy
//! workloads) are all of this kind, and their overlay is the largest of all.
//!
//! Why an exact cover of the region by the closed pieces proves the result empty:
//! - The fed edges of [S5] are the boundaries of the pieces (rectangles, sectors) with
//!   the sides that cancel left out, so the operand-1 winding of a point off every edge
//!   is the number of pieces holding it, when every piece is a simple counter-clockwise
//!   polygon (checked here: each contributes 0 or 1). Operand 0 is the region.
//! - So if every point of the region lies in a closed piece, no face of the arrangement
//!   of the exact edges has w0 > 0 and w1 = 0: an open face meeting the region meets the
//!   interior of a piece, where w1 ≥ 1.
//! - Snap rounding ([A2]–[A3]) moves the edges continuously without a vertex ever
//!   crossing an edge (Guibas and Marimont's topological consistency, which the half-open
//!   pixels keep): a face can shrink or collapse, and keeps its windings, but no face
//!   appears. X9's repair rounds change nothing on valid input. So the rounded
//!   arrangement has no inside face either, and the traced result is empty.
//!
//! The cover is checked on squares: a region whose edges are axis-parallel and whose
//! vertices lie on a lattice of side g (the gcd of their coordinate differences, as on a
//! tile map) is a union of lattice squares; each square inside it must lie in one
//! piece, or each of its quarters must, down to [`MAX_SPLITS`] halvings. Everything is
//! decided by exact orientations; any doubt (a diagonal edge, a piece that is not simple
//! and counter-clockwise, too many squares) answers "not shown", and the overlay runs.

use std::cmp::Ordering;

use crate::arrangement::within_arrangement_range;
use crate::construct::{displace, Offset};
use crate::grid::GridPoint;
use crate::lists::Lists;
use crate::predicates::{cross, orient};
use crate::region::Region;

use super::{edge_offset, is_reflex, ring_corners, sector_rim, vertex_is_reflex};

/// How many times a square not inside one piece is halved before giving up.
const MAX_SPLITS: u32 = 3;

/// Most lattice squares checked (the bounding box of the region, in squares).
const MAX_SQUARES: u64 = 1 << 24;

/// Whether the closed pieces of the shrink by `r` grid units (sectors from `arc_ring`)
/// are shown to cover every point of `region`, so that the shrink is empty. `false`
/// also when the check does not apply.
pub(super) fn pieces_cover_region(region: &Region, r: f64, arc_ring: &[Offset]) -> bool {
    let rings = region.rings();
    let Some(lattice) = Lattice::of(rings) else {
        return false;
    };
    // Two quick ways out, before any piece is built (a "no" only costs the overlay its
    // shortcut): pieces of less area than the region cannot cover it (a rooms map, most
    // of it kept, stops here), nor reach a square whose centre lies deeper inside than
    // any piece reaches from the boundary (the cave maps).
    let reach = (r + 1.0).max(
        arc_ring
            .iter()
            .map(|&w| length(w) + 1.0)
            .fold(0.0, f64::max),
    );
    // Each edge's rectangle and each reflex vertex's sector.
    let mut most_area = 0.0;
    let sector = std::f64::consts::FRAC_PI_2 * reach * reach;
    for ring in rings {
        for (before, p, q) in ring_corners(ring) {
            most_area += reach * length((q.x - p.x, q.y - p.y));
            if is_reflex(before, p, q) {
                most_area += sector;
            }
        }
    }
    if most_area < region.area2() as f64 / 2.0 {
        return false;
    }
    let Some(flips) = lattice.flips(rings) else {
        return false;
    };
    // The centre of a square k king moves from the nearest square outside (1 next to
    // one) lies at least k − 1/2 sides from the boundary.
    let beyond_reach = ((reach + 2.0) / lattice.side as f64 + 0.5).floor() + 1.0;
    let inside_row = |row, cells: &mut [bool]| lattice.inside_row(&flips, row, cells);
    if beyond_reach < lattice.rows.max(lattice.columns) as f64
        && lattice.has_square_this_deep(inside_row, beyond_reach as usize)
    {
        return false;
    }
    let Some(inside) = lattice.inside_squares(&flips) else {
        return false;
    };
    let Some(pieces) = closed_pieces(rings, r, arc_ring) else {
        return false;
    };
    let index = PieceIndex::new(&pieces, &lattice);
    let in_a_box = lattice.squares_in_boxes(&pieces);
    let mut last_hit = 0;
    (0..lattice.rows).all(|row| {
        (0..lattice.columns).all(|column| {
            let k = row * lattice.columns + column;
            if !inside[k] || in_a_box[k] {
                return true;
            }
            let corner = GridPoint::new(
                lattice.origin.x + column as i64 * lattice.side,
                lattice.origin.y + row as i64 * lattice.side,
            );
            square_covered(
                &pieces,
                &index,
                corner,
                lattice.side,
                MAX_SPLITS,
                &mut last_hit,
            )
        })
    })
}

/// Whether the closed square with lower-left `corner` and `side` lies in one piece, or
/// each of its quarters is covered (at most `splits` more halvings).
fn square_covered(
    pieces: &Pieces,
    index: &PieceIndex,
    corner: GridPoint,
    side: i64,
    splits: u32,
    last_hit: &mut usize,
) -> bool {
    let corners = [
        corner,
        GridPoint::new(corner.x + side, corner.y),
        GridPoint::new(corner.x + side, corner.y + side),
        GridPoint::new(corner.x, corner.y + side),
    ];
    let holds = |k: usize| pieces.holds_all(k, &corners);
    if holds(*last_hit) {
        return true;
    }
    // A piece holding the square holds its centre, so it is listed in the centre's cell.
    let centre = GridPoint::new(corner.x + side / 2, corner.y + side / 2);
    if let Some(k) = index
        .near(centre)
        .iter()
        .map(|&k| k as usize)
        .find(|&k| holds(k))
    {
        *last_hit = k;
        return true;
    }
    if splits == 0 || side % 2 != 0 {
        return false;
    }
    let half = side / 2;
    [(0, 0), (half, 0), (0, half), (half, half)]
        .iter()
        .all(|&(dx, dy)| {
            let quarter = GridPoint::new(corner.x + dx, corner.y + dy);
            square_covered(pieces, index, quarter, half, splits - 1, last_hit)
        })
}

/// The closed pieces, each a convex counter-clockwise polygon (a rectangle, a sector or
/// a triangle of a sector's fan), their corners in one list.
#[derive(Default)]
struct Pieces {
    corners: Vec<GridPoint>,
    pieces: Vec<Piece>,
}

/// A piece's bounding box and its corners `corners[start..end]`; `is_box` when it is
/// its bounding box (an axis-parallel rectangle, the tile maps' usual piece).
struct Piece {
    lo: GridPoint,
    hi: GridPoint,
    start: usize,
    end: usize,
    is_box: bool,
}

impl Pieces {
    fn push(&mut self, polygon: &[GridPoint]) {
        let lo = GridPoint::new(
            polygon.iter().map(|p| p.x).min().unwrap_or(0),
            polygon.iter().map(|p| p.y).min().unwrap_or(0),
        );
        let hi = GridPoint::new(
            polygon.iter().map(|p| p.x).max().unwrap_or(0),
            polygon.iter().map(|p| p.y).max().unwrap_or(0),
        );
        let n = polygon.len();
        let axis_parallel = (0..n).all(|k| {
            let (p, q) = (polygon[k], polygon[(k + 1) % n]);
            p.x == q.x || p.y == q.y
        });
        let start = self.corners.len();
        self.corners.extend_from_slice(polygon);
        self.pieces.push(Piece {
            lo,
            hi,
            start,
            end: self.corners.len(),
            is_box: n == 4 && axis_parallel,
        });
    }

    /// Whether every point lies in the closed piece k.
    fn holds_all(&self, k: usize, points: &[GridPoint]) -> bool {
        let piece = &self.pieces[k];
        let in_box = |p: &GridPoint| {
            (piece.lo.x..=piece.hi.x).contains(&p.x) && (piece.lo.y..=piece.hi.y).contains(&p.y)
        };
        if !points.iter().all(in_box) {
            return false;
        }
        if piece.is_box {
            return true;
        }
        let polygon = &self.corners[piece.start..piece.end];
        let n = polygon.len();
        points
            .iter()
            .all(|&p| (0..n).all(|k| orient(polygon[k], polygon[(k + 1) % n], p) != Ordering::Less))
    }
}

/// Whether the polygon turns left or goes straight at every vertex (with positive
/// area, a convex counter-clockwise polygon when its angles add up to one turn, as a
/// sector's of less than a half turn do).
fn is_convex(polygon: &[GridPoint]) -> bool {
    let n = polygon.len();
    (0..n).all(|k| orient(polygon[k], polygon[(k + 1) % n], polygon[(k + 2) % n]) != Ordering::Less)
}

/// The closed pieces of [S1]–[S4] as convex counter-clockwise polygons: the rectangle
/// of every edge and the sector of every reflex vertex (as its fan from the vertex when
/// the rounded arc makes it non-convex). None when a piece is not a simple
/// counter-clockwise polygon or a corner leaves the arrangement's coordinate range
/// (where the overlay reports the error).
fn closed_pieces(rings: &[Vec<GridPoint>], r: f64, arc_ring: &[Offset]) -> Option<Pieces> {
    let mut pieces = Pieces::default();
    let (mut rim, mut sector) = (Vec::new(), Vec::new());
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let offset = edge_offset(ring, i, r);
            // [S2] a, b, b + V, a + V: counter-clockwise when V points left of a→b.
            if cross((b.x - a.x, b.y - a.y), offset) <= 0 {
                return None;
            }
            let rectangle = [a, b, displace(b, offset), displace(a, offset)];
            if !rectangle.iter().copied().all(within_arrangement_range) {
                return None;
            }
            pieces.push(&rectangle);
            if !vertex_is_reflex(ring, i) {
                continue;
            }
            // [S3] a, then the rim: the tip out, the arc, the tip in.
            sector_rim(ring, i, r, arc_ring, &mut rim);
            // Simple and counter-clockwise: the rim turns strictly counter-clockwise
            // around a, through less than a half turn.
            let around =
                |p: GridPoint, q: GridPoint| cross((p.x - a.x, p.y - a.y), (q.x - a.x, q.y - a.y));
            let first_to_last = around(rim[0], rim[rim.len() - 1]);
            if first_to_last <= 0 || rim.windows(2).any(|w| around(w[0], w[1]) <= 0) {
                return None;
            }
            if !rim.iter().copied().all(within_arrangement_range) {
                return None;
            }

            sector.clear();
            sector.push(a);
            sector.extend_from_slice(&rim);
            if is_convex(&sector) {
                pieces.push(&sector);
            } else {
                for w in rim.windows(2) {
                    pieces.push(&[a, w[0], w[1]]);
                }
            }
        }
    }
    Some(pieces)
}

/// The lattice of squares the region is a union of: side g, the gcd of the vertices'
/// coordinate differences, from the lower-left corner of their bounding box.
struct Lattice {
    origin: GridPoint,
    side: i64,
    columns: usize,
    rows: usize,
}

impl Lattice {
    /// None when an edge is not axis-parallel, the region is empty, or the lattice has
    /// more than [`MAX_SQUARES`] squares.
    fn of(rings: &[Vec<GridPoint>]) -> Option<Lattice> {
        let first = *rings.first()?.first()?;
        let (mut lo, mut hi) = (first, first);
        // The gcd of the differences is 2^t times the gcd of the differences shifted right
        // by t, t their least number of trailing zeros; that odd part is usually 1 after a
        // few vertices, so the loop of divisions stops early (it was half the check).
        let mut any_bits = 0u64;
        for ring in rings {
            for (before, p, _) in ring_corners(ring) {
                if p.x != before.x && p.y != before.y {
                    return None;
                }
                any_bits |= p.x.abs_diff(first.x) | p.y.abs_diff(first.y);
                lo = GridPoint::new(lo.x.min(p.x), lo.y.min(p.y));
                hi = GridPoint::new(hi.x.max(p.x), hi.y.max(p.y));
            }
        }
        let twos = any_bits.trailing_zeros().min(63);
        let mut odd: u64 = 0;
        'rings: for ring in rings {
            for p in ring {
                odd = gcd(odd, p.x.abs_diff(first.x) >> twos);
                odd = gcd(odd, p.y.abs_diff(first.y) >> twos);
                if odd == 1 {
                    break 'rings;
                }
            }
        }
        let side = i64::try_from(odd.checked_shl(twos)?)
            .ok()
            .filter(|&s| s > 0)?;
        let columns = hi.x.abs_diff(lo.x) / side as u64;
        let rows = hi.y.abs_diff(lo.y) / side as u64;
        if columns.checked_mul(rows)? > MAX_SQUARES {
            return None;
        }
        Some(Lattice {
            origin: lo,
            side,
            columns: usize::try_from(columns).ok()?,
            rows: usize::try_from(rows).ok()?,
        })
    }

    /// Per row, the vertical edges crossing it on each square's left side (`columns + 1`
    /// a row), from which [`Lattice::inside_row`] reads the row's squares. None when an
    /// edge leaves the lattice.
    fn flips(&self, rings: &[Vec<GridPoint>]) -> Option<Vec<bool>> {
        let w = self.columns;
        let mut flips = vec![false; (w + 1) * self.rows];
        for ring in rings {
            for (q, p, _) in ring_corners(ring) {
                if p.x != q.x {
                    continue;
                }
                let column = self.index(p.x, self.origin.x);
                let (low, high) = (p.y.min(q.y), p.y.max(q.y));
                for row in self.index(low, self.origin.y)..self.index(high, self.origin.y) {
                    let flip = flips.get_mut(row * (w + 1) + column)?;
                    *flip = !*flip;
                }
            }
        }
        Some(flips)
    }

    /// Row `row` of the squares into `cells`: inside the region when an odd number of
    /// the vertical edges crossing the row lie to its left (the rings of a region do not
    /// overlap). None when the row is crossed an odd number of times.
    fn inside_row(&self, flips: &[bool], row: usize, cells: &mut [bool]) -> Option<()> {
        let w = self.columns;
        let row_flips = &flips[row * (w + 1)..(row + 1) * (w + 1)];
        let mut odd = false;
        for (cell, &flip) in cells.iter_mut().zip(row_flips) {
            odd ^= flip;
            *cell = odd;
        }
        (odd == row_flips[w]).then_some(())
    }

    /// Per square (row by row), whether it is inside the region ([`Lattice::inside_row`]).
    /// None when a row is crossed an odd number of times.
    fn inside_squares(&self, flips: &[bool]) -> Option<Vec<bool>> {
        let w = self.columns;
        let mut inside = vec![false; w * self.rows];
        for (row, cells) in inside
            .chunks_exact_mut(w.max(1))
            .enumerate()
            .take(self.rows)
        {
            self.inside_row(flips, row, cells)?;
        }
        Some(inside)
    }

    /// Whether some inside square is `depth` or more king moves from every square
    /// outside, i.e. the (2·depth − 1)-square block around it is all inside: per column,
    /// the run of rows where the square is that far inside its row's run. The rows are
    /// read one at a time from `row_of` (false when it fails), so that a deep square
    /// found early ends the scan before the rest is read.
    fn has_square_this_deep(
        &self,
        mut row_of: impl FnMut(usize, &mut [bool]) -> Option<()>,
        depth: usize,
    ) -> bool {
        let (w, h) = (self.columns, self.rows);
        let span = 2 * depth.max(1) - 1;
        let mut cells = vec![false; w];
        let mut deep_in_row = vec![false; w];
        let mut rows_deep = vec![0usize; w];
        for row in 0..h {
            if row_of(row, &mut cells).is_none() {
                return false;
            }
            deep_in_row.fill(false);
            let mut start = 0;
            while start < w {
                if !cells[start] {
                    start += 1;
                    continue;
                }
                let end = start + cells[start..].iter().take_while(|&&c| c).count();
                if end - start >= span {
                    deep_in_row[start + depth - 1..end + 1 - depth].fill(true);
                }
                start = end;
            }
            for (streak, &deep) in rows_deep.iter_mut().zip(&deep_in_row) {
                *streak = if deep { *streak + 1 } else { 0 };
                if *streak >= span {
                    return true;
                }
            }
        }
        false
    }

    /// Per square (row by row), whether it lies in a piece that is an axis-parallel
    /// rectangle: those are marked straight from each such piece's extent.
    fn squares_in_boxes(&self, pieces: &Pieces) -> Vec<bool> {
        let mut marked = vec![false; self.columns * self.rows];
        let side = self.side;
        // The squares whose closed extent lies in [lo, hi] on one axis (both ends
        // clamped: a shrink's box starts on the region's edge, but nothing here needs it).
        let span = |lo: i64, hi: i64, origin: i64, count: usize| {
            let first = ((lo.saturating_sub(origin).max(0) + side - 1) / side).min(count as i64);
            let last = (hi.saturating_sub(origin).max(0) / side).min(count as i64);
            first as usize..(last.max(first)) as usize
        };
        for piece in pieces.pieces.iter().filter(|piece| piece.is_box) {
            let columns = span(piece.lo.x, piece.hi.x, self.origin.x, self.columns);
            for row in span(piece.lo.y, piece.hi.y, self.origin.y, self.rows) {
                marked[row * self.columns + columns.start..row * self.columns + columns.end]
                    .fill(true);
            }
        }
        marked
    }

    /// The lattice line of coordinate `value` (a multiple of the side from `origin`).
    fn index(&self, value: i64, origin: i64) -> usize {
        (value.abs_diff(origin) / self.side as u64) as usize
    }
}

/// The length of v, by a square root rather than `hypot` (five times cheaper; the
/// bounds it feeds only decide whether to try the cover, never what the shrink returns).
fn length(v: Offset) -> f64 {
    let (x, y) = (v.0 as f64, v.1 as f64);
    (x * x + y * y).sqrt()
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The pieces listed in every cell (2 × 2 lattice squares) their bounding box meets.
struct PieceIndex {
    cells: Cells,
    lists: Lists,
}

/// Square cells of side `cell` from `origin`, `columns` × `rows` of them.
struct Cells {
    origin: GridPoint,
    cell: i64,
    columns: usize,
    rows: usize,
}

impl Cells {
    /// The cell holding `p` (column, row), clamped to the cells.
    fn of(&self, p: GridPoint) -> (usize, usize) {
        let axis = |value: i64, origin: i64, count: usize| {
            let steps = value.saturating_sub(origin).max(0) / self.cell;
            (steps as usize).min(count - 1)
        };
        (
            axis(p.x, self.origin.x, self.columns),
            axis(p.y, self.origin.y, self.rows),
        )
    }
}

impl PieceIndex {
    fn new(pieces: &Pieces, lattice: &Lattice) -> PieceIndex {
        let cells = Cells {
            origin: lattice.origin,
            cell: lattice.side.saturating_mul(2),
            columns: lattice.columns / 2 + 1,
            rows: lattice.rows / 2 + 1,
        };
        let columns = cells.columns;
        let spans: Vec<((usize, usize), (usize, usize))> = pieces
            .pieces
            .iter()
            .map(|piece| (cells.of(piece.lo), cells.of(piece.hi)))
            .collect();
        let pairs = spans
            .iter()
            .enumerate()
            .flat_map(|(p, &((c0, r0), (c1, r1)))| {
                (r0..=r1)
                    .flat_map(move |row| (c0..=c1).map(move |column| (row * columns + column, p)))
            });
        let lists = Lists::group(columns * cells.rows, pairs);
        PieceIndex { cells, lists }
    }

    /// The pieces listed in the cell of `p`.
    fn near(&self, p: GridPoint) -> &[u32] {
        let (column, row) = self.cells.of(p);
        self.lists.get(row * self.cells.columns + column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lattice side is the gcd of the vertices' coordinate differences, whatever
    /// power of two and odd part it has, and where the odd part reaches 1 early or never.
    #[test]
    fn lattice_side_is_the_gcd_of_the_differences() {
        let mut random = crate::workloads::XorShift64::new(5);
        for _ in 0..300 {
            let side = (1 + random.next_u64() % 7) << (random.next_u64() % 20);
            let origin = random.next_u64() as i64 % 1000 - 500;
            // Axis-parallel rectangles whose corners are multiples of `side` from the
            // origin, the multiples sharing no common factor (one of them is 1).
            let rings: Vec<Vec<GridPoint>> = (0..1 + random.next_u64() % 3)
                .map(|k| {
                    let at = |m: u64| origin + (m * side) as i64;
                    let (x0, y0) = (random.next_u64() % 9, random.next_u64() % 9);
                    let (w, h) = (1 + random.next_u64() % 5, 1 + random.next_u64() % 5);
                    let (w, h) = if k == 0 { (1, h) } else { (w, h) };
                    let (x0, y0) = if k == 0 { (0, 0) } else { (x0, y0) };
                    vec![
                        GridPoint::new(at(x0), at(y0)),
                        GridPoint::new(at(x0 + w), at(y0)),
                        GridPoint::new(at(x0 + w), at(y0 + h)),
                        GridPoint::new(at(x0), at(y0 + h)),
                    ]
                })
                .collect();
            let brute = rings.iter().flatten().fold(0, |g, p| {
                gcd(
                    gcd(g, p.x.abs_diff(rings[0][0].x)),
                    p.y.abs_diff(rings[0][0].y),
                )
            });
            assert_eq!(brute, side);
            let lattice = Lattice::of(&rings).expect("axis-parallel rings");
            assert_eq!(lattice.side as u64, side, "{rings:?}");
        }
        // A diagonal edge: no lattice.
        let diagonal = vec![vec![
            GridPoint::new(0, 0),
            GridPoint::new(4, 0),
            GridPoint::new(0, 4),
        ]];
        assert!(Lattice::of(&diagonal).is_none());
    }

    /// The king-move depth of every square by brute force (outside the lattice counts as
    /// outside): the quick way out must answer exactly "is some square this deep".
    #[test]
    fn deep_squares_match_brute_force() {
        let mut random = crate::workloads::XorShift64::new(3);
        for _ in 0..400 {
            let (columns, rows) = (
                1 + (random.next_u64() % 12) as usize,
                1 + (random.next_u64() % 12) as usize,
            );
            let density = random.next_f64();
            let inside: Vec<bool> = (0..columns * rows)
                .map(|_| random.next_f64() < density)
                .collect();
            let lattice = Lattice {
                origin: GridPoint::new(0, 0),
                side: 1,
                columns,
                rows,
            };
            let is_inside = |x: i64, y: i64| {
                (0..columns as i64).contains(&x)
                    && (0..rows as i64).contains(&y)
                    && inside[y as usize * columns + x as usize]
            };
            let depth_of = |x: i64, y: i64| {
                (1..)
                    .find(|&k: &i64| {
                        (-k..=k).any(|dx| (-k..=k).any(|dy| !is_inside(x + dx, y + dy)))
                    })
                    .unwrap_or(0)
            };
            let deepest = (0..rows as i64)
                .flat_map(|y| (0..columns as i64).map(move |x| (x, y)))
                .filter(|&(x, y)| is_inside(x, y))
                .map(|(x, y)| depth_of(x, y) as usize)
                .max()
                .unwrap_or(0);
            for depth in 1..8 {
                assert_eq!(
                    lattice.has_square_this_deep(
                        |row, cells: &mut [bool]| {
                            cells.copy_from_slice(&inside[row * columns..(row + 1) * columns]);
                            Some(())
                        },
                        depth
                    ),
                    deepest >= depth,
                    "{columns} × {rows} {inside:?}, depth {depth}"
                );
            }
        }
    }

    /// Whether q lies on or left of the line of every side of `polygon`: inside the
    /// closed polygon when it is convex and counter-clockwise (the tests' own test).
    fn on_or_left_of_every_side(polygon: &[GridPoint], q: GridPoint) -> bool {
        let n = polygon.len();
        (0..n).all(|k| {
            let (a, b) = (polygon[k], polygon[(k + 1) % n]);
            cross((b.x - a.x, b.y - a.y), (q.x - a.x, q.y - a.y)) >= 0
        })
    }

    /// Whether every corner of `polygon` is on or left of every side's line.
    fn convex(polygon: &[GridPoint]) -> bool {
        polygon
            .iter()
            .all(|&q| on_or_left_of_every_side(polygon, q))
    }

    /// `square_covered` claims only squares the pieces cover: every point of a claimed
    /// square, on a lattice of an eighth of its side (every integer point of a small or
    /// odd square), lies in a closed piece, by a containment test of the test's own.
    /// Random boxes, triangles and other convex quadrilaterals; the claims must be many,
    /// some of them needing a split.
    #[test]
    fn a_square_claimed_covered_is_covered() {
        let p = GridPoint::new;
        let mut random = crate::workloads::XorShift64::new(11);
        let mut below = |n: u64| (random.next_u64() % n) as i64;
        let lattice = Lattice {
            origin: p(0, 0),
            side: 8,
            columns: 24,
            rows: 24,
        };
        let (mut claims, mut split_claims) = (0, 0);
        for _ in 0..600 {
            let mut pieces = Pieces::default();
            let mut polygons = Vec::new();
            // Corners on multiples of 4, so that squares often straddle where two
            // pieces meet; pairs of boxes side by side, which only a split can show.
            for _ in 0..1 + below(6) {
                let (x, y) = (4 * below(24), 4 * below(24));
                let (w, h) = (4 + 4 * below(18), 4 + 4 * below(18));
                let box_at = |x: i64, y: i64, w: i64, h: i64| {
                    vec![p(x, y), p(x + w, y), p(x + w, y + h), p(x, y + h)]
                };
                let shapes = match below(7) {
                    0 => vec![box_at(x, y, w, h)],
                    1 => vec![vec![p(x, y), p(x + w, y), p(x, y + h)]],
                    2 => vec![vec![p(x + w, y), p(x + w, y + h), p(x, y + h)]],
                    3 => vec![box_at(x, y, w, h), box_at(x + w, y, w, h)],
                    // Four corners, not a box: a parallelogram and a diamond.
                    4 => vec![vec![
                        p(x, y),
                        p(x + w, y),
                        p(x + w + 8, y + h),
                        p(x + 8, y + h),
                    ]],
                    5 => vec![vec![
                        p(x + w / 2, y),
                        p(x + w, y + h / 2),
                        p(x + w / 2, y + h),
                        p(x, y + h / 2),
                    ]],
                    _ => vec![box_at(x, y, w, h), box_at(x, y + h, w, h)],
                };
                for polygon in shapes {
                    pieces.push(&polygon);
                    polygons.push(polygon);
                }
            }
            let index = PieceIndex::new(&pieces, &lattice);
            for _ in 0..60 {
                let side = [3, 5, 6, 7, 8, 16, 24, 32][below(8) as usize];
                let corner = if below(2) == 0 {
                    p(4 * below(40), 4 * below(40))
                } else {
                    p(below(160), below(160))
                };
                let mut last_hit = 0;
                if !square_covered(&pieces, &index, corner, side, MAX_SPLITS, &mut last_hit) {
                    continue;
                }
                claims += 1;
                let step = if side % 8 == 0 { side / 8 } else { 1 };
                let points: Vec<GridPoint> = (0..=side / step)
                    .flat_map(|i| (0..=side / step).map(move |j| (i, j)))
                    .map(|(i, j)| p(corner.x + i * step, corner.y + j * step))
                    .collect();
                for &q in &points {
                    assert!(
                        polygons.iter().any(|polygon| on_or_left_of_every_side(polygon, q)),
                        "{q:?} of the square at {corner:?}, side {side}, in no piece of {polygons:?}"
                    );
                }
                let in_one = |polygon: &Vec<GridPoint>| {
                    points.iter().all(|&q| on_or_left_of_every_side(polygon, q))
                };
                split_claims += usize::from(!polygons.iter().any(in_one));
            }
        }
        assert!(
            claims >= 3_000 && split_claims >= 150,
            "{claims} claims, {split_claims} by splits"
        );
    }

    /// `closed_pieces` gives only convex pieces, by a check of the test's own (every
    /// corner on or left of every side's line): a sector that the rounded arc leaves
    /// non-convex goes in as its fan. Random tile maps and radii, as in
    /// `a_region_shown_covered_shrinks_to_nothing`, and star-shaped polygons; such
    /// sectors must occur (37 of 49,291 here: they are rare).
    #[test]
    fn closed_pieces_are_convex() {
        let mut random = crate::workloads::XorShift64::new(9);
        let (mut sectors, mut non_convex) = (0, 0);
        for _ in 0..30000 {
            let options = crate::Geometry2DOptions::new((random.next_u64() % 7) as u32).unwrap();
            // A tile map, or a star-shaped polygon whose reflex vertices take any angle.
            let region = if random.next_u64().is_multiple_of(2) {
                let (width, height) = (1 + random.next_u64() % 6, 1 + random.next_u64() % 6);
                let cells: Vec<bool> = (0..width * height)
                    .map(|_| random.next_f64() < 0.6)
                    .collect();
                Region::from_tile_map(
                    &cells,
                    width as usize,
                    height as usize,
                    1.0,
                    [0.0, 0.0],
                    options,
                )
            } else {
                let n = 5 + random.next_u64() % 8;
                let ring = (0..n)
                    .map(|k| {
                        let angle =
                            std::f64::consts::TAU * (k as f64 + 0.8 * random.next_f64()) / n as f64;
                        let distance = 1.0 + 3.0 * random.next_f64();
                        [distance * angle.cos(), distance * angle.sin()]
                    })
                    .collect();
                Region::from_outlines(&[crate::Outline { rings: vec![ring] }], options)
            };
            let Ok(region) = region else {
                continue;
            };
            let radius = 0.05 + 2.0 * random.next_f64();
            let tolerance = 0.001 + 0.5 * random.next_f64();
            let (r, arc_ring) = super::super::radius_and_arc_ring(&region, radius, tolerance);
            let Some(pieces) = closed_pieces(region.rings(), r, &arc_ring) else {
                continue;
            };
            for piece in &pieces.pieces {
                let polygon = &pieces.corners[piece.start..piece.end];
                assert!(convex(polygon), "{polygon:?}, radius {radius}");
            }
            let mut rim = Vec::new();
            for ring in region.rings() {
                for i in 0..ring.len() {
                    if vertex_is_reflex(ring, i) {
                        sector_rim(ring, i, r, &arc_ring, &mut rim);
                        let sector: Vec<GridPoint> = std::iter::once(ring[i])
                            .chain(rim.iter().copied())
                            .collect();
                        sectors += 1;
                        non_convex += usize::from(!convex(&sector));
                    }
                }
            }
        }
        assert!(
            sectors >= 10_000 && non_convex >= 10,
            "{non_convex} of {sectors} sectors not convex"
        );
    }

    /// `squares_in_boxes` marks exactly the squares whose closed extent lies in a box
    /// piece, by brute force over random boxes, on and off the lattice, some reaching
    /// beyond it.
    #[test]
    fn squares_in_boxes_are_the_squares_a_box_holds() {
        let p = GridPoint::new;
        let mut random = crate::workloads::XorShift64::new(13);
        let mut below = |n: u64| (random.next_u64() % n) as i64;
        let mut marked_count = 0;
        for _ in 0..1000 {
            let side = 1 + below(6);
            let lattice = Lattice {
                origin: p(below(20) - 10, below(20) - 10),
                side,
                columns: 1 + below(8) as usize,
                rows: 1 + below(8) as usize,
            };
            let mut pieces = Pieces::default();
            let mut boxes = Vec::new();
            for _ in 0..1 + below(4) {
                let (x, y) = (
                    lattice.origin.x - 8 + below(60),
                    lattice.origin.y - 8 + below(60),
                );
                let (w, h) = (1 + below(30), 1 + below(30));
                pieces.push(&[p(x, y), p(x + w, y), p(x + w, y + h), p(x, y + h)]);
                boxes.push((p(x, y), p(x + w, y + h)));
            }
            // A triangle is not a box, whatever squares it holds.
            pieces.push(&[p(-100, -100), p(200, -100), p(-100, 200)]);
            let marked = lattice.squares_in_boxes(&pieces);
            for row in 0..lattice.rows {
                for column in 0..lattice.columns {
                    let x0 = lattice.origin.x + column as i64 * side;
                    let y0 = lattice.origin.y + row as i64 * side;
                    let held = boxes.iter().any(|&(lo, hi)| {
                        lo.x <= x0 && x0 + side <= hi.x && lo.y <= y0 && y0 + side <= hi.y
                    });
                    assert_eq!(
                        marked[row * lattice.columns + column],
                        held,
                        "{row} {column}"
                    );
                    marked_count += usize::from(held);
                }
            }
        }
        assert!(marked_count >= 800, "{marked_count} squares marked");
    }

    /// The whole check against brute force: `pieces_cover_region` says yes exactly when
    /// every square of the region's lattice (side: a plain gcd of all coordinate
    /// differences; inside: its centre by a crossing count) lies in one closed piece, or
    /// each of its quarters does, down to `MAX_SPLITS` halvings, trying every piece with
    /// the test's own containment test. Tile maps at random offsets, some the union of
    /// two maps whose offsets differ (so that the gcd is not each map's cell). The quick
    /// exits only skip what brute force would refuse, so the answers must be equal; both
    /// answers must be common, and many yes must need a square no box holds.
    #[test]
    fn the_claim_is_the_brute_force_cover() {
        let p = GridPoint::new;
        let mut random = crate::workloads::XorShift64::new(17);
        let options = crate::Geometry2DOptions::new(2).unwrap();
        let units = |v: i64| v as f64 / 4.0;
        let (mut yes, mut no, mut yes_beyond_boxes) = (0, 0, 0);
        for _ in 0..1500 {
            let map = |random: &mut crate::workloads::XorShift64, offset: (i64, i64)| {
                let (width, height) = (1 + random.next_u64() % 6, 1 + random.next_u64() % 6);
                let cell_units = 2 * (1 + random.next_u64() % 3) as i64;
                let density = 0.4 + 0.5 * random.next_f64();
                let cells: Vec<bool> = (0..width * height)
                    .map(|_| random.next_f64() < density)
                    .collect();
                Region::from_tile_map(
                    &cells,
                    width as usize,
                    height as usize,
                    units(cell_units),
                    [units(offset.0), units(offset.1)],
                    options,
                )
                .unwrap()
            };
            let first = map(&mut random, (0, 0));
            let region = if random.next_u64().is_multiple_of(3) {
                // The second map beside the first, shifted off its lattice (on the
                // diagonal half the time, where x and y differences share low bits).
                let dx = 26 + (random.next_u64() % 8) as i64;
                let dy = if random.next_u64().is_multiple_of(2) {
                    dx
                } else {
                    (random.next_u64() % 8) as i64
                };
                first.union(&map(&mut random, (dx, dy))).unwrap()
            } else {
                first
            };
            let rings = region.rings();
            if rings.is_empty() {
                continue;
            }
            let radius = units(1 + (random.next_u64() % 12) as i64) * (0.5 + random.next_f64());
            let tolerance = 0.01 + 0.3 * random.next_f64();
            let (r, arc_ring) = super::super::radius_and_arc_ring(&region, radius, tolerance);
            let claim = pieces_cover_region(&region, r, &arc_ring);

            let origin = rings[0][0];
            let side = rings
                .iter()
                .flatten()
                .flat_map(|q| [q.x.abs_diff(origin.x), q.y.abs_diff(origin.y)])
                .fold(0, gcd) as i64;
            let lo = p(
                rings.iter().flatten().map(|q| q.x).min().unwrap(),
                rings.iter().flatten().map(|q| q.y).min().unwrap(),
            );
            let hi = p(
                rings.iter().flatten().map(|q| q.x).max().unwrap(),
                rings.iter().flatten().map(|q| q.y).max().unwrap(),
            );
            // Twice the centre against twice the vertical edges: never on one.
            let inside = |corner: GridPoint| {
                let (x, y) = (2 * corner.x + side, 2 * corner.y + side);
                let crossings = rings
                    .iter()
                    .flat_map(|ring| (0..ring.len()).map(|k| (ring[k], ring[(k + 1) % ring.len()])))
                    .filter(|(a, b)| {
                        a.x == b.x && 2 * a.x > x && 2 * a.y.min(b.y) < y && y < 2 * a.y.max(b.y)
                    })
                    .count();
                crossings % 2 == 1
            };
            let polygons: Vec<Vec<GridPoint>> = closed_pieces(rings, r, &arc_ring)
                .map(|pieces| {
                    pieces
                        .pieces
                        .iter()
                        .map(|piece| pieces.corners[piece.start..piece.end].to_vec())
                        .collect()
                })
                .unwrap_or_default();
            let holds = |polygon: &Vec<GridPoint>, corner: GridPoint, side: i64| {
                [(0, 0), (side, 0), (side, side), (0, side)]
                    .iter()
                    .all(|&(dx, dy)| {
                        on_or_left_of_every_side(polygon, p(corner.x + dx, corner.y + dy))
                    })
            };
            fn covered(
                holds: &dyn Fn(&Vec<GridPoint>, GridPoint, i64) -> bool,
                polygons: &[Vec<GridPoint>],
                corner: GridPoint,
                side: i64,
                splits: u32,
            ) -> bool {
                let half = side / 2;
                polygons.iter().any(|polygon| holds(polygon, corner, side))
                    || (splits > 0
                        && side % 2 == 0
                        && [(0, 0), (half, 0), (0, half), (half, half)]
                            .iter()
                            .all(|&(dx, dy)| {
                                let quarter = GridPoint::new(corner.x + dx, corner.y + dy);
                                covered(holds, polygons, quarter, half, splits - 1)
                            }))
            }
            let squares: Vec<GridPoint> = (lo.y..hi.y)
                .step_by(side as usize)
                .flat_map(|y| (lo.x..hi.x).step_by(side as usize).map(move |x| p(x, y)))
                .filter(|&corner| inside(corner))
                .collect();
            let expected = !polygons.is_empty()
                && squares
                    .iter()
                    .all(|&corner| covered(&holds, &polygons, corner, side, MAX_SPLITS));
            assert_eq!(
                claim, expected,
                "{rings:?}, radius {radius}, tolerance {tolerance}, lattice side {side}"
            );
            if claim {
                yes += 1;
                let is_box = |polygon: &Vec<GridPoint>| {
                    polygon.len() == 4
                        && (0..4).all(|k| {
                            let (a, b) = (polygon[k], polygon[(k + 1) % 4]);
                            a.x == b.x || a.y == b.y
                        })
                };
                let beyond_boxes = squares.iter().any(|&corner| {
                    !polygons
                        .iter()
                        .any(|polygon| is_box(polygon) && holds(polygon, corner, side))
                });
                yes_beyond_boxes += usize::from(beyond_boxes);
            } else {
                no += 1;
            }
        }
        assert!(
            yes >= 300 && no >= 300 && yes_beyond_boxes >= 100,
            "{yes} shown covered ({yes_beyond_boxes} beyond the boxes), {no} not"
        );
    }
}
