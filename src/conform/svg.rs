//! A picture of a failure: the expected output and the port's overlaid, the first
//! difference marked (`--svg DIR`).

use serde_json::Value;

use super::Outcome;
use crate::grid::GridPoint;
use crate::svg::SvgPicture;

fn point(v: &Value) -> Option<GridPoint> {
    Some(GridPoint::new(v.get(0)?.as_i64()?, v.get(1)?.as_i64()?))
}

fn points(v: &Value) -> Option<Vec<GridPoint>> {
    v.as_array()?.iter().map(point).collect()
}

/// The edges of an output that is a list of edges: an arrangement's segments, a
/// boundary, fed edges.
fn edges(output: &Value) -> Vec<[GridPoint; 2]> {
    let mut edges = Vec::new();
    let vertices = output.get("vertices").and_then(points);
    if let (Some(list), Some(vertices)) =
        (output.get("segments").and_then(Value::as_array), &vertices)
    {
        let end = |s: &Value, k: usize| {
            vertices
                .get(usize::try_from(s.get(k)?.as_u64()?).ok()?)
                .copied()
        };
        edges.extend(list.iter().filter_map(|s| Some([end(s, 0)?, end(s, 1)?])));
    }
    if let Some(list) = output.get("boundary").and_then(Value::as_array) {
        edges.extend(
            list.iter()
                .filter_map(|e| Some([point(e.get(0)?)?, point(e.get(1)?)?])),
        );
    }
    if let Some(list) = output.get("gridEdges").and_then(Value::as_array) {
        edges.extend(
            list.iter()
                .filter_map(|e| Some([point(e.get("from")?)?, point(e.get("to")?)?])),
        );
    }
    edges
}

/// Adds one output (rings, triangles, polygons or edges) to the picture; false if it has
/// none.
fn draw(picture: &mut SvgPicture, output: &Value, fill: &str, stroke: &str) -> bool {
    let mut drawn = false;
    for edge in edges(output) {
        picture.polyline(&edge, stroke, 1.0);
        drawn = true;
    }
    if let Some(rings) = output.get("rings").and_then(Value::as_array) {
        if let Some(rings) = rings.iter().map(points).collect::<Option<Vec<_>>>() {
            picture.rings(&rings, fill, stroke, true);
            drawn = true;
        }
    }
    let vertices = output.get("vertices").and_then(points);
    for key in ["triangles", "polygons"] {
        if let (Some(list), Some(vertices)) = (output.get(key).and_then(Value::as_array), &vertices)
        {
            let polygons: Option<Vec<Vec<GridPoint>>> = list
                .iter()
                .map(|p| {
                    p.as_array()?
                        .iter()
                        .map(|i| vertices.get(usize::try_from(i.as_u64()?).ok()?).copied())
                        .collect()
                })
                .collect();
            if let Some(polygons) = polygons {
                picture.polygons(&polygons, "none", stroke, 1.0);
                drawn = true;
            }
        }
    }
    drawn
}

/// The overlay SVG of a failure, or `None` when neither side has anything to draw.
pub fn overlay(expected: &Outcome, got: &Outcome) -> Option<String> {
    let mut picture = SvgPicture::new();
    let mut drawn = false;
    if let Ok(e) = expected {
        drawn |= draw(&mut picture, e, "#bcd7ee", "#1d4f7a");
    }
    if let Ok(g) = got {
        drawn |= draw(&mut picture, g, "none", "#c0392b");
    }
    if !drawn {
        return None;
    }
    if let Some([x, y]) = super::compare::compare_outcome(expected, got).and_then(|d| d.point) {
        // A small square at the first differing vertex (a quarter grid unit is invisible on
        // large drawings, so its side follows the drawing's extent).
        let side = extent(expected, got).max(4) / 60;
        let side = side.max(1);
        let square = vec![
            GridPoint::new(x - side, y - side),
            GridPoint::new(x + side, y - side),
            GridPoint::new(x + side, y + side),
            GridPoint::new(x - side, y + side),
        ];
        picture.polygons(&[square], "#000000", "#000000", 1.0);
    }
    Some(picture.render())
}

fn extent(expected: &Outcome, got: &Outcome) -> i64 {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for v in [expected, got].into_iter().filter_map(|o| o.as_ref().ok()) {
        let mut all: Vec<GridPoint> = v.get("vertices").and_then(points).unwrap_or_default();
        if let Some(rings) = v.get("rings").and_then(Value::as_array) {
            all.extend(rings.iter().filter_map(points).flatten());
        }
        all.extend(edges(v).into_iter().flatten());
        for p in all {
            lo = lo.min(p.x).min(p.y);
            hi = hi.max(p.x).max(p.y);
        }
    }
    if lo > hi {
        0
    } else {
        hi.saturating_sub(lo)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    /// Edge lists are drawn: a boundary, fed edges, an arrangement's segments.
    #[test]
    fn edge_outputs_are_drawn() {
        let outputs = [
            (json!({"boundary": [[[0, 0], [4, 0]], [[4, 0], [0, 4]]]}), 2),
            (
                json!({"gridEdges": [{"from": [0, 0], "to": [4, 0], "tag": 2}]}),
                1,
            ),
            (
                json!({"vertices": [[0, 0], [4, 0]], "segments": [[0, 1, 1, 0]]}),
                1,
            ),
        ];
        for (output, count) in outputs {
            assert_eq!(super::edges(&output).len(), count, "{output}");
            let svg = super::overlay(&Ok(output.clone()), &Ok(json!({"boundary": []})));
            assert!(svg.is_some_and(|s| s.contains("<path")), "{output}");
        }
        assert!(
            super::overlay(&Ok(json!({"boundary": []})), &Ok(json!({"boundary": []}))).is_none()
        );
    }
}
