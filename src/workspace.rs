//! Buffers kept from one call to the next ([`Workspace`]): where memory comes from,
//! never what is computed.
//!
//! A cave-512 shrink fills about 30 MB of buffers once each (the fed edges, the sorted
//! fragments, the hot pixels, the pieces, the line covers). Freed between calls, they
//! come back as fresh pages, whose first touch is about a tenth of the shrink
//! (docs/performance.md). A workspace keeps them for the next call instead.
//!
//! The buffers are lent through a slot of the calling thread while a call runs
//! ([`Workspace::install`]) rather than passed down as a parameter: only the few phases
//! that fill large buffers ask for one ([`take`]) or hand one back ([`give`]), and every
//! stage keeps its signature. The tasks that a call runs on rayon's worker threads (the
//! `parallel` feature: the shrink's edge chunks, the arrangement's strips) are handed the
//! installed workspace ([`installed`], [`serve`]), whose shelves sit behind a mutex for
//! them. Without a workspace (the plain calls) [`take`] allocates and [`give`] frees,
//! exactly as before. A buffer taken is always empty, so no output can depend on what it
//! held, nor on which thread took it.

use std::cell::RefCell;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::arrangement::{Fragment, Gaps, Segment, TaggedEdge};
use crate::grid::GridPoint;

/// Large buffers kept from one build2d call to the next: the calls made inside
/// [`Workspace::install`], [`Region::shrink_in`](crate::Region::shrink_in) and
/// [`Mesh2DPipeline::build_in`](crate::Mesh2DPipeline::build_in). A caller who cuts,
/// shrinks or builds again and again, tile after tile or frame after frame, then does not
/// pay for fresh memory each time. Results are the same with or without one.
///
/// After each call (each `install`) a workspace holds, of each type of buffer, as many
/// as that call asked for, the largest it has seen (all of them together: somewhat more
/// than one call's peak: 37 MB after a cave-512 shrink, 49 MB after one on two threads),
/// until it is dropped or [cleared](Self::clear); [`Self::capacity_bytes`] says how much.
///
/// ```
/// use build2d::{pipeline_arc_tolerance, Geometry2DOptions, Outline, Region, Workspace};
/// let square = |s: f64| Outline { rings: vec![vec![[0.0, 0.0], [s, 0.0], [s, s], [0.0, s]]] };
/// let options = Geometry2DOptions::new(4)?;
/// let mut workspace = Workspace::new();
/// for size in [4.0, 5.0, 6.0] {
///     let region = Region::from_outlines(&[square(size)], options)?;
///     let kept = region.shrink_in(1.0, pipeline_arc_tolerance(1.0, 1.0), &mut workspace)?;
///     assert_eq!(kept, region.shrink(1.0, pipeline_arc_tolerance(1.0, 1.0))?);
/// }
/// # Ok::<(), build2d::Error>(())
/// ```
#[derive(Default)]
pub struct Workspace {
    shelves: Shelves,
}

impl Workspace {
    /// An empty workspace (it allocates nothing until a call uses it).
    pub fn new() -> Self {
        Workspace::default()
    }

    /// Bytes held by the buffers kept.
    pub fn capacity_bytes(&self) -> usize {
        self.shelves.capacity_bytes()
    }

    /// How many buffers the last call had to allocate, for want of one kept here.
    #[cfg(test)]
    pub(crate) fn missed_last_call(&self) -> usize {
        self.shelves.missed_last_call
    }

    /// Frees every buffer kept.
    pub fn clear(&mut self) {
        self.shelves = Shelves::default();
    }

