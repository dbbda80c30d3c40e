//! The reader gives git's answers whatever the repository's shape: loose,
//! packed by `git gc`, deep delta chains by offset and by name, thin packs
//! completed by `index-pack --fix-thin`, several lineages, criss-cross
//! merges.

mod common;

use common::{git_in, many_edits, oid, TestRepo};
use wicket_gitstore::{FileLookup, Oid, Repo};

/// A workspace-like repository: a config lineage, an agent branch, marks.
fn workspace(repo: &TestRepo) -> (Oid, Oid) {
    let c1 = repo.commit(
        &[
            ("capability.yaml", b"rules: []\n"),
            ("workflow.yaml", b"w\n"),
        ],
        &[],
        "c1",
    );
    let c2 = repo.commit(
        &[
            ("capability.yaml", b"rules: [x]\n"),
            ("workflow.yaml", b"w\n"),
        ],
        &[c1],
        "c2",
    );
    let agent = repo.commit(
        &[
            ("capability.yaml", b"rules: [x]\n"),
            ("work.txt", b"done\n"),
        ],
        &[c2],
        "agent",
    );
    repo.set_ref("refs/heads/config/default", c2);
    repo.set_ref("refs/heads/agents/20261129T181730Z-1c32bb5e", agent);
    let cwd = repo.blob(b"/ws/agents/20261129T181730Z-1c32bb5e/sub");
    repo.set_ref("refs/litany/cwd/20261129T181730Z-1c32bb5e", cwd);
    let held = repo.blob(br#"{"tool_use_id":"t1","tool":"bash","reason":"r"}"#);
    repo.set_ref("refs/litany/held/20261129T181730Z-1c32bb5e", held);
    repo.git(&["symbolic-ref", "HEAD", "refs/heads/config/default"]);
    (c2, agent)
}

fn check_files(repo: &TestRepo, commit: Oid) {
    let reader = repo.open();
    for name in [
        "capability.yaml",
        "workflow.yaml",
        "work.txt",
        "absent.yaml",
    ] {
        let spec = format!("{commit}:{name}");
        let out = common::git_command(&repo.git_dir)
            .args(["cat-file", "blob", &spec])
            .output()
            .unwrap();
        let expected = if out.status.success() {
            FileLookup::Blob(out.stdout)
        } else {
            FileLookup::Absent
        };
        assert_eq!(
            reader.file_in_commit(commit, name).unwrap(),
            expected,
            "{spec}"
        );
    }
}

#[test]
fn loose_repository() {
    let repo = TestRepo::new();
    let (config, agent) = workspace(&repo);
    assert!(repo.pack_files("pack").is_empty());
    repo.check_against_git();
    check_files(&repo, config);
    check_files(&repo, agent);
    let reader = repo.open();
    assert_eq!(reader.resolve_ref("HEAD").unwrap(), Some(config));
    assert_eq!(reader.resolve_ref("refs/heads/nope").unwrap(), None);
    assert_eq!(
        reader.refs_under("refs/heads/config/").unwrap(),
        vec![("refs/heads/config/default".to_owned(), config)]
    );
    assert_eq!(reader.refs_under("refs/nothing/").unwrap(), vec![]);
    assert_eq!(reader.object(Oid([0x42; 20])).unwrap(), None);
}

#[test]
fn after_gc_objects_and_refs_are_packed() {
    let repo = TestRepo::new();
    let (config, agent) = workspace(&repo);
    repo.git(&["tag", "-a", "-m", "annotated", "v1", &config.to_string()]);
    repo.git(&["gc", "-q", "--prune=now"]);
    let packed_refs = std::fs::read_to_string(repo.path("packed-refs")).unwrap();
    assert!(packed_refs.contains("\n^"), "a peeled line: {packed_refs}");
    assert!(!repo.path("refs/heads/config/default").exists());
    assert!(!repo.pack_files("pack").is_empty());
    repo.check_against_git();
    check_files(&repo, config);
    check_files(&repo, agent);
    // A loose ref overrides its packed line.
    repo.set_ref("refs/heads/config/default", agent);
    let reader = repo.open();
    assert_eq!(
        reader.resolve_ref("refs/heads/config/default").unwrap(),
        Some(agent)
    );
    repo.check_against_git();
    // Several lineages, some loose, some packed.
    repo.set_ref("refs/heads/config/other", config);
    let reader = repo.open();
    assert_eq!(
        reader.refs_under("refs/heads/config/").unwrap(),
        vec![
            ("refs/heads/config/default".to_owned(), agent),
            ("refs/heads/config/other".to_owned(), config)
        ]
    );
    // Positioned reads of the index give the same answers.
    let mut reader = repo.open();
    reader.read_every_idx_by_positioned_reads();
    for (name, (kind, data)) in repo.all_objects() {
        let object = reader.object(name).unwrap().unwrap();
        assert_eq!((object.kind, object.data), (kind, data));
    }
}

#[test]
fn deep_delta_chains_by_offset_and_by_name() {
    let repo = TestRepo::new();
    let commits = many_edits(&repo, 120);
    repo.set_ref("refs/heads/config/default", *commits.last().unwrap());
    repo.git(&[
        "repack",
        "-a",
        "-d",
        "-f",
        "-q",
        "--depth=50",
        "--window=250",
    ]);
    let types = repo.entry_types();
    assert!(
        types.get(&6).copied().unwrap_or(0) > 50,
        "OFS_DELTA entries: {types:?}"
    );
    repo.check_against_git();
    for commit in commits.iter().step_by(17) {
        check_files(&repo, *commit);
    }
    // The same, stored as REF_DELTA.
    repo.git(&[
        "-c",
        "repack.useDeltaBaseOffset=false",
        "repack",
        "-a",
        "-d",
        "-f",
        "-q",
        "--depth=50",
        "--window=250",
    ]);
    let types = repo.entry_types();
    assert!(
        types.get(&7).copied().unwrap_or(0) > 50,
        "REF_DELTA entries: {types:?}"
    );
    assert_eq!(types.get(&6), None);
    repo.check_against_git();
    // And with deltas recomputed rather than reused.
    repo.git(&[
        "repack",
        "-a",
        "-d",
        "-q",
        "-F",
        "--depth=50",
        "--window=250",
    ]);
    repo.check_against_git();
    let mut reader = repo.open();
    reader.read_every_idx_by_positioned_reads();
    let tip = *commits.last().unwrap();
    assert!(matches!(
        reader.file_in_commit(tip, "capability.yaml").unwrap(),
        FileLookup::Blob(_)
    ));
}

#[test]
fn thin_pack_completed_by_index_pack() {
    let source = TestRepo::new();
    let commits = many_edits(&source, 40);
    let middle = commits[19].to_string();
    let tip = commits[39].to_string();
    // The receiving repository holds the first half as loose objects.
    let base_pack = source.git_stdin(
        &["pack-objects", "--revs", "--stdout", "-q"],
        format!("{middle}\n").as_bytes(),
    );
    let repo = TestRepo::new();
    repo.git_stdin(&["unpack-objects", "-q"], &base_pack);
    // A thin pack of the second half, its deltas against objects it omits.
    let thin = source.git_stdin(
        &["pack-objects", "--revs", "--thin", "--stdout", "-q"],
        format!("{tip}\n^{middle}\n").as_bytes(),
    );
    repo.git_stdin(&["index-pack", "--fix-thin", "--stdin"], &thin);
    repo.set_ref("refs/heads/config/default", commits[39]);
    let types = repo.entry_types();
    assert!(
        types.get(&7).copied().unwrap_or(0) > 0,
        "REF_DELTA entries: {types:?}"
    );
    repo.check_against_git();
    check_files(&repo, commits[39]);
}

#[test]
fn index_version_one() {
    let repo = TestRepo::new();
    let commits = many_edits(&repo, 30);
    repo.set_ref("refs/heads/config/default", commits[29]);
    repo.git(&["-c", "pack.indexVersion=1", "repack", "-a", "-d", "-q"]);
    let idx = std::fs::read(&repo.pack_files("idx")[0]).unwrap();
    assert_ne!(&idx[..4], b"\xfftOc");
    repo.check_against_git();
}

/// Every pair of commits: `is_ancestor` and `merge_bases` agree with
/// `git merge-base --is-ancestor` and `git merge-base --all`.
fn check_history(repo: &TestRepo, commits: &[Oid]) {
    let reader = repo.open();
    for a in commits {
        for b in commits {
            let (a_hex, b_hex) = (a.to_string(), b.to_string());
            let status = common::git_command(&repo.git_dir)
                .args(["merge-base", "--is-ancestor", &a_hex, &b_hex])
                .status()
                .unwrap();
            assert_eq!(
                reader.is_ancestor(*a, *b).unwrap(),
                status.code() == Some(0),
                "{a} {b}"
            );
            let out = common::git_command(&repo.git_dir)
                .args(["merge-base", "--all", &a_hex, &b_hex])
                .output()
                .unwrap();
            let mut expected: Vec<Oid> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(|l| oid(l.as_bytes()))
                .collect();
            expected.sort();
            assert_eq!(
                reader.merge_bases(*a, *b).unwrap(),
                expected,
                "merge-base {a} {b}"
            );
        }
    }
}

#[test]
fn criss_cross_merges_and_lineages() {
    let repo = TestRepo::new();
    let f = |s: &str| s.as_bytes().to_vec();
    let root = repo.commit(&[("capability.yaml", &f("root"))], &[], "root");
    let a1 = repo.commit(&[("capability.yaml", &f("a1"))], &[root], "a1");
    let b1 = repo.commit(&[("capability.yaml", &f("b1"))], &[root], "b1");
    // Criss-cross: each side merges the other's first commit.
    let a2 = repo.commit(&[("capability.yaml", &f("a2"))], &[a1, b1], "a2");
    let b2 = repo.commit(&[("capability.yaml", &f("b2"))], &[b1, a1], "b2");
    let a3 = repo.commit(&[("capability.yaml", &f("a3"))], &[a2], "a3");
    let b3 = repo.commit(&[("capability.yaml", &f("b3"))], &[b2], "b3");
    let m = repo.commit(&[("capability.yaml", &f("m"))], &[a3, b3], "m");
    // An unrelated lineage, and an octopus.
    let other = repo.commit(&[("capability.yaml", &f("other"))], &[], "other");
    let other2 = repo.commit(&[("capability.yaml", &f("other2"))], &[other], "other2");
    let octopus = repo.commit(
        &[("capability.yaml", &f("oct"))],
        &[a1, b3, other2],
        "octopus",
    );
    let commits = [root, a1, b1, a2, b2, a3, b3, m, other, other2, octopus];
    repo.set_ref("refs/heads/config/default", a3);
    repo.set_ref("refs/heads/config/second", b3);
    repo.set_ref("refs/heads/config/third", other2);
    repo.set_ref("refs/heads/agents/m", m);
    repo.set_ref("refs/heads/agents/o", octopus);
    let reader = repo.open();
    let mut bases = reader.merge_bases(a3, b3).unwrap();
    bases.sort();
    let mut expected = vec![a1, b1];
    expected.sort();
    assert_eq!(bases, expected, "criss-cross has two best bases");
    assert_eq!(reader.merge_bases(a3, other2).unwrap(), vec![]);
    check_history(&repo, &commits);
    repo.git(&["gc", "-q", "--prune=now"]);
    check_history(&repo, &commits);
}

#[test]
fn deleted_and_packed_between_reads() {
    // A Repo lists packs once; an object packed by a later gc is still found.
    let repo = TestRepo::new();
    let (config, _) = workspace(&repo);
    let reader = repo.open();
    assert!(reader.commit(config).is_ok());
    repo.git(&["gc", "-q", "--prune=now"]);
    let blob = repo.blob(b"written after the listing");
    repo.set_ref("refs/litany/cwd/x", blob);
    repo.git(&["repack", "-a", "-d", "-q"]);
    repo.git(&["prune-packed"]);
    assert!(!repo.loose_path(blob).exists());
    assert!(reader.object(blob).unwrap().is_some());
    let other = Repo::open(&repo.git_dir).unwrap();
    assert!(other.object(blob).unwrap().is_some());
    let _ = git_in;
}
