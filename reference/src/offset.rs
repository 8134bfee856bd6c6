//! Reference Region.Offset ([O1]–[O6], X3, X11–X13): the region's edges as operand 0, the
//! convex pieces as closed polygons (operand 1), then Union (grow) or Difference (shrink).
//!
//! Generation order of constructed points (for the [O6] range check, X3) is written down in
//! docs/spec/offset.md (section 6).

use serde_json::json;

use crate::construct;
use crate::error::RefError;
use crate::geom::{Edge, Point, Region};
use crate::region::{self, Operation};

/// The join of an offset ([O2], [O5]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Join {
    /// Rectangles per edge and a circumscribed m-gon per vertex.
    Round,
    /// Convex hull of the two endpoint squares per edge.
    Square,
}

/// |distance| and the shrink radius are bounded by 2^20 ([O1]).
pub const MAX_DISTANCE: f64 = 1_048_576.0;

/// Constructed points must stay within ±(2^21 + 2^20) public units ([O6]).
pub const CONSTRUCTED_LIMIT_UNITS: i64 = (1 << 21) + (1 << 20);

/// The boundary edges of a region in canonical ring order, each ring a→b in ring order.
pub fn region_boundary(region: &Region) -> Vec<(Point, Point)> {
    let mut boundary = Vec::new();
    for ring in &region.rings {
        for i in 0..ring.len() {
            boundary.push((ring[i], ring[(i + 1) % ring.len()]));
        }
    }
    boundary
}

/// Grid units per public unit: 2^snap_bits.
pub fn grid_scale(snap_bits: u8) -> f64 {
    (1u64 << snap_bits) as f64
}

/// X3: distance non-finite or |d| > 2^20 is out of range.
pub fn validate_distance(distance: f64) -> Result<(), RefError> {
    if !distance.is_finite() || distance.abs() > MAX_DISTANCE {
        return Err(RefError::OutOfRange {
            location: json!({"kind": "argument", "name": "distance"}),
            value: distance,
        });
    }
    Ok(())
}

/// X3, X12: the arc tolerance must be finite and ≥ 0.
pub fn validate_arc_tolerance(arc_tolerance: f64) -> Result<(), RefError> {
    if !arc_tolerance.is_finite() || arc_tolerance < 0.0 {
        return Err(RefError::InvalidArgument {
            argument: "arc_tolerance".to_string(),
            location: None,
        });
    }
    Ok(())
}

/// [O6]/X3: the first constructed point (in generation order) strictly beyond
/// (2^21 + 2^20)·2^SnapBits grid units, x before y.
pub fn check_constructed(points: &[Point], snap_bits: u8) -> Result<(), RefError> {
    let limit = CONSTRUCTED_LIMIT_UNITS << snap_bits;
    for (index, point) in points.iter().enumerate() {
        for (axis, value) in [("x", point.x), ("y", point.y)] {
            if value.unsigned_abs() > limit as u64 {
                return Err(RefError::OutOfRange {
                    location: json!({"kind": "constructed", "index": index, "axis": axis}),
                    value: value as f64 / grid_scale(snap_bits),
                });
            }
        }
    }
    Ok(())
}

/// Appends a closed polygon's sides as edges with `tag` (zero-length sides left out: the
/// arrangement drops them anyway, [A1]).
pub fn push_closed_polygon(edges: &mut Vec<Edge>, polygon: &[Point], tag: u8) {
    for i in 0..polygon.len() {
        let (from, to) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        if from != to {
            edges.push(Edge { from, to, tag });
        }
    }
}

/// Pieces as point lists in generation order; `None` if a construction is not finite
/// (cannot happen for validated arguments, kept as a guard).
fn round_pieces(region: &Region, r: f64, m: usize) -> Option<Vec<Vec<Point>>> {
    let mut pieces = Vec::new();
    for (a, b) in region_boundary(region) {
        let v = construct::rounded_normal_offset(a, b, r)?;
        let minus = |p: Point| Point {
            x: p.x - v[0],
            y: p.y - v[1],
        };
        let plus = |p: Point| Point {
            x: p.x + v[0],
            y: p.y + v[1],
        };
        pieces.push(vec![minus(a), minus(b), plus(b), plus(a)]);
    }
    let polygon = construct::rounded_vertices(&construct::circumscribed_polygon(r, m))?;
    let mut vertices: Vec<Point> = region.rings.iter().flatten().copied().collect();
    vertices.sort();
    vertices.dedup();
    for centre in vertices {
        pieces.push(
            polygon
                .iter()
                .map(|w| Point {
                    x: centre.x + w[0],
                    y: centre.y + w[1],
                })
                .collect(),
        );
    }
    Some(pieces)
}

