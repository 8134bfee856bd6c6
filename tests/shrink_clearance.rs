//! Quality promises of the agent-radius shrink ([S6], [E6]) as properties:
//!
//! - clearance: every point of the shrunk region is at least r·(1 − δ_m) from the original
//!   boundary, where δ_m is [E6]'s chord depth (4.9% of r for 8 vertices, 1.2% for 16),
//!   minus the grid rounding of one unit;
//! - [S6]: the shrink removes no more than the round offset with the same m (the
//!   equal-area polygon lies inside the circumscribed one), up to grid rounding.
//!
//! The minimum distance between two polygon boundaries is attained between a vertex of
//! one and a segment of the other, so checking vertex–segment pairs both ways is exact.

use build2d::construct::{choose_sides, grid_tolerance};
use build2d::Join;
use build2d::{Geometry2DOptions, GridPoint, Region};
use proptest::prelude::*;

fn point_segment_distance(p: GridPoint, a: GridPoint, b: GridPoint) -> f64 {
    let (px, py) = (p.x as f64, p.y as f64);
    let (ax, ay, bx, by) = (a.x as f64, a.y as f64, b.x as f64, b.y as f64);
    let (dx, dy) = (bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0)
    };
    let (qx, qy) = (ax + t * dx, ay + t * dy);
    ((px - qx).powi(2) + (py - qy).powi(2)).sqrt()
}

fn boundary_distance(a: &Region, b: &Region) -> f64 {
    let mut best = f64::INFINITY;
    for (x, y) in [(a, b), (b, a)] {
        for ring in x.rings() {
            for &p in ring {
                for (s, t) in y.edges() {
                    best = best.min(point_segment_distance(p, s, t));
                }
            }
        }
    }
    best
}

/// A small tile map with cells of 256 grid units (snap bits 8, cell size 1).
fn map() -> impl Strategy<Value = (Vec<bool>, usize, usize)> {
    (2usize..7, 2usize..7).prop_flat_map(|(w, h)| {
        (
            prop::collection::vec(prop::bool::weighted(0.7), w * h),
            Just(w),
            Just(h),
        )
    })
}

proptest! {
    #[test]
    fn shrink_keeps_its_clearance_and_removes_no_more_than_the_offset(
        (cells, w, h) in map(),
        radius_eighths in 2u32..12,
        quarter_cell_rule in any::<bool>(),
    ) {
        let options = Geometry2DOptions::new(8).unwrap();
        let region = Region::from_tile_map(&cells, w, h, 1.0, [0.0, 0.0], options).unwrap();
        let radius = f64::from(radius_eighths) / 8.0;
        let tolerance = if quarter_cell_rule {
            0.25
        } else {
            build2d::pipeline_arc_tolerance(1.0, radius)
        };
        let r = radius * 256.0;
        let m = choose_sides(r, grid_tolerance(tolerance, 8, r));
        let shrunk = region.shrink(radius, tolerance).unwrap();
        shrunk.check().unwrap();
        if !shrunk.is_empty() {
            // [E6]: chords of the equal-area polygon lie up to 4.9% (m = 8), 1.2% (m = 16)
            // of r inside the circle; finer polygons less. One unit of grid rounding.
            let depth = match m { 8 => 0.049, 16 => 0.012, _ => 0.004 };
            let clearance = boundary_distance(&region, &shrunk);
            prop_assert!(
                clearance >= r * (1.0 - depth) - 1.0,
                "m = {m}: clearance {clearance} < r·(1 − {depth}) = {}", r * (1.0 - depth)
            );
        }
        // [S6]: shrink ⊇ offset(−r) up to rounding, so its area is not smaller by more than
        // one unit along the boundary.
        let offset = region.offset(-radius, Join::Round, tolerance).unwrap();
        let perimeter: f64 = region
            .edges()
            .map(|(a, b)| (((b.x - a.x) as f64).powi(2) + ((b.y - a.y) as f64).powi(2)).sqrt())
            .sum();
        prop_assert!(
            (shrunk.area2() as f64) >= (offset.area2() as f64) - 4.0 * perimeter - 64.0,
            "shrink area2 {} below offset area2 {}", shrunk.area2(), offset.area2()
        );
        prop_assert!(shrunk.area2() <= region.area2());
    }
}
