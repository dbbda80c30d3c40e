//! Packed objects: `objects/pack/pack-*.idx` (version 1 or 2) names the
//! objects of the `.pack` beside it and where each starts; an entry is an
//! object or a delta against a base (by offset in the same pack, or by name,
//! which git also requires to be in the same pack).
//!
//! An index is consulted through its fan-out table and a binary search; the
//! pack is read with positioned reads. Only the names of the indexes are
//! listed up front; each index and pack is opened the first time it is
//! consulted and its structure checked against the other.

use std::collections::HashMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::files::{self, Opened};
use crate::limits::{MAX_BASE_CACHE, MAX_DELTA_CHAIN, MAX_OBJECT_SIZE, MAX_PACKS, MAX_PACK_SIZE};
use crate::zlib::{Inflate, Step};
use crate::{Error, Kind, Object, Oid, Repo};

/// The packs of a repository, as listed.
#[derive(Default)]
pub(crate) struct Packs {
    listed: Option<Vec<Arc<Pack>>>,
}

/// One pack, opened lazily.
pub(crate) struct Pack {
    idx_path: PathBuf,
    pack_path: PathBuf,
    idx: OnceLock<Option<Idx>>,
    data: OnceLock<Option<PackFile>>,
    /// Delta bases built while reading, by offset: a walk over deltified
    /// commits or trees builds each base once, not once per object.
    bases: Mutex<BaseCache>,
}

#[derive(Default)]
struct BaseCache {
    built: HashMap<u64, (Kind, Arc<Vec<u8>>)>,
    bytes: usize,
}

impl Repo {
    /// The packs, listed on first use; `relist` lists them again (keeping
    /// what was opened of the packs still there).
    pub(crate) fn packs(&self, relist: bool) -> Result<Vec<Arc<Pack>>, Error> {
        let mut packs = self.packs.lock().unwrap_or_else(PoisonError::into_inner);
        if let (Some(listed), false) = (&packs.listed, relist) {
            return Ok(listed.clone());
        }
        let dir = self.git_dir.join("objects").join("pack");
        let mut names = Vec::new();
        match std::fs::read_dir(&dir) {
            Ok(entries) => {
                for entry in entries {
                    let entry = entry.map_err(|e| self.io_error(&dir, e))?;
                    let name = entry.file_name();
                    let Some(name) = name.to_str() else { continue };
                    if let Some(stem) = name.strip_suffix(".idx") {
                        if names.len() >= MAX_PACKS {
                            return Err(self.too_large(
                                format!("the pack directory {}", dir.display()),
                                format!("{MAX_PACKS} pack indexes"),
                            ));
                        }
                        names.push(stem.to_owned());
                    }
                }
            }
            Err(e) if files::is_absent(&e) => {}
            Err(e) => return Err(self.io_error(&dir, e)),
        }
        names.sort();
        let old = packs.listed.take().unwrap_or_default();
        let listed: Vec<Arc<Pack>> = names
            .into_iter()
            .map(|stem| {
                let idx_path = dir.join(format!("{stem}.idx"));
                match old.iter().find(|p| p.idx_path == idx_path) {
                    Some(pack) => Arc::clone(pack),
                    None => Arc::new(Pack {
                        pack_path: dir.join(format!("{stem}.pack")),
                        idx_path,
                        idx: OnceLock::new(),
                        data: OnceLock::new(),
                        bases: Mutex::default(),
                    }),
                }
            })
            .collect();
        packs.listed = Some(listed.clone());
        Ok(listed)
    }
}

/// `OnceLock::get_or_try_init`, which is not stable.
fn get_or_try_init<T>(
    cell: &OnceLock<T>,
    init: impl FnOnce() -> Result<T, Error>,
) -> Result<&T, Error> {
    if let Some(value) = cell.get() {
        return Ok(value);
    }
    let value = init()?;
    Ok(cell.get_or_init(|| value))
}

