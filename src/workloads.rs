//! The standard benchmark maps (`docs/workloads.md` states them), generated exactly as
//! written there, so every benchmark, quality figure and peer comparison uses the same
//! input: `noisy-N`, `cave-N`, `pillars-N`, `rooms-N` tile maps and `polys-K` star
//! polygons.

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

/// `rooms-N` (N ≥ 128): rectangular rooms joined by L-shaped corridors, about 30%
/// walkable; every cell starts blocked and the one-cell border stays blocked.
///
/// R = max(2, (N / 48)²) rooms, each drawn as w = 8 + next() % 33, h = 8 + next() % 33,
/// x = 1 + next() % (N − w − 1), y = 1 + next() % (N − h − 1), covering
/// [x, x + w) × [y, y + h), centre (x + w / 2, y + h / 2). Then room k = 1..R is joined
/// to the nearest earlier centre (least squared distance, ties to the lower index) by a
/// corridor of width t = 6 + next() % 7: a horizontal leg at the earlier centre's y, then
/// a vertical leg at room k's x, each clipped to [1, N − 2].
/// `None` below N = 128, where the rooms would not fit.
pub fn rooms(n: usize) -> Option<TileMap> {
    if n < 128 {
        return None;
    }
    let side = n as i64;
    let mut rng = XorShift64::new(n as u64);
    let mut cells = vec![false; n * n];
    let fill = |cells: &mut [bool], x0: i64, x1: i64, y0: i64, y1: i64| {
        // Half-open [x0, x1) × [y0, y1), clipped to the inside of the border.
        for y in y0.max(1)..y1.min(side - 1) {
            for x in x0.max(1)..x1.min(side - 1) {
                cells[(y * side + x) as usize] = true;
            }
        }
    };
    let count = ((n / 48) * (n / 48)).max(2);
    let mut centres = Vec::with_capacity(count);
    for _ in 0..count {
        let w = 8 + (rng.next_u64() % 33) as i64;
        let h = 8 + (rng.next_u64() % 33) as i64;
        let x = 1 + (rng.next_u64() % (side - w - 1) as u64) as i64;
        let y = 1 + (rng.next_u64() % (side - h - 1) as u64) as i64;
        fill(&mut cells, x, x + w, y, y + h);
        centres.push((x + w / 2, y + h / 2));
    }
    for k in 1..count {
        let t = 6 + (rng.next_u64() % 7) as i64;
        let (x1, y1) = centres[k];
        let distance = |&(x, y): &(i64, i64)| (x - x1).pow(2) + (y - y1).pow(2);
        // `min_by_key` keeps the first of equal keys: ties go to the lower index.
        let &(x0, y0) = centres[..k]
            .iter()
            .min_by_key(|c| distance(c))
            .unwrap_or(&centres[0]);
        fill(
            &mut cells,
            x0.min(x1),
            x0.max(x1) + 1,
            y0 - t / 2,
            y0 - t / 2 + t,
        );
        fill(
            &mut cells,
            x1 - t / 2,
            x1 - t / 2 + t,
            y0.min(y1),
            y0.max(y1) + 1,
        );
    }
    Some(TileMap { n, cells })
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
    fn rooms_match_the_check_values() {
        // docs/workloads.md: rooms-256 has 19,648 walkable cells, rooms-1024 327,494.
        assert_eq!(rooms(256).unwrap().walkable(), 19_648);
        assert_eq!(rooms(1024).unwrap().walkable(), 327_494);
        assert_eq!(rooms(127), None);
        let m = rooms(128).unwrap();
        for i in 0..128 {
            for border in [
                m.cells[i],
                m.cells[127 * 128 + i],
                m.cells[i * 128],
                m.cells[i * 128 + 127],
            ] {
                assert!(!border);
            }
        }
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
