//! Loose objects: `objects/xx/yyyy…`, one zlib stream of
//! `"<kind> <size>\0" + bytes`.

use crate::files::{self, Opened};
use crate::limits::MAX_OBJECT_SIZE;
use crate::zlib::{Inflate, Step};
use crate::{Error, Kind, Object, Oid, Repo};

/// The longest header: "commit " and twenty digits and the NUL.
const MAX_HEADER: usize = 32;

/// Slack over [`MAX_OBJECT_SIZE`] for a loose file: zlib's worst case on
/// incompressible bytes adds 5 bytes per 64 KiB block plus its framing.
const MAX_LOOSE_FILE_SLACK: u64 = 64 << 10;

/// The loose object `oid`: `Ok(None)` when there is no such file.
pub(crate) fn read(repo: &Repo, oid: Oid) -> Result<Option<Object>, Error> {
    let hex = oid.to_string();
    let (dir, file) = hex.split_at(2);
    let path = repo.git_dir.join("objects").join(dir).join(file);
    let what = || format!("the loose object {oid}");
    let (file, meta) = match files::open(&path, true).map_err(|e| repo.io_error(&path, e))? {
        Opened::File(file, meta) => (file, meta),
        Opened::Absent => return Ok(None),
        Opened::Directory | Opened::Symlink | Opened::Special => {
            return Err(repo.corrupt(what(), "its path is not a regular file"))
        }
    };
    let limit = MAX_OBJECT_SIZE as u64 + MAX_LOOSE_FILE_SLACK;
    if meta.len() > limit {
        return Err(repo.too_large(what(), format!("{limit} bytes compressed")));
    }
    let compressed = files::read_bounded(&file, limit)
        .map_err(|e| repo.io_error(&path, e))?
        .ok_or_else(|| repo.too_large(what(), format!("{limit} bytes compressed")))?;
    let (kind, data) = inflate(&compressed).map_err(|why| repo.corrupt(what(), why))?;
    if Oid::hash(kind, &data) != oid {
        return Err(repo.corrupt(what(), "its bytes do not hash to its name"));
    }
    Ok(Some(Object { kind, data }))
}

/// A loose object's kind and bytes, or why they cannot be read.
fn inflate(compressed: &[u8]) -> Result<(Kind, Vec<u8>), String> {
    let mut inflate = Inflate::new(MAX_HEADER);
    let mut header: Option<(Kind, usize, usize)> = None;
    let mut rest = compressed;
    loop {
        let step = inflate.feed(rest, false)?;
        if header.is_none() {
            header = Some(parse_header(inflate.output())?);
        }
        let Some((_, start, size)) = header else {
            return Err("its header cannot be read".into());
        };
        let total = start.saturating_add(size);
        match step {
            Step::Done { consumed } => {
                if consumed != rest.len() {
                    return Err("bytes follow its compressed stream".into());
                }
                break;
            }
            Step::OutputFull { consumed } if inflate.output().len() <= total => {
                // Grow by doubling (a header may claim far more than the
                // stream holds), to one byte of room past the declared size,
                // which catches a stream that runs long.
                let room = inflate.output().len().saturating_mul(2).max(64 << 10);
                inflate.grow(room.min(total.saturating_add(1)));
                rest = rest.get(consumed..).unwrap_or_default();
            }
            Step::OutputFull { .. } => {
                return Err(format!(
                    "it inflates to more than the {size} bytes its header says"
                ))
            }
            Step::NeedInput => return Err("its compressed stream is truncated".into()),
        }
    }
    let Some((kind, start, size)) = header else {
        return Err("its header cannot be read".into());
    };
    let mut data = inflate.into_output();
    if data.len() != start.saturating_add(size) {
        return Err(format!(
            "it inflates to {} bytes where its header says {size}",
            data.len().saturating_sub(start)
        ));
    }
    data.drain(..start);
    Ok((kind, data))
}

/// `"<kind> <size>\0"` at the start of `bytes`: the kind, where the data
/// starts and its size.
fn parse_header(bytes: &[u8]) -> Result<(Kind, usize, usize), String> {
    let nul = bytes
        .iter()
        .position(|b| *b == 0)
        .ok_or("its header is not terminated")?;
    let header = bytes.get(..nul).unwrap_or_default();
    let space = header
        .iter()
        .position(|b| *b == b' ')
        .ok_or("its header has no size")?;
    let (kind, size) = header.split_at(space);
    let kind = Kind::from_name(kind).ok_or("its header names no object kind")?;
    let size = size.get(1..).unwrap_or_default();
    if size.is_empty() || size.len() > 20 || !size.iter().all(u8::is_ascii_digit) {
        return Err("its header's size is not a number".into());
    }
    let size: usize = std::str::from_utf8(size)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or("its header's size is not a number")?;
    if size > MAX_OBJECT_SIZE {
        return Err(format!(
            "its header says {size} bytes, past wicket's bound of {MAX_OBJECT_SIZE}"
        ));
    }
    Ok((kind, nul + 1, size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use miniz_oxide::deflate::compress_to_vec_zlib;

    fn loose(header: &str, data: &[u8]) -> Vec<u8> {
        let mut raw = header.as_bytes().to_vec();
        raw.extend_from_slice(data);
        compress_to_vec_zlib(&raw, 6)
    }

    #[test]
    fn sizes_must_match_the_header_exactly() {
        let data: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        let (kind, read) = inflate(&loose("blob 300000\0", &data)).unwrap();
        assert_eq!((kind, read.len()), (Kind::Blob, data.len()));
        assert_eq!(read, data);
        assert!(inflate(&loose("blob 300001\0", &data)).is_err());
        assert!(inflate(&loose("blob 299999\0", &data)).is_err());
        assert!(inflate(&loose("blob 67108864\0", b"short")).is_err());
        assert!(inflate(&loose("blob 67108865\0", b"")).is_err());
        assert!(inflate(&loose("blob 0\0", b"")).is_ok());
        for bad in [
            "blob\0",
            "blob x\0",
            "blob 1",
            "blub 1\0",
            "blob -1\0",
            "blob 1 \0",
        ] {
            assert!(inflate(&loose(bad, b"x")).is_err(), "{bad:?}");
        }
    }
}
