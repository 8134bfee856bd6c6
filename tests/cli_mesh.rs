//! The `mesh` command as a user runs it: JSON that validates against the documented
//! schema, OBJ that a standard OBJ parser loads, stdin input, negative numbers reaching
//! the typed errors, a closed pipe, an empty mesh that says so; `run` errors in words,
//! numbers in shortest round-trip form, `/dev/zero`, no progress output on a pipe; `path`
//! across a mesh file, its reasons for no path, and its refusal of an edited file; and
//! what the CLI refuses (the last section).

use std::io::{BufReader, Read, Write};
use std::process::{Command, Output, Stdio};

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
    let out = first_bytes_then_closed(
        Command::new(BIN)
            .arg("mesh")
            .arg(&map)
            .args(["--cell-size", "0.25"]),
    );
    let _ = std::fs::remove_dir_all(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("polygons:"), "the build did not finish: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(out.status.code(), Some(101), "{err}");
}

/// Runs `command`, reads the first bytes of its output and closes the pipe.
fn first_bytes_then_closed(command: &mut Command) -> std::process::Output {
    let mut child = command
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
    child.wait_with_output().unwrap()
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
    let args: Vec<&str> = ["mesh", "-"].iter().chain(args).copied().collect();
    build2d(&args, map)
}

/// Runs `build2d ARGS` with `stdin` as standard input.
fn build2d(args: &[&str], stdin: &str) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that refuses early may close its input first.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
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
    // A bad cell is named with its line and column (the `2` is column 87).
    fails_with(
        mesh_stdin(&map("[1,2,1,1]", ""), &[]),
        "invalid value: integer `2`, expected a cell, 0 (blocked) or 1 (walkable) at line 1 column 87",
    );
    fails_with(
        mesh_stdin(&map(r#"[1,"x",1,1]"#, ""), &[]),
        "invalid type: string \"x\", expected a cell, 0 (blocked) or 1 (walkable) at line 1 column 89",
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

// ---- issue 17's silent successes: errors in words, numbers, binary input, progress ----

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn run_prints_kind_location_and_reason() {
    let ring = r#"{"op":"fromOutlines","snapBits":16,"outlines":[[[[0,0],[1,0]]]]}"#;
    let out = build2d(&["run", "-"], ring);
    assert_eq!(out.status.code(), Some(1));
    // The vector form on standard output, unchanged: kind and location.
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed["expectedError"]["kind"], "invalidArgument");
    assert_eq!(printed["expectedError"]["location"]["kind"], "ring");
    // The reason in words on standard error.
    assert_eq!(
        stderr(&out),
        "error: invalid argument `ring` at outline 0, ring 0: a ring needs at least 3 vertices, got 2\n"
    );
    // --canonical prints the one line and nothing else.
    let canonical = build2d(&["run", "--canonical", "-"], ring);
    assert_eq!(canonical.status.code(), Some(0));
    assert_eq!(stderr(&canonical), "");
}

#[test]
fn numbers_print_in_shortest_round_trip_form() {
    let far = r#"{"op":"fromOutlines","snapBits":16,"outlines":[[[[0,0],[1e300,0],[1,1]]]]}"#;
    let out = build2d(&["run", "-"], far);
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(printed.contains(r#""value": 1e+300"#), "{printed}");
    assert!(
        stderr(&out).contains("error: value 1e300 out of range at outline 0, ring 0, vertex 1, x"),
        "{}",
        stderr(&out)
    );
    let out = build2d(&["mesh", ROOM, "--radius", "1e300"], "");
    assert_eq!(
        stderr(&out),
        "error: value 1e300 out of range at argument `radius`\n"
    );
    let out = build2d(&["mesh", ROOM, "--radius", "-1e300"], "");
    assert_eq!(
        stderr(&out),
        "error: invalid argument `radius`: must not be negative, got -1e300 (set by --radius)\n"
    );
    // The summary and the warning of an empty mesh.
    let out = build2d(&["mesh", ROOM, "--min-region-area", "1e300"], "");
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(err.contains("(area >= 1e300)"), "{err}");
    assert!(
        err.contains("warning: the mesh is empty (every region is below --min-region-area)"),
        "{err}"
    );
    // The mesh file: f64 vertices as serde_json prints them (shortest round trip).
    let out = build2d(
        &["mesh", "-", "--cell-size", "0.1", "--snap-bits", "4"],
        ".\n",
    );
    let mesh: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(mesh["verticesF64"][3], serde_json::json!([0.125, 0.125]));
    assert!(
        text.contains(r#""verticesF64":[[0.0,0.0],[0.0,0.125]"#),
        "{text}"
    );
}

#[test]
fn a_binary_file_as_a_map_fails_at_once() {
    let out = build2d(&["mesh", "/dev/zero"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: /dev/zero: byte 1: a NUL byte; not a text or JSON file\n"
    );
    let out = build2d(&["mesh", "-"], "..\n.\u{0}\n");
    assert_eq!(
        stderr(&out),
        "error: stdin: byte 5: a NUL byte; not a text or JSON file\n"
    );
}

#[test]
fn negative_cell_sizes_reach_the_typed_error() {
    let out = build2d(&["mesh", ROOM, "--cell-size", "-1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: invalid argument `cell_size`: must be finite and at least one grid unit, got -1.0 (set by --cell-size)\n"
    );
}

#[test]
fn no_progress_on_a_pipe() {
    // 300 × 300 cells: a map large enough that the old CLI printed its stages.
    let map = build2d(&["gen-map", "cave", "300", "--format", "text"], "");
    let text = String::from_utf8(map.stdout).unwrap();
    let out = build2d(&["mesh", "-", "--radius", "0.5", "-o", "/dev/null"], &text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    let summary = ["cells:", "region:", "triangles:", "polygons:", "time "];
    assert!(
        err.lines()
            .all(|l| summary.iter().any(|prefix| l.starts_with(prefix))),
        "{err}"
    );
    assert!(!err.contains('\r') && !err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn gen_map_json_and_text_are_the_same_map() {
    let json = build2d(&["gen-map", "cave", "64"], "");
    let case: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(case["cells"].as_array().unwrap().len(), 64 * 64);
    assert_eq!(
        (case["width"].as_u64(), case["cellSize"].as_f64()),
        (Some(64), Some(0.25))
    );
    let text = build2d(&["gen-map", "cave", "64", "--format", "text"], "");
    let text = String::from_utf8(text.stdout).unwrap();
    let from_json = build2d(&["mesh", "-"], std::str::from_utf8(&json.stdout).unwrap());
    let from_text = mesh_stdin(&text, &["--cell-size", "0.25"]);
    assert_eq!(stdout(&from_json), stdout(&from_text));
}

/// `fuzz-case` decodes a seed to its case; `fuzz-costs` times every input of a directory
/// and lists the costliest; both refuse a target they do not know.
#[cfg(feature = "fuzzing")]
#[test]
fn fuzz_case_and_fuzz_costs_on_the_committed_seeds() {
    let seeds = "fuzz/seeds/fast_triangulate";
    let count = std::fs::read_dir(seeds).unwrap().count();
    let seed = std::fs::read_dir(seeds)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let run = |args: &[&str]| Command::new(BIN).args(args).output().unwrap();

    let case: serde_json::Value = serde_json::from_str(&stdout(&run(&[
        "fuzz-case",
        "fast_triangulate",
        seed.to_str().unwrap(),
    ])))
    .unwrap();
    assert_eq!(case["op"], "triangulate");

    let costs = stdout(&run(&["fuzz-costs", "fast_triangulate", seeds]));
    let first = costs.lines().next().unwrap();
    assert!(first.starts_with(&format!("{count} inputs, ")), "{costs}");
    assert!(costs.contains(seed.to_str().unwrap()), "{costs}");

    for args in [
        &["fuzz-costs", "triangulate", seeds][..],
        &["fuzz-case", "no_such_target", seed.to_str().unwrap()],
        &["fuzz-costs", "fast_triangulate", "no/such/dir"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
    }
}

/// `path` on the maze's mesh, read from standard input as `mesh` wrote it: a path from
/// one corner room to the other that starts and ends at the given points, its public
/// corners the grid corners / 2^16, longer than the straight line (walls between), in
/// polygons that share a portal one after the other; the SVG drawn.
#[test]
fn path_crosses_the_maze_from_a_mesh_file() {
    let maze = "examples/maps/maze.txt";
    let file = stdout(&mesh(&[maze, "--radius", "0.25"]));
    let svg = std::env::temp_dir().join(format!("build2d-path-{}.svg", std::process::id()));
    let svg_arg = svg.to_str().unwrap();
    let args = [
        "path", "-", "--from", "1.5", "1.5", "--to", "15.5", "11.5", "--svg", svg_arg,
    ];
    let out = build2d(&args, &file);
    let path: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let points = path["points"].as_array().unwrap();
    assert_eq!(points.first().unwrap(), &serde_json::json!([1.5, 1.5]));
    assert_eq!(points.last().unwrap(), &serde_json::json!([15.5, 11.5]));
    let grid = path["gridPoints"].as_array().unwrap();
    assert_eq!(grid.len(), points.len());
    for (g, p) in grid.iter().zip(points) {
        for k in 0..2 {
            assert_eq!(
                g[k].as_i64().unwrap() as f64 / 65536.0,
                p[k].as_f64().unwrap()
            );
        }
    }
    let length = path["length"].as_f64().unwrap();
    assert!(
        length > (14.0f64.powi(2) + 10.0f64.powi(2)).sqrt() + 1.0,
        "{length}"
    );
    let mesh: serde_json::Value = serde_json::from_str(&file).unwrap();
    let portals: Vec<[u64; 2]> = mesh["portals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            [
                p["polygons"][0].as_u64().unwrap(),
                p["polygons"][1].as_u64().unwrap(),
            ]
        })
        .collect();
    let corridor: Vec<u64> = path["polygons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect();
    assert!(corridor.len() > 10);
    for w in corridor.windows(2) {
        let pair = [w[0].min(w[1]), w[0].max(w[1])];
        assert!(portals.contains(&pair), "{w:?}");
    }
    let picture = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    assert!(picture.starts_with("<svg") && picture.contains(r##"fill="none" stroke="#1e7b34""##));
}

/// No path is exit status 1 with the reason; a bad point or an edited mesh file is 2,
/// and nothing is printed on standard output either way.
#[test]
fn path_says_why_there_is_none_and_refuses_an_edited_mesh() {
    let file = stdout(&mesh(&["examples/maps/maze.txt", "--radius", "0.25"]));
    let run = |args: &[&str], text: &str| {
        let all: Vec<&str> = ["path", "-"].iter().chain(args).copied().collect();
        let out = build2d(&all, text);
        assert!(out.stdout.is_empty());
        (out.status.code(), stderr(&out))
    };
    let (code, err) = run(&["--from", "1.5", "1.5", "--to", "10.5", "8.5"], &file);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("the goal (10.5, 8.5) is not on the mesh"),
        "{err}"
    );
    let (code, err) = run(&["--from", "-3", "1.5", "--to", "1.5", "1.5"], &file);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("the start (-3, 1.5) is not on the mesh"),
        "{err}"
    );
    let (code, err) = run(&["--from", "1.5", "1.5", "--to", "1e300", "1"], &file);
    assert_eq!(code, Some(2));
    assert!(err.contains("--to") && err.contains("`x`"), "{err}");
    let two_rooms = stdout(&mesh_stdin("#######\n#..#..#\n#..#..#\n#######\n", &[]));
    let (code, err) = run(&["--from", "1.5", "1.5", "--to", "4.5", "2.5"], &two_rooms);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("the mesh does not join the start (1.5, 1.5) and the goal (4.5, 2.5)"),
        "{err}"
    );
    type Edit = fn(&mut serde_json::Value);
    let edits: [(Edit, &str); 5] = [
        (
            |m| drop(m["portals"].as_array_mut().unwrap().pop()),
            "`portals`",
        ),
        (
            |m| drop(m.as_object_mut().unwrap().remove("portals")),
            "the fields are",
        ),
        (
            |m| m["comment"] = serde_json::json!("hand-edited"),
            "the fields are",
        ),
        (
            |m| m["verticesF64"][0][0] = serde_json::json!(0.123),
            "`verticesF64`",
        ),
        (
            |m| m["neighbors"][0][0] = serde_json::json!(999),
            "not a mesh",
        ),
    ];
    for (edit, needle) in edits {
        let mut edited: serde_json::Value = serde_json::from_str(&file).unwrap();
        edit(&mut edited);
        let args = ["--from", "1.5", "1.5", "--to", "15.5", "11.5"];
        let (code, err) = run(&args, &edited.to_string());
        assert_eq!(code, Some(2));
        assert!(err.contains(needle), "{err}");
    }
}

// ---- what the CLI refuses, found by probing the binary (a full disk, a closed pipe, JSON
// maps with stray fields, vector files that break the format, conform runs that check
// nothing, `/dev/zero` as input): never a panic, never exit 0 with the output lost or
// with nothing checked, and messages that name the flag, field or path at fault ----

/// Exit status `code`, no panic, and `needle` on standard error.
fn fails(out: &Output, code: i32, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains(needle), "{err}\nwanted {needle:?}");
}

/// `build2d ARGS` with standard output on a full disk.
fn to_full_disk(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    Command::new(BIN)
        .args(args)
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_full_disk_is_an_error_and_a_closed_pipe_is_quiet() {
    fails(
        &to_full_disk(&["gen-map", "noisy", "8"]),
        2,
        "No space left on device",
    );
    fails(
        &to_full_disk(&["run", "examples/cases/crossing.json"]),
        2,
        "No space left on device",
    );
    fails(
        &to_full_disk(&["run", "corpus/orient.json"]),
        2,
        "No space left on device",
    );
    // A reader that stops early: no panic, no error message.
    let out = first_bytes_then_closed(Command::new(BIN).args(["gen-map", "noisy", "2000"]));
    assert_ne!(out.status.code(), Some(101), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

#[test]
fn gen_map_checks_its_format_first_and_names_the_path() {
    // rooms-16384 would take seconds to generate: the format is refused before.
    fails(
        &build2d(&["gen-map", "rooms", "16384", "--format", "bogus"], ""),
        2,
        "unknown format `bogus`",
    );
    fails(
        &build2d(&["gen-map", "noisy", "2", "-o", "/no/such/dir/x.json"], ""),
        2,
        "/no/such/dir/x.json",
    );
}

const SQUARE: &str = "[[[[0,0],[2,0],[2,2],[0,2]]]]";

#[test]
fn json_maps_are_read_strictly_whatever_their_kind() {
    let mesh = |json: &str| build2d(&["mesh", "-", "--cell-size", "1"], json);
    let outlines = |extra: &str| format!(r#"{{"op":"fromOutlines","outlines":{SQUARE}{extra}}}"#);
    let tile = |extra: &str| {
        format!(
            r#"{{"op":"fromTileMap","width":1,"height":1,"cellSize":1.0,"origin":[0.0,0.0],"cells":[1]{extra}}}"#
        )
    };
    assert_eq!(mesh(&outlines("")).status.code(), Some(0));
    assert_eq!(mesh(&outlines(r#","snapBits":4"#)).status.code(), Some(0));
    fails(
        &mesh(&outlines(r#","snapBits":4.5"#)),
        1,
        "`snapBits` is 4.5, not an integer",
    );
    fails(
        &mesh(&outlines(r#","bogus":[1]"#)),
        1,
        "unknown field `bogus`",
    );
    fails(
        &mesh(&outlines(r#","outlines":[]"#)),
        1,
        "duplicate field `outlines`",
    );
    fails(
        &mesh(&format!(
            r#"{{"op":"mesh","outlines":{SQUARE},"cellSize":1.0,"agentRadius":1.0,"maxVertices":3}}"#
        )),
        1,
        "unknown field `agentRadius`",
    );
    fails(
        &mesh(&format!(r#"{{"op":"union","outlines":{SQUARE}}}"#)),
        1,
        "a `union` case is not a map",
    );
    fails(
        &mesh(&tile(&format!(r#","outlines":{SQUARE}"#))),
        1,
        "both `outlines` and tile-map fields",
    );
    fails(
        &mesh(&tile(r#","comment":"input""#)),
        1,
        "without an `input`",
    );
    fails(&mesh(r#"{"width":1}"#), 1, "no `height`");
    // A corpus vector holding a map is read as its map.
    let vector = format!(
        r#"{{"tcId":1,"comment":"","flags":[],"input":{}}}"#,
        tile("")
    );
    let out = mesh(&vector);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mesh_file: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(mesh_file["polygons"].as_array().map(Vec::len), Some(1));
}

#[test]
fn an_all_blocked_map_is_said_to_have_no_walkable_area() {
    let out = build2d(&["mesh", "-"], "#\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("the mesh is empty (the map has no walkable area)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn flags_are_named_in_errors_and_take_minus_infinity() {
    fails(
        &build2d(&["mesh", "-", "--max-verts", "2"], ".\n"),
        1,
        "(set by --max-verts)",
    );
    fails(
        &build2d(&["mesh", "-", "--radius", "-inf"], ".\n"),
        1,
        "invalid argument `radius`",
    );
    fails(
        &build2d(&["mesh", "-", "--min-region-area", "NaN"], ".\n"),
        1,
        "--min-region-area must be finite",
    );
}

/// A vector file around `tests` (the snap op), with `numberOfTests` as given.
fn vector_file(tests: &str, count: usize) -> String {
    format!(
        r#"{{"op":"snap","schema":"build2d-vectors-v2","specVersion":"","numberOfTests":{count},"notes":{{}},"testGroups":[{{"comment":"","tests":[{tests}]}}]}}"#
    )
}

#[test]
fn run_refuses_vector_files_that_break_the_format() {
    let test = |id: u32| {
        format!(
            r#"{{"tcId":{id},"comment":"","flags":[],"input":{{"op":"snap","snapBits":0,"values":[1.5]}},"expected":{{"grid":[2]}}}}"#
        )
    };
    let run = |file: &str| build2d(&["run", "-"], file);
    let out = run(&vector_file(&test(1), 1));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let malformed = |file: &str, needle: &str| {
        let out = run(file);
        let printed = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(1), "{printed}");
        assert!(printed.contains(needle), "{printed}\nwanted {needle:?}");
    };
    malformed(r#"{"testGroups":[]}"#, "malformed vector file");
    malformed(&vector_file("", 0), "no tests");
    malformed(
        &vector_file(&test(1), 3),
        "`numberOfTests` must count the tests, 1, not 3",
    );
    malformed(
        &vector_file(&format!("{},{}", test(1), test(1)), 2),
        "appears twice",
    );
    // Text that is not JSON: the reason on standard error too.
    fails(&run("not json"), 1, "malformed: not JSON");
}

#[test]
fn conform_refuses_a_run_that_checks_nothing() {
    let port = format!("{BIN} serve");
    let conform = |args: &[&str]| {
        let mut all = vec!["conform", "--port", port.as_str()];
        all.extend_from_slice(args);
        build2d(&all, "")
    };
    fails(&conform(&["--ops", "nosuchop"]), 2, "no op to run");
    let empty = std::env::temp_dir().join(format!("build2d-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = conform(&["--corpus", empty.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&empty);
    fails(&out, 2, "no vector of the ops");
    fails(
        &conform(&["--random", "1", "--size", "0"]),
        2,
        "--size must be at least 1",
    );
    fails(
        &conform(&["--random", "0"]),
        2,
        "--random must be at least 1",
    );
}

#[cfg(feature = "mutations")] // `serve --mutate`
#[test]
fn conform_quiet_prints_the_summary_only() {
    // A port with one rule broken (a crossing's rounding ties go down), so that some
    // crossing vectors fail.
    let port = format!("{BIN} serve --mutate a2-rounding-tie");
    let run = |quiet: bool| {
        let mut args = vec!["conform", "--port", port.as_str(), "--ops", "crossing"];
        if quiet {
            args.push("-q");
        }
        build2d(&args, "")
    };
    let (loud, quiet) = (run(false), run(true));
    assert_eq!(loud.status.code(), Some(1), "{}", stderr(&loud));
    assert_eq!(quiet.status.code(), Some(1), "{}", stderr(&quiet));
    assert!(stderr(&loud).contains("FAIL "), "{}", stderr(&loud));
    assert!(!stderr(&quiet).contains("FAIL "), "{}", stderr(&quiet));
    assert!(stderr(&quiet).contains("passed"), "{}", stderr(&quiet));
}

#[test]
fn json_inputs_stop_at_a_nul_byte() {
    for args in [
        vec!["run", "/dev/zero"],
        vec!["svg", "/dev/zero", "-o", "/dev/null"],
        vec!["path", "/dev/zero", "--from", "0", "0", "--to", "1", "1"],
    ] {
        let out = build2d(&args, "");
        let err = stderr(&out);
        assert!(err.contains("a NUL byte"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_ne!(out.status.code(), Some(0));
    }
}

#[test]
fn path_from_a_point_to_itself_and_a_repeated_end() {
    let dir = std::env::temp_dir().join(format!("build2d-path0-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mesh = dir.join("room.json");
    let built = build2d(&["mesh", "-", "-o", mesh.to_str().unwrap()], "...\n...\n");
    assert_eq!(built.status.code(), Some(0), "{}", stderr(&built));
    let path = |args: &[&str]| {
        let mut all = vec!["path", mesh.to_str().unwrap()];
        all.extend_from_slice(args);
        build2d(&all, "")
    };
    let out = path(&["--from", "1.5", "1.5", "--to", "1.5", "1.5"]);
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["length"].to_string(), "0.0");
    let out = path(&["--from", "1", "1", "--to", "2", "1", "--from", "2", "2"]);
    let _ = std::fs::remove_dir_all(&dir);
    fails(&out, 2, "once (got 4 numbers)");
}
