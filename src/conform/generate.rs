//! Seeded generators for random mode: one function per op builds the op's whole input
//! (so the v2 case format is a small edit per op). They favour the hard cases: small
//! lattices (collinear and cocircular points, duplicates, touching rings, pinches),
//! half-unit coordinates (rounding ties), quarter-unit coordinates at SnapBits 0
//! (crossings inside one pixel), ±2^39 grid coordinates, SnapBits 0 and 16, every m
//! branch of X12, and now and then each error kind.

use serde_json::{json, Value};

/// splitmix64: small, seedable, the same sequence on every platform.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo) as u64 + 1;
        lo + self.below(span) as i64
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize].clone()
    }
}

/// The ops random mode can generate.
pub const OPS: &[&str] = super::ALL_OPS;

/// One generated input of `op`, or `None` for an op without a generator.
pub fn generate(op: &str, rng: &mut Rng, size: usize) -> Option<Value> {
    let size = size.max(3);
    Some(match op {
        "snap" => snap(rng, size),
        "orient" => orient(rng),
        "inCircle" => in_circle(rng),
        "crossing" => crossing(rng),
        "pixel" => pixel(rng),
        "arrangement" => arrangement(rng, size),
        "boundary" => boundary(rng, size),
        "fromOutlines" => from_outlines(rng, size),
        "union" | "intersection" | "difference" | "xor" => boolean(op, rng, size),
        "fromTileMap" => from_tile_map(rng, size),
        "offset" => offset(rng, size),
        "shrink" => shrink(rng, size),
        // A stage op's case is its op's case under the stage's name.
        "offsetEdges" | "shrinkEdges" => {
            let mut case = generate(op.trim_end_matches("Edges"), rng, size)?;
            case["op"] = json!(op);
            case
        }
        "cdt" => cdt(rng, size),
        "triangulate" => triangulate(rng, size),
        "partitionConvex" => partition_convex(rng, size),
        "mesh" => mesh(rng, size),
        _ => return None,
    })
}

// ---- building blocks ----------------------------------------------------------------

/// Snap bits: mostly the extremes 0 and 16 and small values; now and then out of range.
fn snap_bits(rng: &mut Rng) -> i64 {
    if rng.chance(2) {
        return rng.pick(&[17, 255, -1]);
    }
    rng.pick(&[0, 0, 0, 1, 2, 3, 4, 16])
}

/// A bad f64 for an error case: non-finite or beyond the [G1] range.
fn bad_f64(rng: &mut Rng) -> Value {
    rng.pick(&[
        json!("NaN"),
        json!("Infinity"),
        json!("-Infinity"),
        json!(1e300),
        json!(2_097_152.5),
        json!(-2_097_153.0),
    ])
}

/// A world coordinate: a lattice value k·2^-s on a small lattice (collinear, duplicate and
/// touching geometry), sometimes on the half unit (a rounding tie), a quarter unit
/// (several vertices in one pixel), or huge (near the ±2^21 bound).
fn coordinate(rng: &mut Rng, bits: i64, span: i64) -> Value {
    let unit = 1.0 / f64::from(1u32 << bits.clamp(0, 16));
    let k = rng.range(-span, span) as f64;
    let base = k * unit * if bits >= 8 { 16.0 } else { 1.0 };
    let v = match rng.below(20) {
        0..=11 => base,
        12..=14 => base + unit / 2.0,
        15..=17 => base + unit / 4.0 * rng.range(1, 3) as f64,
        18 => 2_097_152.0 - base.abs(),
        _ => base - unit / 2.0,
    };
    json!(v)
}

fn point(rng: &mut Rng, bits: i64, span: i64) -> Value {
    json!([coordinate(rng, bits, span), coordinate(rng, bits, span)])
}

/// A ring: a lattice polygon of `size` vertices at most (self-crossings, collinear runs,
/// repeated vertices), an axis-aligned rectangle (touching neighbours) or a bow-tie (a
/// pinch); rarely too short (invalidArgument `ring`) or with a bad coordinate.
fn ring(rng: &mut Rng, bits: i64, size: usize) -> Value {
    let span = (size as i64).clamp(2, 12);
    let unit = 1.0 / f64::from(1u32 << bits.clamp(0, 16));
    let scale = if bits >= 8 { 16.0 * unit } else { unit };
    let mut ring: Vec<Value> = match rng.below(10) {
        0..=3 => {
            let (x0, y0) = (rng.range(0, span) as f64, rng.range(0, span) as f64);
            let (w, h) = (rng.range(1, span) as f64, rng.range(1, span) as f64);
            [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]
                .iter()
                .map(|&(x, y)| json!([x * scale, y * scale]))
                .collect()
        }
        4 => {
            // Two triangles meeting at one vertex: a pinch.
            let c = rng.range(1, span) as f64;
            [
                (0.0, 0.0),
                (c, c),
                (2.0 * c, 0.0),
                (2.0 * c, 2.0 * c),
                (c, c),
                (0.0, 2.0 * c),
            ]
            .iter()
            .map(|&(x, y)| json!([x * scale, y * scale]))
            .collect()
        }
        _ => {
            let n = rng.range(3, size as i64) as usize;
            (0..n).map(|_| point(rng, bits, span)).collect()
        }
    };
    if rng.chance(1) {
        ring.truncate(2);
    }
    if rng.chance(1) {
        let i = rng.below(ring.len() as u64) as usize;
        ring[i] = json!([bad_f64(rng), 0.0]);
    }
    Value::Array(ring)
}

