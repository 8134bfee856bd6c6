//! Tile maps traced directly into regions ([T1]–[T4], X3, X5).
//!
//! The result equals the n-ary union (X2's second step) of the filled cells' snapped
//! rectangles, ring for ring, but is traced straight from the cells in time linear in
//! the number of cells: no arrangement is needed because every cell side runs between
//! adjacent grid-line crossings.

use crate::error::{Axis, Error, Location, Result};
use crate::grid::{coordinate_in_range, snap, Geometry2DOptions, GridPoint};
use crate::progress::{Stage, Step, Ticker};
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

/// The filled cells as one bit column per lattice column (bit y % 64 of word y / 64):
/// the scan reads a column 64 cells at a time, and finds the cells where a ring can start
/// with a few word operations.
struct Lattice {
    width: usize,
    height: usize,
    /// Words per column, ⌈height / 64⌉.
    words: usize,
    /// Column x is `columns[x × words ..][.. words]`; bits beyond `height` are zero.
    columns: Vec<u64>,
}

impl Lattice {
    /// An empty lattice; [`Lattice::fill`] sets cells.
    fn new(width: usize, height: usize) -> Lattice {
        let words = height.div_ceil(64);
        Lattice {
            width,
            height,
            words,
            columns: vec![0; width * words],
        }
    }

    /// The lattice of the cells (row-major, `width` per row) that `row` and `column`
    /// keep (X5). The cells are read a row at a time into a band of 64 lattice rows, one
    /// word per column, and the band is stored once it is full: the columns are written
    /// 64 times less often, and a row is read in order.
    fn from_cells(
        cells: &[bool],
        width: usize,
        row: &[Option<usize>],
        column: &[Option<usize>],
        (lattice_width, lattice_height): (usize, usize),
    ) -> Lattice {
        let mut lattice = Lattice::new(lattice_width, lattice_height);
        let every_column_kept = lattice_width == width;
        let mut band = vec![0u64; lattice_width];
        let mut band_word = 0;
        for (y, kept_row) in row.iter().enumerate() {
            let Some(ly) = *kept_row else { continue };
            if ly / 64 != band_word {
                lattice.store_band(band_word, &mut band);
                band_word = ly / 64;
            }
            let shift = ly % 64;
            let cells = &cells[y * width..(y + 1) * width];
            if every_column_kept {
                for (bits, &cell) in band.iter_mut().zip(cells) {
                    *bits |= u64::from(cell) << shift;
                }
            } else {
                for (&cell, kept_column) in cells.iter().zip(column) {
                    if let Some(lx) = *kept_column {
                        band[lx] |= u64::from(cell) << shift;
                    }
                }
            }
        }
        lattice.store_band(band_word, &mut band);
        lattice
    }

    /// Word `word` of every column from `band` (cleared for the next band).
    fn store_band(&mut self, word: usize, band: &mut [u64]) {
        if word < self.words {
            for (x, bits) in band.iter_mut().enumerate() {
                self.columns[x * self.words + word] = std::mem::take(bits);
            }
        }
    }

    fn column(&self, x: usize) -> &[u64] {
        &self.columns[x * self.words..(x + 1) * self.words]
    }

    fn filled(&self, x: isize, y: isize) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.columns[x as usize * self.words + y as usize / 64] >> (y as usize % 64) & 1 == 1
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

    /// [`Lattice::edge_index`] of an edge leaving a vertex inside the lattice.
    fn edge_index_at(&self, x: usize, y: usize, d: usize) -> usize {
        self.edge_index(x as isize, y as isize, d)
    }

