//! Pictures: SVG drawings of regions and meshes so a person can look at a result.
//!
//! Coordinates are grid units; the drawing flips y so that +y points up, scales the
//! larger side to about 1000 pixels and keeps strokes a constant on-screen width.

use std::fmt::Write as _;

use crate::grid::GridPoint;

/// What to draw: layers are painted in the order they are added.
#[derive(Debug, Clone, Default)]
pub struct SvgPicture {
    layers: Vec<Layer>,
    min: Option<GridPoint>,
    max: Option<GridPoint>,
}

#[derive(Debug, Clone)]
enum Layer {
    /// Closed rings drawn as one path with the even-odd fill rule.
    Rings {
        rings: Vec<Vec<GridPoint>>,
        fill: String,
        stroke: String,
        vertices: bool,
    },
    /// Closed polygons, each its own path.
    Polygons {
        polygons: Vec<Vec<GridPoint>>,
        fill: String,
        stroke: String,
        width: f64,
    },
    /// An open polyline with its corners marked (a path across a mesh).
    Polyline {
        points: Vec<GridPoint>,
        stroke: String,
        width: f64,
    },
}

impl SvgPicture {
    /// An empty picture.
    pub fn new() -> Self {
        SvgPicture::default()
    }

    fn grow(&mut self, points: impl IntoIterator<Item = GridPoint>) {
        for p in points {
            let lo = self.min.get_or_insert(p);
            lo.x = lo.x.min(p.x);
            lo.y = lo.y.min(p.y);
            let hi = self.max.get_or_insert(p);
            hi.x = hi.x.max(p.x);
            hi.y = hi.y.max(p.y);
        }
    }

    /// Adds a region's rings (outer boundaries and holes), filled even-odd, with the
    /// vertices marked when `vertices` is set.
    pub fn rings(&mut self, rings: &[Vec<GridPoint>], fill: &str, stroke: &str, vertices: bool) {
        self.grow(rings.iter().flatten().copied());
        self.layers.push(Layer::Rings {
            rings: rings.to_vec(),
            fill: fill.into(),
            stroke: stroke.into(),
            vertices,
        });
    }

    /// Adds polygons (triangles, convex pieces) with their edges.
    pub fn polygons(&mut self, polygons: &[Vec<GridPoint>], fill: &str, stroke: &str, width: f64) {
        self.grow(polygons.iter().flatten().copied());
        self.layers.push(Layer::Polygons {
            polygons: polygons.to_vec(),
            fill: fill.into(),
            stroke: stroke.into(),
            width,
        });
    }

    /// Adds an open polyline, its corners marked.
    pub fn polyline(&mut self, points: &[GridPoint], stroke: &str, width: f64) {
        self.grow(points.iter().copied());
        self.layers.push(Layer::Polyline {
            points: points.to_vec(),
            stroke: stroke.into(),
            width,
        });
    }

    /// Renders the SVG document.
    pub fn render(&self) -> String {
        let (min, max) = match (self.min, self.max) {
            (Some(a), Some(b)) => (a, b),
            _ => (GridPoint::new(0, 0), GridPoint::new(1, 1)),
        };
        // Differences of i64 coordinates in i128: they can exceed i64 (−2^63 to 2^63 − 1).
        let gap = |from: i64, to: i64| (i128::from(to) - i128::from(from)) as f64;
        let w = gap(min.x, max.x).max(1.0);
        let h = gap(min.y, max.y).max(1.0);
        let scale = 1000.0 / w.max(h);
        let margin = 10.0;
        let (pw, ph) = (w * scale + 2.0 * margin, h * scale + 2.0 * margin);
        let tx = |p: GridPoint| {
            (
                margin + gap(min.x, p.x) * scale,
                margin + gap(p.y, max.y) * scale,
            )
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw:.0}" height="{ph:.0}" viewBox="0 0 {pw:.2} {ph:.2}">"#
        );
        let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
        let open_path = |points: &[GridPoint]| {
            let mut d = String::new();
            for (i, p) in points.iter().enumerate() {
                let (x, y) = tx(*p);
                let _ = write!(d, "{}{x:.2},{y:.2} ", if i == 0 { 'M' } else { 'L' });
            }
            d
        };
        let path = |ring: &[GridPoint]| open_path(ring) + "Z";
        for layer in &self.layers {
            match layer {
                Layer::Rings {
                    rings,
                    fill,
                    stroke,
                    vertices,
                } => {
                    let d: Vec<String> = rings.iter().map(|r| path(r)).collect();
                    let _ = writeln!(
                        out,
                        r#"<path d="{}" fill="{fill}" fill-rule="evenodd" stroke="{stroke}" stroke-width="1.5"/>"#,
                        d.join(" ")
                    );
                    if *vertices {
                        for p in rings.iter().flatten() {
                            let (x, y) = tx(*p);
                            let _ = writeln!(
                                out,
                                r#"<circle cx="{x:.2}" cy="{y:.2}" r="2.5" fill="{stroke}"/>"#
                            );
                        }
                    }
                }
                Layer::Polygons {
                    polygons,
                    fill,
                    stroke,
                    width,
                } => {
                    for poly in polygons {
                        let _ = writeln!(
                            out,
                            r#"<path d="{}" fill="{fill}" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"/>"#,
                            path(poly)
                        );
                    }
                }
                Layer::Polyline {
                    points,
                    stroke,
                    width,
                } => {
                    let _ = writeln!(
                        out,
                        r#"<path d="{}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"/>"#,
                        open_path(points).trim_end()
                    );
                    for p in points {
                        let (x, y) = tx(*p);
                        let _ = writeln!(
                            out,
                            r#"<circle cx="{x:.2}" cy="{y:.2}" r="{width}" fill="{stroke}"/>"#
                        );
                    }
                }
            }
        }
        out.push_str("</svg>\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_rings_and_polygons() {
        let square = vec![
            GridPoint::new(0, 0),
            GridPoint::new(4, 0),
            GridPoint::new(4, 4),
            GridPoint::new(0, 4),
        ];
        let mut pic = SvgPicture::new();
        pic.rings(std::slice::from_ref(&square), "#cde", "#123", true);
        pic.polygons(&[square], "none", "#f00", 1.0);
        let svg = pic.render();
        assert!(svg.starts_with("<svg"));
        assert_eq!(svg.matches("<circle").count(), 4);
        assert_eq!(svg.matches("<path").count(), 2);
        // y is flipped: grid (0, 0) is at the bottom-left, i.e. at the largest y.
        assert!(svg.contains("M10.00,1010.00"));
    }

    #[test]
    fn coordinates_at_the_ends_of_i64_stay_in_the_picture() {
        let mut pic = SvgPicture::new();
        let ring = [
            GridPoint::new(-2, 0),
            GridPoint::new(i64::MAX, 0),
            GridPoint::new(i64::MIN, 1),
        ];
        pic.rings(&[ring.to_vec()], "#cde", "#123", false);
        let svg = pic.render();
        // The x range is 2^64 − 1: scaled to 1000 units, every point within the margins.
        assert!(
            svg.contains(r#"d="M510.00,10.00 L1010.00,10.00 L10.00,10.00 Z""#),
            "{svg}"
        );
    }

    #[test]
    fn renders_an_open_polyline() {
        let mut pic = SvgPicture::new();
        pic.polyline(&[GridPoint::new(0, 0), GridPoint::new(4, 4)], "#0a0", 2.0);
        let svg = pic.render();
        assert!(
            svg.contains(r#"d="M10.00,1010.00 L1010.00,10.00" fill="none""#),
            "{svg}"
        );
        assert_eq!(svg.matches("<circle").count(), 2);
    }
}