fn outlines(rng: &mut Rng, bits: i64, size: usize) -> Value {
    let n = rng.range(1, 3);
    let outlines: Vec<Value> = (0..n)
        .map(|_| {
            let rings = rng.range(1, 2);
            Value::Array((0..rings).map(|_| ring(rng, bits, size)).collect())
        })
        .collect();
    Value::Array(outlines)
}

/// A RegionInput: `{"snapBits", "outlines"}`, or one in five `{"snapBits", "tileMap"}`.
fn region_input(rng: &mut Rng, size: usize) -> Value {
    let bits = snap_bits(rng);
    if rng.chance(20) {
        return json!({"snapBits": bits, "tileMap": tile_map_fields(rng, size)});
    }
    json!({"snapBits": bits, "outlines": outlines(rng, bits, size)})
}

/// A grid coordinate for the grid-level ops: small lattice or near ±`bound`.
fn grid_coordinate(rng: &mut Rng, bound: i64) -> i64 {
    match rng.below(10) {
        0..=6 => rng.range(-4, 4),
        7 => bound - rng.range(0, 2),
        8 => -bound + rng.range(0, 2),
        _ => rng.range(-bound, bound),
    }
}

fn grid_point(rng: &mut Rng, bound: i64) -> Value {
    json!([grid_coordinate(rng, bound), grid_coordinate(rng, bound)])
}

/// A radius in public units from below one grid unit to many cells, and an arc tolerance
/// reaching every branch of X12: 0, below one grid unit, one unit or more, huge.
fn radius_and_tolerance(rng: &mut Rng, bits: i64) -> (f64, f64) {
    let unit = 1.0 / f64::from(1u32 << bits.clamp(0, 16));
    let r = match rng.below(4) {
        0 => rng.range(1, 255) as f64 / 256.0,
        1 => rng.range(1, 64) as f64 / 2.0,
        2 => rng.range(1, 4095) as f64 / 64.0,
        _ => rng.range(1, 8) as f64 * 16.0,
    } * unit
        * if bits >= 8 { 16.0 } else { 1.0 };
    let tolerance = match rng.below(5) {
        0 => 0.0,
        1 => rng.range(1, 255) as f64 / 256.0 * unit,
        2 => rng.range(1, 16) as f64 * unit,
        3 => rng.range(1, 255) as f64 / 16.0,
        _ => 1e6,
    };
    (r, tolerance)
}

fn tile_map_fields(rng: &mut Rng, size: usize) -> serde_json::Map<String, Value> {
    let side = (size as i64 / 2).clamp(1, 8);
    let (w, h) = (rng.range(1, side), rng.range(1, side));
    let density = rng.pick(&[30, 50, 70, 90]);
    let mut cells: Vec<Value> = (0..w * h)
        .map(|_| json!(u8::from(rng.chance(density))))
        .collect();
    let mut width = json!(w);
    let mut height = json!(h);
    let mut cell_size = json!(rng.pick(&[1.0, 0.5, 0.25, 0.3, 2.0]));
    let mut origin = json!([rng.range(-2, 2) as f64 * 0.5, rng.range(-2, 2) as f64 * 0.5]);
    if rng.chance(4) {
        match rng.below(5) {
            0 => width = json!(-1),
            1 => height = json!(0),
            2 => cells.push(json!(1)),
            3 => cell_size = rng.pick(&[json!("NaN"), json!(0.0), json!(-1.0)]),
            _ => origin = json!([bad_f64(rng), 0.0]),
        }
    }
    let mut m = serde_json::Map::new();
    m.insert("width".into(), width);
    m.insert("height".into(), height);
    m.insert("cellSize".into(), cell_size);
    m.insert("origin".into(), origin);
    m.insert("cells".into(), Value::Array(cells));
    m
}

// ---- one function per op ------------------------------------------------------------

