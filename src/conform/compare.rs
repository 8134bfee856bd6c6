//! Value comparison of the port protocol (docs/ports.md §1.5) and the first difference
//! in words ("ring 3, vertex 7: expected [12, -4], got [12, -3]").
//!
//! `case::compare_outcome` (`build2d run FILE`) applies the same rules and reports a
//! JSON path; this one words the difference per op for a port author.

use serde_json::Value;

use super::Outcome;

/// The first difference between an expected outcome and a port's, or `None` when they are
/// equal under the protocol's comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// The difference in words.
    pub words: String,
    /// A grid point where it shows (for pictures), when the difference is at a point.
    pub point: Option<[i64; 2]>,
}

/// Compares two outcomes (`reason` of an error is never compared; a `malformed` error
/// compares its kind only).
pub fn compare_outcome(expected: &Outcome, got: &Outcome) -> Option<Difference> {
    match (expected, got) {
        (Ok(e), Ok(g)) => diff_value(e, g, &mut Vec::new()),
        (Err(e), Err(g)) => compare_errors(e, g),
        (Ok(_), Err(g)) => Some(words(format!(
            "expected an output, port answers error {}",
            kind_of(g)
        ))),
        (Err(e), Ok(_)) => Some(words(format!(
            "expected error {}, port answers an output",
            kind_of(e)
        ))),
    }
}

/// Whether two outcomes are equal under the protocol's comparison.
pub fn same_outcome(expected: &Outcome, got: &Outcome) -> bool {
    compare_outcome(expected, got).is_none()
}

fn words(w: String) -> Difference {
    Difference {
        words: w,
        point: None,
    }
}

fn kind_of(e: &Value) -> String {
    e.get("kind")
        .and_then(Value::as_str)
        .unwrap_or("(no kind)")
        .to_string()
}

fn compare_errors(e: &Value, g: &Value) -> Option<Difference> {
    let (ek, gk) = (kind_of(e), kind_of(g));
    if ek != gk {
        return Some(words(format!("error kind {ek}, port says {gk}")));
    }
    if ek == "malformed" {
        return None;
    }
    for key in ["argument", "location", "left", "right", "value"] {
        let (a, b) = (e.get(key), g.get(key));
        let equal = match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => values_equal(a, b),
            _ => false,
        };
        if !equal {
            let show = |v: Option<&Value>| v.map_or("nothing".to_string(), Value::to_string);
            return Some(words(format!(
                "error {ek}: {key} {}, port says {}",
                show(a),
                show(b)
            )));
        }
    }
    None
}

/// Equality of two JSON values under the protocol's rules.
pub fn values_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => numbers_equal(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| values_equal(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| values_equal(v, w)))
        }
        _ => a == b,
    }
}