impl Pack {
    /// The object `oid` if this pack holds it.
    pub(crate) fn read(&self, repo: &Repo, oid: Oid) -> Result<Option<Object>, Error> {
        let Some(idx) = self.idx(repo)? else {
            return Ok(None);
        };
        let Some(position) = idx.find(repo, self, oid)? else {
            return Ok(None);
        };
        let Some(data) = self.data(repo, idx)? else {
            return Err(repo.corrupt(
                format!("the pack index {}", self.idx_path.display()),
                format!("it lists {oid} but its pack is gone"),
            ));
        };
        let offset = idx.offset(repo, self, position)?;
        let object = self.read_at(repo, idx, data, offset)?;
        let found = Oid::hash(object.kind, &object.data);
        if found != oid {
            return Err(repo.corrupt(
                format!("the object {oid} in {}", self.pack_path.display()),
                format!("its bytes hash to {found}"),
            ));
        }
        Ok(Some(object))
    }

    /// The index, opened and checked on first use; `None` when it is gone.
    fn idx(&self, repo: &Repo) -> Result<Option<&Idx>, Error> {
        get_or_try_init(&self.idx, || Idx::open(repo, &self.idx_path)).map(Option::as_ref)
    }

    /// The pack, opened and checked against its index on first use; `None`
    /// when it is gone.
    fn data(&self, repo: &Repo, idx: &Idx) -> Result<Option<&PackFile>, Error> {
        get_or_try_init(&self.data, || PackFile::open(repo, &self.pack_path, idx))
            .map(Option::as_ref)
    }

    fn cached_base(&self, offset: u64) -> Option<(Kind, Arc<Vec<u8>>)> {
        let cache = self.bases.lock().unwrap_or_else(PoisonError::into_inner);
        cache.built.get(&offset).cloned()
    }

    fn cache_base(&self, offset: u64, kind: Kind, bytes: &Arc<Vec<u8>>) {
        if bytes.len() > MAX_BASE_CACHE / 4 {
            return;
        }
        let mut cache = self.bases.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.bytes + bytes.len() > MAX_BASE_CACHE {
            cache.built.clear();
            cache.bytes = 0;
        }
        if cache
            .built
            .insert(offset, (kind, Arc::clone(bytes)))
            .is_none()
        {
            cache.bytes += bytes.len();
        }
    }

    fn describe(&self) -> String {
        format!("the pack {}", self.pack_path.display())
    }

    /// The object whose entry starts at `offset`, its delta chain resolved.
    fn read_at(
        &self,
        repo: &Repo,
        idx: &Idx,
        data: &PackFile,
        offset: u64,
    ) -> Result<Object, Error> {
        // Walk down to the base (or a base already built), remembering each
        // delta; then apply them from the base up. Iterative, so a chain
        // costs time, never stack.
        let mut deltas: Vec<Entry> = Vec::new();
        let mut at = offset;
        let (kind, mut bytes) = loop {
            if let Some(built) = self.cached_base(at) {
                break built;
            }
            let (entry, head) = data.entry(repo, self, at)?;
            match entry.kind {
                EntryKind::Base(kind) => {
                    let bytes = Arc::new(data.inflate(repo, self, &entry, &head)?);
                    if !deltas.is_empty() {
                        self.cache_base(at, kind, &bytes);
                    }
                    break (kind, bytes);
                }
                EntryKind::OfsDelta(base) => at = base,
                EntryKind::RefDelta(base) => {
                    let Some(position) = idx.find(repo, self, base)? else {
                        return Err(repo.corrupt(
                            self.describe(),
                            format!(
                                "the delta at offset {at} names the base {base}, which is not in the pack"
                            ),
                        ));
                    };
                    at = idx.offset(repo, self, position)?;
                }
            }
            deltas.push(entry);
            if deltas.len() > MAX_DELTA_CHAIN {
                return Err(repo.too_large(
                    format!("the delta chain at offset {offset} of {}", self.describe()),
                    format!("{MAX_DELTA_CHAIN} deltas"),
                ));
            }
        };
        while let Some(entry) = deltas.pop() {
            let delta = data.inflate(repo, self, &entry, &[])?;
            bytes = Arc::new(apply_delta(&bytes, &delta).map_err(|why| {
                repo.corrupt(
                    self.describe(),
                    format!("the delta at offset {}: {why}", entry.offset),
                )
            })?);
            if !deltas.is_empty() {
                self.cache_base(entry.offset, kind, &bytes);
            }
        }
        let bytes = Arc::try_unwrap(bytes).unwrap_or_else(|shared| shared.to_vec());
        Ok(Object { kind, data: bytes })
    }
}