fn snap(rng: &mut Rng, size: usize) -> Value {
    let bits = snap_bits(rng);
    let n = rng.range(1, size as i64);
    let values: Vec<Value> = (0..n)
        .map(|_| {
            if rng.chance(5) {
                bad_f64(rng)
            } else if rng.chance(20) {
                json!(rng.pick(&[2_097_152.0, -2_097_152.0, -0.0, 5e-324]))
            } else {
                coordinate(rng, bits, 8)
            }
        })
        .collect();
    json!({"op": "snap", "snapBits": bits, "values": values})
}

fn orient(rng: &mut Rng) -> Value {
    let bound = 1i64 << 53;
    let points: Vec<Value> = (0..3).map(|_| grid_point(rng, bound)).collect();
    json!({"op": "orient", "points": points})
}

fn in_circle(rng: &mut Rng) -> Value {
    let bound = 1i64 << 53;
    let points: Vec<Value> = if rng.chance(40) {
        // Four corners of a lattice rectangle, in some order: cocircular.
        let (x, y) = (rng.range(-4, 4), rng.range(-4, 4));
        let (w, h) = (rng.range(1, 4), rng.range(1, 4));
        let mut corners = vec![
            json!([x, y]),
            json!([x + w, y]),
            json!([x + w, y + h]),
            json!([x, y + h]),
        ];
        let k = rng.below(4) as usize;
        corners.rotate_left(k);
        corners
    } else {
        (0..4).map(|_| grid_point(rng, bound)).collect()
    };
    json!({"op": "inCircle", "points": points})
}

fn segment(rng: &mut Rng) -> Value {
    let bound = 1i64 << 39;
    json!([grid_point(rng, bound), grid_point(rng, bound)])
}

fn crossing(rng: &mut Rng) -> Value {
    json!({"op": "crossing", "segments": [segment(rng), segment(rng)]})
}

fn pixel(rng: &mut Rng) -> Value {
    json!({"op": "pixel", "segment": segment(rng), "pixel": grid_point(rng, 1 << 39)})
}

/// The `gridEdges` form (`snapBits` + integer edges up to ±2^39).
fn arrangement(rng: &mut Rng, size: usize) -> Value {
    let n = rng.range(1, size as i64);
    let edges: Vec<Value> = (0..n)
        .map(|_| {
            json!({"from": grid_point(rng, 1 << 39), "to": grid_point(rng, 1 << 39),
                   "tag": rng.pick(&[0, 1, 2])})
        })
        .collect();
    json!({"op": "arrangement", "snapBits": 16, "gridEdges": edges})
}

/// Closed rings of grid points, each of one tag, so the windings are defined; small
/// coordinates (crossings, shared vertices, collinear runs) or, now and then, large ones.
/// Rarely one edge is dropped (not closed) or the rule is misspelt.
fn boundary(rng: &mut Rng, size: usize) -> Value {
    let span = if rng.chance(10) { 1 << 30 } else { size as i64 };
    let mut edges = Vec::new();
    for _ in 0..rng.range(1, 3) {
        let n = rng.range(3, size as i64) as usize;
        let points: Vec<Value> = (0..n).map(|_| grid_point(rng, span)).collect();
        let tag = rng.pick(&[0, 0, 1, 1, 2]);
        for (k, from) in points.iter().enumerate() {
            let to = &points[(k + 1) % n];
            edges.push(json!({"from": from, "to": to, "tag": tag}));
        }
    }
    if rng.chance(3) {
        edges.pop();
    }
    let rules = ["evenOdd", "union", "intersection", "difference", "xor"];
    let operation = if rng.chance(3) {
        "nonzero"
    } else {
        rng.pick(&rules)
    };
    json!({"op": "boundary", "snapBits": 16, "gridEdges": edges, "operation": operation})
}

fn from_outlines(rng: &mut Rng, size: usize) -> Value {
    let mut v = region_input(rng, size);
    v["op"] = json!("fromOutlines");
    v
}

fn boolean(op: &str, rng: &mut Rng, size: usize) -> Value {
    let a = region_input(rng, size);
    let mut b = region_input(rng, size);
    if !rng.chance(5) {
        b["snapBits"] = a["snapBits"].clone(); // mostly the same grid; else snapBitsMismatch
    }
    json!({"op": op, "a": a, "b": b})
}

fn from_tile_map(rng: &mut Rng, size: usize) -> Value {
    let mut m = tile_map_fields(rng, size);
    m.insert("op".into(), json!("fromTileMap"));
    m.insert("snapBits".into(), json!(snap_bits(rng)));
    Value::Object(m)
}

fn offset(rng: &mut Rng, size: usize) -> Value {
    let region = region_input(rng, size);
    let bits = region["snapBits"].as_i64().unwrap_or(0);
    let (r, tolerance) = radius_and_tolerance(rng, bits);
    let distance = if rng.chance(50) { json!(r) } else { json!(-r) };
    let mut v = json!({"op": "offset", "region": region, "distance": distance,
        "join": rng.pick(&["round", "round", "square"]), "arcTolerance": tolerance});
    if rng.chance(3) {
        match rng.below(3) {
            0 => v["distance"] = bad_f64(rng),
            1 => v["join"] = json!("mitre"),
            _ => v["arcTolerance"] = json!(-1.0),
        }
    }
    v
}

