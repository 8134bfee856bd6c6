//! The merged pieces ([A3], [A5]) of the axis-parallel fragments, counted on their lines
//! instead of cut from their chains (Auto only).
//!
//! Why this is exact: the chain of an axis-parallel fragment is the hot pixels strictly
//! between its two ends on its line, in order along it (rows.rs; `vertical_chain` in
//! repair.rs), and both ends are hot pixels. So its pieces are the gaps between
//! consecutive hot pixels of its line from one end to the other. The merged pieces of
//! all the fragments on one line are therefore the gaps that at least one fragment
//! covers, each with the sum of the covering fragments' nets; a sum of zero is kept, as
//! the merge keeps it. The cover of every gap is a difference array over the line's hot
//! pixels: +1 fragment and +net at a fragment's first end, the same taken off at its
//! last. A column's hot pixels are neighbours in the (x, y) order of the hot pixels, so a
//! column's positions are the pixels' own indices, the gap after index k being the piece
//! (k, k + 1); a row's positions are the places in the row order ([`RowOrder`]).
//!
//! The other fragments' pieces (slanted ones, and horizontal ones when there is no row
//! order) still come from their chains, merged and sorted by (a, b). A piece of a
//! slanted fragment can join two neighbours of a line, so the last pass merges the three
//! streams, all in (a, b) order, and adds the nets of equal pieces. For a given a the
//! column's piece (a, a + 1) comes first: no b lies between a and a + 1.
//!
//! On the cave-512 shrink, 165 × 10^3 of the 184 × 10^3 fragments lie on lines; their
//! chains were 412 × 10^3 pieces before the merge, 291 × 10^3 after
//! (docs/performance.md, thirty-third session).

use super::repair::{Fragment, Piece};
use super::rows::RowOrder;
use super::Nets;
use crate::workspace;

/// How many fragments cover a gap between neighbouring hot pixels of a line, and the sum
/// of their nets. 32 bits suffice where [`fits_32_bits`] holds: every partial sum is then
/// below 2^31 in magnitude.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Cover {
    fragments: i32,
    net: Nets,
}

impl Cover {
    fn of(net: Nets) -> Cover {
        Cover { fragments: 1, net }
    }

    fn add(&mut self, other: Cover) {
        self.fragments += other.fragments;
        self.net[0] += other.net[0];
        self.net[1] += other.net[1];
    }

    fn subtract(&mut self, other: Cover) {
        self.fragments -= other.fragments;
        self.net[0] -= other.net[0];
        self.net[1] -= other.net[1];
    }

    fn is_covered(&self) -> bool {
        self.fragments > 0
    }
}

/// Whether the fragments' counts and nets, added in any order and signs, stay below
/// 2^31 in magnitude: Σ (1 + |net0| + |net1|) < 2^31. Otherwise (more than two billion
/// coincident edges) the pieces are cut from the chains and merged with checked sums.
pub(super) fn fits_32_bits(fragments: &[Fragment]) -> bool {
    let weight = |f: &Fragment| 1 + i64::from(f.net[0]).abs() + i64::from(f.net[1]).abs();
    let mut total = 0i64;
    for f in fragments {
        total += weight(f); // below 2^31 + 2^33: no overflow
        if total >= 1 << 31 {
            return false;
        }
    }
    true
}

/// Whether fragment `f`'s pieces are counted on its line: every vertical fragment, and
/// the horizontal ones when the row order exists. The one place that decides it, for the
/// chains (skipped) and for the counts.
pub(super) fn on_a_line(f: &Fragment, have_rows: bool) -> bool {
    f.a.x == f.b.x || (have_rows && f.a.y == f.b.y)
}

/// The covers of the two gaps that start at one hot pixel: up its column and right
/// along its row (first as a difference, then as the cover itself).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Gaps {
    up: Cover,
    right: Cover,
}