    /// Runs `call` with this workspace installed on the current thread: every build2d
    /// operation that `call` makes on this thread (the booleans, [`Region::offset`],
    /// [`Region::from_outlines`], the shrink, a pipeline build) takes its large buffers
    /// from here and leaves them here for the next one. Results are the same as
    /// without. build2d's own tasks on rayon's worker threads (the `parallel` feature)
    /// use it too; threads that `call` starts itself allocate as usual. Inside another
    /// workspace's `install`, this one serves until `call` returns.
    ///
    /// [`Region::shrink_in`] and [`Mesh2DPipeline::build_in`] are this method around one
    /// call.
    ///
    /// ```
    /// use build2d::{Geometry2DOptions, Join, Outline, Region, Workspace};
    /// let square = |x: f64, s: f64| Outline {
    ///     rings: vec![vec![[x, 0.0], [x + s, 0.0], [x + s, s], [x, s]]],
    /// };
    /// let options = Geometry2DOptions::new(4)?;
    /// let floor = Region::from_outlines(&[square(0.0, 20.0)], options)?;
    /// let mut workspace = Workspace::new();
    /// for x in [2.0, 5.0, 9.0] {
    ///     // An obstacle moves: cut it, grown by a margin, out of the floor.
    ///     let obstacle = Region::from_outlines(&[square(x, 3.0)], options)?;
    ///     let free = workspace.install(|| -> build2d::Result<Region> {
    ///         floor.difference(&obstacle.offset(0.5, Join::Square, 0.1)?)
    ///     })?;
    ///     assert_eq!(free, floor.difference(&obstacle.offset(0.5, Join::Square, 0.1)?)?);
    /// }
    /// # Ok::<(), build2d::Error>(())
    /// ```
    ///
    /// [`Region::offset`]: crate::Region::offset
    /// [`Region::from_outlines`]: crate::Region::from_outlines
    /// [`Region::shrink_in`]: crate::Region::shrink_in
    /// [`Mesh2DPipeline::build_in`]: crate::Mesh2DPipeline::build_in
    pub fn install<R>(&mut self, call: impl FnOnce() -> R) -> R {
        /// Takes the shelves back into the workspace however `call` ends.
        struct Return<'a> {
            workspace: &'a mut Workspace,
            installed: Installed,
        }
        impl Drop for Return<'_> {
            fn drop(&mut self) {
                // The tasks `call` started on other threads have ended (rayon joins them
                // before returning), so no one else takes from these shelves now.
                self.workspace.shelves = std::mem::take(&mut *self.installed.lock());
                self.workspace.shelves.close_call();
            }
        }
        let installed = Installed(Arc::new(Mutex::new(std::mem::take(&mut self.shelves))));
        let _return = Return {
            workspace: self,
            installed: installed.clone(),
        };
        // Inside another workspace's call, this one serves until `call` returns.
        serve(&Some(installed), call)
    }
}

impl fmt::Debug for Workspace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Workspace")
            .field("capacity_bytes", &self.capacity_bytes())
            .finish()
    }
}

/// The shelves of an installed workspace, shared by the thread that installed it and the
/// tasks its call runs on other threads ([`serve`]).
#[derive(Clone)]
pub(crate) struct Installed(Arc<Mutex<Shelves>>);

impl Installed {
    /// The shelves (a task that panicked while holding them left them whole: every
    /// change to them is a single push, swap or truncation).
    fn lock(&self) -> MutexGuard<'_, Shelves> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

thread_local! {
    /// The workspace serving this thread, if any.
    static LENT: RefCell<Option<Installed>> = const { RefCell::new(None) };
}

/// The workspace serving this thread, to hand to the tasks a call runs on other threads.
#[cfg(any(test, feature = "parallel"))]
pub(crate) fn installed() -> Option<Installed> {
    LENT.with(|slot| slot.borrow().clone())
}

/// Runs `task` (on whatever thread it runs, such as a rayon worker) with `installed`
/// serving, as on the thread that installed it; what served before comes back after.
pub(crate) fn serve<R>(installed: &Option<Installed>, task: impl FnOnce() -> R) -> R {
    /// Puts back what served before, however `task` ends.
    struct Restore(Option<Installed>);
    impl Drop for Restore {
        fn drop(&mut self) {
            LENT.with(|slot| slot.replace(self.0.take()));
        }
    }
    if installed.is_none() {
        return task();
    }
    let _restore = Restore(LENT.with(|slot| slot.replace(installed.clone())));
    task()
}

/// Buffers of one type, and how many the current call asked for.
pub(crate) struct Shelf<T> {
    kept: Vec<Vec<T>>,
    asked: usize,
    /// Of those, how many found no buffer large enough.
    missed: usize,
}

impl<T> Default for Shelf<T> {
    fn default() -> Self {
        Shelf {
            kept: Vec::new(),
            asked: 0,
            missed: 0,
        }
    }
}

impl<T> Shelf<T> {
    /// The smallest buffer kept with room for `capacity`, if any.
    fn take(&mut self, capacity: usize) -> Option<Vec<T>> {
        self.asked += 1;
        let best = (0..self.kept.len())
            .filter(|&k| self.kept[k].capacity() >= capacity)
            .min_by_key(|&k| self.kept[k].capacity());
        self.missed += usize::from(best.is_none());
        Some(self.kept.swap_remove(best?))
    }

    fn give(&mut self, mut buffer: Vec<T>) {
        if buffer.capacity() > 0 {
            buffer.clear();
            self.kept.push(buffer);
        }
    }

