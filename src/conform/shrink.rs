//! Shrinking a divergence: drop outlines, rings, vertices, cells, points, constraints,
//! edges and values, move coordinates toward 0, and keep every step that keeps the
//! divergence (greedy, first improvement, bigger steps first).

use serde_json::{json, Value};

/// One step of the shrinker, at a JSON path.
#[derive(Debug, Clone)]
enum Edit {
    /// Remove element `i` of the list at the path.
    Remove(Vec<Step>, usize),
    /// Replace the number at the path.
    Set(Vec<Step>, Value),
    /// A tile map at the path: drop its first/last row/column (0..4), or clear cell `4 + i`.
    Tile(Vec<Step>, usize),
    /// cdt: drop point `i` and the constraints at it, renumbering the rest.
    CdtPoint(usize),
}

#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// How many steps the shrinker tries at most (each is one engine and one port run).
pub const BUDGET: usize = 1500;

/// Shrinks `input` while `diverges` holds; returns the smallest input found.
pub fn shrink(input: &Value, diverges: &mut dyn FnMut(&Value) -> bool) -> Value {
    shrink_until(input, None, diverges)
}

/// [`shrink`], stopping at `deadline` too (after the try under way).
pub fn shrink_until(
    input: &Value,
    deadline: Option<std::time::Instant>,
    diverges: &mut dyn FnMut(&Value) -> bool,
) -> Value {
    let mut best = input.clone();
    let mut tries = 0;
    'outer: loop {
        for edit in edits(&best) {
            if tries >= BUDGET || deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                break 'outer;
            }
            let Some(candidate) = apply(&best, &edit) else {
                continue;
            };
            tries += 1;
            if diverges(&candidate) {
                best = candidate;
                continue 'outer;
            }
        }
        break;
    }
    best
}

/// The size of a case for reports and tests: how many vertices, points, edges, cells
/// (set ones), constraints and values it holds.
pub fn case_size(v: &Value) -> usize {
    fn walk(v: &Value, key: &str) -> usize {
        match v {
            Value::Object(m) => m.iter().map(|(k, x)| walk(x, k)).sum(),
            Value::Array(a) => match key {
                "cells" => a.iter().filter(|c| c.as_i64() == Some(1)).count(),
                "values" | "constraints" | "edges" | "gridEdges" => a.len(),
                "points" => a.len(),
                "outlines" => a
                    .iter()
                    .flat_map(|o| o.as_array().into_iter().flatten())
                    .map(|r| r.as_array().map_or(0, Vec::len))
                    .sum(),
                _ => 0,
            },
            _ => 0,
        }
    }
    walk(v, "")
}

fn edits(v: &Value) -> Vec<Edit> {
    let op = v.get("op").and_then(Value::as_str).unwrap_or("");
    let mut removals = Vec::new();
    let mut numbers = Vec::new();
    if op == "cdt" {
        if let Some(points) = v.get("points").and_then(Value::as_array) {
            removals.extend((0..points.len()).rev().map(Edit::CdtPoint));
        }
    }
    if op == "fromTileMap" {
        tile_edits(v, &[], &mut removals);
    }
    walk(v, "", &mut Vec::new(), &mut removals, &mut numbers);
    // Bigger steps first: shallower removals before deeper ones.
    removals.sort_by_key(|e| match e {
        Edit::Remove(p, _) => p.len(),
        Edit::Tile(p, k) => p.len() + usize::from(*k >= 4) * 3,
        _ => 1,
    });
    removals.extend(numbers);
    removals
}

fn tile_edits(map: &Value, path: &[Step], out: &mut Vec<Edit>) {
    let cells = map.get("cells").and_then(Value::as_array);
    for k in 0..4 {
        out.push(Edit::Tile(path.to_vec(), k));
    }
    if let Some(cells) = cells {
        for (i, c) in cells.iter().enumerate() {
            if c.as_i64() == Some(1) {
                out.push(Edit::Tile(path.to_vec(), 4 + i));
            }
        }
    }
}

/// Lists whose elements may be dropped, and where coordinates live.
fn walk(
    v: &Value,
    key: &str,
    path: &mut Vec<Step>,
    removals: &mut Vec<Edit>,
    numbers: &mut Vec<Edit>,
) {
    match v {
        Value::Object(m) => {
            if key == "tileMap" {
                tile_edits(v, path, removals);
            }
            for (k, x) in m {
                path.push(Step::Key(k.clone()));
                walk(x, k, path, removals, numbers);
                path.pop();
            }
        }
        Value::Array(a) => {
            let droppable = matches!(
                key,
                "outlines" | "outline" | "ring" | "values" | "edges" | "gridEdges" | "constraints"
            );
            if droppable {
                for i in (0..a.len()).rev() {
                    removals.push(Edit::Remove(path.clone(), i));
                }
            }
            let child = match key {
                "outlines" => "outline",
                "outline" => "ring",
                "ring" | "points" | "segments" | "segment" | "values" => "coordinates",
                "coordinates" | "pixel" | "origin" | "from" | "to" => "coordinate",
                "edges" | "gridEdges" => "edge",
                _ => "",
            };
            for (i, x) in a.iter().enumerate() {
                path.push(Step::Index(i));
                let child = if key == "values" { "coordinate" } else { child };
                walk(x, child, path, removals, numbers);
                path.pop();
            }
        }
        Value::Number(n) if key == "coordinate" => {
            for t in toward_zero(n) {
                numbers.push(Edit::Set(path.clone(), t));
            }
        }
        _ => {}
    }
}

