//! Op `arrangement` (corpus/README.md): tagged edges → noded segments with nets. The
//! edges are `edges` in world coordinates (snapped by [G2], checked by [G1]) or
//! `gridEdges` in grid coordinates (|coordinate| ≤ 2^39); `snapBits` in both. The stage
//! op `boundary` labels the arrangement of `gridEdges` and lists its boundary under an
//! inside rule (docs/specification.md#stage-ops).

use serde_json::{json, Value};

use super::read::{closed, either, object, parse_f64_point, parse_grid_point, parse_i64};
use super::read::{parse_list, req, Object};
use super::{grid_point_json, malformed, CaseError, CaseResult};
use crate::arrangement::{arrange, snap_world_edge, tag_counts, Arrangement, EdgeTag, TaggedEdge};
use crate::error::Error;
use crate::grid::{snap_bits_from_integer, GridPoint};
use crate::label::label;
use crate::rings::{Boundary, Operation};

pub(super) fn run(op: &str, input: &Object) -> Option<CaseResult> {
    Some(match op {
        "arrangement" => arrangement_case(input),
        "boundary" => boundary_case(input),
        _ => return None,
    })
}

/// One edge object as read: its points and its tag, any integer.
struct EdgeInput<P> {
    from: P,
    to: P,
    tag: i64,
}

fn read_edge<P>(
    v: &Value,
    point: fn(&Value) -> Result<P, CaseError>,
) -> Result<EdgeInput<P>, CaseError> {
    let o = object(v, "an edge", &["from", "to", "tag"])?;
    Ok(EdgeInput {
        from: point(req(o, "from")?)?,
        to: point(req(o, "to")?)?,
        tag: parse_i64(req(o, "tag")?)?,
    })
}

/// The number a tag is written as in an edge object: 0, 1 or 2.
fn tag_number(tag: EdgeTag) -> u8 {
    match tag {
        EdgeTag::Operand0 => 0,
        EdgeTag::Operand1 => 1,
        EdgeTag::Both => 2,
    }
}

/// Edges as the `gridEdges` list of edge objects, in the order given.
pub(crate) fn grid_edges_json(edges: &[TaggedEdge]) -> Value {
    let edges = edges.iter().map(|e| {
        json!({"from": grid_point_json(e.from), "to": grid_point_json(e.to),
            "tag": tag_number(e.tag)})
    });
    Value::Array(edges.collect())
}

/// Fed edges in their canonical form (the stage ops `offsetEdges` and `shrinkEdges`,
/// docs/specification.md#stage-ops): zero-length edges left out ([A1] drops them),
/// repeats kept, sorted by (from, to, tag).
pub(crate) fn canonical_fed_edges(mut edges: Vec<TaggedEdge>) -> Value {
    edges.retain(|e| e.from != e.to);
    edges.sort_unstable_by_key(|e| (e.from, e.to, tag_number(e.tag)));
    json!({ "gridEdges": grid_edges_json(&edges) })
}

/// A tag 0, 1 or 2; any other integer is an invalid argument of the edges' field.
fn tag(value: i64, field: &str) -> Result<EdgeTag, Error> {
    match value {
        0 => Ok(EdgeTag::Operand0),
        1 => Ok(EdgeTag::Operand1),
        2 => Ok(EdgeTag::Both),
        _ => Err(Error::invalid(
            field,
            format!("an edge tag is 0, 1 or 2, got {value}"),
        )),
    }
}