/// Where a pack index's bytes are read from.
enum Source {
    /// Read whole (a small index), its checksum checked.
    Whole(Vec<u8>),
    /// Read by positioned reads (a large index).
    File(File),
}

/// A pack index whose structure has been checked.
struct Idx {
    source: Source,
    /// 1 or 2.
    version: u8,
    count: u64,
    fanout: [u32; 256],
    /// Entries of the version-2 table of 64-bit offsets.
    large_count: u64,
    /// The checksum its pack must end with.
    pack_checksum: [u8; 20],
}

/// The version-2 index's magic bytes.
const IDX_V2_MAGIC: [u8; 4] = [0xff, b't', b'O', b'c'];
const FANOUT_BYTES: u64 = 256 * 4;
/// Two SHA-1 checksums close an index: the pack's, then its own.
const IDX_TRAILER: u64 = 40;

impl Idx {
    fn open(repo: &Repo, path: &Path) -> Result<Option<Idx>, Error> {
        let what = || format!("the pack index {}", path.display());
        let (file, meta) = match files::open(path, true).map_err(|e| repo.io_error(path, e))? {
            Opened::File(file, meta) => (file, meta),
            Opened::Absent => return Ok(None),
            _ => return Err(repo.corrupt(what(), "it is not a regular file")),
        };
        let len = meta.len();
        if len < FANOUT_BYTES + IDX_TRAILER {
            return Err(repo.corrupt(what(), format!("it is only {len} bytes long")));
        }
        let source = if len <= repo.idx_read_whole {
            let bytes = files::read_bounded(&file, len)
                .map_err(|e| repo.io_error(path, e))?
                .ok_or_else(|| repo.corrupt(what(), "it grew while being read"))?;
            if bytes.len() as u64 != len {
                return Err(repo.corrupt(what(), "it shrank while being read"));
            }
            Source::Whole(bytes)
        } else {
            Source::File(file)
        };
        let mut idx = Idx {
            source,
            version: 1,
            count: 0,
            fanout: [0; 256],
            large_count: 0,
            pack_checksum: [0; 20],
        };
        let read = |idx: &Idx, at: u64, buf: &mut [u8]| {
            idx.read(at, buf).map_err(|e| {
                repo.corrupt(what(), format!("reading {} bytes at {at}: {e}", buf.len()))
            })
        };
        let mut magic = [0u8; 8];
        read(&idx, 0, &mut magic)?;
        let fanout_at = if magic[..4] == IDX_V2_MAGIC {
            let version = u32::from_be_bytes([magic[4], magic[5], magic[6], magic[7]]);
            if version != 2 {
                return Err(Error::Unsupported {
                    repo: repo.git_dir.clone(),
                    what: format!("has the pack index {} of version {version}", path.display()),
                });
            }
            idx.version = 2;
            8
        } else {
            0
        };
        let mut fanout = [0u8; FANOUT_BYTES as usize];
        read(&idx, fanout_at, &mut fanout)?;
        let mut previous = 0u32;
        for (slot, bytes) in idx.fanout.iter_mut().zip(fanout.chunks_exact(4)) {
            let value = u32::from_be_bytes(bytes.try_into().unwrap_or_default());
            if value < previous {
                return Err(repo.corrupt(what(), "its fan-out table decreases"));
            }
            *slot = value;
            previous = value;
        }
        idx.count = u64::from(previous);
        // The file's length must be exactly what the count implies.
        let inconsistent = || {
            repo.corrupt(
                what(),
                format!("its length {len} does not fit its {} objects", idx.count),
            )
        };
        let body = len - IDX_TRAILER;
        if idx.version == 1 {
            if FANOUT_BYTES + idx.count * 24 != body {
                return Err(inconsistent());
            }
        } else {
            let fixed = 8 + FANOUT_BYTES + idx.count * 28;
            let large = body.checked_sub(fixed).ok_or_else(inconsistent)?;
            if large % 8 != 0 || large / 8 > idx.count {
                // The same layout with 32-byte names and checksums is a
                // SHA-256 repository's.
                let sha256 = (len - 64)
                    .checked_sub(8 + FANOUT_BYTES + idx.count * 40)
                    .is_some_and(|large| large % 8 == 0 && large / 8 <= idx.count);
                if sha256 {
                    return Err(Error::Unsupported {
                        repo: repo.git_dir.clone(),
                        what: format!(
                            "names objects by SHA-256 (the pack index {} holds 32-byte names)",
                            path.display()
                        ),
                    });
                }
                return Err(inconsistent());
            }
            idx.large_count = large / 8;
        }
        let mut pack_checksum = [0u8; 20];
        read(&idx, body, &mut pack_checksum)?;
        idx.pack_checksum = pack_checksum;
        if let Source::Whole(bytes) = &idx.source {
            let (body, checksum) = bytes.split_at(bytes.len().saturating_sub(20));
            let hash: [u8; 20] = <sha1::Sha1 as sha1::Digest>::digest(body).into();
            if hash != checksum {
                return Err(repo.corrupt(what(), "its checksum does not match its bytes"));
            }
        }
        Ok(Some(idx))
    }

