//! Shared pieces of the peer benchmarks: the workload families that are not in
//! `build2d::workloads` (needles, slits), the CDT input of a region exactly as
//! `Region::triangulate` builds it (docs/cdt.md §7.2 steps 1–2), spade on that input,
//! alternating timed rounds, and the shrink diagnostics' search for segments near a
//! segment (`near`).

pub mod clipper;
pub mod near;

/// With the `mimalloc` feature, every benchmark binary allocates through mimalloc.
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::time::Instant;

use build2d::Outline;
use build2d::{Geometry2DOptions, GridPoint, Region};

/// Snap bits of every family here (one grid unit = 2^-16).
pub const SNAP_BITS: u32 = 16;

/// The grid.
pub fn options() -> Geometry2DOptions {
    Geometry2DOptions::new(SNAP_BITS).expect("16 snap bits")
}

/// The needle family of issue 15: outline i is the triangle (0, 0.5 i),
/// (1000, 250 − 0.5 i), (1000, 250.01 − 0.5 i); all of them cross near (500, 125).
pub fn needles(n: usize) -> Vec<Outline> {
    (0..n)
        .map(|i| {
            let h = 0.5 * i as f64;
            Outline {
                rings: vec![vec![[0.0, h], [1000.0, 250.0 - h], [1000.0, 250.01 - h]]],
            }
        })
        .collect()
}

/// Long slits: a box with k parallel slanted slots cut out, slot j the quadrilateral
/// (1, 0.05 j), (999, 0.05 j + 250), (999, 0.05 j + 250.01), (1, 0.05 j + 0.01) — every slot
/// 1000 units long and 0.01 wide, one outline read even-odd, 4k + 4 vertices.
pub fn slits(k: usize) -> Vec<Outline> {
    let top = 0.05 * k as f64 + 252.0;
    let mut rings = vec![vec![[0.0, -1.0], [1000.0, -1.0], [1000.0, top], [0.0, top]]];
    for j in 0..k {
        let y = 0.05 * j as f64;
        rings.push(vec![
            [1.0, y],
            [999.0, y + 250.0],
            [999.0, y + 250.01],
            [1.0, y + 0.01],
        ]);
    }
    vec![Outline { rings }]
}

/// A family by name: `needles` (n = number of needles) or `slits` (n = number of slots).
pub fn family(name: &str, n: usize) -> Vec<Outline> {
    match name {
        "needles" => needles(n),
        "slits" => slits(n),
        other => panic!("unknown family {other} (needles, slits)"),
    }
}

/// The region of a family (the union of its outlines).
pub fn family_region(name: &str, n: usize) -> Region {
    Region::from_outlines(&family(name, n), options()).expect("family region")
}

/// The CDT input `Region::triangulate` builds: the distinct ring vertices sorted, every
/// ring edge as a sorted index pair, deduplicated.
pub fn cdt_input(region: &Region) -> (Vec<GridPoint>, Vec<(usize, usize)>) {
    let mut points: Vec<GridPoint> = region.rings().iter().flatten().copied().collect();
    points.sort_unstable();
    points.dedup();
    let index = |p: &GridPoint| points.binary_search(p).expect("ring vertex");
    let mut constraints: Vec<(usize, usize)> = region
        .edges()
        .map(|(p, q)| {
            let (a, b) = (index(&p), index(&q));
            (a.min(b), a.max(b))
        })
        .collect();
    constraints.sort_unstable();
    constraints.dedup();
    (points, constraints)
}

/// spade's input: the same points as f64 grid coordinates (exact: below 2^53) and the
/// same constraint pairs.
pub fn spade_input(
    points: &[GridPoint],
    constraints: &[(usize, usize)],
) -> (Vec<spade::Point2<f64>>, Vec<[usize; 2]>) {
    (
        points
            .iter()
            .map(|p| spade::Point2::new(p.x as f64, p.y as f64))
            .collect(),
        constraints.iter().map(|&(a, b)| [a, b]).collect(),
    )
}

/// spade's `bulk_load_cdt` on prepared input; returns the number of inner faces.
pub fn spade_cdt(points: Vec<spade::Point2<f64>>, edges: Vec<[usize; 2]>) -> usize {
    use spade::Triangulation;
    let cdt =
        spade::ConstrainedDelaunayTriangulation::<spade::Point2<f64>>::bulk_load_cdt(points, edges)
            .expect("spade bulk_load_cdt");
    cdt.num_inner_faces()
}

/// Median of the samples (seconds).
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        0.5 * (xs[n / 2 - 1] + xs[n / 2])
    }
}

