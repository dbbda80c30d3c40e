//! The public shell reading (`wicket_shell::reading`): what a plugin author
//! gets for a command, read through every launcher and shell the default
//! classifier reads through.

mod support;

use wicket_shell::reading::{self, read_shell, Placement, Program, WriteKind};

fn ctx() -> wicket_guest::Context {
    support::context(serde_json::Value::Null)
}

/// The argv (first values, dynamic words as written) of every `git`
/// command the reading finds.
fn git_argvs(command: &str) -> Vec<Vec<String>> {
    read_shell(command, &ctx())
        .commands_named("git")
        .map(|c| {
            c.argv
                .iter()
                .map(|w| {
                    w.known()
                        .map_or_else(|| format!("?{}", w.shown), str::to_owned)
                })
                .collect()
        })
        .collect()
}

#[test]
fn quotes_escapes_and_known_variables_are_undone() {
    let want = vec![vec!["git", "push", "origin", "main"]];
    for command in [
        "git push origin main",
        "g''it pu\"sh\" origin 'main'",
        "b=main; git push origin $b",
        "\\git push origin m\\ain",
        "r=origin; git push \"$r\" main",
    ] {
        assert_eq!(git_argvs(command), want, "{command}");
    }
}

#[test]
fn launchers_shells_and_eval_are_read_through() {
    for command in [
        "env git push origin main",
        "env -i FOO=1 git push origin main",
        "sudo -u bob git push origin main",
        "timeout 5 git push origin main",
        "nohup git push origin main",
        "sh -c 'git push origin main'",
        "bash -c \"git push origin main\"",
        "eval 'git push origin main'",
        "eval git push origin main",
        "f() { git push origin main; }; f",
        "command git push origin main",
        "/usr/bin/git push origin main",
    ] {
        let found = git_argvs(command);
        assert!(
            found.contains(&vec![
                "git".into(),
                "push".into(),
                "origin".into(),
                "main".into()
            ]) || found.contains(&vec![
                "/usr/bin/git".into(),
                "push".into(),
                "origin".into(),
                "main".into()
            ]),
            "{command}: {found:?}"
        );
    }
}

#[test]
fn a_launched_command_names_its_launcher() {
    let reading = read_shell("env sh -c 'git push'", &ctx());
    let names: Vec<_> = reading
        .commands
        .iter()
        .map(|c| c.program.base_name().unwrap_or("?").to_owned())
        .collect();
    assert_eq!(names, ["env", "sh", "git"]);
    assert_eq!(reading.commands[0].launched_by, None);
    assert_eq!(reading.commands[1].launched_by, Some(0));
    assert_eq!(reading.commands[2].launched_by, Some(1));
}

#[test]
fn words_only_known_at_run_time_are_marked() {
    let reading = read_shell("git push origin \"$(cat branch.txt)\"", &ctx());
    let push = reading
        .commands_named("git")
        .find(|c| c.args().first().and_then(|w| w.known()) == Some("push"))
        .unwrap();
    assert!(push.argv[3].is_dynamic(), "{push:?}");
    // The substitution's own command is read too.
    assert!(reading.commands_named("cat").next().is_some());

    let reading = read_shell("$CMD push", &ctx());
    assert_eq!(reading.commands[0].program, Program::Unknown);
    assert!(!reading.is_complete());

    let reading = read_shell("echo main | xargs git push origin", &ctx());
    let git = reading.commands_named("git").next().unwrap();
    assert!(git.more_words_at_run_time, "{git:?}");

    let reading = read_shell("rm src/*.rs", &ctx());
    assert!(reading.commands[0].argv[1].pattern);
}

#[test]
fn brace_expansion_gives_each_word() {
    assert_eq!(
        git_argvs("{git,push,origin,main}"),
        vec![vec!["git", "push", "origin", "main"]]
    );
}

#[test]
fn the_directory_follows_cd() {
    let f = support::fixture();
    let reading = read_shell("cd src && git push", &ctx());
    let git = reading.commands_named("git").next().unwrap();
    assert_eq!(git.cwd.as_deref(), Some(format!("{}/src", f.root).as_str()));
}

#[test]
fn writes_are_placed() {
    let f = support::fixture();
    let reading = read_shell(
        "echo x > notes.txt; rm -rf ../../.wicket; cp a /etc/x",
        &ctx(),
    );
    let inside = reading
        .writes
        .iter()
        .find(|w| w.path == "notes.txt")
        .unwrap();
    assert_eq!(inside.kind, WriteKind::Overwrite);
    assert_eq!(
        inside.places,
        [Placement::Inside(format!("{}/notes.txt", f.root))]
    );
    let protected = reading
        .writes
        .iter()
        .find(|w| w.path == "../../.wicket")
        .unwrap();
    assert_eq!(protected.kind, WriteKind::Delete);
    assert!(
        matches!(protected.places[0], Placement::Protected { .. }),
        "{protected:?}"
    );
    assert!(reading
        .writes
        .iter()
        .any(|w| w.path == "/etc/x" && matches!(w.places[0], Placement::Outside { .. })));
}

#[test]
fn placement_helpers() {
    let f = support::fixture();
    let ctx = ctx();
    assert_eq!(
        reading::place(&ctx, None, "src/lib.rs"),
        Placement::Inside(format!("{}/src/lib.rs", f.root))
    );
    // A planted link is seen for where it leads.
    assert!(matches!(
        reading::place(&ctx, None, "state-link/trail.jsonl"),
        Placement::Protected { .. }
    ));
    assert!(matches!(
        reading::place(&ctx, Some("/"), "etc/passwd"),
        Placement::Outside { .. }
    ));
    assert_eq!(reading::place(&ctx, None, "/dev/null"), Placement::Stream);
    assert!(reading::is_under(&format!("{}/src/x", f.root), &f.root));
}

#[test]
fn only_shell_text_is_read() {
    use wicket_guest::Call;
    let call = |tool: &str, input: serde_json::Value| Call {
        id: "t".into(),
        tool: tool.into(),
        input,
        role: "worker".into(),
        agent_id: support::AGENT.into(),
    };
    let ctx = ctx();
    assert!(
        reading::read_call(&call("bash", serde_json::json!({"command": "ls"})), &ctx).is_some()
    );
    assert!(
        reading::read_call(&call("box_run", serde_json::json!({"command": "ls"})), &ctx).is_some()
    );
    assert!(
        reading::read_call(&call("read_file", serde_json::json!({"path": "x"})), &ctx).is_none()
    );
}

#[test]
fn a_git_command_that_rewrites_the_work_tree_is_a_tree_write() {
    let f = support::fixture();
    let reading = read_shell("git checkout HEAD~1 -- Cargo.lock", &ctx());
    assert!(
        reading
            .writes
            .iter()
            .any(|w| w.tree && w.places == [Placement::Inside(f.root.clone())]),
        "{:?}",
        reading.writes
    );
    // The default classifier's reading is unchanged by what is recorded.
    assert!(read_shell("git status", &ctx()).writes.is_empty());
}