    fn read(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        match &self.source {
            Source::File(file) => file.read_exact_at(buf, at),
            Source::Whole(bytes) => {
                let slice = usize::try_from(at)
                    .ok()
                    .and_then(|at| bytes.get(at..at.checked_add(buf.len())?))
                    .ok_or(std::io::ErrorKind::UnexpectedEof)?;
                buf.copy_from_slice(slice);
                Ok(())
            }
        }
    }

    fn read_checked(&self, repo: &Repo, pack: &Pack, at: u64, buf: &mut [u8]) -> Result<(), Error> {
        self.read(at, buf).map_err(|e| {
            repo.corrupt(
                format!("the pack index {}", pack.idx_path.display()),
                format!("reading {} bytes at {at}: {e}", buf.len()),
            )
        })
    }

    /// Where the name of the object at `position` is.
    fn name_at(&self, position: u64) -> u64 {
        if self.version == 1 {
            FANOUT_BYTES + position * 24 + 4
        } else {
            8 + FANOUT_BYTES + position * 20
        }
    }

    /// The position of `oid` in the index, by its fan-out bucket and a
    /// binary search.
    fn find(&self, repo: &Repo, pack: &Pack, oid: Oid) -> Result<Option<u64>, Error> {
        let bucket = usize::from(oid.first_byte());
        let mut low = match bucket.checked_sub(1) {
            Some(before) => u64::from(self.fanout.get(before).copied().unwrap_or(0)),
            None => 0,
        };
        let mut high = u64::from(self.fanout.get(bucket).copied().unwrap_or(0));
        while low < high {
            let middle = low + (high - low) / 2;
            let mut name = [0u8; 20];
            self.read_checked(repo, pack, self.name_at(middle), &mut name)?;
            match name.cmp(&oid.0) {
                std::cmp::Ordering::Equal => return Ok(Some(middle)),
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
            }
        }
        Ok(None)
    }

    /// Where the entry of the object at `position` starts in the pack.
    fn offset(&self, repo: &Repo, pack: &Pack, position: u64) -> Result<u64, Error> {
        let mut word = [0u8; 4];
        if self.version == 1 {
            self.read_checked(repo, pack, FANOUT_BYTES + position * 24, &mut word)?;
            return Ok(u64::from(u32::from_be_bytes(word)));
        }
        let table = 8 + FANOUT_BYTES + self.count * 24;
        self.read_checked(repo, pack, table + position * 4, &mut word)?;
        let small = u32::from_be_bytes(word);
        if small & 0x8000_0000 == 0 {
            return Ok(u64::from(small));
        }
        let large = u64::from(small & 0x7fff_ffff);
        if large >= self.large_count {
            return Err(repo.corrupt(
                format!("the pack index {}", pack.idx_path.display()),
                format!("entry {position} points past its table of large offsets"),
            ));
        }
        let mut bytes = [0u8; 8];
        self.read_checked(repo, pack, table + self.count * 4 + large * 8, &mut bytes)?;
        Ok(u64::from_be_bytes(bytes))
    }
}

