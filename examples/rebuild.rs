//! A game that rebuilds its navmesh as the map changes: doors of a grid of rooms open and
//! close, and after each change the mesh is built again with one `Workspace`, whose
//! buffers the builds share (the same mesh as `Mesh2DPipeline::build`, without fresh
//! memory each time, also for the work the `parallel` feature runs on rayon's threads).
//!
//!     cargo run --release --example rebuild -- [ROOMS_PER_SIDE] [CHANGES]
//!
//! Prints, per change, the door toggled, the build time, the mesh's polygon and portal
//! counts, its connected regions, and the path from the first room to the last (its
//! length and corners, or none) with the time of `PathFinder::new` and the query
//! together; and the time of the plain build of the last map.

use std::time::Instant;

use build2d::{GridPoint, MapSource, Mesh2DPipeline, PathFinder, Workspace};

/// Cells per room side, walls included.
const ROOM: usize = 12;

/// Cells per door: 1 unit wide, half of it left to an agent of radius 0.25.
const DOOR: usize = 4;

/// A square grid of `rooms` × `rooms` rooms of [`ROOM`] cells, walls one cell thick, and
/// a door of [`DOOR`] cells in the middle of every inner wall, open where `open` says.
struct Rooms {
    rooms: usize,
    /// Per door: open or closed. Doors 0.. are the east walls, row by row, then the north.
    open: Vec<bool>,
}

impl Rooms {
    fn doors(rooms: usize) -> usize {
        2 * rooms * (rooms - 1)
    }

    fn cells(&self) -> (Vec<bool>, usize) {
        let n = self.rooms * ROOM + 1;
        let mut walkable = vec![true; n * n];
        for k in 0..n {
            for line in (0..n).step_by(ROOM) {
                walkable[line * n + k] = false; // a row of wall
                walkable[k * n + line] = false; // a column of wall
            }
        }
        let half = self.rooms * (self.rooms - 1);
        for (door, &open) in self.open.iter().enumerate() {
            if !open {
                continue;
            }
            let (east, k) = (door < half, door % half);
            let (a, b) = (k / (self.rooms - 1), k % (self.rooms - 1));
            // East wall of room (b, a) or north wall of room (a, b): the wall line and the
            // middle cells along it.
            let (line, along) = ((b + 1) * ROOM, a * ROOM + (ROOM - DOOR) / 2 + 1);
            for t in along..along + DOOR {
                let (x, y) = if east { (line, t) } else { (t, line) };
                walkable[y * n + x] = true;
            }
        }
        (walkable, n)
    }

    fn source(&self) -> MapSource {
        let (cells, n) = self.cells();
        MapSource::TileMap {
            cells,
            width: n,
            height: n,
            cell_size: 0.25,
            origin: [0.0, 0.0],
        }
    }
}

fn main() -> Result<(), build2d::Error> {
    let mut args = std::env::args().skip(1);
    let rooms: usize = args
        .next()
        .map_or(16, |a| a.parse().expect("ROOMS_PER_SIDE"));
    let changes: usize = args.next().map_or(10, |a| a.parse().expect("CHANGES"));
    assert!(rooms >= 2, "at least 2 rooms a side");
    let doors = Rooms::doors(rooms);
    let mut map = Rooms {
        rooms,
        open: (0..doors).map(|d| d % 4 != 0).collect(),
    };
    let pipeline = Mesh2DPipeline::default().with_agent_radius(0.25);
    let mut workspace = Workspace::new();
    let mut source = map.source();
    // The middles of rooms (1, 1) and (rooms − 1, rooms − 1), in public units, snapped to
    // the mesh's grid.
    let middle = |room: usize| ((room * ROOM) as f64 + ROOM as f64 / 2.0 + 0.5) * 0.25;
    let snap_bits = pipeline.options.snap_bits;
    let corner_rooms = [
        GridPoint::snapped([middle(1), middle(1)], snap_bits)?,
        GridPoint::snapped([middle(rooms - 1), middle(rooms - 1)], snap_bits)?,
    ];
    for change in 0..=changes {
        let toggled = (change > 0).then(|| {
            // A door picked by a fixed step, so that every run toggles the same ones.
            let door = (change * 7919) % doors;
            map.open[door] = !map.open[door];
            source = map.source();
            door
        });
        let start = Instant::now();
        let mesh = pipeline.build_in(&source, &mut workspace)?;
        let took = start.elapsed();
        let what = toggled.map_or("the first build".to_owned(), |door| {
            let state = if map.open[door] { "opened" } else { "closed" };
            format!("door {door} {state}")
        });
        // From the middle of room (1, 1) to the middle of the last, through the doors.
        let start = Instant::now();
        let path = PathFinder::new(&mesh).find_path(corner_rooms[0], corner_rooms[1]);
        let path_took = start.elapsed();
        let route = path.map_or("no path".to_owned(), |path| {
            format!(
                "path {:.2} units, {} corners",
                path.length(mesh.snap_bits),
                path.points.len()
            )
        });
        println!(
            "{what:>20}: {:7.2} ms, {} polygons, {} portals, {} regions (workspace {:.1} MB); {route} ({:.0} µs)",
            took.as_secs_f64() * 1e3,
            mesh.polygons.len(),
            mesh.portals().len(),
            mesh.regions().len(),
            workspace.capacity_bytes() as f64 / 1e6,
            path_took.as_secs_f64() * 1e6,
        );
    }
    let start = Instant::now();
    let plain = pipeline.build(&source)?;
    let took = start.elapsed();
    assert!(plain == pipeline.build_in(&source, &mut workspace)?);
    println!(
        "{:>20}: {:7.2} ms (the same mesh)",
        "plain build",
        took.as_secs_f64() * 1e3
    );
    Ok(())
}
