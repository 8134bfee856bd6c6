//! Compressed lists (CSR): items grouped by a dense key with a counting sort, stored as
//! one item array and one start per key. The arrangement's candidate grids and bands and
//! the shrink's cover check index their items this way.

/// Compressed lists: `items[start[k]..start[k + 1]]` belong to key k.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lists {
    pub(crate) start: Vec<usize>,
    pub(crate) items: Vec<u32>,
}

impl Lists {
    pub(crate) fn get(&self, k: usize) -> &[u32] {
        &self.items[self.start[k]..self.start[k + 1]]
    }

    /// Groups `(key, item)` pairs by key (counting sort; keeps item order within a key);
    /// keys below `keys`, items below 2^32.
    pub(crate) fn group(keys: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Lists {
        Lists::fill(Lists::count(keys, pairs.clone().map(|(k, _)| k)), pairs)
    }

    /// `counts[k + 1]` = how many of `keys` equal k (the layout [`Lists::fill`] takes).
    pub(crate) fn count(keys: usize, of: impl Iterator<Item = usize>) -> Vec<usize> {
        let mut counts = vec![0usize; keys + 1];
        for k in of {
            counts[k + 1] += 1;
        }
        counts
    }

    /// The lists from `counts[k + 1]` = the number of pairs with key k, and the pairs.
    pub(crate) fn fill(
        mut start: Vec<usize>,
        pairs: impl Iterator<Item = (usize, usize)>,
    ) -> Lists {
        let keys = start.len() - 1;
        for k in 0..keys {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut items: Vec<u32> = vec![0; start[keys]];
        for (k, item) in pairs {
            items[fill[k]] = item as u32;
            fill[k] += 1;
        }
        Lists { start, items }
    }
}