/// An open pack whose header and trailer agree with its index.
struct PackFile {
    file: File,
    /// Where the entries end: the trailing checksum starts here.
    end: u64,
}

/// An entry's header: the version-2/3 pack header is 12 bytes.
const PACK_HEADER: u64 = 12;

/// How much is read at an entry's start: its header (at most 10 bytes of
/// type and size, then 10 of offset or 20 of base name) and, for a small
/// object, all of its compressed bytes at once.
const ENTRY_HEAD: u64 = 4096;

/// The most compressed bytes read at once while inflating a large entry.
const MAX_CHUNK: u64 = 1 << 20;

/// An entry whose header has been read.
struct Entry {
    offset: u64,
    kind: EntryKind,
    /// The inflated size its header declares.
    size: usize,
    /// Where its compressed bytes start.
    data_start: u64,
}

enum EntryKind {
    Base(Kind),
    /// A delta against the entry at this offset.
    OfsDelta(u64),
    /// A delta against the object of this name.
    RefDelta(Oid),
}

impl PackFile {
    fn open(repo: &Repo, path: &Path, idx: &Idx) -> Result<Option<PackFile>, Error> {
        let what = || format!("the pack {}", path.display());
        let (file, meta) = match files::open(path, true).map_err(|e| repo.io_error(path, e))? {
            Opened::File(file, meta) => (file, meta),
            Opened::Absent => return Ok(None),
            _ => return Err(repo.corrupt(what(), "it is not a regular file")),
        };
        let len = meta.len();
        if len > MAX_PACK_SIZE {
            return Err(repo.too_large(what(), format!("{MAX_PACK_SIZE} bytes")));
        }
        if len < PACK_HEADER + 20 {
            return Err(repo.corrupt(what(), format!("it is only {len} bytes long")));
        }
        let mut header = [0u8; PACK_HEADER as usize];
        file.read_exact_at(&mut header, 0)
            .map_err(|e| repo.io_error(path, e))?;
        let [p, a, c, k, v0, v1, v2, v3, n0, n1, n2, n3] = header;
        if [p, a, c, k] != *b"PACK" {
            return Err(repo.corrupt(what(), "it does not start with PACK"));
        }
        let version = u32::from_be_bytes([v0, v1, v2, v3]);
        if version != 2 && version != 3 {
            return Err(Error::Unsupported {
                repo: repo.git_dir.clone(),
                what: format!("has the pack {} of version {version}", path.display()),
            });
        }
        let count = u64::from(u32::from_be_bytes([n0, n1, n2, n3]));
        if count != idx.count {
            return Err(repo.corrupt(
                what(),
                format!(
                    "it holds {count} objects where its index lists {}",
                    idx.count
                ),
            ));
        }
        let end = len - 20;
        let mut checksum = [0u8; 20];
        file.read_exact_at(&mut checksum, end)
            .map_err(|e| repo.io_error(path, e))?;
        if checksum != idx.pack_checksum {
            return Err(repo.corrupt(what(), "its checksum is not the one its index names"));
        }
        Ok(Some(PackFile { file, end }))
    }

    /// Read up to `len` bytes at `at` (fewer only at the end of the entries).
    fn read_upto(&self, repo: &Repo, pack: &Pack, at: u64, len: u64) -> Result<Vec<u8>, Error> {
        let len = len.min(self.end.saturating_sub(at));
        let mut buf = vec![0u8; usize::try_from(len).unwrap_or(0)];
        self.file.read_exact_at(&mut buf, at).map_err(|e| {
            repo.corrupt(
                pack.describe(),
                format!("reading {len} bytes at offset {at}: {e} (truncated?)"),
            )
        })?;
        Ok(buf)
    }