/// Runs `a` and `b` alternately (A B A B …) for `rounds` rounds; the medians of each in
/// seconds. Setup belongs in the closures' callers: only the call is timed.
pub fn alternate(rounds: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64) {
    let medians = alternate_all(rounds, &mut [&mut a, &mut b]);
    (medians[0], medians[1])
}

/// Medians of several calls run in turn, `rounds` times (A B C … A B C …), in seconds.
pub fn alternate_all(rounds: usize, calls: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    let mut times = vec![Vec::new(); calls.len()];
    for _ in 0..rounds {
        for (call, times) in calls.iter_mut().zip(&mut times) {
            let s = Instant::now();
            call();
            times.push(s.elapsed().as_secs_f64());
        }
    }
    times.into_iter().map(median).collect()
}

/// The 1-minute load average (first field of /proc/loadavg), or "?".
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// Peak resident memory of this process so far (VmHWM of /proc/self/status), in MB.
pub fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Cell size of every standard map (docs/workloads.md).
pub const CELL: f64 = 0.25;

/// A standard map by name and side: `noisy`, `cave`, `pillars` or `rooms` (N ≥ 128).
pub fn standard_map(kind: &str, n: usize) -> build2d::workloads::TileMap {
    use build2d::workloads::{cave, noisy, pillars, rooms};
    match kind {
        "noisy" => noisy(n),
        "cave" => cave(n),
        "pillars" => pillars(n),
        "rooms" => rooms(n).expect("rooms-N needs N >= 128"),
        other => panic!("unknown map {other}"),
    }
}

/// A `MAP-N:R` argument: the map's name (`MAP-N`), its side, the agent radius and its cells.
pub struct MapRun {
    pub name: String,
    pub n: usize,
    pub r: f64,
    pub tiles: build2d::workloads::TileMap,
}

impl MapRun {
    /// The map as the pipeline's source (cell [`CELL`], origin (0, 0)).
    pub fn source(&self) -> build2d::MapSource {
        build2d::MapSource::TileMap {
            cells: self.tiles.cells.clone(),
            width: self.n,
            height: self.n,
            cell_size: CELL,
            origin: [0.0, 0.0],
        }
    }

    /// The whole pipeline of issue 15 for this map: agent radius r, at most 6 vertices.
    pub fn pipeline(&self) -> build2d::Mesh2DPipeline {
        build2d::Mesh2DPipeline::new(self.r, 6, options())
    }
}

/// Reads `MAP-N:R` (e.g. `cave-1024:1`).
pub fn map_run(spec: &str) -> MapRun {
    let (name, r) = spec.split_once(':').expect("MAP-N:R");
    let (kind, n) = name.split_once('-').expect("MAP-N");
    let n: usize = n.parse().expect("N");
    MapRun {
        name: name.to_owned(),
        n,
        r: r.parse().expect("R"),
        tiles: standard_map(kind, n),
    }
}

/// The m of X12 for radius `r` and arc tolerance `tolerance` (public units, 16 snap
/// bits): the fewest sides in 8, 16, …, 256 whose circumscribed m-gon strays from the
/// circle by at most the tolerance (one grid unit at least). The float peers get round
/// joins at the same segment angle, 2π / m.
pub fn mgon_sides(r: f64, tolerance: f64) -> u32 {
    let unit = f64::from(1u32 << SNAP_BITS);
    let (r_units, tol) = (r * unit, (tolerance * unit).max(1.0));
    [8u32, 16, 32, 64, 128]
        .into_iter()
        .find(|&m| r_units / (std::f64::consts::PI / f64::from(m)).cos() - r_units <= tol)
        .unwrap_or(256)
}

/// Two rayon pools, of 1 and of `threads` threads, for the benchmarks that compare them.
#[cfg(feature = "parallel")]
pub fn one_and_k_thread_pools(threads: usize) -> [rayon::ThreadPool; 2] {
    [1, threads].map(|k| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(k)
            .build()
            .expect("pool")
    })
}

/// Recast and Detour through `recast/shim.cpp` (with `RECAST_SRC`, see build.rs).
#[cfg(recast)]
pub mod recast {
    use std::ffi::{c_int, c_void};

    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Output {
        pub polygons: c_int,
        pub vertices: c_int,
        pub area: f64,
        pub status: c_int,
    }

    /// One build's settings (`B2dRecastSettings` in the shim): the map's side, cs, ch,
    /// walkableRadius in voxels, vertices a polygon, maxSimplificationError (voxels),
    /// mergeRegionArea.
    #[repr(C)]
    struct Settings {
        n: c_int,
        cs: f32,
        ch: f32,
        walkable_radius: c_int,
        max_verts_per_poly: c_int,
        max_error: f32,
        merge_region_area: c_int,
    }