fn numbers_equal(x: &serde_json::Number, y: &serde_json::Number) -> bool {
    if let (Some(a), Some(b)) = (x.as_i64(), y.as_i64()) {
        return a == b;
    }
    if let (Some(a), Some(b)) = (x.as_u64(), y.as_u64()) {
        return a == b;
    }
    match (x.as_f64(), y.as_f64()) {
        (Some(a), Some(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
        _ => false,
    }
}

/// What one element of a list under `key` is called, and the list's plural.
fn item_name(key: &str) -> (&'static str, &'static str) {
    match key {
        "rings" => ("ring", "rings"),
        "ring" | "vertices" | "polygon-vertex" => ("vertex", "vertices"),
        "triangles" => ("triangle", "triangles"),
        "triangle" | "polygon" => ("corner", "corners"),
        "polygons" => ("polygon", "polygons"),
        "neighbors" => ("neighbour entry", "neighbour entries"),
        "neighbors-list" => ("edge", "edges"),
        "segments" => ("segment", "segments"),
        "grid" => ("value", "values"),
        "constrained" => ("constrained edge", "constrained edges"),
        "boundary" => ("boundary edge", "boundary edges"),
        "boundary-edge" => ("end", "ends"),
        "gridEdges" => ("edge", "edges"),
        _ => ("element", "elements"),
    }
}

/// The key the elements of a list under `key` are described with.
fn child_key(key: &str, element: &Value) -> &'static str {
    match key {
        "rings" => "ring",
        "triangles" => "triangle",
        "polygons" => "polygon",
        "boundary" => "boundary-edge",
        "neighbors" if element.is_array() => "neighbors-list",
        _ => "",
    }
}

#[derive(Clone)]
enum Step {
    Key(String),
    Item(&'static str, usize),
}

fn path_words(path: &[Step]) -> String {
    // A list's key is named by its items ("ring 3", not "rings, ring 3").
    let parts: Vec<String> = path
        .iter()
        .enumerate()
        .filter_map(|(n, s)| match s {
            Step::Key(_) if matches!(path.get(n + 1), Some(Step::Item(..))) => None,
            Step::Key(k) => Some(k.clone()),
            Step::Item(name, i) => Some(format!("{name} {i}")),
        })
        .collect();
    if parts.is_empty() {
        "output".into()
    } else {
        parts.join(", ")
    }
}

fn as_point(v: &Value) -> Option<[i64; 2]> {
    let a = v.as_array()?;
    if a.len() != 2 {
        return None;
    }
    Some([a[0].as_i64()?, a[1].as_i64()?])
}

fn diff_value(e: &Value, g: &Value, path: &mut Vec<Step>) -> Option<Difference> {
    diff_keyed(e, g, "", path)
}

fn diff_keyed(e: &Value, g: &Value, key: &str, path: &mut Vec<Step>) -> Option<Difference> {
    match (e, g) {
        (Value::Object(eo), Value::Object(go)) => {
            for (k, ev) in eo {
                path.push(Step::Key(k.clone()));
                let found = match go.get(k) {
                    None => Some(words(format!(
                        "{}: missing in the port's output",
                        path_words(path)
                    ))),
                    Some(gv) => diff_keyed(ev, gv, k, path),
                };
                path.pop();
                if found.is_some() {
                    return found;
                }
            }
            go.keys()
                .find(|k| !eo.contains_key(*k))
                .map(|k| words(format!("the port's output has an extra field `{k}`")))
        }
        (Value::Array(ea), Value::Array(ga)) if as_point(e).is_none() || as_point(g).is_none() => {
            let (item, plural) = item_name(key);
            let inner = if ea.len() == ga.len() {
                String::new()
            } else {
                let where_ = if path.len() <= 1 {
                    String::new()
                } else {
                    format!("{}: ", path_words(path))
                };
                format!("{where_}{} {plural}, port has {}", ea.len(), ga.len())
            };
            for (i, (ev, gv)) in ea.iter().zip(ga).enumerate() {
                let ck = child_key(key, ev);
                path.push(Step::Item(item, i));
                let found = diff_keyed(ev, gv, ck, path);
                path.pop();
                if let Some(mut d) = found {
                    if !inner.is_empty() {
                        d.words = format!("{inner}; first difference: {}", d.words);
                    }
                    return Some(d);
                }
            }
            if inner.is_empty() {
                return None;
            }
            let extra = if ea.len() > ga.len() {
                ea.get(ga.len())
            } else {
                ga.get(ea.len())
            };
            Some(Difference {
                words: inner,
                point: extra.and_then(as_point),
            })
        }
        _ if values_equal(e, g) => None,
        _ => Some(Difference {
            words: format!("{}: expected {e}, got {g}", path_words(path)),
            point: as_point(e).or_else(|| as_point(g)),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn words_of_differences() {
        let e = Ok(
            json!({"snapBits": 4, "rings": [[[0, 0], [1, 0], [1, 1]], [[12, -4], [3, 3], [4, 4]]]}),
        );
        let g = Ok(
            json!({"snapBits": 4, "rings": [[[0, 0], [1, 0], [1, 1]], [[12, -3], [3, 3], [4, 4]]]}),
        );
        let d = compare_outcome(&e, &g).unwrap();
        assert_eq!(d.words, "ring 1, vertex 0: expected [12,-4], got [12,-3]");
        assert_eq!(d.point, Some([12, -4]));
        let e = Ok(json!({"triangles": [[0, 1, 2], [1, 2, 3]]}));
        let g = Ok(json!({"triangles": [[0, 1, 2]]}));
        assert_eq!(
            compare_outcome(&e, &g).unwrap().words,
            "2 triangles, port has 1"
        );
        let e = Err(json!({"kind": "outOfRange", "value": 1.0}));
        let g = Err(json!({"kind": "invalidArgument", "argument": "x"}));
        assert_eq!(
            compare_outcome(&e, &g).unwrap().words,
            "error kind outOfRange, port says invalidArgument"
        );
    }

    /// The stage ops' lists are named by what they hold.
    #[test]
    fn words_of_stage_op_differences() {
        let e = Ok(json!({"boundary": [[[2, 2], [4, 2]], [[4, 2], [4, 4]]]}));
        let g = Ok(json!({"boundary": [[[0, 0], [4, 0]]]}));
        let d = compare_outcome(&e, &g).unwrap();
        assert_eq!(
            d.words,
            "2 boundary edges, port has 1; first difference: boundary edge 0, end 0: expected [2,2], got [0,0]"
        );
        let e = Ok(json!({"gridEdges": [{"from": [0, 0], "to": [4, 0], "tag": 2}]}));
        let g = Ok(json!({"gridEdges": [{"from": [0, 0], "to": [4, 0], "tag": 1}]}));
        let d = compare_outcome(&e, &g).unwrap();
        assert_eq!(d.words, "edge 0, tag: expected 2, got 1");
    }

    #[test]
    fn numbers_compare_by_value() {
        let e = Err(json!({"kind": "outOfRange", "value": 2097153.0, "reason": "a"}));
        let g = Err(json!({"kind": "outOfRange", "value": 2097153, "reason": "b"}));
        assert!(same_outcome(&e, &g));
        let g = Err(json!({"kind": "outOfRange", "value": 2097153.5}));
        assert!(!same_outcome(&e, &g));
        assert!(same_outcome(
            &Ok(json!({"grid": [12]})),
            &Ok(json!({"grid": [12.0]}))
        ));
        assert!(!same_outcome(
            &Ok(json!({"grid": [0.0]})),
            &Ok(json!({"grid": [-0.0]}))
        ));
        let m = Err(json!({"kind": "malformed", "reason": "x"}));
        assert!(same_outcome(&m, &Err(json!({"kind": "malformed"}))));
    }
}
