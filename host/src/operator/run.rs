//! `wicket run -- <litany command…>`: run a litany command inside the wall,
//! so a workspace that requires confinement can be driven confined from its
//! first call. The workspace is `--workspace`, else the first argument that is
//! a litany workspace. wicket's state directory is made first, so the wall
//! re-binds it read-only and the consults inside can see they are confined,
//! and the compile cache is filled first, since it is read-only inside.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::operator::answer::guarded_paths_for;
use crate::wall;
use crate::workspace::Workspace;

/// Run `program` in the wall; returns only on failure (success execs).
pub fn run(workspace: Option<&Path>, program: &[OsString]) -> Result<()> {
    let Some(first) = program.first() else {
        bail!("say what to run inside the wall: `wicket run -- litany prompt <ws> …`");
    };
    let ws = match workspace {
        Some(path) => Workspace::open(path)?,
        None => match program.iter().skip(1).map(PathBuf::from).find(|p| p.join("repo.git").is_dir()) {
            Some(path) => Workspace::open(&path)?,
            None => bail!(
                "none of the arguments to {} is a litany workspace; say which with `wicket run --workspace <ws> -- …`",
                first.to_string_lossy()
            ),
        },
    };
    let state = ws.state_dir();
    if !state.is_dir() {
        std::fs::create_dir(&state).with_context(|| {
            format!(
                "could not create {} (the wall re-binds it read-only)",
                state.display()
            )
        })?;
    }
    // Inside the wall the compile cache is read-only: fill it first, so
    // consults in there load compiled plugins instead of holding on them.
    if let Ok(lineages) = ws.refs(crate::workspace::CONFIG_HEADS) {
        crate::operator::init::warm_cache(&ws, &lineages);
    }
    // Placeholders for what the wall binds read-only, so an agent cannot
    // create them inside (an empty refs/replace/, an empty packed-refs).
    wall::prepare(&ws.root).with_context(|| {
        format!(
            "could not prepare {} for the wall (it makes empty placeholders for what it keeps read-only)",
            ws.root.display()
        )
    })?;
    let shape = wall::Shape::for_workspace(&ws.root, &guarded_paths_for(&ws));
    let bwrap = wall::probe(&shape)
        .map_err(|u| anyhow::anyhow!("the wall cannot be built here: {}", u.sentence()))?;
    let error = shape.wrap(&bwrap, program).exec();
    Err(error).with_context(|| format!("could not start {}", bwrap.display()))
}