/// Smaller magnitudes for one number: 0, the integer part, half, one step closer.
fn toward_zero(n: &serde_json::Number) -> Vec<Value> {
    if let Some(i) = n.as_i64() {
        if i == 0 {
            return vec![];
        }
        let mut out = vec![json!(0)];
        if i.abs() > 2 {
            out.push(json!(i / 2));
        }
        if i.abs() > 1 {
            out.push(json!(i - i.signum()));
        }
        return out;
    }
    let x = n.as_f64().unwrap_or(0.0);
    if x == 0.0 || !x.is_finite() {
        return vec![];
    }
    let mut out = vec![json!(0.0)];
    if x.trunc() != x {
        out.push(json!(x.trunc()));
        // Fewer fraction bits: the nearest multiple of 1/2, 1/4, … that is no larger.
        for k in 1..=16 {
            let scale = f64::from(1u32 << k);
            let y = (x * scale).round() / scale;
            if y == x {
                break;
            }
            if y.abs() <= x.abs() {
                out.push(json!(y));
            }
        }
    } else {
        if x.abs() > 2.0 {
            out.push(json!((x / 2.0).trunc()));
        }
        if x.abs() >= 2.0 {
            out.push(json!(x - x.signum()));
        }
    }
    out
}

fn at<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    let mut cur = v;
    for s in path {
        cur = match s {
            Step::Key(k) => cur.get_mut(k.as_str())?,
            Step::Index(i) => cur.get_mut(*i)?,
        };
    }
    Some(cur)
}

fn apply(v: &Value, edit: &Edit) -> Option<Value> {
    let mut out = v.clone();
    match edit {
        Edit::Remove(path, i) => {
            let list = at(&mut out, path)?.as_array_mut()?;
            if *i >= list.len() {
                return None;
            }
            list.remove(*i);
        }
        Edit::Set(path, x) => *at(&mut out, path)? = x.clone(),
        Edit::Tile(path, k) => {
            let map = at(&mut out, path)?;
            let w = usize::try_from(map.get("width")?.as_i64()?).ok()?;
            let h = usize::try_from(map.get("height")?.as_i64()?).ok()?;
            let cells = map.get("cells")?.as_array()?.clone();
            if cells.len() != w * h {
                return None;
            }
            let keep = |x: usize, y: usize| match k {
                0 => y + 1 < h,
                1 => y > 0,
                2 => x + 1 < w,
                3 => x > 0,
                _ => true,
            };
            if *k >= 4 {
                let c = map.get_mut("cells")?.get_mut(k - 4)?;
                *c = json!(0);
                return Some(out);
            }
            let (nw, nh) = if *k < 2 {
                (w, h.checked_sub(1)?)
            } else {
                (w.checked_sub(1)?, h)
            };
            if nw == 0 || nh == 0 {
                return None;
            }
            let kept: Vec<Value> = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| keep(x, y))
                .map(|(x, y)| cells[y * w + x].clone())
                .collect();
            map["width"] = json!(nw);
            map["height"] = json!(nh);
            map["cells"] = Value::Array(kept);
        }
        Edit::CdtPoint(i) => {
            let points = out.get_mut("points")?.as_array_mut()?;
            if *i >= points.len() {
                return None;
            }
            points.remove(*i);
            let i = *i as i64;
            if let Some(cs) = out.get_mut("constraints").and_then(Value::as_array_mut) {
                cs.retain(|c| {
                    c.as_array()
                        .is_none_or(|p| p.iter().all(|x| x.as_i64() != Some(i)))
                });
                for c in cs.iter_mut() {
                    if let Some(pair) = c.as_array_mut() {
                        for x in pair.iter_mut() {
                            if let Some(j) = x.as_i64() {
                                if j > i {
                                    *x = json!(j - 1);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinks_to_the_one_vertex_that_matters() {
        let input = json!({"op": "fromOutlines", "snapBits": 0, "outlines": [
            [[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [7.5, 3.0]]],
            [[[1.0, 1.0], [2.0, 1.0], [2.0, 2.0]]]
        ]});
        // "Diverges" while some vertex has x = 7.5 or 7.
        let mut diverges =
            |v: &Value| v.to_string().contains("[7.5,") || v.to_string().contains("[7.0,");
        let small = shrink(&input, &mut diverges);
        assert_eq!(small["outlines"], json!([[[[7.0, 0.0]]]]), "{small}");
        assert_eq!(case_size(&small), 1);
    }

    #[test]
    fn tile_maps_and_cdt_points_shrink() {
        let input = json!({"op": "fromTileMap", "snapBits": 0, "width": 3, "height": 2,
            "cellSize": 1.0, "origin": [0.0, 0.0], "cells": [1, 1, 0, 0, 1, 1]});
        let mut diverges = |v: &Value| {
            v["cells"]
                .as_array()
                .is_some_and(|c| c.iter().filter(|x| x.as_i64() == Some(1)).count() >= 1)
        };
        let small = shrink(&input, &mut diverges);
        assert_eq!(
            (small["width"].as_i64(), small["height"].as_i64()),
            (Some(1), Some(1)),
            "{small}"
        );
        let input = json!({"op": "cdt", "points": [[0, 0], [1, 0], [2, 1], [3, 3]], "constraints": [[0, 3], [1, 2]]});
        let mut diverges = |v: &Value| v["constraints"].as_array().is_some_and(|c| !c.is_empty());
        let small = shrink(&input, &mut diverges);
        assert_eq!(small["points"].as_array().map(Vec::len), Some(2), "{small}");
        assert_eq!(small["constraints"], json!([[0, 1]]));
    }
}