    /// Rings in canonical order ([R4]–[R6]) as lattice vertices.
    fn trace(&self, ticker: &mut Ticker) -> Result<Vec<Vec<(usize, usize)>>> {
        let (w, h) = (self.width, self.height);
        let edge_count = (w + 1) * h + w * (h + 1);
        let mut visited = Visited(vec![0; edge_count.div_ceil(64)]);
        let mut rings = Vec::new();
        ticker.start(Stage::Region, Step::Lattice, (w + 1) * (h + 1))?;
        let empty = vec![0u64; self.words];
        // Scanning vertices in (x, y) order meets each ring first at its smallest vertex,
        // a corner left by a north or east edge: the [R6] start, in [R6] ring order. A
        // vertex on the top line y = h starts neither (no cell above it).
        for x in 0..=w {
            ticker.tick(x * (h + 1))?;
            let left = if x > 0 { self.column(x - 1) } else { &empty };
            let here = if x < w { self.column(x) } else { &empty };
            let mut below_top = 0; // the top cell of the word below, as bit 0
            for (k, (&left, &here)) in left.iter().zip(here).enumerate() {
                // North edge at (x, y): a filled cell on its left (west), an empty one on
                // its right. East edge: the filled cell above it, an empty one below.
                let north = left & !here;
                let east = here & !(here << 1 | below_top);
                below_top = here >> 63;
                let mut starts = north | east;
                while starts != 0 {
                    let bit = starts.trailing_zeros() as usize;
                    starts &= starts - 1;
                    let y = k * 64 + bit;
                    // North first, then east, as the scan meets them at one vertex.
                    for (d, edges) in [(1, north), (0, east)] {
                        if edges >> bit & 1 == 1 && !visited.get(self.edge_index_at(x, y, d)) {
                            rings.push(self.trace_ring(x as isize, y as isize, d, &mut visited)?);
                        }
                    }
                }
            }
        }
        ticker.finish()?;
        Ok(rings)
    }