    /// At the end of a call: keeps as many buffers as the call asked for, the largest.
    /// The others (made where nothing was served, such as in threads the caller started,
    /// and handed back here) would never be asked for again. Returns how many of the
    /// call's requests found no buffer.
    fn close_call(&mut self) -> usize {
        self.kept
            .sort_unstable_by_key(|b| std::cmp::Reverse(b.capacity()));
        self.kept.truncate(self.asked);
        self.asked = 0;
        std::mem::take(&mut self.missed)
    }

    fn capacity_bytes(&self) -> usize {
        self.kept
            .iter()
            .map(|b| b.capacity() * size_of::<T>())
            .sum()
    }
}

/// A type whose buffers a workspace keeps.
pub(crate) trait Shelved: Sized {
    fn shelf(shelves: &mut Shelves) -> &mut Shelf<Self>;
}

/// The shelves, one per type of large buffer, from one list: the struct, the
/// [`Shelved`] impls and the sums over every shelf.
macro_rules! shelves {
    ($($field:ident: $type:ty,)*) => {
        /// One shelf per type of large buffer.
        #[derive(Default)]
        pub(crate) struct Shelves {
            $($field: Shelf<$type>,)*
            /// Requests of the last call that found no buffer (a new one was allocated).
            missed_last_call: usize,
        }

        impl Shelves {
            /// [`Shelf::close_call`] on every shelf; remembers how many requests missed.
            fn close_call(&mut self) {
                self.missed_last_call = 0 $(+ self.$field.close_call())*;
            }

            fn capacity_bytes(&self) -> usize {
                0 $(+ self.$field.capacity_bytes())*
            }
        }

        $(impl Shelved for $type {
            fn shelf(shelves: &mut Shelves) -> &mut Shelf<Self> {
                &mut shelves.$field
            }
        })*
    };
}

shelves! {
    edges: TaggedEdge,
    fragments: Fragment,
    segments: Segment,
    points: GridPoint,
    gaps: Gaps,
}

/// An empty buffer with room for at least `capacity` items: a kept one when a workspace
/// is lent and holds one large enough, a new one otherwise.
pub(crate) fn take<T: Shelved>(capacity: usize) -> Vec<T> {
    LENT.with(|slot| {
        let installed = slot.borrow();
        installed
            .as_ref()
            .and_then(|installed| T::shelf(&mut installed.lock()).take(capacity))
    })
    .unwrap_or_else(|| Vec::with_capacity(capacity))
}

/// `count` copies of `value`, in a buffer from [`take`].
pub(crate) fn take_filled<T: Shelved + Clone>(count: usize, value: T) -> Vec<T> {
    let mut buffer = take(count);
    buffer.resize(count, value);
    buffer
}

/// Hands `buffer` back: kept (emptied) when a workspace is lent, freed otherwise.
pub(crate) fn give<T: Shelved>(buffer: Vec<T>) {
    LENT.with(|slot| match slot.borrow().as_ref() {
        Some(installed) => T::shelf(&mut installed.lock()).give(buffer),
        None => drop(buffer),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lent_workspace_keeps_what_is_given_and_lends_it_again() {
        let mut workspace = Workspace::new();
        let address = workspace.install(|| {
            let mut buffer: Vec<GridPoint> = take(1000);
            buffer.push(GridPoint::new(1, 2));
            let address = buffer.as_ptr() as usize;
            give(buffer);
            address
        });
        assert!(workspace.capacity_bytes() >= 1000 * size_of::<GridPoint>());
        workspace.install(|| {
            let small: Vec<GridPoint> = take(10);
            assert!(small.is_empty(), "a buffer taken is empty");
            assert_eq!(
                small.as_ptr() as usize,
                address,
                "the kept buffer comes back"
            );
            let larger: Vec<GridPoint> = take(2000);
            assert!(larger.capacity() >= 2000);
            give(small);
            give(larger);
        });
        assert!(workspace.capacity_bytes() >= 3000 * size_of::<GridPoint>());
        // Nothing is lent outside `install`: a buffer given there is freed.
        give(take::<GridPoint>(5000));
        assert!(LENT.with(|slot| slot.borrow().is_none()));
        workspace.clear();
        assert_eq!(workspace.capacity_bytes(), 0);
    }

    /// An `install` inside another's serves until its call returns, and the outer one
    /// serves again after; a call that panics still leaves its workspace with what it
    /// was given, and nothing installed on the thread.
    #[test]
    fn an_inner_install_serves_until_it_returns_and_a_panic_leaves_all_in_place() {
        let (mut outer, mut inner) = (Workspace::new(), Workspace::new());
        outer.install(|| {
            inner.install(|| give(take::<GridPoint>(100)));
            give(take::<GridPoint>(7000));
        });
        assert!(inner.capacity_bytes() >= 100 * size_of::<GridPoint>());
        assert!(inner.capacity_bytes() < 7000 * size_of::<GridPoint>());
        assert!(outer.capacity_bytes() >= 7000 * size_of::<GridPoint>());
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            inner.install(|| {
                give(take::<GridPoint>(50_000));
                panic!("the caller's code fails");
            })
        }));
        assert!(caught.is_err());
        assert!(inner.capacity_bytes() >= 50_000 * size_of::<GridPoint>());
        assert!(LENT.with(|slot| slot.borrow().is_none()));
    }

