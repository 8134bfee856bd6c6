//! Segments near a segment, for the shrink diagnostics (`shrink_near`, `shrink_cover`):
//! buckets of segments by square, and f64 distances (a diagnostic: a few ulps do not
//! matter; whether two segments cross is decided exactly).

use build2d::GridPoint;

/// Segments listed in every bucket (a square of `side` grid units) their box meets.
pub struct SegmentBuckets {
    side: i64,
    min: (i64, i64),
    cols: i64,
    rows: i64,
    lists: Vec<Vec<u32>>,
}

impl SegmentBuckets {
    pub fn new(segments: &[(GridPoint, GridPoint)], side: i64) -> SegmentBuckets {
        let xs = segments.iter().flat_map(|(a, b)| [a.x, b.x]);
        let ys = segments.iter().flat_map(|(a, b)| [a.y, b.y]);
        let min = (xs.clone().min().unwrap_or(0), ys.clone().min().unwrap_or(0));
        let max = (xs.max().unwrap_or(0), ys.max().unwrap_or(0));
        let (cols, rows) = ((max.0 - min.0) / side + 1, (max.1 - min.1) / side + 1);
        let mut buckets = SegmentBuckets {
            side,
            min,
            cols,
            rows,
            lists: vec![Vec::new(); (cols * rows) as usize],
        };
        for (k, (a, b)) in segments.iter().enumerate() {
            for bucket in buckets.meeting(*a, *b, 0) {
                buckets.lists[bucket].push(k as u32);
            }
        }
        buckets
    }

    /// The buckets that the box of a–b grown by `grow` meets (clamped to the grid).
    fn meeting(&self, a: GridPoint, b: GridPoint, grow: i64) -> impl Iterator<Item = usize> {
        let span = |lo: i64, hi: i64, origin: i64, count: i64| {
            let clamp = |v: i64| (v - origin).div_euclid(self.side).clamp(0, count - 1);
            clamp(lo - grow)..=clamp(hi + grow)
        };
        let columns = span(a.x.min(b.x), a.x.max(b.x), self.min.0, self.cols);
        let rows = span(a.y.min(b.y), a.y.max(b.y), self.min.1, self.rows);
        let stride = self.rows;
        columns.flat_map(move |c| rows.clone().map(move |r| (c * stride + r) as usize))
    }

    /// The segments (indices into `segments`, the list the buckets were made of) within
    /// `reach` of a–b, each once, in ascending order.
    pub fn near(
        &self,
        segments: &[(GridPoint, GridPoint)],
        a: GridPoint,
        b: GridPoint,
        reach: f64,
    ) -> Vec<usize> {
        let mut found: Vec<usize> = self
            .meeting(a, b, reach.ceil() as i64 + 1)
            .flat_map(|bucket| &self.lists[bucket])
            .map(|&k| k as usize)
            .filter(|&k| segment_distance(a, b, segments[k].0, segments[k].1) <= reach)
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The distance from a–b to the nearest of `segments` when one is within `reach`,
    /// else infinity.
    pub fn distance_within(
        &self,
        segments: &[(GridPoint, GridPoint)],
        a: GridPoint,
        b: GridPoint,
        reach: f64,
    ) -> f64 {
        let nearest = self
            .meeting(a, b, reach.ceil() as i64 + 1)
            .flat_map(|bucket| &self.lists[bucket])
            .map(|&k| segment_distance(a, b, segments[k as usize].0, segments[k as usize].1))
            .fold(f64::INFINITY, f64::min);
        if nearest <= reach {
            nearest
        } else {
            f64::INFINITY
        }
    }
}

/// The squared distance from p to the segment a–b.
fn squared_distance_to_segment(p: GridPoint, a: GridPoint, b: GridPoint) -> f64 {
    let along = [(b.x - a.x) as f64, (b.y - a.y) as f64];
    let from_a = [(p.x - a.x) as f64, (p.y - a.y) as f64];
    let length2 = along[0] * along[0] + along[1] * along[1];
    let dot = from_a[0] * along[0] + from_a[1] * along[1];
    let t = if length2 > 0.0 {
        (dot / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = [from_a[0] - t * along[0], from_a[1] - t * along[1]];
    gap[0] * gap[0] + gap[1] * gap[1]
}

/// The distance between the segments a–b and p–q (0 when they cross).
pub fn segment_distance(a: GridPoint, b: GridPoint, p: GridPoint, q: GridPoint) -> f64 {
    let orient = |o: GridPoint, u: GridPoint, v: GridPoint| {
        i128::from(u.x - o.x) * i128::from(v.y - o.y)
            - i128::from(u.y - o.y) * i128::from(v.x - o.x)
    };
    let (d1, d2) = (orient(a, b, p).signum(), orient(a, b, q).signum());
    let (d3, d4) = (orient(p, q, a).signum(), orient(p, q, b).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return 0.0; // they cross
    }
    [(a, p, q), (b, p, q), (p, a, b), (q, a, b)]
        .into_iter()
        .map(|(point, from, to)| squared_distance_to_segment(point, from, to))
        .fold(f64::INFINITY, f64::min)
        .sqrt()
}
