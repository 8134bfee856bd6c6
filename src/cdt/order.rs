//! Insertion order [D2], [D3], X15: biased randomised rounds from SplitMix64, Hilbert
//! order inside a round (docs/cdt.md §3).

use crate::grid::GridPoint;

/// Below this many points the insertion order is the sorted order (docs/cdt.md §3).
pub const SORTED_ORDER_BELOW: usize = 64;
/// Hilbert curve order: cells are 0 .. 2^12 per axis.
pub const HILBERT_ORDER: u32 = 12;
const HILBERT_SIDE: u64 = 1 << HILBERT_ORDER;

/// SplitMix64's output function applied to `i + 0x9E3779B97F4A7C15` (wrapping), i.e. the
/// first output of SplitMix64 seeded with i.
pub fn splitmix64_output(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The highest round, max(0, floor(log2 n) − 3) (0 for n = 0).
pub fn top_round(n: usize) -> u32 {
    if n == 0 {
        return 0;
    }
    (usize::BITS - 1 - n.leading_zeros()).saturating_sub(3)
}

/// Round of vertex i: min(top, tz(h(i))), tz(0) = 64.
pub fn brio_round(i: usize, top: u32) -> u32 {
    splitmix64_output(i as u64).trailing_zeros().min(top)
}

/// The classic Hilbert index `xy2d` of order 12 (cells 0..4096 per axis; docs/cdt.md §3).
pub fn hilbert_index(cx: u64, cy: u64) -> u64 {
    let n = HILBERT_SIDE;
    let (mut x, mut y) = (cx & (n - 1), cy & (n - 1));
    let mut d = 0u64;
    let mut s = n / 2;
    while s > 0 {
        let rx = u64::from(x & s != 0);
        let ry = u64::from(y & s != 0);
        d += s * s * ((3 * rx) ^ ry);
        if ry == 0 {
            if rx == 1 {
                x = n - 1 - x;
                y = n - 1 - y;
            }
            std::mem::swap(&mut x, &mut y);
        }
        s /= 2;
    }
    d
}

/// The least shift s with every cell coordinate `(c − min) >> s` below 4096.
pub fn hilbert_shift(extent_x: u64, extent_y: u64) -> u32 {
    let mut s = 0;
    while (extent_x >> s) >= HILBERT_SIDE || (extent_y >> s) >= HILBERT_SIDE {
        s += 1;
    }
    s
}

/// Hilbert keys of all points over their bounding box (coordinates within ±2^62).
pub fn hilbert_keys(points: &[GridPoint]) -> Vec<u64> {
    let (Some(min_x), Some(max_x)) = (
        points.iter().map(|p| p.x).min(),
        points.iter().map(|p| p.x).max(),
    ) else {
        return Vec::new();
    };
    let min_y = points.iter().map(|p| p.y).min().unwrap_or(0);
    let max_y = points.iter().map(|p| p.y).max().unwrap_or(0);
    let extent = |lo: i64, hi: i64| (i128::from(hi) - i128::from(lo)) as u64;
    let s = hilbert_shift(extent(min_x, max_x), extent(min_y, max_y));
    points
        .iter()
        .map(|p| hilbert_index(extent(min_x, p.x) >> s, extent(min_y, p.y) >> s))
        .collect()
}

/// The order in which the vertices 0..n are inserted ([D2], [D3]).
pub fn insertion_order(points: &[GridPoint]) -> Vec<u32> {
    let n = points.len();
    if n < SORTED_ORDER_BELOW {
        return (0..n as u32).collect();
    }
    let top = top_round(n);
    let keys = hilbert_keys(points);
    let mut order: Vec<(u32, u64, u32)> = (0..n)
        .map(|i| (top - brio_round(i, top), keys[i], i as u32))
        .collect();
    // Rounds from top down to 0, then Hilbert key, then index.
    order.sort_unstable();
    order.into_iter().map(|(_, _, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden SplitMix64 values. h(0) = 0xE220A8397B1DCDAF is the published first output of
    /// SplitMix64 with seed 0 (Vigna's reference `splitmix64.c`); the others were computed by
    /// an independent Python transcription of the same three lines (docs/cdt.md §3).
    #[test]
    fn splitmix64_golden() {
        assert_eq!(splitmix64_output(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64_output(1), 0x910A_2DEC_8902_5CC1);
        assert_eq!(splitmix64_output(2), 0x9758_35DE_1C97_56CE);
        assert_eq!(splitmix64_output(6), 0xBD64_A5D9_ADEF_E000);
        assert_eq!(splitmix64_output(9), 0xAEAF_52FE_BE70_6064);
    }

    /// An independent SplitMix64 *generator* (state += γ, then mix), whose k-th output from
    /// seed 0 must equal the output function at k·γ (γ = golden gamma): checks the
    /// wrapping add happens first.
    #[test]
    fn output_function_is_the_generator_step() {
        let gamma = 0x9E37_79B9_7F4A_7C15u64;
        let mut state = 0u64;
        for k in 0..100u64 {
            state = state.wrapping_add(gamma);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            assert_eq!(splitmix64_output(k.wrapping_mul(gamma)), z);
        }
    }

    #[test]
    fn rounds_golden() {
        assert_eq!(top_round(0), 0);
        assert_eq!(top_round(15), 0);
        assert_eq!(top_round(16), 1);
        assert_eq!(top_round(63), 2);
        assert_eq!(top_round(64), 3);
        assert_eq!(top_round(128), 4);
        // tz of h(0..16) from the hex values above: h(6) ends in 0xE000 → 13, h(9) in
        // 0x64 → 2, even ones ending in 0xE/0xA/0x6 → 1.
        let rounds: Vec<u32> = (0..16).map(|i| brio_round(i, 4)).collect();
        assert_eq!(rounds, [0, 0, 1, 0, 1, 1, 4, 0, 1, 2, 1, 0, 0, 0, 1, 0]);
    }

    /// Independent recursive Hilbert curve: the curve of side 2k is four copies of the
    /// side-k curve — lower-left transposed, upper-left, upper-right, lower-right
    /// anti-transposed — and for even orders the first step goes along x.
    fn hilbert_recursive(side: u64, x: u64, y: u64) -> u64 {
        if side == 1 {
            return 0;
        }
        let h = side / 2;
        let q = h * h;
        match (x >= h, y >= h) {
            (false, false) => hilbert_recursive(h, y, x),
            (false, true) => q + hilbert_recursive(h, x, y - h),
            (true, true) => 2 * q + hilbert_recursive(h, x - h, y - h),
            (true, false) => 3 * q + hilbert_recursive(h, h - 1 - y, side - 1 - x),
        }
    }

    #[test]
    fn hilbert_golden_and_independent() {
        assert_eq!(hilbert_index(0, 0), 0);
        assert_eq!(hilbert_index(1, 0), 1);
        assert_eq!(hilbert_index(0, 1), 3);
        assert_eq!(hilbert_index(0, 4095), 5_592_405);
        assert_eq!(hilbert_index(2048, 2048), 8_388_608);
        assert_eq!(hilbert_index(4095, 4095), 11_184_810);
        assert_eq!(hilbert_index(4095, 0), 16_777_215);
        assert_eq!(hilbert_index(123, 456), 255_375);
        assert_eq!(hilbert_index(4000, 17), 16_772_355);
        let mut state = 7u64;
        for _ in 0..2000 {
            state = splitmix64_output(state);
            let (x, y) = (state & 4095, (state >> 12) & 4095);
            assert_eq!(
                hilbert_index(x, y),
                hilbert_recursive(4096, x, y),
                "{x} {y}"
            );
        }
    }

    #[test]
    fn hilbert_curve_is_a_path_of_unit_steps() {
        // On a 64×64 corner of the order-12 grid (a sub-square of the curve's first
        // 4096 cells), consecutive keys are 4-neighbours.
        let mut by_key = vec![(0u64, 0u64); 4096];
        for x in 0..64 {
            for y in 0..64 {
                let d = hilbert_index(x, y);
                assert!(d < 4096);
                by_key[d as usize] = (x, y);
            }
        }
        for w in by_key.windows(2) {
            let dist = w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1);
            assert_eq!(dist, 1);
        }
    }

    #[test]
    fn shift_is_least() {
        assert_eq!(hilbert_shift(0, 0), 0);
        assert_eq!(hilbert_shift(4095, 10), 0);
        assert_eq!(hilbert_shift(4096, 10), 1);
        assert_eq!(hilbert_shift(10, 8191), 1);
        assert_eq!(hilbert_shift(8192, 0), 2);
        assert_eq!(hilbert_shift(1 << 40, 0), 29);
    }

    #[test]
    fn order_is_a_permutation_sorted_below_64() {
        let pts: Vec<GridPoint> = (0..10).map(|i| GridPoint::new(i, 0)).collect();
        assert_eq!(insertion_order(&pts), (0..10).collect::<Vec<u32>>());
        let pts: Vec<GridPoint> = (0..200).map(|i| GridPoint::new(i / 20, i % 20)).collect();
        let mut order = insertion_order(&pts);
        let top = top_round(200);
        let rounds: Vec<u32> = order.iter().map(|&i| brio_round(i as usize, top)).collect();
        assert!(rounds.windows(2).all(|w| w[0] >= w[1]));
        order.sort_unstable();
        assert_eq!(order, (0..200).collect::<Vec<u32>>());
    }
}
