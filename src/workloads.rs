//! The standard benchmark maps of `shared/bench/workloads.md`, generated exactly as
//! written there, so every benchmark, quality figure and peer comparison uses the same
//! input: `noisy-N`, `cave-N`, `pillars-N` tile maps and `polys-K` star polygons.

/// The workloads' random numbers: xorshift64 seeded from the map side (or polygon count).
#[derive(Debug, Clone)]
pub struct XorShift64 {
    state: u64,
}

impl XorShift64 {
    /// Seeded with `0x9E3779B97F4A7C15 ^ n.wrapping_mul(0x123456789ABCDEF1)`.
    pub fn new(n: u64) -> Self {
        XorShift64 {
            state: 0x9E37_79B9_7F4A_7C15 ^ n.wrapping_mul(0x1234_5678_9ABC_DEF1),
        }
    }

    /// The next 64-bit output: `x ^= x << 13; x ^= x >> 7; x ^= x << 17`.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.state = x;
        x
    }

    /// A uniform f64 in [0, 1): `(next() >> 11) / 2^53`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / 9_007_199_254_740_992.0
    }
}

/// A square tile map, row-major (`cells[y * n + x]`), `true` = walkable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileMap {
    /// Cells per side.
    pub n: usize,
    /// Row-major cells.
    pub cells: Vec<bool>,
}

impl TileMap {
    /// The plain-text form: one line per row from y = n − 1 down to 0 (so the text looks
    /// like the map), `.` walkable, `#` blocked.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.n * (self.n + 1));
        for y in (0..self.n).rev() {
            for x in 0..self.n {
                s.push(if self.cells[y * self.n + x] { '.' } else { '#' });
            }
            s.push('\n');
        }
        s
    }

    /// Number of walkable cells.
    pub fn walkable(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }
}

fn random_map(n: usize, p: f64) -> TileMap {
    let mut rng = XorShift64::new(n as u64);
    // Row-major draw order: y outer, x inner.
    let cells = (0..n * n).map(|_| rng.next_f64() < p).collect();
    TileMap { n, cells }
}

/// `noisy-N`: walkable when `f64() < 0.7`.
pub fn noisy(n: usize) -> TileMap {
    random_map(n, 0.7)
}

/// `cave-N`: walkable when `f64() < 0.55`, then 4 passes of the 3×3 majority rule (at
/// least 5 of the 9 cells walkable; cells outside the map count as blocked).
pub fn cave(n: usize) -> TileMap {
    let mut map = random_map(n, 0.55);
    for _ in 0..4 {
        let before = map.cells.clone();
        for y in 0..n {
            for x in 0..n {
                let mut count = 0;
                for yy in y.saturating_sub(1)..=(y + 1).min(n - 1) {
                    for xx in x.saturating_sub(1)..=(x + 1).min(n - 1) {
                        count += usize::from(before[yy * n + xx]);
                    }
                }
                map.cells[y * n + x] = count >= 5;
            }
        }
    }
    map
}

/// `pillars-N`: walkable except a one-cell border and 2×2 pillars with lower-left cells
/// at (8i + 4, 8j + 4) for every i, j that fit inside the border.
pub fn pillars(n: usize) -> TileMap {
    let mut cells = vec![true; n * n];
    for y in 0..n {
        for x in 0..n {
            if x == 0 || y == 0 || x + 1 == n || y + 1 == n {
                cells[y * n + x] = false;
            }
        }
    }
    let mut px = 4;
    while px + 1 < n.saturating_sub(1) {
        let mut py = 4;
        while py + 1 < n.saturating_sub(1) {
            for (x, y) in [(px, py), (px + 1, py), (px, py + 1), (px + 1, py + 1)] {
                cells[y * n + x] = false;
            }
            py += 8;
        }
        px += 8;
    }
    TileMap { n, cells }
}

/// `polys-K`: K star-shaped polygons, each one outline with one ring (public units).
pub fn polys(k: usize) -> Vec<Vec<[f64; 2]>> {
    let mut rng = XorShift64::new(k as u64);
    (0..k)
        .map(|_| {
            let cx = 1000.0 * rng.next_f64();
            let cy = 1000.0 * rng.next_f64();
            let v = 8 + (rng.next_u64() % 25) as usize;
            (0..v)
                .map(|i| {
                    let radius = 5.0 + 35.0 * rng.next_f64();
                    let angle = 2.0 * std::f64::consts::PI * i as f64 / v as f64;
                    [cx + radius * angle.cos(), cy + radius * angle.sin()]
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xorshift_follows_the_written_recurrence() {
        // First output for n = 0 computed by hand from the three shifts.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        assert_eq!(XorShift64::new(0).next_u64(), x);
        let f = XorShift64::new(7).next_f64();
        assert!((0.0..1.0).contains(&f));
    }

    #[test]
    fn pillars_layout() {
        let m = pillars(16);
        let at = |x: usize, y: usize| m.cells[y * 16 + x];
        assert!(!at(0, 5) && !at(15, 5) && !at(5, 0) && !at(5, 15));
        assert!(!at(4, 4) && !at(5, 5) && !at(12, 12) && !at(13, 4));
        assert!(at(1, 1) && at(6, 6) && at(3, 4));
        // 2 × 2 pillars of 4 cells: 16 blocked pillar cells, 60 border cells.
        assert_eq!(m.walkable(), 256 - 60 - 16);
    }

    #[test]
    fn maps_are_deterministic_and_plausible() {
        assert_eq!(noisy(64), noisy(64));
        let share = noisy(128).walkable() as f64 / (128.0 * 128.0);
        assert!((0.67..0.73).contains(&share), "{share}");
        let cave = cave(128);
        assert_eq!(cave, super::cave(128));
        let p = polys(10);
        assert_eq!(p.len(), 10);
        assert!(p.iter().all(|r| (8..33).contains(&r.len())));
    }
}
