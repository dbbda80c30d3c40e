//! What one consult's reads cost on a small packed repository: open, two
//! refs, a commit, a tree and a blob. Printed, not asserted (run with
//! `--release --nocapture` to see the number that matters).

mod common;

use std::time::{Duration, Instant};

use common::TestRepo;
use wicket_gitstore::{FileLookup, Repo};

#[test]
fn a_consults_reads_on_a_small_packed_repository() {
    let repo = TestRepo::new();
    let commits = common::many_edits(&repo, 20);
    repo.set_ref("refs/heads/config/default", commits[19]);
    repo.set_ref("refs/heads/agents/20261129T181730Z-1c32bb5e", commits[19]);
    repo.git(&["gc", "-q", "--prune=now"]);
    let consult = || {
        let reader = Repo::open(&repo.git_dir).unwrap();
        let config = reader
            .resolve_ref("refs/heads/config/default")
            .unwrap()
            .unwrap();
        let agent = reader
            .resolve_ref("refs/heads/agents/20261129T181730Z-1c32bb5e")
            .unwrap();
        assert!(agent.is_some());
        let commit = reader.commit(config).unwrap();
        let entry = reader.tree_entry(commit.tree, "capability.yaml").unwrap();
        assert!(entry.is_some());
        let file = reader.file_in_commit(config, "capability.yaml").unwrap();
        assert!(matches!(file, FileLookup::Blob(_)));
    };
    consult();
    let rounds = 300u32;
    let mut best = Duration::MAX;
    let started = Instant::now();
    for _ in 0..rounds {
        let one = Instant::now();
        consult();
        best = best.min(one.elapsed());
    }
    eprintln!(
        "open + 2 refs + commit + tree + blob (packed, deltified): mean {:?}, best {:?}",
        started.elapsed() / rounds,
        best
    );
}
