//! An allocator that adds up the bytes each thread asks for, so that what
//! a clone allocates is a difference of two readings: the bytes a copy of
//! a generator or solver takes (`tests/state_bytes.rs`,
//! `benches/timing/timeline_memory.rs`). A binary that includes this module
//! installs it with `#[global_allocator] static GLOBAL: Counting =
//! Counting;`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting.
pub struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated less bytes freed.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.with(|a| a.set(a.get() + layout.size()));
        LIVE.with(|a| a.set(a.get() + layout.size() as isize));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.with(|a| a.set(a.get() - layout.size() as isize));
        System.dealloc(ptr, layout)
    }
}

/// The bytes a clone of `value` allocates.
pub fn bytes_of<T: Clone>(value: &T) -> usize {
    let before = ALLOCATED.with(Cell::get);
    let copy = value.clone();
    let after = ALLOCATED.with(Cell::get);
    drop(copy);
    after - before
}

/// What `make` makes, and the bytes it still holds once made: allocated
/// less freed while making it, so a packed copy made through a temporary
/// (packed, then put in shared chunks) counts what it keeps, and chunks it
/// shares with an earlier copy count nothing.
#[allow(dead_code)]
pub fn held_by<T>(make: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.with(Cell::get);
    let value = make();
    let after = LIVE.with(Cell::get);
    (value, (after - before).max(0) as usize)
}