fn arrangement_case(input: &Object) -> CaseResult {
    closed(
        input,
        "the input",
        &["op", "snapBits", "edges", "gridEdges"],
    )?;
    let snap_bits = parse_i64(req(input, "snapBits")?)?;
    let world = either(input, "edges", "gridEdges")?;
    let out = if world {
        let edges = parse_list(req(input, "edges")?, |e| read_edge(e, parse_f64_point))?;
        let snap_bits = snap_bits_from_integer(snap_bits)?;
        // Every edge's coordinates first ([G1], edge order, `from` then `to`), then the
        // tags, which are the arrangement's own input (docs/specification.md#settled).
        let snapped = edges
            .iter()
            .enumerate()
            .map(|(i, e)| snap_world_edge(i, e.from, e.to, snap_bits))
            .collect::<Result<Vec<_>, Error>>()?;
        let tagged = edges
            .iter()
            .zip(snapped)
            .map(|(e, (from, to))| {
                Ok(TaggedEdge {
                    from,
                    to,
                    tag: tag(e.tag, "edges")?,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        arrange(&tagged)?
    } else {
        arrange_grid_edges(snap_bits, req(input, "gridEdges")?)?.0
    };
    Ok(arrangement_json(&out))
}

/// The arrangement of a `gridEdges` list, checked as the op checks it: the list read,
/// then the snap bits, the tags, and the arrangement's own checks; with the edges.
fn arrange_grid_edges(
    snap_bits: i64,
    grid_edges: &Value,
) -> Result<(Arrangement, Vec<TaggedEdge>), CaseError> {
    let edges = parse_list(grid_edges, |e| read_edge(e, parse_grid_point))?;
    snap_bits_from_integer(snap_bits)?;
    let tagged = edges
        .iter()
        .map(|e: &EdgeInput<GridPoint>| {
            Ok(TaggedEdge {
                from: e.from,
                to: e.to,
                tag: tag(e.tag, "edges")?,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    // The coordinate bound 2^39 is the arrangement's own ([G4]); its error names
    // `edges`, which this form calls `gridEdges` (super::FIELD_NAMES).
    Ok((arrange(&tagged)?, tagged))
}

/// Windings are defined by [L1] only when every operand's edges close up: at every point
/// as many of its edges arrive as leave (a tag-2 edge counting for both). Otherwise the
/// stage op `boundary` refuses its `gridEdges`.
fn check_closed(edges: &[TaggedEdge]) -> Result<(), Error> {
    let mut balance: std::collections::BTreeMap<GridPoint, [i64; 2]> = Default::default();
    for e in edges {
        let counts = tag_counts(e.tag);
        for (point, sign) in [(e.from, 1), (e.to, -1)] {
            let b = balance.entry(point).or_default();
            b[0] += sign * i64::from(counts[0]);
            b[1] += sign * i64::from(counts[1]);
        }
    }
    if let Some((p, _)) = balance.iter().find(|(_, b)| **b != [0, 0]) {
        return Err(Error::invalid(
            "gridEdges",
            format!(
                "the edges of each operand must close up; they do not at ({}, {})",
                p.x, p.y
            ),
        ));
    }
    Ok(())
}

/// The inside rules of X1 by their names in the format (the `boundary` op's
/// `operation`; a boolean op's name is its rule's).
const OPERATION_NAMES: [(&str, Operation); 5] = [
    ("evenOdd", Operation::EvenOdd),
    ("union", Operation::Union),
    ("intersection", Operation::Intersection),
    ("difference", Operation::Difference),
    ("xor", Operation::Xor),
];

/// An inside rule by its name in the format (X1).
fn parse_operation(name: &str) -> Result<Operation, Error> {
    let found = OPERATION_NAMES.iter().find(|(n, _)| *n == name);
    found.map(|&(_, operation)| operation).ok_or_else(|| {
        Error::invalid(
            "operation",
            format!(
                "an inside rule is evenOdd, union, intersection, difference or xor, got {name:?}"
            ),
        )
    })
}

/// The name of an inside rule in the format.
pub(crate) fn operation_name(operation: Operation) -> &'static str {
    let found = OPERATION_NAMES.iter().find(|(_, o)| *o == operation);
    found.map_or("", |&(name, _)| name)
}

/// Op `boundary`: the segments of the arrangement that part an inside face from an
/// outside one ([L6]), directed with the inside on the left, sorted by (from, to). The
/// input is read first, then checked as `arrangement`'s `gridEdges` form, then the
/// operation's name.
fn boundary_case(input: &Object) -> CaseResult {
    closed(
        input,
        "the input",
        &["op", "snapBits", "gridEdges", "operation"],
    )?;
    let snap_bits = parse_i64(req(input, "snapBits")?)?;
    let operation = req(input, "operation")?;
    let operation = operation
        .as_str()
        .ok_or_else(|| malformed(format!("`operation` is a string: {operation}")))?;
    let (arrangement, edges) = arrange_grid_edges(snap_bits, req(input, "gridEdges")?)?;
    check_closed(&edges)?;
    let operation = parse_operation(operation)?;
    let windings = label(&arrangement)?;
    let mut edges: Vec<(GridPoint, GridPoint)> = arrangement
        .segments
        .iter()
        .zip(windings)
        .filter_map(|(s, w)| {
            let (a, b) = (
                arrangement.vertices[s.a_index()],
                arrangement.vertices[s.b_index()],
            );
            match Boundary::of(operation, w) {
                Boundary::Left => Some((a, b)),
                Boundary::Right => Some((b, a)),
                Boundary::Neither => None,
            }
        })
        .collect();
    edges.sort_unstable();
    let edges: Vec<Value> = edges
        .into_iter()
        .map(|(a, b)| json!([grid_point_json(a), grid_point_json(b)]))
        .collect();
    Ok(json!({ "boundary": edges }))
}

fn arrangement_json(out: &Arrangement) -> Value {
    let vertices: Vec<Value> = out.vertices.iter().map(|&p| grid_point_json(p)).collect();
    let segments: Vec<Value> = out
        .segments
        .iter()
        .map(|s| json!([s.a, s.b, s.net[0], s.net[1]]))
        .collect();
    json!({ "vertices": vertices, "segments": segments })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::case::{run_case, run_case_json};

    #[test]
    fn crossing_diagonals_in_grid_edges() {
        // Same case as the arrangement unit test: crossing at (2,2), derived there.
        let input = json!({"op": "arrangement", "snapBits": 16, "gridEdges": [
            {"from": [0, 0], "to": [4, 4], "tag": 0},
            {"from": [0, 4], "to": [4, 0], "tag": 1},
        ]});
        let want = json!({
            "vertices": [[0, 0], [0, 4], [2, 2], [4, 0], [4, 4]],
            "segments": [[0, 2, 1, 0], [1, 2, 0, 1], [2, 3, 0, 1], [2, 4, 1, 0]]
        });
        assert_eq!(run_case(&input).unwrap(), want);
        // The same edges in world coordinates at snap bits 0 snap to the same grid.
        let world = json!({"op": "arrangement", "snapBits": 0, "edges": [
            {"from": [0.0, 0.0], "to": [4.0, 4.0], "tag": 0},
            {"from": [0.0, 4.0], "to": [4.0, 0.0], "tag": 1},
        ]});
        assert_eq!(run_case(&world).unwrap(), want);
        // At snap bits 2 every coordinate is 4× larger.
        let mut fine = world.clone();
        fine["snapBits"] = json!(2);
        assert_eq!(run_case(&fine).unwrap()["vertices"][2], json!([8, 8]));
    }

    #[test]
    fn world_edges_snap_half_to_even() {
        // 0.5 → 0 and 1.5 → 2 at snap bits 0 ([G2]): the edge (0,0)→(2,0).
        let input = json!({"op": "arrangement", "snapBits": 0, "edges": [
            {"from": [0.5, 0.5], "to": [1.5, 0.5], "tag": 2}]});
        assert_eq!(
            run_case(&input).unwrap(),
            json!({"vertices": [[0, 0], [2, 0]], "segments": [[0, 1, 1, 1]]})
        );
    }

    #[test]
    fn world_edge_errors() {
        let run = |edges: serde_json::Value, bits: i64| {
            run_case_json(&json!({"op": "arrangement", "snapBits": bits, "edges": edges}))
                .unwrap_err()
        };
        let ok = json!({"from": [0, 0], "to": [1, 0], "tag": 0});
        let far = json!({"from": [0, 0], "to": [1, 2097153], "tag": 0});
        assert_eq!(
            run(json!([ok, far]), 16),
            json!({"kind": "outOfRange", "location": {"kind": "argument", "name": "edges[1].to"},
                   "value": 2097153.0})
        );
        let nan_from = json!({"from": ["NaN", 0], "to": ["Infinity", 0], "tag": 0});
        assert_eq!(
            run(json!([nan_from]), 16)["location"],
            json!({"kind": "argument", "name": "edges[0].from"})
        );
        // Snap bits before any edge.
        assert_eq!(
            run(json!([far]), 17),
            json!({"kind": "invalidArgument", "argument": "snapBits"})
        );
        // A bad tag is an invalid argument `edges`, checked after every edge's
        // coordinates (docs/specification.md#settled; corpus arrangement 88-90).
        let bad_tag = json!({"from": [0, 0], "to": [1, 0], "tag": 3});
        assert_eq!(
            run(json!([bad_tag]), 16),
            json!({"kind": "invalidArgument", "argument": "edges"})
        );
        let bad_tag_far = json!({"from": [0, 0], "to": [1, 2097153], "tag": -1});
        assert_eq!(run(json!([bad_tag_far]), 16)["kind"], "outOfRange");
        assert_eq!(
            run(json!([bad_tag, far]), 16),
            json!({"kind": "outOfRange", "location": {"kind": "argument", "name": "edges[1].to"},
                   "value": 2097153.0})
        );
    }

    #[test]
    fn grid_edge_errors() {
        let run = |edges: serde_json::Value, bits: serde_json::Value| {
            run_case_json(&json!({"op": "arrangement", "snapBits": bits, "gridEdges": edges}))
                .unwrap_err()
        };
        let big = (1i64 << 39) + 1;
        let grid_edges = json!({"kind": "invalidArgument", "argument": "gridEdges"});
        assert_eq!(
            run(
                json!([{"from": [0, 0], "to": [big, 0], "tag": 0}]),
                json!(16)
            ),
            grid_edges
        );
        assert_eq!(
            run(json!([{"from": [0, 0], "to": [1, 0], "tag": 3}]), json!(16)),
            grid_edges
        );
        assert_eq!(
            run(
                json!([{"from": [0, 0], "to": [big, 0], "tag": 0}]),
                json!(-1)
            ),
            json!({"kind": "invalidArgument", "argument": "snapBits"})
        );
        // The bound itself is accepted.
        let max = 1i64 << 39;
        let input = json!({"op": "arrangement", "snapBits": 16,
            "gridEdges": [{"from": [-max, 0], "to": [max, 0], "tag": 1}]});
        assert!(run_case(&input).is_ok());
    }

    #[test]
    fn malformed_edges() {
        for (key, edges) in [
            ("gridEdges", json!([{"from": [0, 0], "to": [1, 0]}])),
            (
                "gridEdges",
                json!([{"from": [0, 0, 0], "to": [1, 0], "tag": 1}]),
            ),
            (
                "gridEdges",
                json!([{"from": [0, 0], "to": [1.0, 0], "tag": 1}]),
            ),
            (
                "gridEdges",
                json!([{"from": [0, 0], "to": [1, 0], "tag": 1.0}]),
            ),
            ("gridEdges", json!({"from": [0, 0]})),
            (
                "edges",
                json!([{"from": [0, 0], "to": [1, 0], "tag": 1, "net": 1}]),
            ),
            ("edges", json!([{"from": [0, 0], "to": ["1", 0], "tag": 1}])),
            ("edges", json!([{"from": [0, 0], "to": [1, 0], "tag": "1"}])),
        ] {
            let input = json!({"op": "arrangement", "snapBits": 16, key: edges});
            let err = run_case_json(&input).unwrap_err();
            assert_eq!(err["kind"], "malformed", "{input}");
        }
        let edge = json!({"from": [0, 0], "to": [1, 0], "tag": 0});
        for input in [
            json!({"op": "arrangement", "snapBits": 16}),
            json!({"op": "arrangement", "snapBits": 16, "edges": [edge], "gridEdges": [edge]}),
            json!({"op": "arrangement", "edges": [edge]}),
            json!({"op": "arrangement", "snapBits": 16, "edges": [edge], "tags": []}),
        ] {
            assert_eq!(
                run_case_json(&input).unwrap_err()["kind"],
                "malformed",
                "{input}"
            );
        }
        let empty = json!({"op": "arrangement", "snapBits": 0, "gridEdges": []});
        assert_eq!(
            run_case(&empty).unwrap(),
            json!({"vertices": [], "segments": []})
        );
    }
}