/// The 8 corners of the square join piece of a→b, in generation order.
fn square_corners(a: Point, b: Point, h: i64) -> Vec<Point> {
    let mut corners = Vec::with_capacity(8);
    for p in [a, b] {
        corners.push(Point {
            x: p.x - h,
            y: p.y - h,
        });
        corners.push(Point {
            x: p.x + h,
            y: p.y - h,
        });
        corners.push(Point {
            x: p.x + h,
            y: p.y + h,
        });
        corners.push(Point {
            x: p.x - h,
            y: p.y + h,
        });
    }
    corners
}

/// All edges fed to the arrangement for Region.Offset: the region's edges as operand 0
/// and every piece as a closed polygon, operand 1 ([O1]–[O5], X14's last paragraph).
/// Validates distance and arc tolerance first, then the constructed points ([O6], X3).
/// Distance 0 gives the region's edges only.
pub fn offset_edges(
    region: &Region,
    distance: f64,
    join: Join,
    arc_tolerance: f64,
) -> Result<Vec<Edge>, RefError> {
    validate_distance(distance)?;
    validate_arc_tolerance(arc_tolerance)?;
    let mut edges: Vec<Edge> = Vec::new();
    for (from, to) in region_boundary(region) {
        edges.push(Edge { from, to, tag: 0 });
    }
    if distance == 0.0 {
        return Ok(edges);
    }
    let r = distance.abs() * grid_scale(region.snap_bits);
    let pieces = match join {
        Join::Round => {
            let tol = construct::tolerance_grid(arc_tolerance, region.snap_bits, r);
            let m = construct::choose_vertex_count(r, tol);
            let pieces = round_pieces(region, r, m).ok_or(RefError::GeometryDefect)?;
            let generated: Vec<Point> = pieces.iter().flatten().copied().collect();
            check_constructed(&generated, region.snap_bits)?;
            pieces
        }
        Join::Square => {
            let h = construct::square_half_side(r).ok_or(RefError::GeometryDefect)?;
            let corner_sets: Vec<Vec<Point>> = region_boundary(region)
                .into_iter()
                .map(|(a, b)| square_corners(a, b, h))
                .collect();
            let generated: Vec<Point> = corner_sets.iter().flatten().copied().collect();
            check_constructed(&generated, region.snap_bits)?;
            corner_sets
                .iter()
                .map(|c| construct::convex_hull(c))
                .collect()
        }
    };
    for piece in &pieces {
        push_closed_polygon(&mut edges, piece, 1);
    }
    Ok(edges)
}

