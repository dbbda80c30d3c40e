#!/bin/sh
# Seed corpus/objects with inputs built from a small real repository: its
# pack index, pack, packed-refs and a few loose objects, in the sections the
# `objects` target reads.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null HOME="$work"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e
git init -q --bare "$work/r.git"
g() { git --git-dir "$work/r.git" "$@"; }
parent=""
for i in 1 2 3 4 5 6; do
    blob=$(seq 1 40 | sed "s/^$i\$/edited $i/" | g hash-object -w --stdin)
    tree=$(printf '100644 blob %s\tcapability.yaml\n' "$blob" | g mktree)
    commit=$(g commit-tree "$tree" ${parent:+-p "$parent"} -m "c$i")
    parent=$commit
done
g update-ref refs/heads/config/default "$commit"
g tag -a -m t v1 "$commit"
cp "$work/r.git/objects/$(echo "$commit" | cut -c1-2)/$(echo "$commit" | cut -c3-)" "$work/loose"
g repack -a -d -q --depth=10
g pack-refs --all
mkdir -p "$here/corpus/objects"
idx=$(ls "$work"/r.git/objects/pack/*.idx)
pack=${idx%.idx}.pack
commit_raw=$(g cat-file commit "$commit")
sep='@@@@'
# flags 3: checksums fixed up; flags 7: and positioned reads.
for flags in 3 7; do
    {
        printf "\\$(printf '%03o' "$flags")"
        printf '%s' "$sep"
        printf '\000'; printf '%s\n' "$commit_raw"
        printf '%s' "$sep"
        cat "$work/loose"
        printf '%s' "$sep"
        cat "$idx"
        printf '%s' "$sep"
        cat "$pack"
        printf '%s' "$sep"
        cat "$work/r.git/packed-refs"
        printf '%s' "$sep"
        printf 'ref: refs/heads/config/default\n'
    } > "$here/corpus/objects/seed-$flags"
done
echo "seeded $here/corpus/objects"