    /// A task served on another thread takes from and gives to the installed workspace;
    /// a thread not served allocates and frees.
    #[test]
    fn a_task_served_on_another_thread_uses_the_installed_workspace() {
        let mut workspace = Workspace::new();
        workspace.install(|| {
            let installed = installed();
            std::thread::scope(|scope| {
                scope.spawn(|| serve(&installed, || give(take::<GridPoint>(5000))));
                scope.spawn(|| give(take::<GridPoint>(90_000)));
            });
        });
        // The served task found the workspace empty; the other thread's miss is not its.
        assert_eq!(workspace.missed_last_call(), 1);
        let bytes = workspace.capacity_bytes();
        assert!(bytes >= 5000 * size_of::<GridPoint>());
        assert!(bytes < 90_000 * size_of::<GridPoint>());
        // Served again, the task finds the buffer kept.
        workspace.install(|| {
            let installed = installed();
            std::thread::scope(|scope| {
                scope.spawn(|| serve(&installed, || give(take::<GridPoint>(4000))));
            });
        });
        assert_eq!(workspace.missed_last_call(), 0);
        assert_eq!(workspace.capacity_bytes(), bytes);
    }

    /// Every region operation run inside [`Workspace::install`] gives the plain result:
    /// the booleans, both joins of the offset both ways, the outlines and the n-ary union,
    /// on a cave and a rooms map (from the tile maps, they overlap). Run again in the same
    /// workspace, the operations find every buffer they ask for there.
    #[test]
    fn every_region_operation_in_a_workspace_is_the_plain_one() {
        use crate::workloads::{cave, rooms};
        use crate::{Geometry2DOptions, Join, Outline, Region, Result};
        let options = Geometry2DOptions::new(16).unwrap();
        let from_map = |map: crate::workloads::TileMap| {
            Region::from_tile_map(&map.cells, map.n, map.n, 0.25, [0.0, 0.0], options).unwrap()
        };
        let (a, b) = (from_map(cave(64)), from_map(rooms(128).unwrap()));
        let outlines: Vec<Outline> = [&a, &b]
            .iter()
            .map(|r| Outline {
                rings: r.rings_f64(),
            })
            .collect();
        let operations = || -> Result<Vec<Region>> {
            let mut out = vec![
                a.union(&b)?,
                a.intersection(&b)?,
                a.difference(&b)?,
                a.xor(&b)?,
                Region::from_outlines(&outlines, options)?,
                Region::union_all(&[a.clone(), b.clone()], options)?,
            ];
            for (distance, join) in [
                (0.5, Join::Round),
                (-0.5, Join::Round),
                (0.75, Join::Square),
            ] {
                out.push(b.offset(distance, join, 0.1)?);
            }
            Ok(out)
        };
        let plain = operations().unwrap();
        assert!(plain.iter().all(|r| !r.rings().is_empty()));
        let mut workspace = Workspace::new();
        assert!(workspace.install(operations).unwrap() == plain);
        assert!(
            workspace.missed_last_call() > 0,
            "the first call found the shelves empty"
        );
        let held = workspace.capacity_bytes();
        assert!(held > 0);
        assert!(workspace.install(operations).unwrap() == plain);
        assert_eq!(workspace.missed_last_call(), 0);
        assert_eq!(workspace.capacity_bytes(), held);
    }

    #[test]
    fn a_shelf_lends_the_smallest_that_fits_and_keeps_what_a_call_asked_for() {
        let mut shelf = Shelf::<u8>::default();
        for capacity in [5, 9, 7, 3] {
            shelf.give(Vec::with_capacity(capacity));
        }
        assert_eq!(shelf.take(6).map(|b| b.capacity()), Some(7));
        assert!(shelf.take(10).is_none());
        // Two asked for: the two largest of the three left are kept.
        shelf.close_call();
        let mut kept: Vec<usize> = shelf.kept.iter().map(Vec::capacity).collect();
        kept.sort_unstable();
        assert_eq!(kept, [5, 9]);
        // A call that asks for none keeps none.
        shelf.close_call();
        assert!(shelf.kept.is_empty());
    }
}