    extern "C" {
        fn b2d_recast_soup(cells: *const u8, n: c_int, cs: f32) -> *mut c_void;
        fn b2d_recast_free_soup(soup: *mut c_void);
        fn b2d_recast_build(soup: *const c_void, settings: *const Settings) -> Output;
    }

    /// The walkable cells as Recast's input, made once.
    pub struct Soup {
        ptr: *mut c_void,
        n: usize,
    }

    impl Soup {
        pub fn new(cells: &[bool], n: usize, cs: f64) -> Soup {
            let bytes: Vec<u8> = cells.iter().map(|&c| u8::from(c)).collect();
            // SAFETY: `bytes` holds n × n cells; the shim copies what it needs.
            let ptr = unsafe { b2d_recast_soup(bytes.as_ptr(), n as c_int, cs as f32) };
            Soup { ptr, n }
        }

        /// Issue 15's settings for this map: cs and walkableRadius as given, ch 0.1, at
        /// most 6 vertices a polygon, maxSimplificationError 0.01.
        fn settings(&self, cs: f64, walkable_radius: i32, merge_region_area: i32) -> Settings {
            Settings {
                n: self.n as c_int,
                cs: cs as f32,
                ch: 0.1,
                walkable_radius,
                max_verts_per_poly: 6,
                max_error: 0.01,
                merge_region_area,
            }
        }

        pub fn build(&self, cs: f64, walkable_radius: i32, merge_region_area: i32) -> Output {
            let settings = self.settings(cs, walkable_radius, merge_region_area);
            // SAFETY: `self.ptr` is a live soup made by `b2d_recast_soup`; `settings`
            // outlives the call.
            unsafe { b2d_recast_build(self.ptr, &settings) }
        }
    }

    impl Drop for Soup {
        fn drop(&mut self) {
            // SAFETY: made by `b2d_recast_soup`, freed once.
            unsafe { b2d_recast_free_soup(self.ptr) }
        }
    }

    extern "C" {
        fn b2d_detour_new(
            soup: *const c_void,
            settings: *const Settings,
            status: *mut c_int,
        ) -> *mut c_void;
        fn b2d_detour_free(handle: *mut c_void);
        fn b2d_detour_path(
            handle: *mut c_void,
            sx: f32,
            sy: f32,
            ex: f32,
            ey: f32,
            reach: f32,
            points: *mut f32,
            max_points: c_int,
        ) -> c_int;
    }

    /// Why [`Detour::path`] found no path.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Miss {
        /// An end has no polygon within the reach.
        NoPolygon,
        /// The corridor does not reach the goal's polygon.
        NotConnected,
        /// A Detour call failed.
        Failed,
    }

    /// A Detour navmesh (one tile, no detail mesh) and query on the polygon mesh that
    /// [`Soup::build`] makes with the same settings (mergeRegionArea 0).
    pub struct Detour {
        ptr: *mut c_void,
        corners: Vec<f32>,
    }

    impl Detour {
        /// The navmesh, or the failed step (Recast's 1–7, Detour's data 8, its init 9).
        pub fn new(soup: &Soup, cs: f64, walkable_radius: i32) -> Result<Detour, i32> {
            let mut status: c_int = 0;
            let settings = soup.settings(cs, walkable_radius, 0);
            // SAFETY: `soup.ptr` is a live soup; `settings` and `status` outlive the call.
            let ptr = unsafe { b2d_detour_new(soup.ptr, &settings, &mut status) };
            if ptr.is_null() {
                Err(status)
            } else {
                Ok(Detour {
                    ptr,
                    corners: vec![0.0; 2 * 4096],
                })
            }
        }

        /// The straight path's corners from `from` to `to` (the map's x, y), each end
        /// taken to the nearest polygon within `reach`, or why there is none.
        pub fn path(&mut self, from: [f64; 2], to: [f64; 2], reach: f64) -> Result<&[f32], Miss> {
            let max_points = (self.corners.len() / 2) as c_int;
            // SAFETY: `self.ptr` is live; `corners` holds `max_points` x y pairs.
            let count = unsafe {
                b2d_detour_path(
                    self.ptr,
                    from[0] as f32,
                    from[1] as f32,
                    to[0] as f32,
                    to[1] as f32,
                    reach as f32,
                    self.corners.as_mut_ptr(),
                    max_points,
                )
            };
            match count {
                1.. => Ok(&self.corners[..2 * count as usize]),
                0 => Err(Miss::NoPolygon),
                -2 => Err(Miss::NotConnected),
                _ => Err(Miss::Failed),
            }
        }
    }

    impl Drop for Detour {
        fn drop(&mut self) {
            // SAFETY: made by `b2d_detour_new`, freed once.
            unsafe { b2d_detour_free(self.ptr) }
        }
    }
}
