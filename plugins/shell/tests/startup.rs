//! The home's startup files stay protected however the home and the files
//! are linked, whichever question about the protected set a reading asks
//! first: the reader works the set out on its first ask (`Reader::protected`),
//! and these cases would fail if that lazy path missed an entry.
//!
//! Each case builds its own tree under the system's temporary directory: a
//! workspace with an agent's worktree, a home, and a directory of dotfiles
//! outside both that the home links into.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use wicket_guest::{Call, Context, Effect, Finding};

struct Tree {
    base: PathBuf,
    ws: String,
    root: String,
}

impl Tree {
    fn new(name: &str) -> Tree {
        let base = std::env::temp_dir().join(format!(
            "wicket-shell-startup-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&base);
        let root = base.join("ws/agents/a1");
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::create_dir_all(base.join("ws/repo.git")).unwrap();
        std::fs::create_dir_all(base.join("dots")).unwrap();
        let base = std::fs::canonicalize(&base).unwrap();
        Tree {
            ws: base.join("ws").display().to_string(),
            root: base.join("ws/agents/a1").display().to_string(),
            base,
        }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.base.join(rel)
    }

    fn file(&self, rel: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "x\n").unwrap();
    }

    fn link(&self, rel: &str, target: &Path) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        symlink(target, path).unwrap();
    }

    fn classify(&self, home: &str, command: &str) -> Vec<Finding> {
        let protected = ["repo.git", ".wicket", "agents", "inbox", "steps"]
            .iter()
            .map(|p| format!("{}/{p}", self.ws))
            .collect();
        let ctx = Context::new(self.ws.clone(), self.root.clone(), self.root.clone(), home)
            .with_protected(protected)
            .with_secret_fragments(
                wicket_guest::SHIPPED_SECRET_FRAGMENTS
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            );
        let call = Call {
            id: "t".into(),
            tool: "bash".into(),
            input: serde_json::json!({ "command": command }),
            role: "worker".into(),
            agent_id: "a1".into(),
        };
        wicket_shell::classify(&call, &ctx)
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

fn destructive(findings: &[Finding], command: &str) {
    assert!(
        findings.iter().any(|f| f.effect == Effect::Destructive),
        "{command}: {findings:?}"
    );
}

/// A home that is itself a link: its startup files are protected as
/// written under the link and where they live.
#[test]
fn a_linked_home_keeps_its_startup_files() {
    let t = Tree::new("home-link");
    t.file("real-home/.bashrc");
    t.link("home", &t.path("real-home"));
    let home = t.path("home").display().to_string();
    let real = t.path("real-home").display().to_string();
    for command in [
        format!("echo x >> {real}/.bashrc"),
        format!("echo x >> {real}/.profile"),
        format!("echo x >> {real}/.config/git/config"),
        format!("echo x >> {home}/.bashrc"),
        "echo x >> ~/.zshrc".to_owned(),
        format!("cp src/a {real}/.gitconfig"),
        format!("python3 -c 'open(\"{real}/.bashrc\", \"a\")'"),
    ] {
        destructive(&t.classify(&home, &command), &command);
    }
}

/// A startup file that is a link (a dotfiles checkout): protected where it
/// lives, outside the root or inside it, and through a linked `.config`.
#[test]
fn a_linked_startup_file_is_protected_where_it_lives() {
    let t = Tree::new("file-link");
    t.file("dots/bashrc");
    t.file("ws/agents/a1/profile-in-root");
    t.file("dots/cfg/git/config");
    std::fs::create_dir_all(t.path("home")).unwrap();
    t.link("home/.bashrc", &t.path("dots/bashrc"));
    t.link("home/.profile", &t.path("ws/agents/a1/profile-in-root"));
    t.link("home/.config", &t.path("dots/cfg"));
    // A link to a file that does not exist yet: writing there creates it.
    t.link("home/.zshrc", &t.path("dots/zshrc-to-be"));
    let home = t.path("home").display().to_string();
    let dots = t.path("dots").display().to_string();
    for command in [
        format!("echo x >> {dots}/bashrc"),
        format!("echo x >> {dots}/zshrc-to-be"),
        format!("echo x >> {dots}/cfg/git/config"),
        format!("sed -i s/a/b/ {dots}/bashrc"),
        "echo x >> profile-in-root".to_owned(),
        "sed -i s/a/b/ profile-in-root".to_owned(),
        "rm -f profile-in-root".to_owned(),
        "cat README.md; echo x >> ../../../dots/bashrc".to_owned(),
    ] {
        destructive(&t.classify(&home, &command), &command);
    }
    // The worktree's other files are still its own.
    let findings = t.classify(&home, "echo x >> src/a");
    assert!(
        findings.iter().all(|f| f.effect <= Effect::TargetWrite),
        "{findings:?}"
    );
}

/// A home linked through a link, whose startup file is a link too.
#[test]
fn links_all_the_way_down() {
    let t = Tree::new("chain");
    t.file("dots/gitconfig");
    std::fs::create_dir_all(t.path("real-home")).unwrap();
    t.link("real-home/.gitconfig", &t.path("dots/gitconfig"));
    t.link("mid", &t.path("real-home"));
    t.link("home", &t.path("mid"));
    let home = t.path("home").display().to_string();
    let dots = t.path("dots").display().to_string();
    for command in [
        format!("echo x >> {dots}/gitconfig"),
        format!("git config --file {dots}/gitconfig core.hooksPath /tmp"),
        "echo x >> ~/.gitconfig".to_owned(),
    ] {
        destructive(&t.classify(&home, &command), &command);
    }
}
