//! Clipper2's offset, twice: the C++ library through `clipper2c-sys` and the pure Rust port
//! `clipper2-rust`, both on integer paths (the region's grid points), round joins, closed
//! polygons. The arc tolerance gives m segments per full turn, as the m-gon of the shrink:
//! Clipper2 takes π / acos(1 − tolerance / |delta|) steps per turn.

use clipper2c_sys as ffi;

/// The tolerance for `m` steps per full turn at offset `delta`.
pub fn arc_tolerance_for(delta: f64, m: u32) -> f64 {
    delta.abs() * (1.0 - (std::f64::consts::PI / f64::from(m)).cos())
}

/// Clipper2 C++ (`ClipperOffset`, miter limit 2, no preserved collinear points).
pub fn offset_cpp(paths: &[Vec<[i64; 2]>], delta: f64, arc_tolerance: f64) -> Vec<Vec<[i64; 2]>> {
    // SAFETY: each object is placement-constructed into memory from `clipper_allocate` of
    // the size the library reports, used only while alive, and deleted exactly once with
    // its matching `clipper_delete_*`; points are passed as a slice of `ClipperPoint64`
    // (repr(C)) that outlives the call that copies them.
    unsafe {
        let offset = ffi::clipper_clipperoffset(
            ffi::clipper_allocate(ffi::clipper_clipperoffset_size()),
            2.0,
            arc_tolerance,
            0,
            0,
        );
        // One group for all rings, so that holes stay holes (a group per ring would be
        // offset on its own and then united).
        let input = ffi::clipper_paths64(ffi::clipper_allocate(ffi::clipper_paths64_size()));
        for ring in paths {
            let mut points: Vec<ffi::ClipperPoint64> = ring
                .iter()
                .map(|&[x, y]| ffi::ClipperPoint64 { x, y })
                .collect();
            let path = ffi::clipper_path64_of_points(
                ffi::clipper_allocate(ffi::clipper_path64_size()),
                points.as_mut_ptr(),
                points.len(),
            );
            ffi::clipper_paths64_add_path(input, path);
            ffi::clipper_delete_path64(path);
        }
        ffi::clipper_clipperoffset_add_paths64(
            offset,
            input,
            ffi::ClipperJoinType_ROUND_JOIN,
            ffi::ClipperEndType_POLYGON_END,
        );
        ffi::clipper_delete_paths64(input);
        let solution = ffi::clipper_clipperoffset_execute(
            ffi::clipper_allocate(ffi::clipper_paths64_size()),
            offset,
            delta,
        );
        let mut out = Vec::new();
        for k in 0..ffi::clipper_paths64_length(solution) {
            let k = k as i32;
            let len = ffi::clipper_paths64_path_length(solution, k);
            out.push(
                (0..len)
                    .map(|i| {
                        let p = ffi::clipper_paths64_get_point(solution, k, i as i32);
                        [p.x, p.y]
                    })
                    .collect(),
            );
        }
        ffi::clipper_delete_paths64(solution);
        ffi::clipper_delete_clipperoffset(offset);
        out
    }
}

/// clipper2-rust's `inflate_paths_64` with the same settings.
pub fn offset_rust(paths: &[Vec<[i64; 2]>], delta: f64, arc_tolerance: f64) -> Vec<Vec<[i64; 2]>> {
    use clipper2_rust::{inflate_paths_64, EndType, JoinType, Paths64, Point64};
    let input: Paths64 = paths
        .iter()
        .map(|ring| ring.iter().map(|&[x, y]| Point64::new(x, y)).collect())
        .collect();
    inflate_paths_64(
        &input,
        delta,
        JoinType::Round,
        EndType::Polygon,
        2.0,
        arc_tolerance,
    )
    .iter()
    .map(|ring| ring.iter().map(|p| [p.x, p.y]).collect())
    .collect()
}

/// Twice the signed area of integer rings, summed (exact in i128).
pub fn double_area(paths: &[Vec<[i64; 2]>]) -> i128 {
    paths
        .iter()
        .map(|ring| {
            let n = ring.len();
            (0..n)
                .map(|i| {
                    let (p, q) = (ring[i], ring[(i + 1) % n]);
                    i128::from(p[0]) * i128::from(q[1]) - i128::from(q[0]) * i128::from(p[1])
                })
                .sum::<i128>()
        })
        .sum()
}
