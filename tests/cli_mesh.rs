//! The `mesh` command as a user runs it: JSON that validates against the documented
//! schema, OBJ that a standard OBJ parser loads, stdin input, negative numbers reaching
//! the typed errors, a closed pipe, an empty mesh that says so.

use std::io::{BufReader, Read, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_build2d");
const ROOM: &str = "examples/maps/pillar-room.txt";

fn mesh(args: &[&str]) -> std::process::Output {
    Command::new(BIN).arg("mesh").args(args).output().unwrap()
}

fn stdout(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn mesh_json_validates_against_the_schema_and_lists_each_portal_once() {
    let out = stdout(&mesh(&[ROOM, "--cell-size", "0.25", "--radius", "0.25"]));
    let mesh: serde_json::Value = serde_json::from_str(&out).unwrap();
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("docs/mesh-file.schema.json").unwrap())
            .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&mesh)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let shared = mesh["neighbors"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|n| n.as_array().unwrap())
        .filter(|q| q.as_i64().unwrap() >= 0)
        .count();
    let portals = mesh["portals"].as_array().unwrap();
    assert!(!portals.is_empty());
    assert_eq!(portals.len() * 2, shared);
}

#[test]
fn mesh_obj_loads_in_an_obj_parser() {
    let json: serde_json::Value = serde_json::from_str(&stdout(&mesh(&[
        ROOM,
        "--cell-size",
        "0.25",
        "--radius",
        "0.25",
    ])))
    .unwrap();
    let polygons = json["polygons"].as_array().unwrap();
    for up in ["z", "y"] {
        let obj = stdout(&mesh(&[
            ROOM,
            "--cell-size",
            "0.25",
            "--radius",
            "0.25",
            "--format",
            "obj",
            "--up",
            up,
        ]));
        let options = tobj::LoadOptions {
            triangulate: false,
            ..Default::default()
        };
        let (models, _) = tobj::load_obj_buf(&mut BufReader::new(obj.as_bytes()), &options, |_| {
            Err(tobj::LoadError::OpenFileFailed)
        })
        .unwrap();
        assert_eq!(models.len(), 1);
        let m = &models[0].mesh;
        assert_eq!(
            m.positions.len(),
            3 * json["vertices"].as_array().unwrap().len()
        );
        let arities: Vec<usize> = polygons
            .iter()
            .map(|p| p.as_array().unwrap().len())
            .collect();
        if m.face_arities.is_empty() {
            // tobj leaves the list empty when every face is a triangle.
            assert!(arities.iter().all(|&a| a == 3));
            assert_eq!(m.indices.len(), 3 * polygons.len());
        } else {
            assert_eq!(
                m.face_arities
                    .iter()
                    .map(|&a| a as usize)
                    .collect::<Vec<_>>(),
                arities
            );
        }
        // The parser renumbers vertices by first use: compare the first face's points.
        let exact = json["verticesF64"].as_array().unwrap();
        for (k, v) in polygons[0].as_array().unwrap().iter().enumerate() {
            let want = &exact[v.as_u64().unwrap() as usize];
            let at = 3 * m.indices[k] as usize;
            let (x, y) = if up == "z" {
                (m.positions[at], m.positions[at + 1])
            } else {
                (m.positions[at], -m.positions[at + 2])
            };
            assert_eq!(
                [x, y],
                [want[0].as_f64().unwrap(), want[1].as_f64().unwrap()]
            );
        }
        // The up axis carries zeros only.
        let axis = if up == "z" { 2 } else { 1 };
        assert!(m.positions.iter().skip(axis).step_by(3).all(|&c| c == 0.0));
    }
}

