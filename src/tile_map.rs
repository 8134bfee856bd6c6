//! Tile maps traced directly into regions ([T1]–[T4], X3, X5).
//!
//! The result equals the n-ary union (X2's second step) of the filled cells' snapped
//! rectangles, ring for ring, but is traced straight from the cells in time linear in
//! the number of cells: no arrangement is needed because every cell side runs between
//! adjacent grid-line crossings.

use crate::error::{Axis, Error, Location, Result};
use crate::grid::{coordinate_in_range, snap, Geometry2DOptions, GridPoint};
use crate::region::Region;
use crate::rings::Ring;

/// Grid line `i` of one axis before snapping: one f64 multiply, one f64 add, never
/// fused (X5).
fn line_value(origin: f64, i: usize, cell_size: f64) -> f64 {
    origin + (i as f64) * cell_size
}

/// The first out-of-range line among 0 ..= count (X3 order), if any.
///
/// `line_value` is non-decreasing in `i` (a positive cell size and monotone rounding),
/// so once line 0 is at least −2^21 the valid lines form a prefix and a binary search
/// finds the first bad one: the same answer as checking every line in order, without
/// visiting lines of a huge map that has no cells.
fn first_bad_line(origin: f64, count: usize, cell_size: f64) -> Option<(usize, f64)> {
    let value = |i| line_value(origin, i, cell_size);
    if !coordinate_in_range(value(0)) {
        return Some((0, value(0)));
    }
    // Invariant: lines below `lo` are valid; `bad` is the smallest bad line seen.
    let (mut lo, mut hi, mut bad) = (1usize, count, None);
    while lo <= hi {
        let mid = lo + (hi - lo) / 2;
        if coordinate_in_range(value(mid)) {
            if mid == hi {
                break;
            }
            lo = mid + 1;
        } else {
            bad = Some(mid);
            hi = mid - 1;
        }
    }
    bad.map(|line| (line, value(line)))
}

/// The snapped lines 0 ..= count with the zero-width gaps removed (X5): strictly
/// increasing values and, per original cell index, the compressed index or `None`.
fn compress_lines(
    origin: f64,
    count: usize,
    cell_size: f64,
    snap_bits: u8,
) -> (Vec<i64>, Vec<Option<usize>>) {
    let lines: Vec<i64> = (0..=count)
        .map(|i| snap(line_value(origin, i, cell_size), snap_bits))
        .collect();
    let mut kept = vec![lines[0]];
    let mut index = Vec::with_capacity(count);
    for i in 0..count {
        if lines[i + 1] > lines[i] {
            index.push(Some(kept.len() - 1));
            kept.push(lines[i + 1]);
        } else {
            index.push(None);
        }
    }
    (kept, index)
}

/// Headings along the lattice, counter-clockwise: east, north, west, south.
const STEPS: [(isize, isize); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

struct Lattice {
    width: usize,
    height: usize,
    filled: Vec<bool>,
}

impl Lattice {
    fn filled(&self, x: isize, y: isize) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.filled[y as usize * self.width + x as usize]
    }

    /// The cells ahead-left and ahead-right of a walker at lattice vertex (x, y)
    /// heading `d` (index into [`STEPS`]).
    fn ahead(&self, x: isize, y: isize, d: usize) -> (bool, bool) {
        let (left, right) = match d {
            0 => ((x, y), (x, y - 1)),
            1 => ((x - 1, y), (x, y)),
            2 => ((x - 1, y - 1), (x - 1, y)),
            _ => ((x, y - 1), (x - 1, y - 1)),
        };
        (self.filled(left.0, left.1), self.filled(right.0, right.1))
    }

    /// The heading after vertex (x, y) for a walker arriving with heading `d` and the
    /// filled cell on its left. With the ahead-left cell empty it turns left, also at a
    /// diagonal pinch, which is what [R5] gives there (the first outgoing edge clockwise
    /// from the reverse of the incoming one keeps each cell's corner to itself).
    fn turn(&self, x: isize, y: isize, d: usize) -> usize {
        match self.ahead(x, y, d) {
            (false, _) => (d + 1) % 4,
            (true, true) => (d + 3) % 4,
            (true, false) => d,
        }
    }

    /// Index of the unit edge leaving (x, y) with heading `d` in the visited table:
    /// vertical edges first ((W + 1) × H), then horizontal ones (W × (H + 1)).
    fn edge_index(&self, x: isize, y: isize, d: usize) -> usize {
        let (w, h) = (self.width, self.height);
        match d {
            1 => x as usize * h + y as usize,
            3 => x as usize * h + (y - 1) as usize,
            0 => (w + 1) * h + y as usize * w + x as usize,
            _ => (w + 1) * h + y as usize * w + (x - 1) as usize,
        }
    }

    /// Rings in canonical order ([R4]–[R6]) as lattice vertices.
    fn trace(&self) -> Result<Vec<Vec<(usize, usize)>>> {
        let (w, h) = (self.width, self.height);
        let edge_count = (w + 1) * h + w * (h + 1);
        let mut visited = vec![false; edge_count];
        let mut rings = Vec::new();
        // Scanning vertices in (x, y) order meets each ring first at its smallest vertex,
        // a corner left by a north or east edge: the [R6] start, in [R6] ring order.
        for x in 0..=w as isize {
            for y in 0..=h as isize {
                for d0 in [1usize, 0] {
                    let exists = match d0 {
                        1 => self.filled(x - 1, y) && !self.filled(x, y),
                        _ => self.filled(x, y) && !self.filled(x, y - 1),
                    };
                    if !exists || visited[self.edge_index(x, y, d0)] {
                        continue;
                    }
                    rings.push(self.trace_ring(x, y, d0, &mut visited)?);
                }
            }
        }
        Ok(rings)
    }

    fn trace_ring(
        &self,
        x0: isize,
        y0: isize,
        d0: usize,
        visited: &mut [bool],
    ) -> Result<Vec<(usize, usize)>> {
        let defect = || Error::GeometryDefect {
            reason: "tile-map trace did not close".into(),
        };
        let mut ring = vec![(x0 as usize, y0 as usize)];
        let (mut x, mut y, mut d) = (x0, y0, d0);
        loop {
            let edge = self.edge_index(x, y, d);
            if visited[edge] {
                return Err(defect());
            }
            visited[edge] = true;
            x += STEPS[d].0;
            y += STEPS[d].1;
            let next = self.turn(x, y, d);
            if (x, y) == (x0, y0) {
                return if next == d0 { Ok(ring) } else { Err(defect()) };
            }
            // [R4] Straight-on vertices are collinear with two boundary edges: dropped.
            if next != d {
                ring.push((x as usize, y as usize));
            }
            d = next;
        }
    }
}

