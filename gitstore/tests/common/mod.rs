//! Real repositories made with the `git` CLI, and git's own answers to
//! compare the reader's with.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use wicket_gitstore::{Kind, Oid, Repo};

/// A bare repository in a temporary directory.
pub struct TestRepo {
    pub dir: tempfile::TempDir,
    pub git_dir: PathBuf,
    clock: std::cell::Cell<u64>,
}

/// `git` with no inherited `GIT_*` variable, no user or system config, no
/// replace objects, and a fixed identity.
pub fn git_command(git_dir: &Path) -> Command {
    let mut command = Command::new("git");
    command
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", git_dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_NO_REPLACE_OBJECTS", "1")
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .arg("--git-dir")
        .arg(git_dir);
    command
}

/// Run git in `git_dir` with `stdin`, and return its output (it must succeed).
pub fn git_in(git_dir: &Path, args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let mut child = git_command(git_dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("git runs");
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("git finishes");
    writer.join().expect("writer");
    assert!(
        out.status.success(),
        "git {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

pub fn oid(text: &[u8]) -> Oid {
    Oid::from_hex(String::from_utf8_lossy(text).trim()).expect("an object name")
}

impl TestRepo {
    pub fn new() -> TestRepo {
        TestRepo::with_init(&[])
    }

    pub fn with_init(extra: &[&str]) -> TestRepo {
        let dir = tempfile::tempdir().expect("tempdir");
        let git_dir = dir.path().join("repo.git");
        let mut args = vec!["init", "--bare", "-q"];
        args.extend_from_slice(extra);
        let out = Command::new("git")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .args(&args)
            .arg(&git_dir)
            .output()
            .expect("git init");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        TestRepo {
            dir,
            git_dir,
            clock: std::cell::Cell::new(1_700_000_000),
        }
    }

    pub fn git(&self, args: &[&str]) -> Vec<u8> {
        git_in(&self.git_dir, args, b"")
    }

    pub fn git_stdin(&self, args: &[&str], stdin: &[u8]) -> Vec<u8> {
        git_in(&self.git_dir, args, stdin)
    }

    pub fn open(&self) -> Repo {
        Repo::open(&self.git_dir).expect("the repo opens")
    }

    pub fn blob(&self, bytes: &[u8]) -> Oid {
        oid(&self.git_stdin(&["hash-object", "-w", "--stdin"], bytes))
    }

    /// A commit whose top-level tree holds `files`, on `parents`.
    pub fn commit(&self, files: &[(&str, &[u8])], parents: &[Oid], message: &str) -> Oid {
        let mut listing = String::new();
        for (name, bytes) in files {
            let blob = self.blob(bytes);
            listing.push_str(&format!("100644 blob {blob}\t{name}\n"));
        }
        let tree = oid(&self.git_stdin(&["mktree"], listing.as_bytes()));
        self.commit_tree(tree, parents, message)
    }

    pub fn commit_tree(&self, tree: Oid, parents: &[Oid], message: &str) -> Oid {
        let time = self.clock.get() + 60;
        self.clock.set(time);
        let tree = tree.to_string();
        let parents: Vec<String> = parents.iter().map(Oid::to_string).collect();
        let mut args = vec!["commit-tree", tree.as_str(), "-m", message];
        for parent in &parents {
            args.push("-p");
            args.push(parent);
        }
        let date = format!("{time} +0000");
        let mut command = git_command(&self.git_dir);
        command
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date)
            .args(&args);
        let out = command.output().expect("git commit-tree");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        oid(&out.stdout)
    }

    pub fn set_ref(&self, name: &str, oid: Oid) {
        self.git(&["update-ref", name, &oid.to_string()]);
    }

    /// Every object git sees, with its kind and bytes.
    pub fn all_objects(&self) -> BTreeMap<Oid, (Kind, Vec<u8>)> {
        let out = self.git(&["cat-file", "--batch-all-objects", "--batch", "--unordered"]);
        let mut objects = BTreeMap::new();
        let mut rest: &[u8] = &out;
        while !rest.is_empty() {
            let newline = rest.iter().position(|b| *b == b'\n').expect("header");
            let header = String::from_utf8_lossy(&rest[..newline]).into_owned();
            let mut words = header.split(' ');
            let name = oid(words.next().expect("oid").as_bytes());
            let kind = match words.next().expect("kind") {
                "commit" => Kind::Commit,
                "tree" => Kind::Tree,
                "blob" => Kind::Blob,
                "tag" => Kind::Tag,
                other => panic!("kind {other}"),
            };
            let size: usize = words.next().expect("size").parse().expect("size");
            let data = rest[newline + 1..newline + 1 + size].to_vec();
            rest = &rest[newline + 2 + size..];
            objects.insert(name, (kind, data));
        }
        objects
    }

    /// Every ref git lists, with the object it names.
    pub fn all_refs(&self) -> Vec<(String, Oid)> {
        let out = self.git(&["for-each-ref", "--format=%(refname) %(objectname)"]);
        String::from_utf8_lossy(&out)
            .lines()
            .map(|line| {
                let (name, hex) = line.split_once(' ').expect("a ref line");
                (name.to_owned(), oid(hex.as_bytes()))
            })
            .collect()
    }

    /// Check every object and every ref the reader gives against git's.
    pub fn check_against_git(&self) {
        let repo = self.open();
        let objects = self.all_objects();
        assert!(!objects.is_empty());
        for (name, (kind, data)) in &objects {
            let object = repo
                .object(*name)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .unwrap_or_else(|| panic!("{name} not found"));
            assert_eq!(object.kind, *kind, "{name}");
            assert_eq!(&object.data, data, "{name}");
        }
        let refs = self.all_refs();
        assert_eq!(repo.refs_under("refs/").unwrap(), refs);
        for (name, oid) in &refs {
            assert_eq!(repo.resolve_ref(name).unwrap(), Some(*oid), "{name}");
        }
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.git_dir.join(relative)
    }

    /// The loose object file of `oid`.
    pub fn loose_path(&self, oid: Oid) -> PathBuf {
        let hex = oid.to_string();
        self.git_dir.join("objects").join(&hex[..2]).join(&hex[2..])
    }

    /// The pack files (`.idx`, `.pack`) of the repository.
    pub fn pack_files(&self, ext: &str) -> Vec<PathBuf> {
        let dir = self.git_dir.join("objects/pack");
        let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == ext))
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        out
    }

    /// Count the pack entries by type (6: OFS_DELTA, 7: REF_DELTA), reading
    /// the type bits at each offset `git verify-pack -v` lists.
    pub fn entry_types(&self) -> BTreeMap<u8, usize> {
        let mut counts = BTreeMap::new();
        for idx in self.pack_files("idx") {
            let pack = std::fs::read(idx.with_extension("pack")).expect("pack");
            let out = Command::new("git")
                .args(["verify-pack", "-v"])
                .arg(&idx)
                .output()
                .expect("verify-pack");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            for line in String::from_utf8_lossy(&out.stdout).lines() {
                let words: Vec<&str> = line.split_whitespace().collect();
                if words.len() >= 5 && words[0].len() == 40 {
                    let offset: usize = words[4].parse().expect("offset");
                    *counts.entry((pack[offset] >> 4) & 7).or_insert(0) += 1;
                }
            }
        }
        counts
    }
}

/// A history of `count` commits each editing one line of a large file, so
/// that a repack stores most versions as deltas.
pub fn many_edits(repo: &TestRepo, count: usize) -> Vec<Oid> {
    many_edits_of(repo, count, 400)
}

/// [`many_edits`] of a file of `size` lines.
pub fn many_edits_of(repo: &TestRepo, count: usize, size: usize) -> Vec<Oid> {
    let mut lines: Vec<String> = (0..size)
        .map(|i| format!("line {i} of the policy file\n"))
        .collect();
    let mut commits = Vec::new();
    for i in 0..count {
        lines[(i * 37) % size] = format!("line edited at step {i}\n");
        let text = lines.concat();
        let parents: Vec<Oid> = commits.last().copied().into_iter().collect();
        let commit = repo.commit(
            &[
                ("capability.yaml", text.as_bytes()),
                ("workflow.yaml", format!("step {i}\n").as_bytes()),
            ],
            &parents,
            &format!("edit {i}"),
        );
        commits.push(commit);
    }
    commits
}
