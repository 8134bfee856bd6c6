//! Reference tile maps [T1]–[T4], X5: the n-ary union (X2's second step) of the filled
//! cells' snapped rectangles, through the reference arrangement.

use crate::arrangement;
use crate::error::RefError;
use crate::geom::{Arrangement, Edge, Point, Region};
use crate::mutation::{self, Mutation};
use crate::region::{check_snap_bits, coordinate_in_range, overlay_with, snap, Operation};
use serde_json::json;

/// X5: grid line i is origin + (i as f64) × cell_size (one multiply, one add; Rust never
/// fuses them).
fn grid_line(origin: f64, cell_size: f64, i: usize) -> f64 {
    if mutation::active(Mutation::T2Fused) {
        return (i as f64).mul_add(cell_size, origin);
    }
    origin + (i as f64) * cell_size
}

/// The first of the lines 0..=count that is not a legal coordinate ([G1]), with its value.
///
/// For cell_size > 0 the line value is non-decreasing in i (each f64 operation rounds
/// monotonically), so the lines below −2^21 form a prefix and those above 2^21 (or +∞)
/// a suffix; a NaN origin makes line 0 NaN. So line 0 decides the first case and a
/// binary search finds the first line above 2^21: no loop over a huge width.
fn first_bad_line(origin: f64, cell_size: f64, count: usize) -> Option<(usize, f64)> {
    let first = grid_line(origin, cell_size, 0);
    if !coordinate_in_range(first) {
        return Some((0, first));
    }
    let last = grid_line(origin, cell_size, count);
    if coordinate_in_range(last) {
        return None;
    }
    // Invariant: line lo is in range, line hi is not.
    let (mut lo, mut hi) = (0usize, count);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if coordinate_in_range(grid_line(origin, cell_size, mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((hi, grid_line(origin, cell_size, hi)))
}

/// [T1]: the region of the solid cells (`cells[y × width + x]`), validated in the order
/// of X3/X5: snap bits, cells.len() == width × height, cell size, x lines, y lines.
pub fn from_tile_map(
    cells: &[bool],
    width: usize,
    height: usize,
    cell_size: f64,
    origin: [f64; 2],
    snap_bits: u8,
) -> Result<Region, RefError> {
    from_tile_map_with(
        &arrangement::arrange,
        cells,
        width,
        height,
        cell_size,
        origin,
        snap_bits,
    )
}

/// `from_tile_map` with the noding routine passed in.
pub(crate) fn from_tile_map_with(
    arrange: &dyn Fn(&[Edge]) -> Result<Arrangement, RefError>,
    cells: &[bool],
    width: usize,
    height: usize,
    cell_size: f64,
    origin: [f64; 2],
    snap_bits: u8,
) -> Result<Region, RefError> {
    let snap_bits = check_snap_bits(i64::from(snap_bits))?;
    // Any usize width and height is legal here; the JSON layer rejects negative ones.
    let cell_size_first = mutation::active(Mutation::X3TileCellSizeFirst);
    if cell_size_first && (!cell_size.is_finite() || cell_size < 1.0 / f64::from(1u32 << snap_bits))
    {
        return Err(RefError::InvalidArgument {
            argument: "cell_size".into(),
            location: None,
        });
    }
    if width.checked_mul(height) != Some(cells.len()) {
        return Err(RefError::InvalidArgument {
            argument: "cells".into(),
            location: None,
        });
    }
    // [T3]/X5: "cellSize must be finite and cellSize × 2^SnapBits ≥ 1" is one
    // requirement on an argument (not a coordinate, not a ranged value like an offset
    // distance), so every failure of it is the invalid argument `cell_size`.
    // cell_size × 2^snap_bits ≥ 1 is cell_size ≥ 2^−snap_bits (exact).
    if !cell_size.is_finite() || cell_size < 1.0 / f64::from(1u32 << snap_bits) {
        return Err(RefError::InvalidArgument {
            argument: "cell_size".into(),
            location: None,
        });
    }
    let mut axes = [(0usize, "x", width), (1, "y", height)];
    if mutation::active(Mutation::X3TileYLinesFirst) {
        axes.reverse();
    }
    for (axis, name, count) in axes {
        if let Some((line, value)) = first_bad_line(origin[axis], cell_size, count) {
            return Err(RefError::OutOfRange {
                location: json!({"kind": "gridLine", "axis": name, "line": line}),
                value,
            });
        }
    }
    let empty = Region {
        snap_bits,
        rings: Vec::new(),
    };
    if cells.is_empty() {
        return Ok(empty); // width or height 0: nothing to allocate
    }
    // Here width, height ≤ cells.len(), so the line lists are bounded by the input.
    let lines = |axis: usize, count: usize| -> Result<Vec<i64>, RefError> {
        (0..=count)
            .map(|i| snap(grid_line(origin[axis], cell_size, i), snap_bits))
            .collect::<Option<Vec<i64>>>()
            .ok_or(RefError::GeometryDefect)
    };
    let xs = lines(0, width)?;
    let ys = lines(1, height)?;
    let mut edges = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let (x0, x1, y0, y1) = (xs[x], xs[x + 1], ys[y], ys[y + 1]);
            // X5: zero-width cells contribute nothing (their edges would cancel).
            if !cells[y * width + x] || x0 == x1 || y0 == y1 {
                continue;
            }
            let corners = [
                Point { x: x0, y: y0 },
                Point { x: x1, y: y0 },
                Point { x: x1, y: y1 },
                Point { x: x0, y: y1 },
            ];
            for i in 0..4 {
                edges.push(Edge {
                    from: corners[i],
                    to: corners[(i + 1) % 4],
                    tag: 0,
                });
            }
        }
    }
    // X5 → X2's second step: one n-ary union, everything operand 0, w0 > 0.
    overlay_with(arrange, &edges, Operation::Union, snap_bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region::{check, doubled_area, noded};

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    fn tiles(
        rows: &[&str],
        cell_size: f64,
        origin: [f64; 2],
        bits: u8,
    ) -> Result<Region, RefError> {
        // rows[0] is y = 0 (bottom row); '#' solid.
        let width = rows.first().map_or(0, |r| r.len());
        let cells: Vec<bool> = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect();
        from_tile_map_with(
            &noded::arrange,
            &cells,
            width,
            rows.len(),
            cell_size,
            origin,
            bits,
        )
    }

    #[test]
    fn block_of_cells_is_one_rectangle() {
        // 3×2 solid cells of size 1 at the origin (snap bits 0): interior edges cancel,
        // collinear cell corners are dropped ([R4]): the rectangle [0,3]×[0,2].
        let region = tiles(&["###", "###"], 1.0, [0.0, 0.0], 0).unwrap();
        assert_eq!(region.rings, vec![vec![p(0, 0), p(3, 0), p(3, 2), p(0, 2)]]);
        check(&region).unwrap();
    }

    #[test]
    fn ring_of_cells_has_a_clockwise_hole() {
        // 3×3 with the centre empty: outer [0,3]² CCW and the hole [1,2]² CW; the hole's
        // smallest edge is (1,1)→(1,2).
        let region = tiles(&["###", "#.#", "###"], 1.0, [0.0, 0.0], 0).unwrap();
        assert_eq!(
            region.rings,
            vec![
                vec![p(0, 0), p(3, 0), p(3, 3), p(0, 3)],
                vec![p(1, 1), p(1, 2), p(2, 2), p(2, 1)]
            ]
        );
        assert_eq!(doubled_area(&region), 2 * 8);
    }

    #[test]
    fn diagonal_pinch_gives_two_rings() {
        // Cells (0,0) and (1,1): two squares touching at (1,1) → two rings (X5, [R5]).
        let region = tiles(&["#.", ".#"], 1.0, [0.0, 0.0], 0).unwrap();
        assert_eq!(
            region.rings,
            vec![
                vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)],
                vec![p(1, 1), p(2, 1), p(2, 2), p(1, 2)]
            ]
        );
        // The other diagonal: cells (1,0) and (0,1).
        let region = tiles(&[".#", "#."], 1.0, [0.0, 0.0], 0).unwrap();
        assert_eq!(
            region.rings,
            vec![
                vec![p(0, 1), p(1, 1), p(1, 2), p(0, 2)],
                vec![p(1, 0), p(2, 0), p(2, 1), p(1, 1)]
            ]
        );
    }

    #[test]
    fn hole_pinched_to_the_outside_is_one_ring_through_the_pinch_twice() {
        // 3×3, solid except the centre (1,1) and the corner (2,2): the hole [1,2]² touches
        // the notch at (2,2). Outer boundary (CCW): (0,0)→(3,0)→(3,2)→(2,2)→(2,3)→(0,3).
        // Hole (CW): (1,1)→(1,2)→(2,2)→(2,1). At (2,2): in (3,2)→(2,2) (reverse: east);
        // clockwise from east: south (2,2)→(2,1) at 90° before north (2,2)→(2,3) at 270°.
        // In (1,2)→(2,2) (reverse: west): clockwise north at 90° first. So one ring.
        // Smallest edge: (0,0)→(3,0).
        let region = tiles(&["###", "#.#", "##."], 1.0, [0.0, 0.0], 0).unwrap();
        assert_eq!(
            region.rings,
            vec![vec![
                p(0, 0),
                p(3, 0),
                p(3, 2),
                p(2, 2),
                p(2, 1),
                p(1, 1),
                p(1, 2),
                p(2, 2),
                p(2, 3),
                p(0, 3)
            ]]
        );
        check(&region).unwrap();
    }

    #[test]
    fn grid_lines_are_snapped_once_and_shared() {
        // Origin 0.25, cell 0.5, snap bits 1 (unit 1/2): lines 0.25, 0.75, 1.25 → ×2 =
        // 0.5, 1.5, 2.5 → half-even 0, 2, 2. Cell 1 has zero width and is dropped; cell 0
        // spans x 0..2. y lines: 0, 1 (origin.y 0, cell 0.5 → 0, 1).
        let region = tiles(&["##"], 0.5, [0.25, 0.0], 1).unwrap();
        assert_eq!(region.rings, vec![vec![p(0, 0), p(2, 0), p(2, 1), p(0, 1)]]);
    }

    #[test]
    fn validation_order() {
        let ok = [true];
        let run = |cells: &[bool], w, h, cs, origin: [f64; 2], bits| {
            from_tile_map_with(&noded::arrange, cells, w, h, cs, origin, bits).unwrap_err()
        };
        let invalid = |a: &str| RefError::InvalidArgument {
            argument: a.into(),
            location: None,
        };
        assert_eq!(
            run(&[], 1, 1, f64::NAN, [f64::NAN; 2], 17),
            invalid("snap_bits")
        );
        assert_eq!(run(&ok, 2, 1, f64::NAN, [f64::NAN; 2], 0), invalid("cells"));
        // width × height overflows usize: cannot equal cells.len().
        assert_eq!(run(&ok, usize::MAX, 2, 1.0, [0.0; 2], 0), invalid("cells"));
        // A non-finite cell size fails the one X5 requirement: invalid argument.
        assert_eq!(
            run(&ok, 1, 1, f64::INFINITY, [f64::NAN; 2], 0),
            invalid("cell_size")
        );
        assert_eq!(run(&ok, 1, 1, f64::NAN, [0.0; 2], 0), invalid("cell_size"));
        // One grid unit at 16 bits is 2^−16: just below is invalid, exactly is legal.
        let unit = 2f64.powi(-16);
        assert_eq!(
            run(&ok, 1, 1, f64::from_bits(unit.to_bits() - 1), [0.0; 2], 16),
            invalid("cell_size")
        );
        assert_eq!(run(&ok, 1, 1, -1.0, [0.0; 2], 16), invalid("cell_size"));
        assert_eq!(run(&ok, 1, 1, 0.0, [0.0; 2], 16), invalid("cell_size"));
        assert!(from_tile_map_with(&noded::arrange, &ok, 1, 1, unit, [0.0; 2], 16).is_ok());
        // Non-finite origin shows as line 0; x lines before y lines.
        assert_eq!(
            run(&ok, 1, 1, 1.0, [0.0, f64::NEG_INFINITY], 0),
            RefError::OutOfRange {
                location: json!({"kind":"gridLine","axis":"y","line":0}),
                value: f64::NEG_INFINITY
            }
        );
        // x lines 2^21 − 1, 2^21 (legal), 2^21 + 1: line 2 fails, before any y line.
        let edge = 2097151.0;
        assert_eq!(
            run(&[true, true], 2, 1, 1.0, [edge, f64::NAN], 0),
            RefError::OutOfRange {
                location: json!({"kind":"gridLine","axis":"x","line":2}),
                value: 2097153.0
            }
        );
        assert!(from_tile_map_with(&noded::arrange, &ok, 1, 1, 1.0, [edge, -2097152.0], 0).is_ok());
    }

    #[test]
    fn huge_empty_map_checks_lines_without_looping() {
        // height 0, width 2^60: no cells; x line i = i × 1.0 leaves the range at 2^21 + 1.
        let err =
            from_tile_map_with(&noded::arrange, &[], 1 << 60, 0, 1.0, [0.0; 2], 0).unwrap_err();
        assert_eq!(
            err,
            RefError::OutOfRange {
                location: json!({"kind":"gridLine","axis":"x","line":2097153}),
                value: 2097153.0
            }
        );
        // In range and empty: the empty region.
        let region = from_tile_map_with(&noded::arrange, &[], 100, 0, 1.0, [0.0; 2], 3).unwrap();
        assert_eq!(
            region,
            Region {
                snap_bits: 3,
                rings: vec![]
            }
        );
    }

    #[test]
    fn random_maps_equal_the_union_of_their_cells_as_outlines() {
        // X5's definition, checked against from_outlines with one outline per filled cell
        // (corners computed by the same f64 expression, so they snap alike), plus the area:
        // twice Σ over filled cells of the snapped width × height.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut bit = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & 1 == 1
        };
        let (cs, origin, bits) = (0.7, [0.3, -1.1], 2u8);
        for case in 0..40 {
            let (w, h) = (1 + case % 5, 1 + (case / 5) % 4);
            let cells: Vec<bool> = (0..w * h).map(|_| bit()).collect();
            let region =
                from_tile_map_with(&noded::arrange, &cells, w, h, cs, origin, bits).unwrap();
            check(&region).unwrap();
            let line = |axis: usize, i: usize| origin[axis] + (i as f64) * cs;
            let grid = |axis: usize, i: usize| snap(line(axis, i), bits).unwrap() as i128;
            let mut outlines = Vec::new();
            let mut area = 0i128;
            for y in 0..h {
                for x in 0..w {
                    if cells[y * w + x] {
                        let (x0, x1, y0, y1) =
                            (line(0, x), line(0, x + 1), line(1, y), line(1, y + 1));
                        outlines.push(vec![vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]]);
                        area += (grid(0, x + 1) - grid(0, x)) * (grid(1, y + 1) - grid(1, y));
                    }
                }
            }
            let expected =
                crate::region::from_outlines_with(&noded::arrange, &outlines, bits).unwrap();
            assert_eq!(region, expected, "case {case}");
            assert_eq!(doubled_area(&region), 2 * area, "case {case}");
        }
    }

    #[test]
    fn binary_search_agrees_with_a_linear_scan() {
        let origins = [
            -2097152.0,
            -2097151.75,
            -3.0,
            0.0,
            0.1,
            2097000.3,
            2097152.0,
            f64::NAN,
        ];
        let sizes = [2f64.powi(-16), 0.3, 1.0, 1000.0, 1048576.0, 1e300];
        for &o in &origins {
            for &cs in &sizes {
                for count in [0usize, 1, 2, 5, 40] {
                    let linear = (0..=count)
                        .map(|i| (i, grid_line(o, cs, i)))
                        .find(|&(_, v)| !coordinate_in_range(v));
                    let fast = first_bad_line(o, cs, count);
                    assert_eq!(
                        fast.map(|(i, v)| (i, v.to_bits())),
                        linear.map(|(i, v)| (i, v.to_bits())),
                        "{o} {cs} {count}"
                    );
                }
            }
        }
    }
}
