//! What an agent could plant to redirect a lookup is ignored, and what is
//! damaged is an error: never another object's bytes, never a panic or a
//! hang.

mod common;

use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;

use common::{oid, TestRepo};
use wicket_gitstore::{Error, FileLookup, Oid, Repo};

fn policy_repo() -> (TestRepo, Oid, Oid) {
    let repo = TestRepo::new();
    let commit = repo.commit(&[("capability.yaml", b"rules: [strict]\n")], &[], "c");
    repo.set_ref("refs/heads/config/default", commit);
    let blob = repo.blob(b"rules: [strict]\n");
    (repo, commit, blob)
}

#[test]
fn replace_refs_are_ignored() {
    let (repo, commit, blob) = policy_repo();
    let lax = repo.blob(b"rules: [anything goes]\n");
    repo.git(&["replace", &blob.to_string(), &lax.to_string()]);
    // git itself, replace objects on, sees the planted bytes.
    let out = std::process::Command::new("git")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .arg("--git-dir")
        .arg(&repo.git_dir)
        .args(["cat-file", "blob", &blob.to_string()])
        .output()
        .unwrap();
    assert_eq!(out.stdout, b"rules: [anything goes]\n");
    let reader = repo.open();
    assert_eq!(
        reader.object(blob).unwrap().unwrap().data,
        b"rules: [strict]\n"
    );
    assert_eq!(
        reader.file_in_commit(commit, "capability.yaml").unwrap(),
        FileLookup::Blob(b"rules: [strict]\n".to_vec())
    );
    repo.git(&["gc", "-q"]);
    assert_eq!(
        repo.open()
            .file_in_commit(commit, "capability.yaml")
            .unwrap(),
        FileLookup::Blob(b"rules: [strict]\n".to_vec())
    );
}

#[test]
fn grafts_and_shallow_are_ignored() {
    let repo = TestRepo::new();
    let first = repo.commit(&[("capability.yaml", b"1")], &[], "1");
    let second = repo.commit(&[("capability.yaml", b"2")], &[first], "2");
    let stranger = repo.commit(&[("capability.yaml", b"s")], &[], "s");
    std::fs::create_dir_all(repo.path("info")).unwrap();
    std::fs::write(repo.path("info/grafts"), format!("{second} {stranger}\n")).unwrap();
    std::fs::write(repo.path("shallow"), format!("{second}\n")).unwrap();
    let reader = repo.open();
    assert_eq!(reader.commit(second).unwrap().parents, vec![first]);
    assert!(reader.is_ancestor(first, second).unwrap());
    assert!(!reader.is_ancestor(stranger, second).unwrap());
    assert_eq!(reader.merge_bases(second, stranger).unwrap(), vec![]);
}

#[test]
fn alternates_are_not_followed() {
    let (elsewhere, commit, blob) = policy_repo();
    let repo = TestRepo::new();
    std::fs::create_dir_all(repo.path("objects/info")).unwrap();
    let alternate = elsewhere.git_dir.join("objects");
    std::fs::write(
        repo.path("objects/info/alternates"),
        format!("{}\n", alternate.display()),
    )
    .unwrap();
    // git follows it.
    repo.git(&["cat-file", "-e", &blob.to_string()]);
    let reader = repo.open();
    assert_eq!(reader.object(blob).unwrap(), None);
    assert!(matches!(
        reader.file_in_commit(commit, "capability.yaml"),
        Err(Error::Missing { .. })
    ));
}

#[test]
fn a_flipped_byte_in_a_loose_blob_is_an_error() {
    let (repo, commit, blob) = policy_repo();
    let path = repo.loose_path(blob);
    let mut bytes = std::fs::read(&path).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_mode(0o644);
    std::fs::set_permissions(&path, perms).unwrap();
    for at in 0..bytes.len() {
        bytes[at] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let reader = repo.open();
        assert!(reader.object(blob).is_err(), "flip at {at}");
        assert!(
            reader.file_in_commit(commit, "capability.yaml").is_err(),
            "flip at {at}"
        );
        bytes[at] ^= 0x01;
    }
    std::fs::write(&path, &bytes).unwrap();
    assert!(repo.open().object(blob).unwrap().is_some());
    // Another object's bytes under this name: hash mismatch.
    let other = repo.blob(b"rules: [lax]\n");
    std::fs::copy(repo.loose_path(other), &path).unwrap();
    let error = repo.open().object(blob).unwrap_err();
    assert!(error.to_string().contains("do not hash"), "{error}");
    // Trailing garbage after the stream.
    let mut long = bytes.clone();
    long.extend_from_slice(b"xx");
    std::fs::write(&path, &long).unwrap();
    assert!(repo.open().object(blob).is_err());
}