/// The merged pieces of all the fragments, sorted by (a, b): `others`, the merged and
/// sorted pieces of the fragments not [`on_a_line`], and the pieces of those on a line,
/// counted on it. `ends[i]` are fragment i's ends among the `points` sorted hot pixels,
/// `rows` their row order when it exists; the fragments [`fits_32_bits`].
pub(super) fn with_line_pieces(
    fragments: &[Fragment],
    ends: &[[u32; 2]],
    rows: Option<&RowOrder>,
    others: Vec<Piece>,
    points: usize,
) -> Vec<Piece> {
    debug_assert!(fits_32_bits(fragments));
    // Differences by hot-pixel index: a fragment adds its cover at its first end and
    // takes it off at its last, up the column or right along the row.
    let mut gaps = workspace::take_filled(points, Gaps::default());
    for (f, &[first, last]) in fragments.iter().zip(ends) {
        if !on_a_line(f, rows.is_some()) {
            continue;
        }
        let cover = Cover::of(f.net);
        if f.a.x == f.b.x {
            gaps[first as usize].up.add(cover);
            gaps[last as usize].up.subtract(cover);
        } else {
            gaps[first as usize].right.add(cover);
            gaps[last as usize].right.subtract(cover);
        }
    }
    // Along the rows, in row order, the differences become covers.
    if let Some(rows) = rows {
        let mut running = Cover::default();
        for place in 0..points {
            let right = &mut gaps[rows.at(place) as usize].right;
            running.add(*right);
            *right = running;
        }
    }
    let mut out = workspace::take(others.len() + 2 * points);
    let mut rest = others.iter().copied().peekable();
    let mut up = Cover::default();
    for (a, gap) in gaps.iter().enumerate() {
        up.add(gap.up);
        let mut line_pieces = [None; 2];
        if up.is_covered() {
            line_pieces[0] = Some((a as u32 + 1, up));
        }
        if let Some(rows) = rows.filter(|_| gap.right.is_covered()) {
            // Never the column's piece: a covered gap lies within one line, so when
            // both are covered a + 1 lies in a's column and b in a's row right of it.
            let b = rows.at(rows.place(a as u32) + 1);
            debug_assert!(line_pieces[0].is_none() || b as usize > a + 1);
            line_pieces[1] = Some((b, gap.right));
        }
        // Both streams in b order: the column's b is a + 1, below every other.
        let a = a as u32; // below 2^32 (`hot_pixels` checks)
        for (b, mut cover) in line_pieces.into_iter().flatten() {
            while let Some(other) = rest.next_if(|p| p.a == a && p.b < b) {
                out.push(other);
            }
            if let Some(other) = rest.next_if(|p| p.a == a && p.b == b) {
                cover.add(Cover::of(other.net)); // the chords' merged piece, one more cover
            }
            out.push(Piece {
                a,
                b,
                net: cover.net,
            });
        }
        while let Some(other) = rest.next_if(|p| p.a == a) {
            out.push(other);
        }
    }
    debug_assert!(rest.next().is_none());
    workspace::give(others);
    workspace::give(gaps);
    out
}

#[cfg(test)]
mod tests {
    use super::super::repair::{initial_reroute, merge, oriented};
    use super::super::search::SearchMode;
    use super::super::ArrangeStats;
    use super::*;
    use crate::grid::GridPoint;
    use proptest::prelude::*;

    /// Canonical fragments (a < b, sorted by (a, b), identical ones merged) of edges with
    /// their nets.
    fn canonical(edges: Vec<(GridPoint, GridPoint, Nets)>) -> Vec<Fragment> {
        let mut fragments: Vec<Fragment> = edges
            .into_iter()
            .filter(|(from, to, _)| from != to)
            .map(|(from, to, net)| oriented(from, to, net))
            .collect();
        merge(&mut fragments).unwrap();
        fragments
    }

    /// Hot pixels and merged pieces by Auto (the lines) and by the sweep (every chain
    /// cut), or the error (nets beyond 32 bits); and how many fragments Auto counted
    /// on lines.
    type Reroute = Result<(Vec<GridPoint>, Vec<Piece>), String>;

