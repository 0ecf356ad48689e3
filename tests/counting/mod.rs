//! An allocator that adds up the bytes each thread asks for, so that what
//! a clone allocates is a difference of two readings: the bytes a copy of
//! a generator or solver takes (`tests/state_bytes.rs`,
//! `examples/timeline_memory.rs`). A binary that includes this module
//! installs it with `#[global_allocator] static GLOBAL: Counting =
//! Counting;`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting.
pub struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.with(|a| a.set(a.get() + layout.size()));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
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
