//! Path arithmetic a classifier needs, as plain string functions: making a
//! path absolute, folding it, containment, secret fragments — and, on a native
//! target, the symlink resolution the host answers for a wasm guest (the host
//! calls this same code, so a plugin's unit tests and the real thing agree).

/// How many symlinks one resolution follows before it stops and answers the
/// path as reached so far (the kernel's own limit is 40).
pub const MAX_SYMLINKS: usize = 40;

/// `path` made absolute: `~` and `~/…` from `home`, `~name/…` as that user's
/// home under `/home` (`/root` for root), anything relative under `cwd`. Not
/// folded: `..` after a symlink means the link's parent, so folding is the
/// resolver's job.
pub fn absolute(path: &str, cwd: &str, home: &str) -> String {
    if path == "~" {
        return home.to_owned();
    }
    if let Some(rest) = path.strip_prefix("~/") {
        return format!("{}/{}", home.trim_end_matches('/'), rest);
    }
    if let Some(named) = path.strip_prefix('~') {
        let (user, rest) = named.split_once('/').unwrap_or((named, ""));
        let base = if user == "root" {
            "/root".to_owned()
        } else {
            format!("/home/{user}")
        };
        return if rest.is_empty() {
            base
        } else {
            format!("{base}/{rest}")
        };
    }
    if path.starts_with('/') {
        return path.to_owned();
    }
    if path.is_empty() {
        return cwd.to_owned();
    }
    format!("{}/{}", cwd.trim_end_matches('/'), path)
}

/// An absolute path with `.`, `..` and repeated slashes folded lexically.
pub fn fold(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            name => parts.push(name),
        }
    }
    format!("/{}", parts.join("/"))
}

/// Whether `path` is `dir` or lies beneath it. Both absolute and folded.
pub fn is_under(path: &str, dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    if dir.is_empty() {
        return path.starts_with('/');
    }
    path == dir || (path.starts_with(dir) && path.as_bytes().get(dir.len()) == Some(&b'/'))
}

/// Whether `text` names `fragment` (the syntax is [`crate::fragments`]'):
/// `.ssh` bites on `/home/u/.ssh/config` and `--key=.ssh/id`, but not on
/// `.sshrc`; `credentials` not on `credentials_test.rs`.
pub fn contains_fragment(text: &str, fragment: &str) -> bool {
    crate::fragments::names(text, fragment)
}

/// Resolve an absolute path on this host: every symlink in the part that
/// exists is followed (`..` after a link goes to the link target's parent,
/// as the kernel does), the part that does not exist is appended folded.
/// Never fails: what cannot be read is taken as written.
pub fn resolve_on_this_host(absolute: &str) -> String {
    let mut reached = String::from("/");
    let mut pending: Vec<String> = components(absolute).into_iter().rev().collect();
    let mut links = 0usize;
    let mut exists = true;
    while let Some(part) = pending.pop() {
        // /proc names the asking process's own view (its cwd, root and
        // descriptors): this host's would be the wrong one. Stop there and
        // hand back the rest unfolded, for the caller to place.
        if reached == "/proc" || reached.starts_with("/proc/") {
            pending.push(part);
            for piece in pending.into_iter().rev() {
                reached = join(&reached, &piece);
            }
            return reached;
        }
        match part.as_str() {
            "." => {}
            ".." => reached = parent(&reached),
            name => {
                let next = join(&reached, name);
                if !exists {
                    reached = next;
                    continue;
                }
                match std::fs::symlink_metadata(&next) {
                    Ok(meta) if meta.file_type().is_symlink() && links < MAX_SYMLINKS => {
                        links += 1;
                        match std::fs::read_link(&next) {
                            Ok(target) => {
                                let target = target.to_string_lossy().into_owned();
                                if target.starts_with('/') {
                                    reached = String::from("/");
                                }
                                for piece in components(&target).into_iter().rev() {
                                    pending.push(piece);
                                }
                            }
                            Err(_) => reached = next,
                        }
                    }
                    Ok(_) => reached = next,
                    Err(_) => {
                        exists = false;
                        reached = next;
                    }
                }
            }
        }
    }
    reached
}

