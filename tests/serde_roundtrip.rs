//! Feature `serde`: every public output, error and option goes through serde_json and
//! comes back equal; a region read back is checked like a computed one.

use build2d::{
    Axis, ConvexPartition, Error, Geometry2DOptions, GridPoint, Join, Location, MapSource,
    Mesh2DPipeline, NavMesh, ObjAxes, Outline, Portal, Region, Triangulation,
};
use serde::{de::DeserializeOwned, Serialize};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(&back, value, "{text}");
    text
}

fn square(x: f64, y: f64) -> Outline {
    Outline {
        rings: vec![vec![[x, y], [x + 2.0, y], [x + 2.0, y + 2.0], [x, y + 2.0]]],
    }
}

#[test]
fn outputs_round_trip() -> Result<(), Error> {
    let options = Geometry2DOptions::new(4)?;
    let region = Region::from_outlines(&[square(0.0, 0.0), square(1.0, 1.0)], options)?;
    round_trip(&region);
    round_trip(&square(0.5, 0.25));
    round_trip(&GridPoint::new(-3, 7));
    let triangulation: Triangulation = region.triangulate()?;
    round_trip(&triangulation);
    let partition: ConvexPartition = region.partition_convex(6)?;
    assert!(!partition.polygons.is_empty());
    round_trip(&partition);
    let source = MapSource::Outlines {
        outlines: vec![square(0.0, 0.0), square(1.0, 1.0)],
        cell_size: 0.25,
    };
    round_trip(&source);
    round_trip(&MapSource::TileMap {
        cells: vec![true, false, true, true],
        width: 2,
        height: 2,
        cell_size: 0.5,
        origin: [-1.0, 2.0],
    });
    let pipeline = Mesh2DPipeline::new(0.125, 5, options);
    round_trip(&pipeline);
    round_trip(&options);
    let mesh: NavMesh = pipeline.build(&source)?;
    let portals: Vec<Portal> = mesh.portals();
    assert!(!portals.is_empty());
    round_trip(&mesh);
    round_trip(&portals);
    round_trip(&Join::Round);
    round_trip(&Join::Square);
    round_trip(&ObjAxes::YUp);
    Ok(())
}

#[test]
fn errors_round_trip() {
    let options = Geometry2DOptions::default();
    let bad = Outline {
        rings: vec![vec![[0.0, 0.0], [1e300, 0.0], [0.0, 1.0]]],
    };
    let out_of_range = Region::from_outlines(&[bad], options).unwrap_err();
    assert!(matches!(
        out_of_range,
        Error::OutOfRange {
            location: Location::Vertex { axis: Axis::X, .. },
            ..
        }
    ));
    round_trip(&out_of_range);
    let short = Outline {
        rings: vec![vec![[0.0, 0.0], [1.0, 0.0]]],
    };
    let invalid = Region::from_outlines(&[short], options).unwrap_err();
    assert!(matches!(invalid, Error::InvalidArgument { .. }));
    round_trip(&invalid);
    let a = Region::empty(4);
    let mismatch = a.union(&Region::empty(5)).unwrap_err();
    assert_eq!(mismatch, Error::SnapBitsMismatch { left: 4, right: 5 });
    round_trip(&mismatch);
    round_trip(&Error::GeometryDefect {
        reason: "a defect".into(),
    });
    for location in [
        Location::GridLine {
            axis: Axis::Y,
            line: 3,
        },
        Location::Ring {
            outline: 1,
            ring: 2,
        },
        Location::Argument {
            name: "radius".into(),
        },
        Location::Constructed {
            index: 9,
            axis: Axis::X,
        },
    ] {
        round_trip(&location);
    }
}

#[test]
fn a_region_is_checked_when_read() {
    // A clockwise square is not a region: its interior is on the right ([R3]).
    let clockwise =
        r#"{"snapBits":0,"rings":[[{"x":0,"y":0},{"x":0,"y":1},{"x":1,"y":1},{"x":1,"y":0}]]}"#;
    let err = serde_json::from_str::<Region>(clockwise).unwrap_err();
    assert!(err.to_string().contains("geometry defect"), "{err}");
    let canonical =
        r#"{"snapBits":0,"rings":[[{"x":0,"y":0},{"x":1,"y":0},{"x":1,"y":1},{"x":0,"y":1}]]}"#;
    let region: Region = serde_json::from_str(canonical).expect("a canonical square");
    assert_eq!(region.area2(), 2);
}

#[test]
fn a_navmesh_is_checked_when_read() -> Result<(), Error> {
    // An L of three cells: two polygons or more, with a portal between them.
    let source = MapSource::TileMap {
        cells: vec![true, true, true, false],
        width: 2,
        height: 2,
        cell_size: 1.0,
        origin: [0.0, 0.0],
    };
    let mesh = Mesh2DPipeline::default().build(&source)?;
    let text = serde_json::to_string(&mesh).expect("serializes");
    let back: NavMesh = serde_json::from_str(&text).expect("a built mesh reads back");
    assert_eq!(back, mesh);
    // Each break would make a query index out of range or misread the mesh.
    let mut breaks: Vec<(&str, NavMesh)> = Vec::new();
    let mut bad = mesh.clone();
    bad.polygons[0][1] = mesh.vertices.len() as u32;
    breaks.push(("bad vertex index", bad));
    let mut bad = mesh.clone();
    bad.neighbors[0][0] = mesh.polygons.len() as i32;
    breaks.push(("neighbour", bad));
    let mut bad = mesh.clone();
    bad.neighbors.pop();
    breaks.push(("one neighbour list per polygon", bad));
    let mut bad = mesh.clone();
    bad.vertices.swap(0, 1);
    breaks.push(("(x, y) order", bad));
    let mut bad = mesh.clone();
    bad.vertices[0].x = -(1 << 40);
    breaks.push(("beyond", bad));
    let mut bad = mesh.clone();
    bad.snap_bits = 17;
    breaks.push(("snap", bad));
    for (what, bad) in breaks {
        let text = serde_json::to_string(&bad).expect("serializes");
        let err = serde_json::from_str::<NavMesh>(&text).unwrap_err();
        assert!(err.to_string().contains(what), "{what}: {err}");
        assert!(bad.check().is_err(), "{what}");
    }
    Ok(())
}
