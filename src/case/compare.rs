//! Comparing an outcome with a vector's expectation (v2 §3): numbers by value (grid
//! integers as integers, an error's `value` as an f64 with NaN equal to NaN), an error by
//! `kind`, `argument`, `location`, `left`, `right` and `value`, never by `reason`.

use serde_json::Value;

use super::read::parse_f64;

/// `Ok(())` when `got` matches `want`, else the first difference in words (the path of
/// the differing value, then both values). Both are outcomes of [`super::run_case_json`]:
/// `Ok(expected)` or `Err(expectedError)`.
pub fn compare_outcome(
    got: &Result<Value, Value>,
    want: &Result<Value, Value>,
) -> Result<(), String> {
    match (got, want) {
        (Ok(g), Ok(w)) => same("expected", g, w),
        (Err(g), Err(w)) => same_error(g, w),
        (Ok(g), Err(w)) => Err(format!("want expectedError {w}, got expected {g}")),
        (Err(g), Ok(_)) => Err(format!("want expected, got expectedError {g}")),
    }
}

/// The compared fields of an error: every field but `reason`.
fn same_error(got: &Value, want: &Value) -> Result<(), String> {
    let (Some(g), Some(w)) = (got.as_object(), want.as_object()) else {
        return same("expectedError", got, want);
    };
    let fields = |o: &serde_json::Map<String, Value>| -> Vec<String> {
        let mut keys: Vec<String> = o.keys().filter(|k| *k != "reason").cloned().collect();
        keys.sort_unstable();
        keys
    };
    let (gf, wf) = (fields(g), fields(w));
    if gf != wf {
        return Err(format!(
            "expectedError: want fields {wf:?}, got {gf:?} (want {want}, got {got})"
        ));
    }
    for k in &wf {
        let path = format!("expectedError.{k}");
        if k == "value" {
            same_f64(&path, &g[k], &w[k])?;
        } else {
            same(&path, &g[k], &w[k])?;
        }
    }
    Ok(())
}

/// An f64 in the format's encoding, compared by value with NaN equal to NaN (and −0.0
/// distinct from 0.0: the bits of every other value).
fn same_f64(path: &str, got: &Value, want: &Value) -> Result<(), String> {
    let bits = |v: &Value| {
        parse_f64(v).ok().map(|x| {
            if x.is_nan() {
                f64::NAN.to_bits()
            } else {
                x.to_bits()
            }
        })
    };
    match (bits(got), bits(want)) {
        (Some(g), Some(w)) if g == w => Ok(()),
        _ => Err(format!("{path}: want {want}, got {got}")),
    }
}

/// Deep equality with numbers by value.
fn same(path: &str, got: &Value, want: &Value) -> Result<(), String> {
    let differ = || Err(format!("{path}: want {want}, got {got}"));
    match (got, want) {
        (Value::Number(g), Value::Number(w)) => {
            let equal = match (g.as_i64(), w.as_i64(), g.as_u64(), w.as_u64()) {
                (Some(a), Some(b), _, _) => a == b,
                (_, _, Some(a), Some(b)) => a == b,
                _ => g.as_f64().map(f64::to_bits) == w.as_f64().map(f64::to_bits),
            };
            if equal {
                Ok(())
            } else {
                differ()
            }
        }
        (Value::Array(g), Value::Array(w)) => {
            if g.len() != w.len() {
                return Err(format!(
                    "{path}: want a list of {}, got {} (want {want}, got {got})",
                    w.len(),
                    g.len()
                ));
            }
            g.iter()
                .zip(w)
                .enumerate()
                .try_for_each(|(i, (g, w))| same(&format!("{path}[{i}]"), g, w))
        }
        (Value::Object(g), Value::Object(w)) => {
            // Field order is not part of a value (serde_json may keep insertion order).
            fn sorted(m: &serde_json::Map<String, Value>) -> Vec<&String> {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort_unstable();
                keys
            }
            if sorted(g) != sorted(w) {
                return Err(format!(
                    "{path}: want fields {:?}, got {:?}",
                    sorted(w),
                    sorted(g)
                ));
            }
            w.iter()
                .try_for_each(|(k, w)| same(&format!("{path}.{k}"), &g[k], w))
        }
        _ if got == want => Ok(()),
        _ => differ(),
    }
}

#[cfg(test)]
mod tests {
    use super::compare_outcome;
    use serde_json::json;

    #[test]
    fn numbers_by_value() {
        let want = Err(json!({"kind": "outOfRange", "value": 2097153.0,
            "location": {"kind": "argument", "name": "values[0]"}}));
        let got = Err(json!({"kind": "outOfRange", "value": 2097153,
            "location": {"kind": "argument", "name": "values[0]"}, "reason": "whatever"}));
        assert_eq!(compare_outcome(&got, &want), Ok(()));
        let nan = |v: serde_json::Value| Err(json!({"kind": "outOfRange", "value": v}));
        assert_eq!(
            compare_outcome(&nan(json!("NaN")), &nan(json!("NaN"))),
            Ok(())
        );
        assert!(compare_outcome(&nan(json!("NaN")), &nan(json!("Infinity"))).is_err());
        assert!(compare_outcome(&nan(json!("Infinity")), &nan(json!("-Infinity"))).is_err());
        assert!(compare_outcome(&nan(json!(1e300)), &nan(json!(1e301))).is_err());
        assert_eq!(
            compare_outcome(&Ok(json!({"grid": [1, 2]})), &Ok(json!({"grid": [1, 2.0]}))),
            Ok(())
        );
    }

    #[test]
    fn first_difference_is_named() {
        let want = Ok(json!({"rings": [[[0, 0], [1, 0]]], "snapBits": 4}));
        let got = Ok(json!({"rings": [[[0, 0], [1, 1]]], "snapBits": 4}));
        assert_eq!(
            compare_outcome(&got, &want),
            Err("expected.rings[0][1][1]: want 0, got 1".to_string())
        );
        let short = Ok(json!({"rings": [], "snapBits": 4}));
        assert!(compare_outcome(&short, &want)
            .unwrap_err()
            .contains("list of 1"));
        assert!(compare_outcome(&Ok(json!({"rings": []})), &want).is_err());
    }

    #[test]
    fn errors_by_every_field_but_reason() {
        let e = |v| Err::<serde_json::Value, _>(v);
        let want = e(json!({"kind": "invalidArgument", "argument": "ring",
            "location": {"kind": "ring", "outline": 0, "ring": 1}}));
        assert!(compare_outcome(
            &e(json!({"kind": "invalidArgument", "argument": "ring",
                "location": {"kind": "ring", "outline": 0, "ring": 2}})),
            &want
        )
        .is_err());
        assert!(compare_outcome(
            &e(json!({"kind": "invalidArgument", "argument": "ring"})),
            &want
        )
        .is_err());
        assert!(compare_outcome(
            &e(json!({"kind": "snapBitsMismatch", "left": 4, "right": 8})),
            &e(json!({"kind": "snapBitsMismatch", "left": 8, "right": 4}))
        )
        .is_err());
        assert_eq!(
            compare_outcome(
                &e(json!({"kind": "malformed", "reason": "a"})),
                &e(json!({"kind": "malformed", "reason": "b"}))
            ),
            Ok(())
        );
        assert!(compare_outcome(&Ok(json!({})), &e(json!({"kind": "malformed"}))).is_err());
        assert!(compare_outcome(&e(json!({"kind": "malformed"})), &Ok(json!({}))).is_err());
    }
}