    /// The header of the entry at `offset`, and the bytes read past it.
    fn entry(&self, repo: &Repo, pack: &Pack, offset: u64) -> Result<(Entry, Vec<u8>), Error> {
        let bad = |why: String| {
            repo.corrupt(
                pack.describe(),
                format!("the entry at offset {offset} {why}"),
            )
        };
        if offset < PACK_HEADER || offset >= self.end {
            return Err(bad("is outside the pack's entries".into()));
        }
        let head = self.read_upto(repo, pack, offset, ENTRY_HEAD)?;
        let mut bytes = head.iter().copied();
        let mut used = 0usize;
        let mut next = || {
            used += 1;
            bytes.next()
        };
        let first = next().ok_or_else(|| bad("is empty".into()))?;
        let type_bits = (first >> 4) & 7;
        let mut size = u64::from(first & 0x0f);
        let mut shift = 4u32;
        let mut byte = first;
        while byte & 0x80 != 0 {
            byte = next().ok_or_else(|| bad("has a truncated header".into()))?;
            if shift > 57 {
                return Err(bad("declares a size too large to be real".into()));
            }
            size |= u64::from(byte & 0x7f) << shift;
            shift += 7;
        }
        let size = usize::try_from(size)
            .ok()
            .filter(|size| *size <= MAX_OBJECT_SIZE)
            .ok_or_else(|| {
                repo.too_large(
                    format!("the entry at offset {offset} of {}", pack.describe()),
                    format!("{MAX_OBJECT_SIZE} bytes"),
                )
            })?;
        let kind = match type_bits {
            1 => EntryKind::Base(Kind::Commit),
            2 => EntryKind::Base(Kind::Tree),
            3 => EntryKind::Base(Kind::Blob),
            4 => EntryKind::Base(Kind::Tag),
            6 => {
                // The distance back to the base, in git's offset encoding
                // (each continuation byte adds one before shifting).
                let mut byte = next().ok_or_else(|| bad("has a truncated delta offset".into()))?;
                let mut distance = u64::from(byte & 0x7f);
                while byte & 0x80 != 0 {
                    byte = next().ok_or_else(|| bad("has a truncated delta offset".into()))?;
                    distance = distance
                        .checked_add(1)
                        .and_then(|d| d.checked_mul(128))
                        .filter(|d| *d <= offset)
                        .ok_or_else(|| bad("has a delta offset past the pack's start".into()))?
                        | u64::from(byte & 0x7f);
                }
                match offset.checked_sub(distance) {
                    Some(base) if distance > 0 && base >= PACK_HEADER => EntryKind::OfsDelta(base),
                    _ => return Err(bad("has a delta base outside the pack".into())),
                }
            }
            7 => {
                let mut name = [0u8; 20];
                for slot in &mut name {
                    *slot = next().ok_or_else(|| bad("has a truncated delta base name".into()))?;
                }
                EntryKind::RefDelta(Oid(name))
            }
            other => return Err(bad(format!("has the unknown type {other}"))),
        };
        let rest = head.get(used..).unwrap_or_default().to_vec();
        let entry = Entry {
            offset,
            kind,
            size,
            data_start: offset + used as u64,
        };
        Ok((entry, rest))
    }

    /// An entry's inflated bytes, exactly the size its header declares;
    /// `head` is what was already read from its compressed bytes.
    fn inflate(
        &self,
        repo: &Repo,
        pack: &Pack,
        entry: &Entry,
        head: &[u8],
    ) -> Result<Vec<u8>, Error> {
        let bad = |why: String| {
            repo.corrupt(
                pack.describe(),
                format!("the entry at offset {}: {why}", entry.offset),
            )
        };
        // One byte of room past the declared size catches a stream that runs long.
        let mut inflate = Inflate::new(entry.size.saturating_add(1));
        let mut at = entry.data_start;
        let mut chunk = head.to_vec();
        let mut want = (entry.size as u64).saturating_add(64).clamp(256, MAX_CHUNK);
        loop {
            if chunk.is_empty() {
                chunk = self.read_upto(repo, pack, at, want)?;
                want = want.saturating_mul(2).min(MAX_CHUNK);
                if chunk.is_empty() {
                    return Err(bad(
                        "its compressed bytes run past the end of the pack".into()
                    ));
                }
            }
            at += chunk.len() as u64;
            let more = at < self.end;
            match inflate.feed(&chunk, more).map_err(bad)? {
                Step::Done { .. } => break,
                Step::NeedInput => chunk.clear(),
                Step::OutputFull { .. } => {
                    return Err(bad(format!(
                        "it inflates to more than the {} bytes its header says",
                        entry.size
                    )))
                }
            }
        }
        let bytes = inflate.into_output();
        if bytes.len() != entry.size {
            return Err(bad(format!(
                "it inflates to {} bytes where its header says {}",
                bytes.len(),
                entry.size
            )));
        }
        Ok(bytes)
    }
}

