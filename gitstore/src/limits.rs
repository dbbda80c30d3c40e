//! Every size read from disk is bounded; past a bound a read is an
//! [`Error::TooLarge`](crate::Error::TooLarge), never a guess.

/// The largest object inflated. Policy files, marks, commits and trees are
/// kilobytes; a bigger blob is not something a consult reads, and inflating
/// one must not let a planted object exhaust memory.
pub const MAX_OBJECT_SIZE: usize = 64 << 20;

/// The longest delta chain followed. git caps `pack.depth` at 4095, so no
/// pack git writes goes deeper; a deeper chain is crafted or corrupt. The
/// chain is walked iteratively, so depth costs time, never stack.
pub const MAX_DELTA_CHAIN: usize = 4095;

/// The largest loose ref file. A ref holds 41 bytes or `ref: <name>`; git
/// names are bounded by the file system's path length (4096).
pub const MAX_REF_FILE: u64 = 8 << 10;

/// The largest `packed-refs` file read (it is read whole, once per `Repo`):
/// several million refs, far past any litany workspace.
pub const MAX_PACKED_REFS: u64 = 256 << 20;

/// How many symbolic refs are followed before giving up; git's own bound
/// (`SYMREF_MAXDEPTH`).
pub const MAX_SYMREF_DEPTH: usize = 5;

/// How many loose refs `refs_under` lists before giving up, so a planted
/// directory tree cannot make a consult walk forever.
pub const MAX_LOOSE_REFS: usize = 1_000_000;

/// How many commits one history walk reads (`is_ancestor`, `merge_bases`).
/// A litany workspace's history is thousands of commits; the bound keeps a
/// walk over a huge or crafted history to seconds.
pub const MAX_WALK: usize = 1_000_000;

/// A pack index up to this size (some 37,000 objects, under a millisecond
/// to hash) is read whole, once per `Repo`, and its
/// trailing SHA-1 checked. A larger one is consulted by positioned reads
/// (fan-out table, then a binary search) with its structure checked but not
/// its checksum: hashing a 100 MB index per tool call would cost more than
/// the consult. A damaged entry there can only hide an object (`Ok(None)`),
/// never forge one: every object read is hash-checked.
pub const MAX_IDX_READ_WHOLE: u64 = 1 << 20;

/// The largest pack file read (the 32-bit-offset format's ceiling is far
/// lower; 64-bit offsets exist, but a workspace pack of a terabyte does not).
pub const MAX_PACK_SIZE: u64 = 1 << 40;

/// How many pack indexes are considered; more is a planted directory.
pub const MAX_PACKS: usize = 10_000;

/// The memory one pack spends keeping delta bases it has built (dropped
/// whole when full): enough for the trees and commits of a long walk.
pub const MAX_BASE_CACHE: usize = 32 << 20;