    fn both(fragments: &[Fragment]) -> ([Reroute; 2], usize) {
        let mut on_lines = 0;
        let reroutes = [SearchMode::Auto, SearchMode::Sweep].map(|mode| {
            let mut stats = ArrangeStats::default();
            let reroute = initial_reroute(fragments, mode, &mut stats).map_err(|e| e.to_string());
            on_lines += stats.line_pieces;
            reroute
        });
        (reroutes, on_lines)
    }

    /// Mostly small counts, sometimes a large one (sums near 2^31 on a line).
    fn net() -> impl Strategy<Value = Nets> {
        let count = prop_oneof![
            3 => Just(1),
            2 => Just(0),
            2 => Just(-1),
            1 => Just(2),
            1 => prop::sample::select(vec![1 << 27, -(1 << 27)]),
        ];
        [count.clone(), count]
    }

    proptest! {
        /// Axis-parallel edges on a few lines of a small lattice (overlapping, nested,
        /// touching, coincident, reversed, with zero and large nets), slanted ones
        /// among them, sometimes with too few horizontal ones for the row order: the
        /// pieces counted on lines are the pieces cut from every chain.
        #[test]
        fn line_pieces_are_the_chains_pieces(
            axis in prop::collection::vec(((0i64..8, 0i64..8), 0i64..8, any::<bool>(), net()), 0..80),
            slanted in prop::collection::vec(((0i64..8, 0i64..8), (0i64..8, 0i64..8), net()), 0..12),
            scale in prop::sample::select(vec![1i64, 2, 3, 1 << 20, 1 << 35]),
            offset in prop::sample::select(vec![(0i64, 0i64), (1, 0), (0, 1), (1, 1)]),
        ) {
            // Centred on the origin: negative coordinates, and up to ±2^37 at the largest scale.
            let at = |x: i64, y: i64| GridPoint::new((x - 4) * scale, (y - 4) * scale);
            let mut edges: Vec<(GridPoint, GridPoint, Nets)> = axis
                .into_iter()
                .map(|((x, y), to, horizontal, net)| match horizontal {
                    true => (at(x, y), at(to, y), net),
                    false => (at(x, y), at(x, to), net),
                })
                .collect();
            // Slanted ends moved off the lattice, so that their chains meet its lines
            // between pixels as well as at them.
            edges.extend(slanted.into_iter().map(|(a, b, net)| {
                let b = at(b.0, b.1);
                (at(a.0, a.1), GridPoint::new(b.x + offset.0, b.y + offset.1), net)
            }));
            let fragments = canonical(edges);
            let on_a_line = fragments.iter().filter(|f| f.a.x == f.b.x).count();
            let ([auto, sweep], on_lines) = both(&fragments);
            // Every vertical fragment at least, while the nets fit.
            prop_assert!(!fits_32_bits(&fragments) || on_lines >= on_a_line);
            prop_assert_eq!(auto, sweep);
        }
    }

    /// The sums stay within 32 bits up to Σ (1 + |net0| + |net1|) = 2^31 − 1; beyond it
    /// the chains are cut and merged with checked sums, and the result is the same.
    #[test]
    fn nets_beyond_the_budget_take_the_chains() {
        let p = GridPoint::new;
        let big = i32::MAX / 2; // 2^30 − 1: Σ = 2 big + 5 + (second − big)
        let edges = |second: i32| {
            vec![
                (p(0, 0), p(0, 4), [big, 0]),
                (p(0, 2), p(0, 6), [second, 0]),
                (p(0, 1), p(3, 3), [1, 1]),
            ]
        };
        let within = canonical(edges(big - 4));
        assert!(fits_32_bits(&within));
        let beyond = canonical(edges(big - 3));
        assert!(!fits_32_bits(&beyond));
        for (fragments, on_lines) in [(within, 2), (beyond, 0)] {
            let ([auto, sweep], counted) = both(&fragments);
            assert!(auto.is_ok());
            assert_eq!(auto, sweep);
            assert_eq!(counted, on_lines);
        }
    }
}