/// Apply a git delta to `base`: a header of the base's and the result's
/// sizes, then instructions that copy a range of the base or insert bytes.
fn apply_delta(base: &[u8], delta: &[u8]) -> Result<Vec<u8>, String> {
    let mut rest = delta.iter().copied();
    let mut varint = |what: &str| -> Result<usize, String> {
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let byte = rest.next().ok_or(format!("its {what} is truncated"))?;
            if shift > 57 {
                return Err(format!("its {what} is too large"));
            }
            value |= u64::from(byte & 0x7f) << shift;
            shift += 7;
            if byte & 0x80 == 0 {
                break;
            }
        }
        usize::try_from(value).map_err(|_| format!("its {what} is too large"))
    };
    let base_size = varint("base size")?;
    if base_size != base.len() {
        return Err(format!(
            "it expects a base of {base_size} bytes, but the base has {}",
            base.len()
        ));
    }
    let result_size = varint("result size")?;
    if result_size > MAX_OBJECT_SIZE {
        return Err(format!(
            "its result of {result_size} bytes is past wicket's bound"
        ));
    }
    let mut out = Vec::with_capacity(result_size);
    while let Some(op) = rest.next() {
        if op & 0x80 != 0 {
            // Copy: bits 0-3 say which offset bytes follow, bits 4-6 which size bytes.
            let mut offset = 0usize;
            let mut size = 0usize;
            for bit in 0..7u32 {
                if op & (1 << bit) != 0 {
                    let byte = usize::from(rest.next().ok_or("a copy instruction is truncated")?);
                    if bit < 4 {
                        offset |= byte << (8 * bit);
                    } else {
                        size |= byte << (8 * (bit - 4));
                    }
                }
            }
            if size == 0 {
                size = 0x10000;
            }
            let from = offset
                .checked_add(size)
                .and_then(|end| base.get(offset..end))
                .ok_or("a copy instruction reaches past its base")?;
            if out.len() + from.len() > result_size {
                return Err("it writes past its declared result size".into());
            }
            out.extend_from_slice(from);
        } else if op != 0 {
            let len = usize::from(op);
            if out.len() + len > result_size {
                return Err("it writes past its declared result size".into());
            }
            for _ in 0..len {
                out.push(rest.next().ok_or("an insert instruction is truncated")?);
            }
        } else {
            return Err("it holds the reserved instruction 0".into());
        }
    }
    if out.len() != result_size {
        return Err(format!(
            "it builds {} bytes where it declares {result_size}",
            out.len()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::apply_delta;

    #[test]
    fn deltas_copy_and_insert_within_bounds() {
        let base = b"hello, world";
        // base 12, result 8: copy 5 from 0, insert "!!!"
        let delta = [12, 8, 0x90, 5, 3, b'!', b'!', b'!'];
        assert_eq!(apply_delta(base, &delta).unwrap(), b"hello!!!");
        // copy reaching past the base
        assert!(apply_delta(base, &[12, 8, 0x91, 10, 5]).is_err());
        // wrong base size, reserved op, short result, overlong result
        assert!(apply_delta(base, &[11, 0]).is_err());
        assert!(apply_delta(base, &[12, 1, 0]).is_err());
        assert!(apply_delta(base, &[12, 2, 1, b'x']).is_err());
        assert!(apply_delta(base, &[12, 1, 2, b'x', b'y']).is_err());
        // huge varints
        assert!(apply_delta(base, &[0xff; 20]).is_err());
    }
}
