//! SPEC_TRACE.md must list every clause ID and open point, and every test it names must
//! exist (a file and a `fn` of that name in it).

use std::collections::BTreeSet;
use std::path::Path;

const CLAUSES: &str = "P0 G1 G2 G3 G4 G5 R1 R2 R3 R4 R5 R6 T1 T2 T3 T4 A0 A1 A2 A3 A4 A5 \
    C1 C2 C3 C4 C5 C6 L1 L2 L3 L4 L5 L6 L7 O1 O2 O3 O4 O5 O6 S1 S2 S3 S4 S5 S6 S7 \
    E1 E2 E3 E4 E5 E6 D0 D1 D2 D3 D4 D5 D6 D7 D8 TR1 TR2 TR3 TR4 PC1 PC2 PC3 PC4 PC5 \
    W1 W2 W3 W4";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn expected_ids() -> Vec<String> {
    let mut ids: Vec<String> = CLAUSES.split_whitespace().map(String::from).collect();
    ids.extend((0..=19).map(|i| format!("X{i}")));
    ids
}

struct Row {
    id: String,
    tests: Vec<String>,
    status: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(root().join("SPEC_TRACE.md")).expect("SPEC_TRACE.md");
    let mut lines = text.lines().skip_while(|l| !l.starts_with("| ID |"));
    let header = lines.next().expect("table header");
    assert_eq!(
        header.trim(),
        "| ID | clause, in our words | tests | status |",
        "header columns"
    );
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            assert_eq!(cells.len(), 4, "row must have 4 cells: {l}");
            Row {
                id: cells[0].to_string(),
                tests: cells[2]
                    .split(',')
                    .map(|t| t.trim().trim_matches('`').to_string())
                    .filter(|t| !t.is_empty())
                    .collect(),
                status: cells[3].to_string(),
            }
        })
        .collect()
}

#[test]
fn every_clause_and_open_point_has_a_row() {
    let have: Vec<String> = rows().into_iter().map(|r| r.id).collect();
    let unique: BTreeSet<&String> = have.iter().collect();
    assert_eq!(unique.len(), have.len(), "duplicate rows");
    for id in expected_ids() {
        assert!(have.contains(&id), "SPEC_TRACE.md has no row for {id}");
    }
}

#[test]
fn the_spec_has_no_clause_missing_from_our_list() {
    // CI has a copy of shared/ beside the clone; skip quietly only when it is absent.
    let spec = root().join("../shared/spec/build2d-spec.md");
    let Ok(text) = std::fs::read_to_string(&spec) else {
        eprintln!(
            "{} not found; clause list not cross-checked",
            spec.display()
        );
        return;
    };
    let ours = expected_ids();
    for line in text.lines() {
        let line = line.trim_start().trim_start_matches("- ");
        if let Some(rest) = line.strip_prefix('[') {
            if let Some(id) = rest.split(']').next() {
                if id.len() <= 4 && id.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                    assert!(
                        ours.contains(&id.to_string()),
                        "spec clause {id} not in list"
                    );
                }
            }
        }
    }
}

#[test]
fn named_tests_exist_and_statuses_are_valid() {
    for row in rows() {
        assert!(
            ["done", "partial", "pending"].contains(&row.status.as_str()),
            "{}: status {}",
            row.id,
            row.status
        );
        if row.status != "pending" {
            assert!(
                !row.tests.is_empty(),
                "{} is {} but names no test",
                row.id,
                row.status
            );
        }
        for test in &row.tests {
            let (path, name) = test
                .rsplit_once("::")
                .unwrap_or_else(|| panic!("{}: test `{test}` is not path::name", row.id));
            let source = std::fs::read_to_string(root().join(path))
                .unwrap_or_else(|_| panic!("{}: file {path} does not exist", row.id));
            let needle = format!("fn {name}(");
            assert!(
                source.contains(&needle),
                "{}: {path} has no test fn {name}",
                row.id
            );
        }
    }
}