/// [`resolve_on_this_host`], and what is at the resolved path.
pub fn resolve_with_kind(absolute: &str) -> (String, crate::PathKind) {
    let resolved = resolve_on_this_host(absolute);
    if resolved == "/proc" || resolved.starts_with("/proc/") {
        return (resolved, crate::PathKind::Other);
    }
    let kind = match std::fs::metadata(&resolved) {
        Ok(meta) if meta.is_file() => crate::PathKind::File,
        Ok(meta) if meta.is_dir() => crate::PathKind::Directory,
        Ok(_) => crate::PathKind::Other,
        Err(_) => crate::PathKind::Missing,
    };
    (resolved, kind)
}

fn components(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

fn join(dir: &str, name: &str) -> String {
    if dir == "/" {
        format!("/{name}")
    } else {
        format!("{dir}/{name}")
    }
}

fn parent(path: &str) -> String {
    match path.rfind('/') {
        Some(0) | None => String::from("/"),
        Some(at) => path[..at].to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_expands_home_and_cwd() {
        assert_eq!(absolute("~", "/w", "/h"), "/h");
        assert_eq!(absolute("~/.ssh/id_rsa", "/w", "/h/"), "/h/.ssh/id_rsa");
        assert_eq!(absolute("~root/x", "/w", "/h"), "/root/x");
        assert_eq!(absolute("~bob", "/w", "/h"), "/home/bob");
        assert_eq!(absolute("src/a.rs", "/w/", "/h"), "/w/src/a.rs");
        assert_eq!(absolute("/etc", "/w", "/h"), "/etc");
        assert_eq!(absolute("", "/w", "/h"), "/w");
    }

    #[test]
    fn fold_handles_dots_and_escapes() {
        assert_eq!(fold("/w/a/../../../etc//passwd"), "/etc/passwd");
        assert_eq!(fold("/w/./a/"), "/w/a");
        assert_eq!(fold("/.."), "/");
    }

    #[test]
    fn containment_respects_component_boundaries() {
        assert!(is_under("/w/agents/a", "/w/agents/a"));
        assert!(is_under("/w/agents/a/src", "/w/agents/a"));
        assert!(!is_under("/w/agents/ab", "/w/agents/a"));
        assert!(is_under("/anything", "/"));
    }

    #[test]
    fn fragments_match_whole_components() {
        assert!(contains_fragment("/home/u/.ssh/config", ".ssh"));
        assert!(contains_fragment("--identity=~/.ssh/id", ".ssh"));
        assert!(!contains_fragment("id_rsa.pub", "id_rsa"));
        assert!(contains_fragment("/h/.config/brazen/key", ".config/brazen"));
        assert!(!contains_fragment("/h/.config/brazenly", ".config/brazen"));
        assert!(!contains_fragment("/h/.sshrc", ".ssh"));
        assert!(!contains_fragment("src/credentials_test.rs", "credentials"));
        assert!(contains_fragment("~/.aws/credentials", "credentials"));
    }

    #[test]
    fn resolution_follows_planted_links() {
        let dir = std::env::temp_dir().join(format!("wicket-guest-paths-{}", std::process::id()));
        let root = dir.join("root");
        std::fs::create_dir_all(&root).unwrap();
        let outside = dir.join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        let link = root.join("x");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        let real_outside = std::fs::canonicalize(&outside).unwrap();
        let resolved = resolve_on_this_host(&format!("{}/passwd", link.display()));
        assert_eq!(resolved, format!("{}/passwd", real_outside.display()));
        // `..` after a link is the target's parent, not the link's.
        let up = resolve_on_this_host(&format!("{}/../root/new/../file", link.display()));
        let real_root = std::fs::canonicalize(&root).unwrap();
        assert_eq!(up, format!("{}/file", real_root.display()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