#[test]
fn a_truncated_pack_is_an_error() {
    let repo = TestRepo::new();
    let commits = common::many_edits(&repo, 30);
    repo.set_ref("refs/heads/config/default", commits[29]);
    repo.git(&["gc", "-q", "--prune=now"]);
    let pack = repo.pack_files("pack").remove(0);
    let objects = repo.all_objects();
    let full = std::fs::read(&pack).unwrap();
    // Truncated before the Repo opens it: its trailer no longer matches.
    std::fs::write(&pack, &full[..full.len() / 2]).unwrap();
    let reader = repo.open();
    for name in objects.keys() {
        assert!(reader.object(*name).is_err(), "{name}");
    }
    // Truncated while the Repo has it open: an error, not SIGBUS.
    std::fs::write(&pack, &full).unwrap();
    let reader = repo.open();
    let first = *objects.keys().next().unwrap();
    assert!(reader.object(first).unwrap().is_some());
    let file = std::fs::OpenOptions::new().write(true).open(&pack).unwrap();
    file.set_len(200).unwrap();
    let mut errors = 0;
    for (name, (kind, data)) in &objects {
        match reader.object(*name) {
            Ok(Some(object)) => assert_eq!((&object.kind, &object.data), (kind, data)),
            Ok(None) => panic!("{name} vanished"),
            Err(_) => errors += 1,
        }
    }
    assert!(errors > 0);
}

#[test]
fn an_unreadable_loose_object_is_an_error() {
    if unsafe { libc::geteuid() } == 0 {
        eprintln!("note: running as root, which reads a mode-000 file; the unreadable-object case is skipped");
        return;
    }
    let (repo, commit, blob) = policy_repo();
    let path = repo.loose_path(blob);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).unwrap();
    assert!(matches!(repo.open().object(blob), Err(Error::Io { .. })));
    assert!(repo
        .open()
        .file_in_commit(commit, "capability.yaml")
        .is_err());
}