#[test]
fn mesh_reads_standard_input() {
    let map = std::fs::read_to_string(ROOM).unwrap();
    let mut child = Command::new(BIN)
        .args(["mesh", "-", "--cell-size", "0.25"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(map.as_bytes())
        .unwrap();
    let from_stdin = child.wait_with_output().unwrap();
    assert_eq!(
        stdout(&from_stdin),
        stdout(&mesh(&[ROOM, "--cell-size", "0.25"]))
    );
}

#[test]
fn negative_radius_reaches_the_typed_error() {
    for args in [["--radius", "-1"], ["--min-region-area", "-1"]] {
        let out = mesh(&[ROOM, "--cell-size", "0.25", args[0], args[1]]);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("error:") && !err.contains("unexpected argument"),
            "{err}"
        );
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // A map whose mesh file is far larger than a pipe's buffer, so the write meets the
    // closed pipe.
    let dir = std::env::temp_dir().join(format!("build2d-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let map = dir.join("cave-128.txt");
    let generated = Command::new(BIN)
        .args(["gen-map", "cave", "128", "--format", "text", "-o"])
        .arg(&map)
        .output()
        .unwrap();
    assert!(generated.status.success());
    let mut child = Command::new(BIN)
        .arg("mesh")
        .arg(&map)
        .args(["--cell-size", "0.25"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 8];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("polygons:"), "the build did not finish: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}

#[test]
fn an_empty_mesh_says_so() {
    let out = mesh(&[ROOM, "--cell-size", "0.25", "--radius", "100"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("the mesh is empty"), "{err}");
    let kept = mesh(&[ROOM, "--cell-size", "0.25", "--min-region-area", "1e9"]);
    assert!(String::from_utf8_lossy(&kept.stderr).contains("the mesh is empty"));
}

/// Runs `mesh` on a map given as text on standard input.
fn mesh_stdin(map: &str, args: &[&str]) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(["mesh", "-"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(map.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn fails_with(out: std::process::Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(needle), "{err}, wanted {needle:?}");
}

#[test]
fn text_maps_with_ragged_rows_blank_lines_or_other_characters_are_refused() {
    fails_with(
        mesh_stdin("...\n..\n...\n", &[]),
        "line 2: 2 cells, but line 1 has 3",
    );
    fails_with(mesh_stdin("...\n\n...\n", &[]), "line 2: 0 cells");
    fails_with(
        mesh_stdin("...\n.x.\n", &[]),
        "line 2, column 2: unexpected character 'x'",
    );
    fails_with(mesh_stdin("... \n", &[]), "line 1, column 4");
    // One final newline, and CRLF line ends, are fine.
    let crlf = mesh_stdin("...\r\n...\r\n", &[]);
    assert_eq!(stdout(&crlf), stdout(&mesh_stdin("...\n...", &[])));
}

#[test]
fn json_tile_maps_are_checked_and_their_snap_bits_used() {
    let map = |cells: &str, extra: &str| {
        format!(
            r#"{{"op":"fromTileMap","width":2,"height":2,"cellSize":1.0,"origin":[0.0,0.0],"cells":{cells}{extra}}}"#
        )
    };
    fails_with(mesh_stdin(&map("[1,2,1,1]", ""), &[]), "cells[1] is 2");
    fails_with(
        mesh_stdin(&map(r#"[1,"x",1,1]"#, ""), &[]),
        "not a tile map",
    );
    fails_with(
        mesh_stdin(&map("[1,1,1]", ""), &[]),
        "3 cells for a 2 × 2 map",
    );
    fails_with(
        mesh_stdin(&map("[1,1,1,1]", r#","tileMap":1"#), &[]),
        "unknown field",
    );
    let at = |bits: &str, args: &[&str]| -> serde_json::Value {
        serde_json::from_str(&stdout(&mesh_stdin(&map("[1,1,1,1]", bits), args))).unwrap()
    };
    assert_eq!(at(r#","snapBits":4"#, &[])["snapBits"], 4);
    assert_eq!(at(r#","snapBits":4"#, &["--snap-bits", "2"])["snapBits"], 2);
    assert_eq!(at("", &[])["snapBits"], 16);
}

#[test]
fn gen_map_refuses_text_polygons_and_knows_rooms() {
    let out = Command::new(BIN)
        .args(["gen-map", "polys", "10", "--format", "text"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let out = Command::new(BIN)
        .args(["gen-map", "polys", "20000"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let out = Command::new(BIN)
        .args(["gen-map", "rooms", "128", "--format", "text"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 128);
    assert!(text.contains('.'));
}
