//! The default classifier's compiled code run where the binary already has it.
//!
//! A consult used to copy the embedded artifact (some 4.7 MB) into fresh
//! memory before making its code executable: a page fault and a page copy
//! for every 4 KiB, most of a warm consult's time beyond start-up. Instead the
//! artifact is embedded page-aligned, and its code section (which wasmtime
//! lays out at a page boundary inside the artifact) is made executable where
//! it lies in the binary's read-only data: nothing is copied, and only the
//! pages the classifier touches are faulted in, from the page cache the
//! binary itself is served from.
//!
//! Nothing new can rewrite it under a running consult: these bytes are part
//! of the running executable, as its own code is.

use std::ptr::NonNull;

use wasmtime::CustomCodeMemory;

/// The page size the embedded artifact is aligned to.
const ALIGN: usize = 4096;

/// A value at a page boundary.
#[repr(C, align(4096))]
struct PageAligned<T: ?Sized>(T);

/// The default classifier compiled at build time for this binary's engine.
static COMPILED: &PageAligned<[u8]> = &PageAligned(*include_bytes!(concat!(
    env!("OUT_DIR"),
    "/default-classifier.cwasm"
)));

/// The embedded artifact's bytes (for a copying load where in place cannot be).
pub fn bytes() -> &'static [u8] {
    &COMPILED.0
}

/// The embedded artifact as wasmtime may use it in place, when this host's
/// pages are the size it was aligned for.
pub fn memory() -> Option<NonNull<[u8]>> {
    (rustix::param::page_size() == ALIGN).then(|| NonNull::from(&COMPILED.0))
}

/// Whether `ptr` lies in the embedded artifact.
fn embedded(ptr: *const u8) -> bool {
    let range = COMPILED.0.as_ptr_range();
    range.contains(&ptr)
}

/// How wasmtime makes code executable in this process: by `mprotect`, on
/// its own copies and on the embedded artifact alike.
pub struct Protect;

impl CustomCodeMemory for Protect {
    fn required_alignment(&self) -> usize {
        rustix::param::page_size()
    }

    fn publish_executable(&self, ptr: *const u8, len: usize) -> wasmtime::Result<()> {
        use rustix::mm::MprotectFlags;
        // SAFETY: wasmtime hands over a page-aligned range of code memory it
        // owns (or that `memory()` lent it for the process's lifetime), with
        // nothing else writing to it.
        unsafe {
            rustix::mm::mprotect(
                ptr.cast_mut().cast(),
                len,
                MprotectFlags::READ | MprotectFlags::EXEC,
            )
        }
        .map_err(|e| wasmtime::format_err!("making compiled code executable: {e}"))
    }

    fn unpublish_executable(&self, ptr: *const u8, len: usize) -> wasmtime::Result<()> {
        use rustix::mm::MprotectFlags;
        // The embedded artifact goes back to read-only data; wasmtime's own
        // memory back to writable, as it expects before unmapping it.
        let flags = if embedded(ptr) {
            MprotectFlags::READ
        } else {
            MprotectFlags::READ | MprotectFlags::WRITE
        };
        // SAFETY: as above; no code runs from this range any more.
        unsafe { rustix::mm::mprotect(ptr.cast_mut().cast(), len, flags) }
            .map_err(|e| wasmtime::format_err!("releasing compiled code: {e}"))
    }
}
