//! A real peer as a sanity check ([W3], issue "Regions"): the area of every boolean
//! operation's result agrees with i_overlay's on the same input, within the snap-rounding
//! distortion bound ([C6]: every segment moves by at most one grid unit).

use build2d::{Geometry2DOptions, Outline, Region};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{Overlay, ShapeType};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::i_float::int::point::IntPoint;
use proptest::prelude::*;

/// A star-shaped (so simple) counter-clockwise polygon with integer vertices.
fn star() -> impl Strategy<Value = Vec<[i64; 2]>> {
    (
        0i64..600,
        0i64..600,
        5usize..14,
        prop::collection::vec(20i64..200, 14),
    )
        .prop_map(|(cx, cy, n, radii)| {
            (0..n)
                .map(|i| {
                    let angle = std::f64::consts::TAU * i as f64 / n as f64;
                    let r = radii[i] as f64;
                    [
                        cx + (r * angle.cos()).round() as i64,
                        cy + (r * angle.sin()).round() as i64,
                    ]
                })
                .collect()
        })
}

/// A build2d boolean operation.
type BooleanOp = fn(&Region, &Region) -> build2d::Result<Region>;

fn area2_of_build2d(region: &Region) -> i128 {
    region.area2()
}

fn area2_of_shapes(shapes: &[Vec<Vec<IntPoint<i32>>>]) -> i128 {
    shapes
        .iter()
        .flatten()
        .map(|c| {
            (0..c.len())
                .map(|i| {
                    let (a, b) = (c[i], c[(i + 1) % c.len()]);
                    i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
                })
                .sum::<i128>()
        })
        .sum::<i128>()
        .abs()
}

fn perimeter(rings: &[Vec<[i64; 2]>]) -> f64 {
    rings
        .iter()
        .map(|r| {
            (0..r.len())
                .map(|i| {
                    let (a, b) = (r[i], r[(i + 1) % r.len()]);
                    (((b[0] - a[0]) as f64).powi(2) + ((b[1] - a[1]) as f64).powi(2)).sqrt()
                })
                .sum::<f64>()
        })
        .sum()
}

proptest! {
    #[test]
    fn boolean_areas_agree_with_i_overlay(
        a in prop::collection::vec(star(), 1..4),
        b in prop::collection::vec(star(), 1..4),
    ) {
        let options = Geometry2DOptions::new(0).unwrap();
        let outlines = |rings: &[Vec<[i64; 2]>]| -> Vec<Outline> {
            rings
                .iter()
                .map(|r| Outline { rings: vec![r.iter().map(|p| [p[0] as f64, p[1] as f64]).collect()] })
                .collect()
        };
        let ra = Region::from_outlines(&outlines(&a), options).unwrap();
        let rb = Region::from_outlines(&outlines(&b), options).unwrap();
        let ops: [(BooleanOp, OverlayRule); 4] = [
            (Region::union, OverlayRule::Union),
            (Region::intersection, OverlayRule::Intersect),
            (Region::difference, OverlayRule::Difference),
            (Region::xor, OverlayRule::Xor),
        ];
        // Every input and output edge may move by one unit: the area may change by at most
        // about the total edge length (both operands) times one unit, doubled for area2.
        let bound = 2.0 * (perimeter(&a) + perimeter(&b)) + 16.0;
        for (ours, theirs) in ops {
            let result = ours(&ra, &rb).unwrap();
            result.check().unwrap();
            let mut overlay = Overlay::<i32>::new(64);
            for ring in &a {
                let c: Vec<IntPoint<i32>> = ring.iter().map(|p| IntPoint::new(p[0] as i32, p[1] as i32)).collect();
                overlay.add_contour(&c, ShapeType::Subject);
            }
            for ring in &b {
                let c: Vec<IntPoint<i32>> = ring.iter().map(|p| IntPoint::new(p[0] as i32, p[1] as i32)).collect();
                overlay.add_contour(&c, ShapeType::Clip);
            }
            let shapes = overlay.overlay(theirs, FillRule::NonZero);
            let (mine, peer) = (area2_of_build2d(&result), area2_of_shapes(&shapes));
            prop_assert!(
                ((mine - peer).abs() as f64) <= bound,
                "{theirs:?}: build2d area2 {mine}, i_overlay {peer}, bound {bound}"
            );
        }
    }
}
