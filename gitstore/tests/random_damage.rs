//! Random damage to a real repository's object files: every read answers
//! the right object, "not here" or an error — never another object's bytes,
//! never a panic.
//!
//! `GITSTORE_DAMAGE_ROUNDS` sets how many damaged copies are read (default
//! 2000).

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::TestRepo;
use wicket_gitstore::{FileLookup, Kind, Oid, Repo};

/// A small deterministic generator (xorshift64*), so a failure names its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn files_of(repo: &TestRepo, objects: &BTreeMap<Oid, (Kind, Vec<u8>)>) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = objects
        .keys()
        .map(|o| repo.loose_path(*o))
        .filter(|p| p.exists())
        .collect();
    files.extend(repo.pack_files("idx"));
    files.extend(repo.pack_files("pack"));
    files
}

fn check(
    repo: &Repo,
    objects: &BTreeMap<Oid, (Kind, Vec<u8>)>,
    commits: &[(Oid, Vec<u8>)],
    rng: &mut Rng,
    what: &str,
) -> usize {
    let mut errors = 0;
    for (name, (kind, data)) in objects {
        match repo.object(*name) {
            Ok(Some(object)) => {
                assert!(
                    object.kind == *kind && object.data == *data,
                    "{what}: a wrong answer for {name}"
                )
            }
            Ok(None) => {}
            Err(_) => errors += 1,
        }
    }
    for _ in 0..2 {
        // A commit's file: the right bytes or an error, never absent.
        let (commit, policy) = &commits[rng.below(commits.len())];
        match repo.file_in_commit(*commit, "capability.yaml") {
            Ok(FileLookup::Blob(bytes)) => {
                assert!(bytes == *policy, "{what}: a wrong policy for {commit}")
            }
            Ok(FileLookup::Absent) => panic!("{what}: the policy of {commit} read as absent"),
            Err(_) => {}
        }
    }
    if let (Some((first, _)), Some((last, _))) = (commits.first(), commits.last()) {
        if let Ok(bases) = repo.merge_bases(*first, *last) {
            assert_eq!(bases, vec![*first], "{what}: a wrong merge base");
        }
        if let Ok(answer) = repo.is_ancestor(*first, *last) {
            assert!(answer, "{what}: a wrong ancestry");
        }
    }
    errors
}

fn damage(
    repo: &TestRepo,
    objects: &BTreeMap<Oid, (Kind, Vec<u8>)>,
    commits: &[(Oid, Vec<u8>)],
    rounds: usize,
    seed: u64,
) {
    let files = files_of(repo, objects);
    let mut rng = Rng(seed);
    let mut errors = 0;
    for round in 0..rounds {
        let path = &files[rng.below(files.len())];
        let good = std::fs::read(path).unwrap();
        let mut bad = good.clone();
        let how = match rng.below(4) {
            0 => {
                let at = rng.below(bad.len());
                bad.truncate(at);
                format!("truncated at {at}")
            }
            1 => {
                // Several flips close together.
                let at = rng.below(bad.len());
                for k in 0..1 + rng.below(4) {
                    if let Some(byte) = bad.get_mut(at + k) {
                        *byte ^= 1 + rng.below(255) as u8;
                    }
                }
                format!("bytes flipped at {at}")
            }
            _ => {
                let at = rng.below(bad.len());
                bad[at] ^= 1 + rng.below(255) as u8;
                format!("byte flipped at {at}")
            }
        };
        std::fs::write(path, &bad).unwrap();
        let what = format!("round {round} (seed {seed}): {} {how}", path.display());
        let reader = Repo::open(&repo.git_dir).unwrap();
        errors += check(&reader, objects, commits, &mut rng, &what);
        if path.extension().is_some_and(|x| x == "idx") {
            // The large-index path: no whole-file checksum to catch the damage.
            let mut reader = Repo::open(&repo.git_dir).unwrap();
            reader.read_every_idx_by_positioned_reads();
            errors += check(&reader, objects, commits, &mut rng, &what);
        }
        std::fs::write(path, &good).unwrap();
    }
    assert!(errors > 0, "the damage was noticed");
    // Undamaged again: every object reads.
    let reader = Repo::open(&repo.git_dir).unwrap();
    assert_eq!(check(&reader, objects, commits, &mut rng, "restored"), 0);
}

fn writable(repo: &TestRepo) {
    use std::os::unix::fs::PermissionsExt;
    let mut stack = vec![repo.git_dir.join("objects")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
            }
        }
    }
}

#[test]
fn random_damage_never_forges_an_object() {
    let rounds: usize = std::env::var("GITSTORE_DAMAGE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(2000);
    let repo = TestRepo::new();
    let mut commits = common::many_edits_of(&repo, 24, 60);
    repo.set_ref("refs/heads/config/default", commits[23]);
    // Half the objects packed with deltas, later ones loose.
    repo.git(&[
        "repack",
        "-a",
        "-d",
        "-f",
        "-q",
        "--depth=50",
        "--window=250",
    ]);
    repo.git(&["prune-packed"]);
    let more = {
        let mut lines: Vec<String> = (0..50).map(|i| format!("line {i}\n")).collect();
        let mut last = commits[23];
        for i in 0..6 {
            lines[i] = format!("line changed {i}\n");
            last = repo.commit(
                &[("capability.yaml", lines.concat().as_bytes())],
                &[last],
                "more",
            );
        }
        last
    };
    repo.set_ref("refs/heads/config/default", more);
    commits.push(more);
    writable(&repo);
    let objects = repo.all_objects();
    let commits: Vec<(Oid, Vec<u8>)> = commits
        .into_iter()
        .map(|c| {
            (
                c,
                repo.git(&["cat-file", "blob", &format!("{c}:capability.yaml")]),
            )
        })
        .collect();
    let seed = 0x5eed_0000_0000_0001 ^ rounds as u64;
    let started = std::time::Instant::now();
    damage(&repo, &objects, &commits, rounds, seed);
    eprintln!("{rounds} rounds in {:?}", started.elapsed());
}