/// v1 form (`arcTolerance`), which v2 keeps beside its `cellSize` form.
fn shrink(rng: &mut Rng, size: usize) -> Value {
    let region = region_input(rng, size);
    let bits = region["snapBits"].as_i64().unwrap_or(0);
    let (r, tolerance) = radius_and_tolerance(rng, bits);
    let mut v = json!({"op": "shrink", "region": region, "radius": r, "arcTolerance": tolerance});
    if rng.chance(3) {
        v["radius"] = rng.pick(&[json!(-1.0), json!("Infinity"), json!("NaN")]);
    }
    v
}

fn cdt(rng: &mut Rng, size: usize) -> Value {
    let n = rng.range(0, size as i64 + 2) as usize;
    let big = rng.chance(10);
    // The 7 × 7 lattice (cocircular points everywhere) holds 49 points; more need a wider
    // one, or the BRIO rounds of [D2] (64 points and more) would never be reached.
    let span = if n <= 49 {
        3
    } else {
        (n as f64).sqrt().ceil() as i64
    };
    let mut points: Vec<(i64, i64)> = (0..n)
        .map(|_| {
            if big {
                let b = 1i64 << 39;
                (rng.pick(&[-b, 0, b, b - 1]), rng.pick(&[-b, 0, b, 1 - b]))
            } else {
                (rng.range(-span, span), rng.range(-span, span))
            }
        })
        .collect();
    points.sort_unstable();
    points.dedup();
    if rng.chance(3) && points.len() >= 2 {
        points.swap(0, 1); // unsorted: invalidArgument points
    }
    if rng.chance(2) && !points.is_empty() {
        points[0].0 = (1i64 << 39) + 1; // beyond the bound: outOfRange points[0]
    }
    let m = points.len() as i64;
    let mut constraints: Vec<Value> = Vec::new();
    if m >= 2 {
        // Random constraints among many points mostly cross: a few keep most large cases
        // valid.
        let most = if n <= 49 { (size as i64 / 2).max(1) } else { 4 };
        for _ in 0..rng.range(0, most) {
            let a = rng.range(0, m - 1);
            let b = rng.range(0, m - 1);
            if a != b {
                constraints.push(json!([a, b]));
            }
        }
        if rng.chance(3) {
            constraints.push(json!([0, m])); // index out of range
        }
    }
    let points: Vec<Value> = points.iter().map(|&(x, y)| json!([x, y])).collect();
    json!({"op": "cdt", "points": points, "constraints": constraints})
}

fn triangulate(rng: &mut Rng, size: usize) -> Value {
    json!({"op": "triangulate", "region": region_input(rng, size)})
}

fn max_vertices(rng: &mut Rng) -> i64 {
    if rng.chance(3) {
        return rng.pick(&[2, 17, -1]);
    }
    rng.pick(&[3, 4, 5, 6, 8, 16])
}

fn partition_convex(rng: &mut Rng, size: usize) -> Value {
    json!({"op": "partitionConvex", "region": region_input(rng, size),
           "maxVertices": max_vertices(rng)})
}

fn mesh(rng: &mut Rng, size: usize) -> Value {
    let bits = snap_bits(rng);
    let radius = rng.pick(&[0.0, 0.0, 0.1, 0.25, 0.5, 1.0]);
    let mut v = json!({"op": "mesh", "snapBits": bits, "agentRadius": radius,
                       "maxVertices": max_vertices(rng)});
    if rng.chance(50) {
        v["tileMap"] = Value::Object(tile_map_fields(rng, size));
    } else {
        v["outlines"] = outlines(rng, bits, size);
        v["cellSize"] = json!(rng.pick(&[1.0, 0.5, 0.25]));
    }
    if rng.chance(3) {
        v["agentRadius"] = json!(-1.0);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::run_case_json;

    /// Large random `cdt` cases reach the BRIO rounds of [D2] (64 points and more), and
    /// most of them are valid (the engine answers with a triangulation).
    #[test]
    fn large_cdt_cases_reach_the_brio_rounds() {
        let mut rng = Rng::new(61);
        let (mut large, mut valid) = (0, 0);
        for _ in 0..100 {
            let case = generate("cdt", &mut rng, 300).unwrap();
            if case["points"].as_array().unwrap().len() >= 64 {
                large += 1;
                valid += usize::from(run_case_json(&case).is_ok());
            }
        }
        assert!(large >= 60, "{large} of 100 cases have 64 points or more");
        assert!(
            2 * valid >= large,
            "{valid} of {large} large cases are valid"
        );
    }
}
