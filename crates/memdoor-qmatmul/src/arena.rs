//! A model's packed weights in one allocation on transparent huge pages.
//!
//! A decode step reads every weight once (~100 MB for SmolLM2-135M): on 4 KB
//! pages that is ~25,000 page translations a token, far more than the TLB
//! holds. Linux gives huge pages to memory it is advised about
//! (`MADV_HUGEPAGE`; the usual THP mode is `madvise`), but only for whole
//! 2 MB-aligned extents, and most single matrices are smaller than that — so
//! the matrices move into one 2 MB-aligned arena. Measured on the 2-core
//! dev VM (THP `madvise`): one stream's decode 54 → 61 tok/s.

use std::alloc::{alloc, dealloc, Layout};
use std::ops::Deref;
use std::ptr::NonNull;
use std::sync::Arc;

use super::Linear;

/// Alignment (and size granule) of the arena: one x86-64 huge page.
const HUGE_PAGE: usize = 2 << 20;

/// Freed bytes between hand-backs to the OS while an arena fills.
const TRIM_EVERY: usize = 8 << 20;

/// One aligned allocation, freed when the last matrix in it is dropped.
pub struct Arena {
    ptr: NonNull<u8>,
    layout: Layout,
    len: usize,
}

// SAFETY: each region is written once, before any view of it exists (see
// `ArenaBuilder::take`), then only read.
unsafe impl Send for Arena {}
unsafe impl Sync for Arena {}

impl Arena {
    /// An arena of at least `len` bytes, advised as huge pages and not yet
    /// touched. `None` when allocation fails.
    fn new(len: usize) -> Option<Arena> {
        let layout = Layout::from_size_align(len.next_multiple_of(HUGE_PAGE).max(HUGE_PAGE), HUGE_PAGE).ok()?;
        // SAFETY: the layout has a non-zero size.
        let ptr = NonNull::new(unsafe { alloc(layout) })?;
        advise_huge_pages(ptr.as_ptr(), layout.size());
        Some(Arena { ptr, layout, len })
    }

    /// Copies `bytes` in at `at`.
    ///
    /// # Safety
    /// Nobody reads `at..at + bytes.len()` before this returns, and nobody
    /// else writes it at all (`ArenaBuilder` hands out each region once).
    unsafe fn write(&self, at: usize, bytes: &[u8]) {
        assert!(at + bytes.len() <= self.len, "{} bytes at {at} in an arena of {}", bytes.len(), self.len);
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.ptr.as_ptr().add(at), bytes.len());
    }

    /// Bytes the arena holds for matrices (without its padding to whole huge
    /// pages).
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Drop for Arena {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { dealloc(self.ptr.as_ptr(), self.layout) }
    }
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    // Advice only: with THP off (`never`) the arena simply stays on 4 KB pages.
    // SAFETY: `ptr..ptr + len` is one live allocation.
    unsafe { libc::madvise(ptr.cast(), len, libc::MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut u8, _len: usize) {}

/// Hands the freed copies back to the OS. glibc keeps freed heap memory for
/// reuse, and the matrices were mostly heap (not mmap) allocations: without
/// this, peak RSS counted the weights twice (343 vs 294 MB for SmolLM2).
/// Done every `TRIM_EVERY` bytes, so the copies never pile up.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn release_freed_memory() {
    // SAFETY: no arguments to get wrong; it only returns free pages.
    unsafe { libc::malloc_trim(0) };
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn release_freed_memory() {}

/// A packed matrix's bytes: its own vector, or its part of an arena.
pub enum Bytes {
    Own(Vec<u8>),
    InArena { arena: Arc<Arena>, at: usize, len: usize },
}

impl Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Own(v) => v,
            // SAFETY: `at..at + len` lies inside the arena, written before
            // it was shared and alive while `arena` is.
            Bytes::InArena { arena, at, len } => unsafe {
                std::slice::from_raw_parts(arena.ptr.as_ptr().add(*at), *len)
            },
        }
    }
}

/// Fills one arena while a model loads: each matrix moves in as soon as it
/// is packed, so its own copy is freed before the next is made (the heap
/// reuses it) and loading costs the weights plus one matrix, not twice the
/// weights.
pub struct ArenaBuilder {
    arena: Option<Arc<Arena>>,
    used: usize,
    freed: usize,
}

impl ArenaBuilder {
    /// An arena for at most `capacity` bytes of packed matrices (each is
    /// padded to 64 bytes: count that in). Without one (allocation failed),
    /// matrices keep their own memory.
    pub fn new(capacity: usize) -> Self {
        Self { arena: Arena::new(capacity.max(1)).map(Arc::new), used: 0, freed: 0 }
    }

    /// Moves `linear`'s packed bytes into the arena; a matrix on candle's
    /// path, or one that no longer fits, stays as it is. Returns whether it
    /// moved.
    pub fn take(&mut self, linear: &mut Linear) -> bool {
        let (Some(arena), Linear::Packed(p)) = (&self.arena, linear) else { return false };
        let Bytes::Own(own) = &p.data else { return false };
        let (at, len) = (self.used, own.len());
        let end = at + len.next_multiple_of(64); // the kernel's load width
        if end > arena.len() {
            return false;
        }
        // SAFETY: `at..end` lies past every region handed out before, and no
        // view of it exists until the line after.
        unsafe { arena.write(at, own) };
        p.data = Bytes::InArena { arena: arena.clone(), at, len };
        self.used = end;
        self.freed += len;
        if self.freed >= TRIM_EVERY {
            release_freed_memory();
            self.freed = 0;
        }
        true
    }

    /// Bytes handed out so far.
    pub fn used(&self) -> usize {
        self.used
    }
}

impl Drop for ArenaBuilder {
    fn drop(&mut self) {
        release_freed_memory();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_land_where_asked_in_an_aligned_arena() {
        let a: Vec<u8> = (0..100u8).collect();
        let b: Vec<u8> = (0..7u8).map(|x| x * 3).collect();
        let arena = Arc::new(Arena::new(192).unwrap());
        // SAFETY: disjoint regions, no views yet.
        unsafe {
            arena.write(0, &a);
            arena.write(128, &b);
        }
        assert_eq!(arena.len(), 192);
        assert_eq!(arena.ptr.as_ptr() as usize % HUGE_PAGE, 0);
        let view = |at, len| Bytes::InArena { arena: arena.clone(), at, len };
        assert_eq!(&*view(0, 100), &a[..]);
        assert_eq!(&*view(128, 7), &b[..]);
    }

    #[test]
    #[should_panic(expected = "in an arena of 64")]
    fn a_write_past_the_end_is_refused() {
        // SAFETY: nothing else uses the arena.
        unsafe { Arena::new(64).unwrap().write(60, &[0; 8]) };
    }
}