#[test]
fn a_special_file_where_an_object_or_ref_belongs_is_an_error_not_a_hang() {
    let (repo, commit, blob) = policy_repo();
    let path = repo.loose_path(blob);
    std::fs::remove_file(&path).unwrap();
    let fifo = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    assert!(repo
        .open()
        .file_in_commit(commit, "capability.yaml")
        .is_err());
    let ref_path = repo.path("refs/heads/config/fifo");
    let fifo = std::ffi::CString::new(ref_path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    assert!(repo.open().resolve_ref("refs/heads/config/fifo").is_err());
}

#[test]
fn symbolic_links_and_garbage_in_refs_are_errors() {
    let (repo, commit, _) = policy_repo();
    let reader = repo.open();
    // A symlinked loose ref, to another ref or outside the repository.
    std::os::unix::fs::symlink("default", repo.path("refs/heads/config/linked")).unwrap();
    assert!(matches!(
        reader.resolve_ref("refs/heads/config/linked"),
        Err(Error::BadRef { .. })
    ));
    assert!(reader.refs_under("refs/heads/config/").is_err());
    std::fs::remove_file(repo.path("refs/heads/config/linked")).unwrap();
    let outside = repo.dir.path().join("outside");
    std::fs::write(&outside, format!("{commit}\n")).unwrap();
    std::os::unix::fs::symlink(&outside, repo.path("refs/heads/config/linked")).unwrap();
    assert!(reader.resolve_ref("refs/heads/config/linked").is_err());
    std::fs::remove_file(repo.path("refs/heads/config/linked")).unwrap();
    // Garbage, a short name, a 64-digit name.
    for (text, sha256) in [
        ("garbage\n".to_owned(), false),
        (format!("{}\n", &commit.to_string()[..39]), false),
        (format!("{commit} trailing\n"), false),
        (String::new(), false),
        (format!("{}\n", "ab".repeat(32)), true),
    ] {
        std::fs::write(repo.path("refs/heads/config/bad"), &text).unwrap();
        let error = reader.resolve_ref("refs/heads/config/bad").unwrap_err();
        assert_eq!(
            matches!(error, Error::Unsupported { .. }),
            sha256,
            "{text:?}: {error}"
        );
        assert!(reader.refs_under("refs/heads/config/").is_err(), "{text:?}");
    }
    std::fs::remove_file(repo.path("refs/heads/config/bad")).unwrap();
    // Uppercase hex and surrounding whitespace are read as git reads them.
    std::fs::write(
        repo.path("refs/heads/config/upper"),
        format!("{}  \n", commit.to_string().to_uppercase()),
    )
    .unwrap();
    assert_eq!(
        reader.resolve_ref("refs/heads/config/upper").unwrap(),
        Some(commit)
    );
    // A name that is not UTF-8: git lists it, so skipping it would hide a ref.
    let odd = repo
        .path("refs/heads/config")
        .join(std::ffi::OsStr::from_bytes(b"odd\xff"));
    std::fs::write(&odd, format!("{commit}\n")).unwrap();
    assert!(reader.refs_under("refs/heads/config/").is_err());
    std::fs::remove_file(&odd).unwrap();
    // *.lock files and dot-files are not refs.
    std::fs::write(repo.path("refs/heads/config/x.lock"), "garbage").unwrap();
    std::fs::write(repo.path("refs/heads/config/.hidden"), "garbage").unwrap();
    assert_eq!(reader.refs_under("refs/heads/config/").unwrap().len(), 2);
    assert_eq!(reader.refs_under("refs/heads/config/").unwrap(), {
        let mut refs = repo.all_refs();
        refs.retain(|(n, _)| n.starts_with("refs/heads/config/"));
        refs
    });
}

#[test]
fn a_ref_file_with_another_name_is_an_error_and_an_object_file_is_not() {
    let (repo, commit, blob) = policy_repo();
    let lineage = || repo.open().resolve_ref("refs/heads/config/default");
    // A hard link made elsewhere to the lineage's loose ref: whatever is
    // written through it moves the ref without touching the repository's
    // path, so the ref is not believed while the link exists. The same for
    // packed-refs.
    let other = repo.dir.path().join("other-name");
    for file in ["refs/heads/config/default", "packed-refs"] {
        if file == "packed-refs" {
            repo.git(&["pack-refs", "--all"]);
            assert!(!repo.path("refs/heads/config/default").exists());
        }
        std::fs::hard_link(repo.path(file), &other).unwrap();
        let error = lineage().unwrap_err();
        assert!(matches!(error, Error::BadRef { .. }), "{file}: {error}");
        assert!(
            error.to_string().contains("2 names (hard links)"),
            "{file}: {error}"
        );
        assert!(repo.open().refs_under("refs/heads/config/").is_err());
        std::fs::remove_file(&other).unwrap();
        assert_eq!(lineage().unwrap(), Some(commit), "{file}");
    }
    // An object file with another name (as `git clone --local` makes) is
    // read: its bytes are checked against its name.
    std::fs::hard_link(repo.loose_path(blob), &other).unwrap();
    assert_eq!(
        repo.open().object(blob).unwrap().unwrap().data,
        b"rules: [strict]\n"
    );
}

#[test]
fn symbolic_refs_are_followed_within_bounds() {
    let (repo, commit, _) = policy_repo();
    let reader = repo.open();
    std::fs::write(
        repo.path("refs/heads/a"),
        "ref: refs/heads/config/default\n",
    )
    .unwrap();
    std::fs::write(repo.path("refs/heads/b"), "ref:refs/heads/a").unwrap();
    assert_eq!(reader.resolve_ref("refs/heads/b").unwrap(), Some(commit));
    std::fs::write(repo.path("refs/heads/dangling"), "ref: refs/heads/none\n").unwrap();
    assert_eq!(reader.resolve_ref("refs/heads/dangling").unwrap(), None);
    assert!(reader.refs_under("refs/heads/").is_err());
    std::fs::remove_file(repo.path("refs/heads/dangling")).unwrap();
    assert_eq!(reader.refs_under("refs/heads/").unwrap().len(), 3);
    std::fs::write(repo.path("refs/heads/loop1"), "ref: refs/heads/loop2\n").unwrap();
    std::fs::write(repo.path("refs/heads/loop2"), "ref: refs/heads/loop1\n").unwrap();
    assert!(matches!(
        reader.resolve_ref("refs/heads/loop1"),
        Err(Error::BadRef { .. })
    ));
    for target in ["config", "../../outside", "refs/heads/a b", "HEAD"] {
        std::fs::write(repo.path("refs/heads/odd"), format!("ref: {target}\n")).unwrap();
        assert!(reader.resolve_ref("refs/heads/odd").is_err(), "{target}");
    }
    // Names git could not have made are refused, not looked up.
    for name in [
        "config",
        "refs/../config",
        "refs/heads/a..b",
        "/etc/passwd",
        "refs/heads/",
        "objects/info/alternates",
    ] {
        assert!(
            matches!(reader.resolve_ref(name), Err(Error::InvalidName { .. })),
            "{name}"
        );
    }
}

#[test]
fn a_malformed_packed_refs_is_an_error() {
    let (repo, commit, _) = policy_repo();
    repo.git(&["pack-refs", "--all"]);
    assert_eq!(
        repo.open()
            .resolve_ref("refs/heads/config/default")
            .unwrap(),
        Some(commit)
    );
    let good = std::fs::read_to_string(repo.path("packed-refs")).unwrap();
    for bad in [
        format!("{good}garbage\n"),
        format!("{good}^{commit}\n^{commit}\n"),
        good.trim_end().to_owned(),
        format!("{good}{commit} refs/heads/config/default\n"),
        format!("{} refs/heads/x\n", "cd".repeat(32)),
    ] {
        std::fs::write(repo.path("packed-refs"), &bad).unwrap();
        assert!(
            repo.open()
                .resolve_ref("refs/heads/config/default")
                .is_err(),
            "{bad:?}"
        );
    }
}

#[test]
fn reftable_and_sha256_repositories_are_refused() {
    let repo = TestRepo::with_init(&["--ref-format=reftable"]);
    let error = Repo::open(&repo.git_dir)
        .err()
        .expect("reftable is refused");
    assert!(error.to_string().contains("reftable"), "{error}");
    let repo = TestRepo::with_init(&["--object-format=sha256"]);
    let commit =
        String::from_utf8(repo.git_stdin(&["hash-object", "-w", "--stdin"], b"x")).unwrap();
    repo.git(&["update-ref", "refs/litany/cwd/x", commit.trim()]);
    let error = repo.open().resolve_ref("refs/litany/cwd/x").unwrap_err();
    assert!(matches!(error, Error::Unsupported { .. }), "{error}");
    assert!(error.to_string().contains("SHA-256"), "{error}");
    repo.git(&["repack", "-a", "-d", "-q"]);
    let blob = Oid([0x4b; 20]);
    let error = repo.open().object(blob).unwrap_err();
    assert!(error.to_string().contains("SHA-256"), "{error}");
}

#[test]
fn tree_entries_that_are_not_files_are_errors() {
    let repo = TestRepo::new();
    let blob = repo.blob(b"x");
    let sub = oid(&repo.git_stdin(
        &["mktree"],
        format!("100644 blob {blob}\tinner\n").as_bytes(),
    ));
    let listing = format!(
        "040000 tree {sub}\tdir\n120000 blob {blob}\tlink\n160000 commit {}\tmodule\n100755 blob {blob}\texec\n100644 blob {}\tmissing\n",
        Oid([0x22; 20]),
        Oid([0x11; 20])
    );
    let tree = oid(&repo.git_stdin(&["mktree", "--missing"], listing.as_bytes()));
    let commit = repo.commit_tree(tree, &[], "odd");
    let reader = repo.open();
    for name in ["dir", "link", "module"] {
        let error = reader.file_in_commit(commit, name).unwrap_err();
        assert!(matches!(error, Error::WrongKind { .. }), "{name}: {error}");
        assert!(error.to_string().contains("not a regular file"), "{error}");
    }
    assert_eq!(
        reader.file_in_commit(commit, "exec").unwrap(),
        FileLookup::Blob(b"x".to_vec())
    );
    assert!(matches!(
        reader.file_in_commit(commit, "missing"),
        Err(Error::Missing { .. })
    ));
    assert_eq!(
        reader.file_in_commit(commit, "nothing").unwrap(),
        FileLookup::Absent
    );
    assert!(reader.file_in_commit(commit, "dir/inner").is_err());
    // A commit asked for what is a tree.
    assert!(matches!(
        reader.file_in_commit(tree, "exec"),
        Err(Error::WrongKind { .. })
    ));
}

#[test]
fn an_inconsistent_index_is_an_error() {
    let repo = TestRepo::new();
    let commits = common::many_edits(&repo, 10);
    repo.set_ref("refs/heads/config/default", commits[9]);
    repo.git(&["gc", "-q", "--prune=now"]);
    let idx = repo.pack_files("idx").remove(0);
    let good = std::fs::read(&idx).unwrap();
    let objects = repo.all_objects();
    let some = *objects.keys().next().unwrap();
    let mut perms = std::fs::metadata(&idx).unwrap().permissions();
    perms.set_mode(0o644);
    std::fs::set_permissions(&idx, perms).unwrap();
    // A fan-out entry that decreases; a count that does not fit the length.
    let mut bad = good.clone();
    bad[8 + 4 * 10..8 + 4 * 11].copy_from_slice(&[0xff, 0, 0, 0]);
    std::fs::write(&idx, &bad).unwrap();
    for positioned in [false, true] {
        let mut reader = repo.open();
        if positioned {
            reader.read_every_idx_by_positioned_reads();
        }
        assert!(reader.object(some).is_err(), "positioned {positioned}");
    }
    // One flipped byte in a name: the checksum catches it when read whole.
    let mut bad = good.clone();
    bad[8 + 1024 + 5] ^= 0x40;
    std::fs::write(&idx, &bad).unwrap();
    assert!(repo.open().object(some).is_err());
    // Truncated.
    std::fs::write(&idx, &good[..good.len() - 1]).unwrap();
    assert!(repo.open().object(some).is_err());
}
