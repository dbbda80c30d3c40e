//! A repository built from the input — a loose object, a raw loose file, a
//! pack index and its pack, `packed-refs`, a loose ref — and every reader
//! run over it: each must answer or fail, never panic, hang or forge.
//!
//! The input is sections split by `@@@@`: flags, an object (first byte its
//! kind, the rest its bytes, written loose under its true name so the
//! commit, tree and history readers see it), a raw loose file (under a fixed
//! name), an index, a pack, `packed-refs`, `refs/heads/fuzz`. Flags: bit 0
//! rewrites the index's checksum to match, bit 1 makes the pack end with the
//! checksum the index names, bit 2 reads the index by positioned reads.
#![no_main]

use std::path::{Path, PathBuf};

use libfuzzer_sys::fuzz_target;
use sha1::{Digest, Sha1};
use wicket_gitstore::{Kind, Oid, Repo};

const SEPARATOR: &[u8] = b"@@@@";
const RAW_NAME: Oid = Oid([0x11; 20]);

fn sections(data: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut rest = data;
    while let Some(at) = rest.windows(SEPARATOR.len()).position(|w| w == SEPARATOR) {
        out.push(&rest[..at]);
        rest = &rest[at + SEPARATOR.len()..];
    }
    out.push(rest);
    out
}

fn loose_path(dir: &Path, oid: Oid) -> PathBuf {
    let hex = oid.to_string();
    dir.join("objects").join(&hex[..2]).join(&hex[2..])
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

fn build(dir: &Path, parts: &[&[u8]]) -> (u8, Vec<Oid>) {
    let part = |i: usize| parts.get(i).copied();
    let flags = part(0).and_then(|p| p.first().copied()).unwrap_or(0);
    let mut names = vec![RAW_NAME];
    std::fs::create_dir_all(dir.join("objects/pack")).unwrap();
    std::fs::create_dir_all(dir.join("refs/heads")).unwrap();
    if let Some(object) = part(1) {
        if let Some((first, bytes)) = object.split_first() {
            let kind = [Kind::Commit, Kind::Tree, Kind::Blob, Kind::Tag][usize::from(first % 4)];
            let mut raw = format!("{} {}\0", kind.name(), bytes.len()).into_bytes();
            raw.extend_from_slice(bytes);
            let oid = Oid::hash(kind, bytes);
            write(
                &loose_path(dir, oid),
                &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 1),
            );
            names.push(oid);
        }
    }
    if let Some(raw) = part(2) {
        write(&loose_path(dir, RAW_NAME), raw);
    }
    if let (Some(idx), Some(pack)) = (part(3), part(4)) {
        let mut idx = idx.to_vec();
        let mut pack = pack.to_vec();
        if flags & 2 != 0 && idx.len() >= 40 && pack.len() >= 20 {
            let at = idx.len() - 40;
            let named: Vec<u8> = idx[at..at + 20].to_vec();
            let end = pack.len() - 20;
            pack[end..].copy_from_slice(&named);
        }
        if flags & 1 != 0 && idx.len() >= 20 {
            let at = idx.len() - 20;
            let sum: [u8; 20] = Sha1::digest(&idx[..at]).into();
            idx[at..].copy_from_slice(&sum);
        }
        // The names the index lists (version 2 layout), to look each one up.
        if idx.len() >= 8 + 1024 {
            let count =
                u32::from_be_bytes([idx[8 + 1020], idx[8 + 1021], idx[8 + 1022], idx[8 + 1023]]);
            for i in 0..(count as usize).min(64) {
                let at = 8 + 1024 + i * 20;
                if let Some(name) = idx.get(at..at + 20) {
                    names.push(Oid(name.try_into().unwrap()));
                }
            }
        }
        write(&dir.join("objects/pack/pack-fuzz.idx"), &idx);
        write(&dir.join("objects/pack/pack-fuzz.pack"), &pack);
    }
    if let Some(packed) = part(5) {
        write(&dir.join("packed-refs"), packed);
    }
    if let Some(loose) = part(6) {
        write(&dir.join("refs/heads/fuzz"), loose);
    }
    (flags, names)
}

fuzz_target!(|data: &[u8]| {
    let dir = std::env::temp_dir().join(format!("gitstore-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (flags, mut names) = build(&dir, &sections(data));
    let Ok(mut repo) = Repo::open(&dir) else {
        return;
    };
    if flags & 4 != 0 {
        repo.read_every_idx_by_positioned_reads();
    }
    for name in ["refs/heads/fuzz", "HEAD", "refs/heads/main"] {
        if let Ok(Some(oid)) = repo.resolve_ref(name) {
            names.push(oid);
        }
    }
    if let Ok(refs) = repo.refs_under("refs/") {
        names.extend(refs.into_iter().map(|(_, oid)| oid));
    }
    let mut commits = Vec::new();
    for oid in &names {
        if let Ok(Some(object)) = repo.object(*oid) {
            // Every object read is the one asked for.
            assert_eq!(Oid::hash(object.kind, &object.data), *oid);
        }
        if let Ok(commit) = repo.commit(*oid) {
            commits.push(*oid);
            let _ = repo.tree_entry(commit.tree, "capability.yaml");
            let _ = repo.file_in_commit(*oid, "capability.yaml");
        }
        let _ = repo.tree_entry(*oid, "capability.yaml");
    }
    for a in commits.iter().take(4) {
        for b in commits.iter().take(4) {
            let _ = repo.is_ancestor(*a, *b);
            let _ = repo.merge_bases(*a, *b);
        }
    }
});