    fn trace_ring(
        &self,
        x0: isize,
        y0: isize,
        d0: usize,
        visited: &mut Visited,
    ) -> Result<Vec<(usize, usize)>> {
        let defect = || Error::GeometryDefect {
            reason: "tile-map trace did not close".into(),
        };
        let mut ring = vec![(x0 as usize, y0 as usize)];
        let (mut x, mut y, mut d) = (x0, y0, d0);
        loop {
            let edge = self.edge_index(x, y, d);
            if visited.get(edge) {
                return Err(defect());
            }
            visited.set(edge);
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

/// The lattice edges a ring has taken, a bit each ([`Lattice::edge_index`]).
struct Visited(Vec<u64>);

impl Visited {
    fn get(&self, edge: usize) -> bool {
        self.0[edge / 64] >> (edge % 64) & 1 == 1
    }

    fn set(&mut self, edge: usize) {
        self.0[edge / 64] |= 1 << (edge % 64);
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
        Region::from_tile_map_observed(
            cells,
            width,
            height,
            cell_size,
            origin,
            options,
            &mut Ticker::silent(),
        )
    }

    /// [`Region::from_tile_map`], counting the lattice vertices the tracer scans on
    /// `ticker`.
    pub(crate) fn from_tile_map_observed(
        cells: &[bool],
        width: usize,
        height: usize,
        cell_size: f64,
        origin: [f64; 2],
        options: Geometry2DOptions,
        ticker: &mut Ticker,
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
                format!("must be finite and at least one grid unit, got {cell_size:?}"),
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
        let lattice =
            Lattice::from_cells(cells, width, &row, &column, (lattice_width, lattice_height));
        let rings: Vec<Ring> = lattice
            .trace(ticker)?
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrangement::{EdgeTag, TaggedEdge};
    use crate::region::tests::{noded_overlay, p};
    use crate::region::OverlayFn;
    use crate::rings::Operation;
    use proptest::prelude::*;

    fn bits(snap_bits: u8) -> Geometry2DOptions {
        Geometry2DOptions { snap_bits }
    }

    fn map(rows_bottom_up: &[&str]) -> (Vec<bool>, usize, usize) {
        let width = rows_bottom_up[0].len();
        let cells = rows_bottom_up
            .iter()
            .flat_map(|row| row.chars().map(|c| c == '#'))
            .collect();
        (cells, width, rows_bottom_up.len())
    }

    fn tiles(rows_bottom_up: &[&str]) -> Region {
        let (cells, w, h) = map(rows_bottom_up);
        let region = Region::from_tile_map(&cells, w, h, 1.0, [0.0, 0.0], bits(0)).unwrap();
        region.check().unwrap();
        region
    }

    /// X5's definition: the n-ary union of the filled cells' snapped rectangles. All
    /// rectangles lie on one lattice, so no edge passes another's vertex except at
    /// lattice points and the test overlay (T-junction splitting) equals snap rounding.
    fn union_of_cells(
        cells: &[bool],
        width: usize,
        height: usize,
        cell_size: f64,
        origin: [f64; 2],
        snap_bits: u8,
        run: OverlayFn<'_>,
    ) -> Region {
        let line = |o: f64, i: usize| snap(o + (i as f64) * cell_size, snap_bits);
        let mut edges = Vec::new();
        for y in 0..height {
            for x in 0..width {
                if !cells[y * width + x] {
                    continue;
                }
                let (x0, x1) = (line(origin[0], x), line(origin[0], x + 1));
                let (y0, y1) = (line(origin[1], y), line(origin[1], y + 1));
                let corners = [p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)];
                for k in 0..4 {
                    edges.push(TaggedEdge {
                        from: corners[k],
                        to: corners[(k + 1) % 4],
                        tag: EdgeTag::Operand0,
                    });
                }
            }
        }
        run(&edges, Operation::Union, snap_bits).unwrap()
    }

    #[test]
    fn diagonal_cells_are_two_rings() {
        let region = tiles(&[".#", "#."]);
        // Bottom-up rows ".#" then "#.": cells (1,0) and (0,1) touch at (1,1).
        assert_eq!(
            region.rings(),
            &[
                vec![p(0, 1), p(1, 1), p(1, 2), p(0, 2)],
                vec![p(1, 0), p(2, 0), p(2, 1), p(1, 1)],
            ]
        );
        let other = tiles(&["#.", ".#"]);
        assert_eq!(
            other.rings(),
            &[
                vec![p(0, 0), p(1, 0), p(1, 1), p(0, 1)],
                vec![p(1, 1), p(2, 1), p(2, 2), p(1, 2)],
            ]
        );
    }

    #[test]
    fn hole_touching_the_outside_at_a_corner_is_one_ring() {
        // Rows bottom-up; the hole (1,1) and the empty corner cell (2,2) touch at (2,2).
        // Walked by hand with [R5]: arriving westwards at (2,2) the ring turns south into
        // the hole (first clockwise from east), and leaving the hole eastwards it turns
        // north (first clockwise from west).
        let region = tiles(&["###", "#.#", "##."]);
        assert_eq!(
            region.rings(),
            &[vec![
                p(0, 0),
                p(3, 0),
                p(3, 2),
                p(2, 2),
                p(2, 1),
                p(1, 1),
                p(1, 2),
                p(2, 2),
                p(2, 3),
                p(0, 3)
            ]]
        );
        assert_eq!(region.area2(), 14);
    }

    #[test]
    fn enclosed_hole_is_a_separate_clockwise_ring() {
        let region = tiles(&["###", "#.#", "###"]);
        assert_eq!(
            region.rings(),
            &[
                vec![p(0, 0), p(3, 0), p(3, 3), p(0, 3)],
                vec![p(1, 1), p(1, 2), p(2, 2), p(2, 1)],
            ]
        );
    }

    #[test]
    fn coinciding_grid_lines_make_zero_width_cells() {
        // Origin 0.5, cell 1, snap bits 0: x lines 0.5, 1.5, 2.5, 3.5 snap (ties to even)
        // to 0, 2, 2, 4, so column 1 has zero width and columns 0 and 2 become adjacent.
        let run =
            |cells: &[bool]| Region::from_tile_map(cells, 3, 1, 1.0, [0.5, 0.5], bits(0)).unwrap();
        assert_eq!(
            run(&[true, false, true]).rings(),
            &[vec![p(0, 0), p(4, 0), p(4, 2), p(0, 2)]]
        );
        assert!(run(&[false, true, false]).is_empty());
        assert_eq!(
            run(&[true, true, false]).rings(),
            &[vec![p(0, 0), p(2, 0), p(2, 2), p(0, 2)]]
        );
    }

    #[test]
    fn validation_order() {
        let cells = [true; 4];
        let err = |r: Result<Region>| r.unwrap_err();
        // Snap bits first, then the cell count, then the cell size, then grid lines.
        let e = err(Region::from_tile_map(
            &cells[..3],
            2,
            2,
            f64::NAN,
            [f64::NAN, 0.0],
            bits(17),
        ));
        assert!(
            matches!(e, Error::InvalidArgument { ref argument, .. } if argument == "snap_bits")
        );
        let e = err(Region::from_tile_map(
            &cells[..3],
            2,
            2,
            f64::NAN,
            [f64::NAN, 0.0],
            bits(0),
        ));
        assert!(
            matches!(e, Error::InvalidArgument { ref argument, location: None, .. } if argument == "cells")
        );
        assert!(Region::from_tile_map(&[], usize::MAX, 2, 1.0, [0.0, 0.0], bits(0)).is_err());
        for size in [f64::NAN, f64::INFINITY, -1.0, 0.0, 0.5f64.powi(17)] {
            let e = err(Region::from_tile_map(
                &cells,
                2,
                2,
                size,
                [f64::NAN, 0.0],
                bits(16),
            ));
            assert!(
                matches!(e, Error::InvalidArgument { ref argument, .. } if argument == "cell_size"),
                "{size}"
            );
        }
        // Exactly one grid unit is enough.
        assert!(Region::from_tile_map(&cells, 2, 2, 0.5f64.powi(16), [0.0, 0.0], bits(16)).is_ok());
        // A non-finite origin shows as line 0; x lines before y lines.
        let e = err(Region::from_tile_map(
            &cells,
            2,
            2,
            1.0,
            [0.0, f64::NAN],
            bits(0),
        ));
        assert!(
            matches!(e, Error::OutOfRange { location: Location::GridLine { axis: Axis::Y, line: 0 }, value } if value.is_nan())
        );
        let e = err(Region::from_tile_map(
            &cells,
            2,
            2,
            1.0,
            [2097151.5, f64::NAN],
            bits(0),
        ));
        assert_eq!(
            e,
            Error::OutOfRange {
                location: Location::GridLine {
                    axis: Axis::X,
                    line: 1
                },
                value: 2097152.5
            }
        );
        // A line of magnitude exactly 2^21 is legal.
        assert!(Region::from_tile_map(&cells, 2, 2, 1.0, [2097150.0, -2097152.0], bits(0)).is_ok());
    }

    #[test]
    fn huge_empty_map_fails_at_its_first_bad_line_quickly() {
        // Lines 0 ..= 2^21 lie within ±2^21; line 2^21 + 1 is the first beyond.
        let e = Region::from_tile_map(&[], 1 << 40, 0, 1.0, [0.0, 0.0], bits(16)).unwrap_err();
        assert_eq!(
            e,
            Error::OutOfRange {
                location: Location::GridLine {
                    axis: Axis::X,
                    line: (1 << 21) + 1
                },
                value: 2097153.0
            }
        );
        let empty = Region::from_tile_map(&[], 1 << 21, 0, 1.0, [0.0, 0.0], bits(16)).unwrap();
        assert!(empty.is_empty());
    }

    #[test]
    fn checkerboard_is_linear_and_all_pinches() {
        let (w, h) = (400, 300);
        let cells: Vec<bool> = (0..w * h).map(|i| (i % w + i / w) % 2 == 0).collect();
        let region = Region::from_tile_map(&cells, w, h, 1.0, [0.0, 0.0], bits(0)).unwrap();
        assert_eq!(region.rings().len(), w * h / 2);
        assert_eq!(region.area2(), (w * h) as i128);
        assert!(region.rings().iter().all(|r| r.len() == 4));
    }

    fn tile_case() -> impl Strategy<Value = (Vec<bool>, usize, usize, f64, [f64; 2])> {
        (1usize..7, 1usize..7, 0usize..4, 0usize..4, 0usize..3).prop_flat_map(
            |(w, h, ox, oy, size)| {
                // Quarter-unit origins and cell sizes 1, 1.25, 1.5 at snap bits 0 make
                // grid lines coincide often.
                let origin = [ox as f64 * 0.25 - 3.0, oy as f64 * 0.25 + 1.0];
                let cell_size = 1.0 + size as f64 * 0.25;
                proptest::collection::vec(any::<bool>(), w * h)
                    .prop_map(move |cells| (cells, w, h, cell_size, origin))
            },
        )
    }

    proptest! {
        #[test]
        fn tracer_equals_union_of_cell_rectangles(case in tile_case()) {
            let (cells, w, h, size, origin) = case;
            let traced = Region::from_tile_map(&cells, w, h, size, origin, bits(0)).unwrap();
            traced.check().unwrap();
            let expected = union_of_cells(&cells, w, h, size, origin, 0, &noded_overlay);
            prop_assert_eq!(traced, expected);
        }

        #[test]
        fn tracer_equals_overlay_of_cell_rectangles(case in tile_case()) {
            let (cells, w, h, size, origin) = case;
            let traced = Region::from_tile_map(&cells, w, h, size, origin, bits(0)).unwrap();
            let expected = union_of_cells(&cells, w, h, size, origin, 0, &crate::region::overlay);
            prop_assert_eq!(traced, expected);
        }
    }

    /// Columns taller than one 64-cell word: ring starts found across word boundaries
    /// (the cell below row 64k lies in the previous word), with runs that end, start or
    /// continue exactly there.
    #[test]
    fn tall_columns_cross_word_boundaries() {
        let (w, h) = (5, 200);
        let mut rng = crate::workloads::XorShift64::new(64);
        for round in 0..40 {
            let cells: Vec<bool> = (0..w * h)
                .map(|i| {
                    let y = i / w;
                    // Long runs, cut near the word boundaries 64 and 128 in some rounds.
                    let near_boundary = matches!(y % 64, 62..=63 | 0..=1);
                    let r = rng.next_u64() % 16;
                    if near_boundary {
                        r < 4 + round % 9
                    } else {
                        r < 12
                    }
                })
                .collect();
            let traced = Region::from_tile_map(&cells, w, h, 1.0, [0.0, 0.0], bits(0)).unwrap();
            traced.check().unwrap();
            let expected = union_of_cells(&cells, w, h, 1.0, [0.0, 0.0], 0, &noded_overlay);
            assert_eq!(traced, expected, "round {round}");
        }
    }

    fn two_maps() -> impl Strategy<Value = (Vec<bool>, Vec<bool>)> {
        let cells = || proptest::collection::vec(any::<bool>(), 16);
        (cells(), cells())
    }

    fn tile_region(cells: &[bool]) -> Region {
        Region::from_tile_map(cells, 4, 4, 1.0, [0.0, 0.0], bits(0)).unwrap()
    }

    fn combine(a: &[bool], b: &[bool], f: fn(bool, bool) -> bool) -> Region {
        let cells: Vec<bool> = a.iter().zip(b).map(|(&x, &y)| f(x, y)).collect();
        tile_region(&cells)
    }

    /// Each boolean operation on two tile regions equals the tile region of the
    /// cell-wise operation (X1's inside rules on lattice input, where every crossing is
    /// a lattice point).
    fn check_booleans(a: &[bool], b: &[bool], run: OverlayFn<'_>) -> Result<(), TestCaseError> {
        let (ra, rb) = (tile_region(a), tile_region(b));
        type CellOp = fn(bool, bool) -> bool;
        let cases: [(Operation, CellOp); 4] = [
            (Operation::Union, |x, y| x || y),
            (Operation::Intersection, |x, y| x && y),
            (Operation::Difference, |x, y| x && !y),
            (Operation::Xor, |x, y| x != y),
        ];
        for (operation, f) in cases {
            let mut edges: Vec<TaggedEdge> = ra.tagged_edges(EdgeTag::Operand0).collect();
            edges.extend(rb.tagged_edges(EdgeTag::Operand1));
            let got = run(&edges, operation, 0).unwrap();
            got.check().unwrap();
            prop_assert_eq!(got, combine(a, b, f), "{:?}", operation);
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn booleans_equal_cellwise_operations((a, b) in two_maps()) {
            check_booleans(&a, &b, &noded_overlay)?;
        }

        #[test]
        fn booleans_equal_cellwise_operations_with_arrangement((a, b) in two_maps()) {
            check_booleans(&a, &b, &crate::region::overlay)?;
        }
    }
}
