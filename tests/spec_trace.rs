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

/// The anchors of docs/specification.md: every `<a id="…"></a>` in it.
fn specification_anchors() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("docs/specification.md"))
        .expect("docs/specification.md");
    let mut anchors = BTreeSet::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("<a id=\"") {
        rest = &rest[start + "<a id=\"".len()..];
        let end = rest.find('"').expect("unterminated anchor");
        assert!(
            anchors.insert(rest[..end].to_string()),
            "anchor {} appears twice",
            &rest[..end]
        );
        rest = &rest[end..];
    }
    anchors
}

/// Every `](target#anchor)` link in `text` whose target (before `#`) satisfies `pick`.
fn links(text: &str, pick: impl Fn(&str) -> bool) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("](") {
        rest = &rest[start + 2..];
        let Some(end) = rest.find(')') else { break };
        let link = &rest[..end];
        if let Some((target, anchor)) = link.split_once('#') {
            if pick(target) {
                found.push((target.to_string(), anchor.to_string()));
            }
        }
        rest = &rest[end..];
    }
    found
}

#[test]
fn every_clause_has_a_section_in_the_specification() {
    let text = std::fs::read_to_string(root().join("docs/specification.md"))
        .expect("docs/specification.md");
    let anchors = specification_anchors();
    let mut ids = expected_ids();
    ids.extend(rows().into_iter().map(|r| r.id));
    for id in ids {
        // One uniform form: a heading that opens with the anchor and the bracketed ID.
        let heading = format!("### <a id=\"{id}\"></a>[{id}] ");
        assert!(
            anchors.contains(&id) && text.lines().any(|l| l.starts_with(&heading)),
            "docs/specification.md has no section `{heading}…`"
        );
    }
}

#[test]
fn spec_trace_rows_link_to_their_sections() {
    let text = std::fs::read_to_string(root().join("SPEC_TRACE.md")).expect("SPEC_TRACE.md");
    for row in text.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let id = cells[0];
        if id == "ID" || id.starts_with("---") {
            continue;
        }
        let own = format!("[{id}](docs/specification.md#{id})");
        assert!(
            cells[1].starts_with(&own),
            "SPEC_TRACE row {id}: the clause column must start with {own}"
        );
    }
}

#[test]
fn links_into_the_specification_resolve() {
    let anchors = specification_anchors();
    // Every document that links into docs/specification.md, with the link text that
    // names it from that document's directory.
    let mut documents: Vec<(String, &str)> = vec![
        ("SPEC_TRACE.md".into(), "docs/specification.md"),
        ("README.md".into(), "docs/specification.md"),
        ("corpus/README.md".into(), "../docs/specification.md"),
        ("docs/specification.md".into(), ""),
    ];
    for dir in ["docs", "docs/spec"] {
        let target = if dir == "docs" {
            "specification.md"
        } else {
            "../specification.md"
        };
        for entry in std::fs::read_dir(root().join(dir)).expect("docs dir") {
            let path = entry.expect("entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.ends_with(".md") && name != "specification.md" {
                documents.push((format!("{dir}/{name}"), target));
            }
        }
    }
    let mut checked = 0;
    for (document, target) in &documents {
        let Ok(text) = std::fs::read_to_string(root().join(document)) else {
            continue;
        };
        for (_, anchor) in links(&text, |t| t == *target) {
            assert!(
                anchors.contains(&anchor),
                "{document}: link to {target}#{anchor}, which docs/specification.md does not define"
            );
            checked += 1;
        }
    }
    assert!(checked >= 96, "only {checked} links checked");
}