/// Region.Offset: Union with S for a positive distance, Difference for a negative one,
/// the region itself for distance 0 (X1, X12).
pub fn offset(
    region: &Region,
    distance: f64,
    join: Join,
    arc_tolerance: f64,
) -> Result<Region, RefError> {
    let edges = offset_edges(region, distance, join, arc_tolerance)?;
    if distance == 0.0 {
        return Ok(region.clone());
    }
    let operation = if distance > 0.0 {
        Operation::Union
    } else {
        Operation::Difference
    };
    region::overlay(&edges, operation, region.snap_bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    fn square(side: i64, snap_bits: u8) -> Region {
        Region {
            snap_bits,
            rings: vec![vec![p(0, 0), p(side, 0), p(side, side), p(0, side)]],
        }
    }

    fn has(edges: &[Edge], from: Point, to: Point, tag: u8) -> bool {
        edges
            .iter()
            .any(|e| e.from == from && e.to == to && e.tag == tag)
    }

    #[test]
    fn round_pieces_of_a_square() {
        // Side 4, r = 2 grid units, tol max(1, 2/128) = 1 so m = 8 (2·0.0824 ≤ 1).
        let edges = offset_edges(&square(4, 0), 2.0, Join::Round, 0.25).unwrap();
        // 4 region edges, 4 rectangles × 4 sides, 4 octagons × 8 sides.
        assert_eq!(edges.len(), 4 + 16 + 32);
        assert!(has(&edges, p(0, 0), p(4, 0), 0));
        // Rectangle of (0,0)→(4,0), V = (0, 2): a − V, b − V, b + V, a + V.
        assert!(has(&edges, p(0, -2), p(4, -2), 1));
        assert!(has(&edges, p(4, -2), p(4, 2), 1));
        assert!(has(&edges, p(4, 2), p(0, 2), 1));
        assert!(has(&edges, p(0, 2), p(0, -2), 1));
        // Octagon at (4, 4): offsets (2,1), (1,2), (−1,2), ... (see construct's hand test).
        assert!(has(&edges, p(6, 5), p(5, 6), 1));
        assert!(has(&edges, p(5, 6), p(3, 6), 1));
        assert!(has(&edges, p(6, 3), p(6, 5), 1));
        // Same pieces for a negative distance.
        assert_eq!(
            offset_edges(&square(4, 0), -2.0, Join::Round, 0.25).unwrap(),
            edges
        );
    }

    #[test]
    fn square_pieces_of_a_square() {
        // h = max(1, round(2.5)) = 2.
        let edges = offset_edges(&square(4, 0), 2.5, Join::Square, 0.0).unwrap();
        assert_eq!(edges.len(), 4 + 16);
        assert!(has(&edges, p(-2, -2), p(6, -2), 1));
        assert!(has(&edges, p(6, -2), p(6, 2), 1));
        assert!(has(&edges, p(6, 2), p(-2, 2), 1));
        assert!(has(&edges, p(-2, 2), p(-2, -2), 1));
    }

    #[test]
    fn argument_errors_in_order() {
        let region = square(4, 0);
        let distance_error = |value: f64| RefError::OutOfRange {
            location: json!({"kind": "argument", "name": "distance"}),
            value,
        };
        let nan = offset_edges(&region, f64::NAN, Join::Round, -1.0).unwrap_err();
        assert!(matches!(nan, RefError::OutOfRange { value, .. } if value.is_nan()));
        assert_eq!(
            offset_edges(&region, 1_048_577.0, Join::Round, -1.0),
            Err(distance_error(1_048_577.0))
        );
        assert_eq!(
            offset_edges(&region, -f64::INFINITY, Join::Round, 0.0),
            Err(distance_error(-f64::INFINITY))
        );
        let tolerance_error = RefError::InvalidArgument {
            argument: "arc_tolerance".into(),
            location: None,
        };
        assert_eq!(
            offset_edges(&region, 1.0, Join::Round, -0.5),
            Err(tolerance_error.clone())
        );
        assert_eq!(
            offset_edges(&region, 0.0, Join::Square, f64::NAN),
            Err(tolerance_error)
        );
        // 2^20 itself is legal.
        assert!(offset_edges(&region, MAX_DISTANCE, Join::Square, 0.0).is_ok());
        // Distance 0: only the region's edges.
        assert_eq!(
            offset_edges(&region, 0.0, Join::Round, 0.0).unwrap().len(),
            4
        );
    }

    #[test]
    fn constructed_points_out_of_range() {
        // Inputs from outlines (|x| ≤ 2^21) never exceed the limit: pieces reach at most
        // r = 2^20 beyond a vertex along an axis (the m-gon's axis extent is r).
        let top = 1i64 << 21;
        let ring = vec![p(top - 4, -top), p(top, -top), p(top, 4), p(top - 4, 4)];
        let region = Region {
            snap_bits: 0,
            rings: vec![ring],
        };
        assert!(offset_edges(&region, MAX_DISTANCE, Join::Square, 0.0).is_ok());
        assert!(offset_edges(&region, MAX_DISTANCE, Join::Round, 0.0).is_ok());

        // A region that an earlier grow pushed to the limit (snap bits 0, limit 3·2^20).
        let top = CONSTRUCTED_LIMIT_UNITS;
        let region = Region {
            snap_bits: 0,
            rings: vec![vec![p(top - 4, 0), p(top, 0), p(top, 4), p(top - 4, 4)]],
        };
        let beyond = |index: usize, axis: &str, value: f64| RefError::OutOfRange {
            location: json!({"kind": "constructed", "index": index, "axis": axis}),
            value,
        };
        // Square join h = 1: edge 0's corners a±1 (0..3), then b: (top−1, −1), (top+1, −1).
        assert_eq!(
            offset_edges(&region, 1.0, Join::Square, 0.0),
            Err(beyond(5, "x", (top + 1) as f64))
        );
        // Round join r = 1: edge 0's rectangle fits (V = (0, 1)); edge 1 (top,0)→(top,4)
        // has V = (−1, 0), so its first corner a − V = (top + 1, 0) is point 4.
        assert_eq!(
            offset_edges(&region, 1.0, Join::Round, 0.0),
            Err(beyond(4, "x", (top + 1) as f64))
        );
        // y is checked too; values are reported in public units (grid / 2^SnapBits).
        let region = Region {
            snap_bits: 2,
            rings: vec![vec![p(0, -(top << 2)), p(4, -(top << 2)), p(4, 0), p(0, 0)]],
        };
        // r = 4 grid units: edge 0 (0,−L)→(4,−L) has V = (0, 4): a − V = (0, −L − 4).
        assert_eq!(
            offset_edges(&region, 1.0, Join::Round, 0.0),
            Err(beyond(0, "y", -(((top << 2) + 4) as f64) / 4.0))
        );
    }

    #[test]
    fn grown_square_round_and_square_join() {
        let round = offset(&square(4, 0), 2.0, Join::Round, 0.25).unwrap();
        // Union of the square, the rectangles and the corner octagons (hand-derived).
        assert_eq!(
            round.rings,
            vec![vec![
                p(-2, -1),
                p(-1, -2),
                p(5, -2),
                p(6, -1),
                p(6, 5),
                p(5, 6),
                p(-1, 6),
                p(-2, 5)
            ]]
        );
        let squared = offset(&square(4, 0), 2.0, Join::Square, 0.0).unwrap();
        assert_eq!(
            squared.rings,
            vec![vec![p(-2, -2), p(6, -2), p(6, 6), p(-2, 6)]]
        );
        // Shrinking the square by 1 leaves [1, 3]².
        let shrunk = offset(&square(4, 0), -1.0, Join::Square, 0.0).unwrap();
        assert_eq!(shrunk.rings, vec![vec![p(1, 1), p(3, 1), p(3, 3), p(1, 3)]]);
        // By 2 it vanishes.
        assert!(offset(&square(4, 0), -2.0, Join::Round, 0.0)
            .unwrap()
            .rings
            .is_empty());
    }

    /// Twice the signed area of a region's rings (grid units²).
    pub(crate) fn twice_area(region: &Region) -> i128 {
        let mut sum = 0i128;
        for ring in &region.rings {
            for i in 0..ring.len() {
                let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                sum += a.x as i128 * b.y as i128 - b.x as i128 * a.y as i128;
            }
        }
        sum
    }

    #[test]
    fn grown_triangle_area_matches_steiner_formula() {
        // Triangle (0,0), (10,0), (3,7) at snap bits 4, grown by 1.5: the exact sum with a
        // disc has area A + P·d + π·d²; the polygonal arcs (m = 16) and snapping add < 1%.
        let outline = vec![vec![vec![[0.0, 0.0], [10.0, 0.0], [3.0, 7.0]]]];
        let region = region::from_outlines(&outline, 4).unwrap();
        let grown = offset(&region, 1.5, Join::Round, 0.01).unwrap();
        let area = twice_area(&grown) as f64 / 2.0 / 256.0;
        let perimeter = 10.0 + 58f64.sqrt() + 98f64.sqrt();
        let exact = 35.0 + perimeter * 1.5 + std::f64::consts::PI * 2.25;
        assert!((area - exact).abs() < exact * 0.01, "{area} vs {exact}");
        // Square join: A + 2h(w_x + w_y) + 4h² with extents 10 and 7.
        let squared = offset(&region, 1.5, Join::Square, 0.0).unwrap();
        let area = twice_area(&squared) as f64 / 2.0 / 256.0;
        let exact = 35.0 + 2.0 * 1.5 * 17.0 + 4.0 * 2.25;
        assert!((area - exact).abs() < exact * 0.005, "{area} vs {exact}");
    }
}