impl Region {
    /// The region of the solid cells of a tile map ([T1]–[T4], X5): cell (x, y) is
    /// `cells[y × width + x]` and spans grid lines x, x + 1 and y, y + 1, where line i
    /// is `snap(origin + i × cell_size)` per axis.
    ///
    /// Validation (X3, first failure reported): snap bits; `cells.len() == width ×
    /// height` (else invalid argument `cells`); `cell_size` finite with `cell_size ×
    /// 2^snap_bits ≥ 1` (else invalid argument `cell_size`); then x lines 0 ..= width and
    /// y lines 0 ..= height as coordinates (out of range at [`Location::GridLine`]).
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Region};
    /// let options = Geometry2DOptions::new(0).unwrap();
    /// let region = Region::from_tile_map(&[true, true], 2, 1, 1.0, [0.0, 0.0], options)?;
    /// assert_eq!(region.area2(), 4);
    /// # Ok::<(), build2d::Error>(())
    /// ```
    pub fn from_tile_map(
        cells: &[bool],
        width: usize,
        height: usize,
        cell_size: f64,
        origin: [f64; 2],
        options: Geometry2DOptions,
    ) -> Result<Region> {
        options.validate()?;
        let snap_bits = options.snap_bits;
        if width.checked_mul(height) != Some(cells.len()) {
            return Err(Error::invalid(
                "cells",
                format!(
                    "expected width × height = {width} × {height} cells, got {}",
                    cells.len()
                ),
            ));
        }
        if !(cell_size.is_finite() && cell_size * options.scale() >= 1.0) {
            return Err(Error::invalid(
                "cell_size",
                format!("must be finite and at least one grid unit, got {cell_size}"),
            ));
        }
        for (axis, origin, count) in [(Axis::X, origin[0], width), (Axis::Y, origin[1], height)] {
            if let Some((line, value)) = first_bad_line(origin, count, cell_size) {
                return Err(Error::OutOfRange {
                    location: Location::GridLine { axis, line },
                    value,
                });
            }
        }
        if cells.is_empty() {
            return Ok(Region::empty(snap_bits));
        }
        let (xs, column) = compress_lines(origin[0], width, cell_size, snap_bits);
        let (ys, row) = compress_lines(origin[1], height, cell_size, snap_bits);
        // X5: zero-width columns and rows contribute nothing; the rest are adjacent.
        let lattice_width = xs.len() - 1;
        let lattice_height = ys.len() - 1;
        let mut filled = vec![false; lattice_width * lattice_height];
        for (y, cell_row) in row.iter().enumerate() {
            let Some(ly) = cell_row else { continue };
            for (x, cell_column) in column.iter().enumerate() {
                if let Some(lx) = cell_column {
                    filled[ly * lattice_width + lx] |= cells[y * width + x];
                }
            }
        }
        let lattice = Lattice {
            width: lattice_width,
            height: lattice_height,
            filled,
        };
        let rings: Vec<Ring> = lattice
            .trace()?
            .into_iter()
            .map(|ring| {
                ring.into_iter()
                    .map(|(x, y)| GridPoint::new(xs[x], ys[y]))
                    .collect()
            })
            .collect();
        Ok(Region::from_canonical_rings(snap_bits, rings))
    }
}
