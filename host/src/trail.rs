//! The trail, `<ws>/.wicket/trail.jsonl`: what the operator decided, as
//! append-only JSON lines — answers, withdrawals, floors and launch receipts,
//! each saying when and who. It is the audit and the memory at once: the
//! control folds it on every consult and never writes it.
//!
//! A writer appends one whole row with one write under an exclusive lock; if
//! a killed writer left a torn line, the next row starts on a line of its own.
//! Readers skip lines they cannot parse (torn, or a kind a newer wicket
//! wrote) and go on. Nothing is rewritten in place; later rows supersede
//! earlier ones for the same key.
//!
//! A trail grows without end, and the control folds it on every consult, so
//! the writers also leave summaries in it, under the same lock, in the same
//! write as a row: **checkpoints** (see [`Checkpoint`]) — what stood at that
//! point, restated, so a reader folds from the last checkpoint instead of
//! from the first row — and, between them, **indexes** (see [`Index`]) —
//! where in the rows since the checkpoint a consult finds what bears on its
//! agent. A reader trusts a summary only when it is whole, sealed by its
//! digest and sits where it says; else it reads the rows themselves. The
//! full fold ([`State::fold_bytes`]) trusts no summary at all, and every
//! faster read is tested against it. The control still writes nothing.
//!
//! Sizes, for 1,000,000 rows of answers, withdrawals, floors and launches
//! (`cargo bench -p wicket --bench consult -- trail`): a checkpoint every
//! 256 KiB of rows or the size of what stands (whichever is larger), an
//! index every 32 KiB; a consult reads one checkpoint line, its buckets for
//! the agent's ancestry, one index line, the lines it points to and at most
//! 32 KiB of rows after it, whatever the trail's length.

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::io::{Seek, SeekFrom, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::Path;
use std::time::SystemTime;

use anyhow::{bail, Context, Result};
use cap_std::fs::OpenOptionsExt;
use cap_std::fs::{Dir, OpenOptions};
use serde::{Deserialize, Serialize};
use wicket_guest::Effect;

use crate::judge::Ruling;
use crate::workspace::descends;

/// The trail's file name inside the state directory.
pub const FILE: &str = "trail.jsonl";

/// A line longer than this is unreadable to every reader (it counts as a
/// line that could not be read), so no reader holds more than it at once.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Launch receipts a folded state keeps (the newest; `status` shows five).
pub const LAUNCHES_KEPT: usize = 8;

/// How far one answer stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// The held call only (the same agent, tool_use id and input).
    Call,
    /// The held call's class, for this conversation and its whole descent.
    Conversation,
    /// The held call's class, for every conversation.
    Workspace,
}

impl Scope {
    pub fn word(self) -> &'static str {
        match self {
            Scope::Call => "call",
            Scope::Conversation => "conversation",
            Scope::Workspace => "workspace",
        }
    }
}

/// Who wrote a row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Who {
    pub user: String,
    pub host: String,
}

impl Who {
    /// The person at this terminal, as the environment and the kernel say.
    pub fn here() -> Who {
        let user = std::env::var("USER")
            .or_else(|_| std::env::var("LOGNAME"))
            .unwrap_or_else(|_| format!("uid {}", rustix::process::getuid().as_raw()));
        let host = rustix::system::uname()
            .nodename()
            .to_string_lossy()
            .into_owned();
        Who { user, host }
    }
}

/// A ruling given by the operator, and what it was about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// How `status` and `withdraw` name it.
    pub answer: String,
    pub ruling: Ruling,
    pub scope: Scope,
    /// The held call's agent (the conversation a conversation answer stands over).
    pub agent: String,
    pub tool_use_id: String,
    pub tool: String,
    /// The deciding effect of the held call, from its reason's tag.
    #[serde(default)]
    pub effect: Option<String>,
    /// The digest of the held call's tool name and input, from the tag.
    #[serde(default)]
    pub digest: Option<String>,
    pub reason: String,
    /// RFC 3339; the answer stands for nothing after it.
    #[serde(default)]
    pub expires: Option<String>,
    /// The operator's words for the agent, carried in a refusal's reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl Answer {
    /// `<tool>@<effect>`: what a wider answer stands for.
    pub fn class(&self) -> Option<String> {
        self.effect.as_ref().map(|e| format!("{}@{e}", self.tool))
    }

    /// The key later rows supersede by.
    pub fn key(&self) -> String {
        match self.scope {
            Scope::Call => format!(
                "call {} {} {}",
                self.agent,
                self.tool_use_id,
                self.digest.as_deref().unwrap_or("-")
            ),
            Scope::Conversation => format!(
                "conversation {} {}",
                self.agent,
                self.class().unwrap_or_default()
            ),
            Scope::Workspace => format!("workspace {}", self.class().unwrap_or_default()),
        }
    }

    /// Whether it has expired by `now`.
    pub fn expired(&self, now: SystemTime) -> bool {
        self.expires
            .as_deref()
            .is_some_and(|e| humantime::parse_rfc3339_weak(e).map_or(true, |t| t <= now))
    }
}

/// A floor raised or lowered on a conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FloorAction {
    Raise,
    Lower,
}

/// What one row records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "row", rename_all = "lowercase")]
pub enum What {
    Answer(Answer),
    Withdraw {
        answer: String,
    },
    Floor {
        agent: String,
        action: FloorAction,
    },
    Launch {
        agent: String,
        argv: Vec<String>,
        ok: bool,
        #[serde(default)]
        pid: Option<u32>,
        #[serde(default)]
        log: Option<String>,
        #[serde(default)]
        error: Option<String>,
        #[serde(default)]
        confined: bool,
    },
}

/// One line of the trail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// RFC 3339, UTC.
    pub at: String,
    pub who: Who,
    #[serde(flatten)]
    pub what: What,
}

impl Row {
    /// A row written now, by whoever is here.
    pub fn now(what: What) -> Row {
        Row {
            at: humantime::format_rfc3339_millis(SystemTime::now()).to_string(),
            who: Who::here(),
            what,
        }
    }
}

impl Row {
    /// One trail line read as a row: exactly what the derived reading
    /// (`serde_json::from_slice::<Row>`) says, faster.
    ///
    /// The derived reading buffers every field of a line before it knows
    /// the row's kind (`#[serde(flatten)]` over the tagged [`What`]). This
    /// reads the fields straight into one flat record and builds the row
    /// from it. The record takes a line only when each field it holds has
    /// its kind's type, no field appears twice, and the row's kind and its
    /// required fields are there; any other line (a field the kind does not
    /// have carrying a value of another type, say) is read by the derived
    /// reading instead, so what reads, and as what, never differs.
    pub fn parse(line: &[u8]) -> serde_json::Result<Row> {
        if let Some(row) = serde_json::from_slice::<FlatRow>(line)
            .ok()
            .and_then(FlatRow::into_row)
        {
            return Ok(row);
        }
        serde_json::from_slice::<Row>(line)
    }
}

/// Every field a row of any kind can have, each optional: see [`Row::parse`].
/// A field that is required or not optional in its kind may be missing here
/// but not `null` (as the derived reading has it), hence [`present`].
#[derive(Deserialize)]
struct FlatRow {
    at: String,
    who: Who,
    row: String,
    #[serde(default, deserialize_with = "present")]
    answer: Option<String>,
    #[serde(default, deserialize_with = "present")]
    ruling: Option<Ruling>,
    #[serde(default, deserialize_with = "present")]
    scope: Option<Scope>,
    #[serde(default, deserialize_with = "present")]
    agent: Option<String>,
    #[serde(default, deserialize_with = "present")]
    tool_use_id: Option<String>,
    #[serde(default, deserialize_with = "present")]
    tool: Option<String>,
    #[serde(default)]
    effect: Option<String>,
    #[serde(default)]
    digest: Option<String>,
    #[serde(default, deserialize_with = "present")]
    reason: Option<String>,
    #[serde(default)]
    expires: Option<String>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default, deserialize_with = "present")]
    action: Option<FloorAction>,
    #[serde(default, deserialize_with = "present")]
    argv: Option<Vec<String>>,
    #[serde(default, deserialize_with = "present")]
    ok: Option<bool>,
    #[serde(default)]
    pid: Option<u32>,
    #[serde(default)]
    log: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default, deserialize_with = "present")]
    confined: Option<bool>,
}

/// A field that, when it is there, must be a `T` (not `null`).
fn present<'de, D, T>(d: D) -> std::result::Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

impl FlatRow {
    /// The row, when its kind is known and its kind's required fields are
    /// all there.
    fn into_row(self) -> Option<Row> {
        let what = match self.row.as_str() {
            "answer" => What::Answer(Answer {
                answer: self.answer?,
                ruling: self.ruling?,
                scope: self.scope?,
                agent: self.agent?,
                tool_use_id: self.tool_use_id?,
                tool: self.tool?,
                effect: self.effect,
                digest: self.digest,
                reason: self.reason?,
                expires: self.expires,
                message: self.message,
            }),
            "withdraw" => What::Withdraw {
                answer: self.answer?,
            },
            "floor" => What::Floor {
                agent: self.agent?,
                action: self.action?,
            },
            "launch" => What::Launch {
                agent: self.agent?,
                argv: self.argv?,
                ok: self.ok?,
                pid: self.pid,
                log: self.log,
                error: self.error,
                confined: self.confined.unwrap_or(false),
            },
            _ => return None,
        };
        Some(Row {
            at: self.at,
            who: self.who,
            what,
        })
    }
}

/// The state directory, opened as a capability: nothing reached through it
/// can escape it, so a link planted inside cannot redirect a write.
fn state_dir(state: &Path, create: bool) -> Result<Option<Dir>> {
    match std::fs::symlink_metadata(state) {
        Ok(meta) if meta.file_type().is_symlink() => {
            bail!(
                "{} is a symlink; wicket will not read or write its trail through one",
                state.display()
            )
        }
        Ok(meta) if !meta.is_dir() => bail!("{} is not a directory", state.display()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if !create {
                return Ok(None);
            }
            match std::fs::create_dir(state) {
                Ok(()) => {}
                // Another writer made it between the look and the create:
                // look again, so a link raced into its place is still refused.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    return state_dir(state, false);
                }
                Err(e) => {
                    return Err(e).with_context(|| {
                        format!(
                            "could not create wicket's state directory {}",
                            state.display()
                        )
                    })
                }
            }
        }
        Err(e) => return Err(e).with_context(|| format!("could not read {}", state.display())),
    }
    let dir = Dir::open_ambient_dir(state, cap_std::ambient_authority()).with_context(|| {
        format!(
            "could not open wicket's state directory {}",
            state.display()
        )
    })?;
    Ok(Some(dir))
}

/// Opening the trail never waits on a FIFO or a device (`O_NONBLOCK`) nor
/// follows a link (`O_NOFOLLOW`); [`regular`] then refuses anything but a
/// regular file.
const NOT_A_DEVICE: i32 =
    (rustix::fs::OFlags::NONBLOCK.bits() | rustix::fs::OFlags::NOFOLLOW.bits()) as i32;

/// The trail must be a regular file (a FIFO or device would block a reader)
/// with one name: wicket appends to it and never links it, so another name
/// is a hard link someone made, through which rows could be written that no
/// operator wrote. Neither is read or appended to.
fn regular(file: &cap_std::fs::File, state: &Path) -> Result<()> {
    let stat = rustix::fs::fstat(file)
        .with_context(|| format!("could not read {}", state.join(FILE).display()))?;
    if rustix::fs::FileType::from_raw_mode(stat.st_mode) != rustix::fs::FileType::RegularFile {
        bail!(
            "{} is not a regular file (wicket keeps its trail in one); move it aside and run the verb again",
            state.join(FILE).display()
        );
    }
    let names = stat.st_nlink;
    if names > 1 {
        bail!(
            "{} has {names} names (hard links): rows written through another name would not be the operator's; find the others with `find \"$(stat -c %m {})\" -xdev -samefile {}` and remove them",
            state.join(FILE).display(),
            state.join(FILE).display(),
            state.join(FILE).display()
        );
    }
    Ok(())
}

/// The trail opened for reading (none when there is no trail yet).
fn open_trail(state: &Path) -> Result<Option<std::fs::File>> {
    let Some(dir) = state_dir(state, false)? else {
        return Ok(None);
    };
    let file = match dir.open_with(
        FILE,
        OpenOptions::new().read(true).custom_flags(NOT_A_DEVICE),
    ) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(e).with_context(|| format!("could not open {}", state.join(FILE).display()))
        }
    };
    regular(&file, state)?;
    Ok(Some(file.into_std()))
}

/// The trail opened for appending, created if need be, locked exclusively.
fn open_locked(state: &Path) -> Result<std::fs::File> {
    let dir = state_dir(state, true)?.context("the state directory vanished")?;
    let file = dir
        .open_with(
            FILE,
            OpenOptions::new()
                .read(true)
                .append(true)
                .create(true)
                .custom_flags(NOT_A_DEVICE),
        )
        .with_context(|| {
            format!(
                "could not open {} for appending",
                state.join(FILE).display()
            )
        })?;
    regular(&file, state)?;
    rustix::fs::flock(file.as_fd(), rustix::fs::FlockOperation::LockExclusive)
        .with_context(|| format!("could not lock {}", state.join(FILE).display()))?;
    Ok(file.into_std())
}

/// The trail's length, and whether it ends mid-line (a writer killed
/// mid-row leaves a line without its newline: the next row starts on a line
/// of its own so the torn one stays the only casualty).
fn end_of(file: &mut std::fs::File) -> Result<(u64, bool)> {
    let len = file
        .seek(SeekFrom::End(0))
        .context("could not read the trail's length")?;
    if len == 0 {
        return Ok((0, false));
    }
    let mut last = [0u8; 1];
    file.read_exact_at(&mut last, len - 1)
        .context("could not read the trail")?;
    Ok((len, last[0] != b'\n'))
}

/// One whole write, or an error saying how much of it landed.
fn write_whole(file: &mut std::fs::File, bytes: &[u8], state: &Path) -> Result<()> {
    let written = file
        .write(bytes)
        .with_context(|| format!("could not write to {}", state.join(FILE).display()))?;
    if written != bytes.len() {
        bail!(
            "only {written} of {} bytes reached {} (is the disk full?)",
            bytes.len(),
            state.join(FILE).display()
        );
    }
    Ok(())
}

/// Append one row: one write of one whole line, under an exclusive lock,
/// flushed to disk — and, when enough has been written since the last
/// checkpoint, a new checkpoint after it, written once the row is on disk
/// and not waited for (see [`Checkpoint`]).
pub fn append(state: &Path, row: &Row) -> Result<()> {
    append_every(state, row, CHECKPOINT_EVERY, None, Due::Write).map(|_| ())
}

/// [`append`] by a writer that has just read the whole trail: when a
/// checkpoint falls due and the trail is still exactly what `read` folded,
/// that fold is used instead of reading it all again.
pub fn append_after(state: &Path, row: &Row, read: Snapshot) -> Result<()> {
    append_every(state, row, CHECKPOINT_EVERY, Some(read), Due::Write).map(|_| ())
}

/// [`append`], except that a checkpoint falling due is left to
/// [`summarise`]: true when one is due. An operator's verb answers once its
/// row is on disk and hands the checkpoint (tens of milliseconds on a
/// million-row trail) to a writer that outlives it.
pub fn append_leaving_checkpoint(state: &Path, row: &Row) -> Result<bool> {
    append_every(state, row, CHECKPOINT_EVERY, None, Due::Leave)
}

/// Write the checkpoint that has fallen due, if one has (and the trail does
/// not end mid-line, which the next row's writer mends first): true when
/// one was written. Under the trail's lock, as every writer.
pub fn summarise(state: &Path) -> Result<bool> {
    summarise_every(state, CHECKPOINT_EVERY)
}

fn summarise_every(state: &Path, every: u64) -> Result<bool> {
    // A summariser creates nothing: no trail (a workspace removed since the
    // verb that started it), nothing to summarise.
    if open_trail(state)?.is_none() {
        return Ok(false);
    }
    let mut file = open_locked(state)?;
    let (len, torn) = end_of(&mut file)?;
    let last = Last::find(&file, len)?;
    if torn || len - last.base_end < every.max(last.block) {
        return Ok(false);
    }
    let (fold, _) = fold_file(&file, len, None, SystemTime::now())?;
    let summary = checkpoint_bytes(&fold, len)?.0;
    write_whole(&mut file, &summary, state)?;
    Ok(true)
}

/// What a writer does with a checkpoint that falls due with its row.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Due {
    /// Write it, after the row.
    Write,
    /// Leave it to [`summarise`].
    Leave,
}

/// [`append`], with a checkpoint due after `every` bytes of rows: true when
/// one fell due and was left (`due` is [`Due::Leave`]).
fn append_every(
    state: &Path,
    row: &Row,
    every: u64,
    read: Option<Snapshot>,
    due: Due,
) -> Result<bool> {
    let mut file = open_locked(state)?;
    let (len, torn) = end_of(&mut file)?;
    let mut out = Vec::new();
    if torn {
        out.push(b'\n');
    }
    let at = len + out.len() as u64;
    let line = encode(row)?;
    out.extend_from_slice(&line);
    let after = len + out.len() as u64;
    // What is due reads only the last index or checkpoint line.
    let last = Last::find(&file, len)?;
    let mut summary = Vec::new();
    let mut left = false;
    if after - last.base_end >= every.max(last.block) {
        if due == Due::Leave {
            left = true;
        } else {
            #[cfg(test)]
            if read.is_some() {
                tests::DUE_AFTER_READ.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            let mut fold = match read.and_then(|r| r.still(&file, len)) {
                Some(fold) => fold,
                None => fold_file(&file, len, None, SystemTime::now())?.0,
            };
            fold.line(&line[..line.len() - 1], false, None);
            summary = checkpoint_bytes(&fold, after)?.0;
        }
    } else if let (Some(base), Some(mut index)) = (
        last.base,
        last.index.filter(|_| after - last.end >= INDEX_EVERY),
    ) {
        let mut covered = vec![0u8; (len - last.end) as usize];
        file.read_exact_at(&mut covered, last.end)
            .context("could not read the trail")?;
        index.lines(last.end, &covered);
        if let Ok(row) = Row::parse(&line) {
            index.row(at, &row);
        }
        out.extend(index.seal(after, base, last.block)?);
    }
    write_whole(&mut file, &out, state)?;
    file.sync_data()
        .with_context(|| format!("could not flush {}", state.join(FILE).display()))?;
    // The row is on disk. A checkpoint only summarises rows that are, so it
    // is written after them and not waited for: one lost in a crash is
    // missing or torn, and readers pass over it to the one before (a failed
    // write here costs speed, never a row).
    if !summary.is_empty() {
        let _ = write_whole(&mut file, &summary, state);
    }
    Ok(left)
}

/// Where the last index or checkpoint line is, and the checkpoint it
/// stands on: what a writer needs to know what is due.
struct Last {
    /// The checkpoint line: where it starts (none without one) and ends.
    base: Option<u64>,
    base_end: u64,
    /// Its restated rows' length.
    block: u64,
    /// The last index or checkpoint line: where it starts and ends.
    start: u64,
    end: u64,
    /// The index of the lines from the checkpoint to `end`.
    index: Option<IndexBuilder>,
}

impl Last {
    fn find(file: &std::fs::File, len: u64) -> Result<Last> {
        Ok(match last_marker(file, len, &mut Window::default())? {
            Some((Marker::Checkpoint(cp), q, e)) => Last {
                base: Some(q),
                base_end: e,
                block: cp.offset - cp.start,
                start: q,
                end: e,
                index: Some(IndexBuilder::new(e)),
            },
            Some((Marker::Index(line), q, e)) => {
                let ix = read_index(&line, q).context("an index read twice differently")?;
                Last {
                    base: Some(ix.base),
                    base_end: ix.base_end,
                    block: ix.block,
                    start: q,
                    end: e,
                    index: Some(IndexBuilder::from(&ix)),
                }
            }
            None => Last {
                base: None,
                base_end: 0,
                block: 0,
                start: 0,
                end: 0,
                index: None,
            },
        })
    }
}

/// Append many rows under one lock, with checkpoints and indexes where
/// [`append`] would leave them: for tools and tests that write a long trail
/// at once. The rows reach the file in several writes, so a writer killed
/// midway leaves a prefix of them (and at most one torn line, as [`append`]
/// would).
pub fn append_all(state: &Path, rows: impl IntoIterator<Item = Row>) -> Result<()> {
    append_all_every(state, rows, CHECKPOINT_EVERY)
}

fn append_all_every(state: &Path, rows: impl IntoIterator<Item = Row>, every: u64) -> Result<()> {
    let mut file = open_locked(state)?;
    let (len, torn) = end_of(&mut file)?;
    let (mut fold, _) = fold_file(&file, len, None, SystemTime::now())?;
    let mut last = Last::find(&file, len)?;
    let mut index = last.index.take().unwrap_or_else(|| IndexBuilder::new(0));
    if last.base.is_some() && last.end < len {
        let mut covered = vec![0u8; (len - last.end) as usize];
        file.read_exact_at(&mut covered, last.end)
            .context("could not read the trail")?;
        index.lines(last.end, &covered);
    }
    let mut out = Vec::new();
    if torn {
        out.push(b'\n');
    }
    let mut at = len;
    for row in rows {
        let line = encode(&row)?;
        let start = at + out.len() as u64;
        match Row::parse(&line) {
            Ok(row) => {
                index.row(start, &row);
                fold.push(row);
            }
            Err(_) => fold.skipped += 1,
        }
        out.extend_from_slice(&line);
        let after = at + out.len() as u64;
        if after - last.base_end >= every.max(last.block) {
            let (cp, restated) = checkpoint_bytes(&fold, after)?;
            out.extend(cp);
            let end = at + out.len() as u64;
            last = Last {
                base: Some(after + restated),
                base_end: end,
                block: restated,
                start: after + restated,
                end,
                index: None,
            };
            index = IndexBuilder::new(end);
        } else if let Some(base) = last.base.filter(|_| after - last.end >= INDEX_EVERY) {
            out.extend(index.seal(after, base, last.block)?);
            last.start = after;
            last.end = at + out.len() as u64;
        }
        if out.len() >= 4 << 20 {
            write_whole(&mut file, &out, state)?;
            at += out.len() as u64;
            out.clear();
        }
    }
    write_whole(&mut file, &out, state)?;
    file.sync_data()
        .with_context(|| format!("could not flush {}", state.join(FILE).display()))?;
    Ok(())
}

/// A row as one line of compact JSON, newline included.
fn encode(row: &Row) -> Result<Vec<u8>> {
    let mut line = serde_json::to_vec(row).context("could not encode the trail row")?;
    line.push(b'\n');
    Ok(line)
}

/// Every row that can be read, in order, and how many lines could not —
/// the whole trail, from its first line (checkpoints and the rows they
/// restate are not rows of their own). Its memory grows with the trail.
pub fn read(state: &Path) -> Result<(Vec<Row>, usize)> {
    let Some(file) = open_trail(state)? else {
        return Ok((Vec::new(), 0));
    };
    let end = file
        .metadata()
        .context("could not read the trail's length")?
        .len();
    let mut rows = Vec::new();
    let mut skipped = 0;
    let mut one = |line: &[u8], overlong: bool| match read_line(line, overlong, &|_: &[u8]| true) {
        Line::Row(row) => rows.push(row),
        Line::Unreadable => skipped += 1,
        Line::Nothing => {}
    };
    stream(&file, 0, end, |piece| match piece {
        Piece::Run(run) => run_lines(run).for_each(|line| one(line, false)),
        Piece::Line(line, overlong) => one(line, overlong),
    })
    .with_context(|| format!("could not read {}", state.join(FILE).display()))?;
    Ok((rows, skipped))
}

/// The rows of a trail's bytes whose line passes `keep` (a cheap test before
/// parsing), in order, and how many of those lines could not be read (torn,
/// too long, or a kind a newer wicket wrote). Blank lines are neither, nor
/// are checkpoints and the rows they restate.
pub fn parse(bytes: &[u8], keep: impl Fn(&[u8]) -> bool) -> (Vec<Row>, usize) {
    let mut rows = Vec::new();
    let mut skipped = 0;
    for line in bytes.split(|b| *b == b'\n') {
        match read_line(line, line.len() > MAX_LINE_BYTES, &keep) {
            Line::Row(row) => rows.push(row),
            Line::Unreadable => skipped += 1,
            Line::Nothing => {}
        }
    }
    (rows, skipped)
}

/// What one line is to a fold. (Short-lived, one at a time: the size of a
/// row is no cost worth a box.)
#[allow(clippy::large_enum_variant)]
enum Line {
    /// Blank, a checkpoint, a restated row, or a line `keep` passed over.
    Nothing,
    Row(Row),
    /// Torn, too long, or a kind this wicket does not know.
    Unreadable,
}

/// One line as every reader reads it. An `overlong` line is only its head.
fn read_line(line: &[u8], overlong: bool, keep: &impl Fn(&[u8]) -> bool) -> Line {
    if line.starts_with(CHECKPOINT) || line.starts_with(RESTATED) || line.starts_with(INDEX) {
        return Line::Nothing;
    }
    if overlong {
        return if keep(line) {
            Line::Unreadable
        } else {
            Line::Nothing
        };
    }
    if line.iter().all(u8::is_ascii_whitespace) || !keep(line) {
        return Line::Nothing;
    }
    match Row::parse(line) {
        Ok(row) => Line::Row(row),
        Err(_) => Line::Unreadable,
    }
}

/// A piece of the trail, as [`stream`] hands it out.
enum Piece<'a> {
    /// Whole lines, each ending in its newline.
    Run(&'a [u8]),
    /// One line: one that spanned chunks (only its head when it is longer
    /// than [`MAX_LINE_BYTES`], marked overlong), or a last line without its
    /// newline.
    Line(&'a [u8], bool),
}

/// The lines of a run (each ended by a newline).
fn run_lines(run: &[u8]) -> impl Iterator<Item = &[u8]> {
    run.strip_suffix(b"\n")
        .unwrap_or(run)
        .split(|b| *b == b'\n')
        .filter(move |_| !run.is_empty())
}

/// Cuts bytes that arrive in pieces into [`Piece`]s.
#[derive(Default)]
struct Splitter {
    carry: Vec<u8>,
    overlong: bool,
}

impl Splitter {
    fn hold(&mut self, more: &[u8]) {
        const HEAD: usize = 4096;
        if !self.overlong {
            self.carry.extend_from_slice(more);
            if self.carry.len() > MAX_LINE_BYTES {
                self.carry.truncate(HEAD);
                self.overlong = true;
            }
        }
    }

    fn feed(&mut self, mut data: &[u8], each: &mut impl FnMut(Piece)) {
        if !self.carry.is_empty() || self.overlong {
            let Some(i) = memchr::memchr(b'\n', data) else {
                self.hold(data);
                return;
            };
            self.hold(&data[..i]);
            each(Piece::Line(&self.carry, self.overlong));
            self.carry.clear();
            self.overlong = false;
            data = &data[i + 1..];
        }
        match memchr::memrchr(b'\n', data) {
            Some(j) => {
                each(Piece::Run(&data[..=j]));
                self.hold(&data[j + 1..]);
            }
            None => self.hold(data),
        }
    }

    fn finish(self, each: &mut impl FnMut(Piece)) {
        if !self.carry.is_empty() || self.overlong {
            each(Piece::Line(&self.carry, self.overlong));
        }
    }
}

/// Hands `each` every line of `[from, to)` of the file, read in bounded
/// chunks, as runs of whole lines and single lines.
fn stream(
    file: &std::fs::File,
    from: u64,
    to: u64,
    mut each: impl FnMut(Piece),
) -> std::io::Result<()> {
    let mut buf = vec![0u8; CHUNK.min((to.saturating_sub(from)) as usize)];
    let mut split = Splitter::default();
    let mut pos = from;
    while pos < to {
        let want = CHUNK.min((to - pos) as usize);
        file.read_exact_at(&mut buf[..want], pos)?;
        pos += want as u64;
        split.feed(&buf[..want], &mut each);
    }
    split.finish(&mut each);
    Ok(())
}

/// [`stream`], over bytes already read, in order.
fn pieces<'a>(chunks: impl Iterator<Item = &'a [u8]>, mut each: impl FnMut(Piece)) {
    let mut split = Splitter::default();
    for chunk in chunks {
        split.feed(chunk, &mut each);
    }
    split.finish(&mut each);
}

// ------------------------------------------------------------ checkpoints

/// A checkpoint: what stood at one point of the trail, so that a reader can
/// fold from there instead of from the first row.
///
/// Writers keep them. When a row brings more than [`CHECKPOINT_EVERY`] bytes
/// (or more than the last checkpoint's own size) after the last checkpoint,
/// [`append`] — under the trail's exclusive lock, right after the row is on
/// disk — adds every answer in force and every raised floor *restated*, one
/// row a line (`{"restated":<n>,…the row…}`, `n` its order), then this line.
/// The restated rows are grouped into buckets by the agent they name (in
/// their order within a bucket), so a consult reads only the buckets of its
/// agent's ancestry; the workspace answers, which every consult needs, are
/// also copied into this line.
///
/// Readers ([`State::load`], [`State::load_for`]) look back from the end —
/// never more than [`MAX_SCAN_BYTES`] — for the last checkpoint line that is
/// whole, reads, carries its own digest, and sits at the offset it records,
/// with its restated rows just before it; then check each bucket they read
/// against its digest, fold its rows, and fold forward every row after the
/// checkpoint line as usual (expiry is judged at the reader's `now`; a later
/// withdrawal or answer supersedes what was restated). A checkpoint that
/// fails any check is passed over for an earlier one; with none, the whole
/// trail is folded from its first line, streamed in bounded chunks.
///
/// A checkpoint is as trustworthy as any row: it is in the same file,
/// written by the same writers under the same lock, and `.wicket/` is
/// protected (read-only inside the wall; writing it is destructive to the
/// classifier). Its digests are not a seal against whoever can write the
/// file — they could write any row — but they make a torn, truncated,
/// moved, copied or hand-edited checkpoint fail, so the fold falls back and
/// stays what the rows say. The full fold (and every older wicket) never
/// trusts a checkpoint at all: it ignores checkpoint lines and restated rows
/// (an older wicket folds the restated rows again, which changes nothing,
/// and counts each checkpoint line as one line it could not read).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Checkpoint {
    /// Always `checkpoint`; first, so the line starts with [`CHECKPOINT`].
    row: String,
    at: String,
    who: Who,
    /// Where this line starts in the trail.
    offset: u64,
    /// Where its restated rows start (they end where this line starts).
    start: u64,
    /// Lines before `start` that could not be read.
    skipped: usize,
    /// The newest launch receipts, newest last.
    launches: Vec<Row>,
    /// The workspace answers among the restated rows, each with its place:
    /// every consult needs them, wherever they were given.
    workspace: Vec<(u64, Row)>,
    /// The restated rows' buckets in order, each its length and SHA-256.
    buckets: Vec<(u64, String)>,
    /// The SHA-256 of this line up to `,"digest":`; last, so it can be.
    digest: String,
}

/// How a checkpoint line starts.
const CHECKPOINT: &[u8] = br#"{"row":"checkpoint","#;
/// How a restated row starts.
const RESTATED: &[u8] = br#"{"restated":"#;
/// How an index line starts.
const INDEX: &[u8] = br#"{"row":"index","#;
/// Bytes of rows after the last index or checkpoint line that make a
/// writer add an index (the unit tests make it small).
#[cfg(not(test))]
pub const INDEX_EVERY: u64 = 32 << 10;
#[cfg(test)]
pub const INDEX_EVERY: u64 = 700;
/// The buckets an index sorts lines into, by the agent they name.
const INDEX_BUCKETS: usize = 256;
/// Bytes of rows after the last checkpoint that make a writer add one.
pub const CHECKPOINT_EVERY: u64 = 256 << 10;
/// How far back from the end a reader looks for a checkpoint before it
/// folds the whole trail from its first line instead.
pub const MAX_SCAN_BYTES: u64 = 64 << 20;
/// The longest checkpoint line a reader reads.
const MAX_CHECKPOINT_LINE: u64 = 4 << 20;
/// Bytes of restated rows per bucket, and the most buckets (the unit tests
/// make buckets small, so their trails have many).
#[cfg(not(test))]
const BUCKET_BYTES: usize = 16 << 10;
#[cfg(test)]
const BUCKET_BYTES: usize = 600;
const MAX_BUCKETS: usize = 4096;
/// How much of the trail a reader holds at once.
const CHUNK: usize = 256 << 10;
/// How much of the trail's end a reader keeps while it looks back for a
/// checkpoint (to fold it without reading it again).
const KEEP_BYTES: u64 = 8 << 20;

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    crate::reason::hex(&Sha256::digest(bytes))
}

/// The bucket of an agent's restated rows, among `n` (FNV-1a: it must not
/// change between versions, unlike std's hasher).
fn bucket(agent: &str, n: usize) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in agent.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h % n as u64) as usize
}

/// A checkpoint of `state` to be written at offset `at`: the restated rows,
/// then the checkpoint line; and how long the restated rows are.
fn checkpoint_bytes(fold: &Fold, at: u64) -> Result<(Vec<u8>, u64)> {
    let encoding = |e| anyhow::Error::new(e).context("could not encode a checkpoint");
    let (answers, floors) = fold.standing();
    // Each restated row is written as [`encode`] would write the row,
    // after its `"restated":<n>,`, into one buffer: (agent, where it ends).
    let mut text: Vec<u8> = Vec::new();
    let mut lines: Vec<(&str, usize)> = Vec::with_capacity(answers.len() + floors.len());
    let mut workspace = Vec::new();
    let head = |text: &mut Vec<u8>, seq: usize, at: &str, who: &Who, row: &str| {
        write!(text, "{{\"restated\":{seq},\"at\":").expect("a Vec takes every write");
        serde_json::to_writer(&mut *text, at).map_err(encoding)?;
        text.extend_from_slice(b",\"who\":");
        serde_json::to_writer(&mut *text, who).map_err(encoding)?;
        write!(text, ",\"row\":\"{row}\",").expect("a Vec takes every write");
        Ok::<_, anyhow::Error>(())
    };
    for s in answers {
        let seq = lines.len();
        if s.answer.scope == Scope::Workspace {
            workspace.push((
                seq as u64,
                Row {
                    at: s.at.clone(),
                    who: s.who.clone(),
                    what: What::Answer(s.answer.clone()),
                },
            ));
        }
        head(&mut text, seq, &s.at, &s.who, "answer")?;
        // The answer's own fields, without its opening brace.
        let from = text.len();
        serde_json::to_writer(&mut text, &s.answer).map_err(encoding)?;
        text.remove(from);
        text.push(b'\n');
        lines.push((s.answer.agent.as_str(), text.len()));
    }
    for f in floors {
        head(&mut text, lines.len(), &f.at, &f.who, "floor")?;
        text.extend_from_slice(b"\"agent\":");
        serde_json::to_writer(&mut text, &f.agent).map_err(encoding)?;
        text.extend_from_slice(b",\"action\":\"raise\"}\n");
        lines.push((f.agent.as_str(), text.len()));
    }
    let total = text.len();
    let n = (total / BUCKET_BYTES).clamp(1, MAX_BUCKETS);
    // Each line's bucket and place in `text`; sorted by bucket (stably, so
    // each bucket keeps the rows' order), they are the buckets in order.
    let mut placed: Vec<(usize, usize, usize)> = Vec::with_capacity(lines.len());
    let mut from = 0;
    for (agent, end) in lines {
        placed.push((bucket(agent, n), from, end));
        from = end;
    }
    placed.sort_by_key(|(b, _, _)| *b);
    let mut out: Vec<u8> = Vec::with_capacity(total + 4096);
    let mut buckets = Vec::with_capacity(n);
    let mut lines = placed.into_iter().peekable();
    for b in 0..n {
        let start = out.len();
        while let Some((_, from, end)) = lines.next_if(|(l, _, _)| *l == b) {
            out.extend_from_slice(&text[from..end]);
        }
        buckets.push(((out.len() - start) as u64, sha256_hex(&out[start..])));
    }
    drop(text);
    let restated = out.len() as u64;
    let cp = Checkpoint {
        row: "checkpoint".into(),
        at: humantime::format_rfc3339_millis(SystemTime::now()).to_string(),
        who: Who::here(),
        offset: at + restated,
        start: at,
        skipped: fold.skipped,
        launches: fold.launches.iter().cloned().collect(),
        workspace,
        buckets,
        digest: String::new(),
    };
    out.extend(seal(&cp)?);
    Ok((out, restated))
}

/// The digest a sealed line (one that ends `,"digest":"<hex>"}`) carries,
/// if it is the SHA-256 of the line before it.
fn unseal(line: &[u8]) -> Option<&[u8]> {
    const MARK: &[u8] = br#","digest":""#;
    let cut = memchr::memmem::rfind(line, MARK)?;
    let digest = line[cut + MARK.len()..].strip_suffix(b"\"}")?;
    (digest == sha256_hex(&line[..cut]).as_bytes()).then_some(digest)
}

/// A value encoded as a sealed line: its digest last, over what precedes it.
fn seal(value: &impl Serialize) -> Result<Vec<u8>> {
    let text = serde_json::to_vec(value).context("could not encode a trail summary")?;
    let body = text
        .strip_suffix(br#","digest":""}"#)
        .context("a summary must end with its empty digest")?;
    let mut line = body.to_vec();
    line.extend_from_slice(format!(",\"digest\":\"{}\"}}\n", sha256_hex(body)).as_bytes());
    Ok(line)
}

/// The checkpoint a line at `offset` holds, if it is whole, carries its own
/// digest, sits where it says, and its buckets end where it starts.
fn read_checkpoint(line: &[u8], offset: u64) -> Option<Checkpoint> {
    if !line.starts_with(CHECKPOINT) {
        return None;
    }
    let digest = unseal(line)?;
    let cp: Checkpoint = serde_json::from_slice(line).ok()?;
    let block = cp
        .buckets
        .iter()
        .try_fold(0u64, |sum, (len, _)| sum.checked_add(*len))?;
    (cp.row == "checkpoint"
        && cp.offset == offset
        && !cp.buckets.is_empty()
        && cp.start.checked_add(block) == Some(offset)
        && cp.digest.as_bytes() == digest)
        .then_some(cp)
}

/// An index: where, in the rows since the last checkpoint, a consult finds
/// what can bear on it — so that a consult reads a few lines of the rows
/// after the last checkpoint, not all of them.
///
/// Writers add one (under the lock, in the same write as a row) when more
/// than [`INDEX_EVERY`] bytes follow the last index or checkpoint line; each
/// covers every line from the checkpoint it stands on (`base`) to itself. A
/// consult ([`State::load_for`]) reads the last index if it is sound — sealed
/// (its digest), at the offset it records, on a sound checkpoint, pointing
/// only at line starts between the two — and then only the lines it points
/// to for the agent's ancestry, and every line after it; else it reads every
/// row after the checkpoint. Like a checkpoint, an index is trusted as any
/// row is for the rows before it, and the rows after it are read in full.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Index<'a> {
    /// Always `index`; first, so the line starts with [`INDEX`].
    #[serde(borrow)]
    row: Cow<'a, str>,
    /// Where this line starts.
    offset: u64,
    /// Where the checkpoint it stands on starts, and ends.
    base: u64,
    base_end: u64,
    /// That checkpoint's restated rows' length.
    block: u64,
    /// By bucket of the agent they name, the answers (but workspace ones)
    /// and floors among the lines covered: where each starts, in hex from
    /// `base_end`, comma-separated.
    #[serde(borrow)]
    buckets: Vec<Cow<'a, str>>,
    /// The workspace answers among them (every consult reads them): the
    /// latest for each key only (an earlier one with the same key stands for
    /// nothing after it), with where it starts.
    #[serde(borrow)]
    all: Vec<(Cow<'a, str>, u64)>,
    /// The withdrawals among them, where each starts and the name it withdraws.
    #[serde(borrow)]
    withdrawn: Vec<(u64, Cow<'a, str>)>,
    #[serde(borrow)]
    digest: Cow<'a, str>,
}

/// The offsets an index's list holds, in order; none when it is malformed.
fn offsets(list: &str) -> Option<Vec<u64>> {
    if list.is_empty() {
        return Some(Vec::new());
    }
    list.split(',')
        .map(|o| u64::from_str_radix(o, 16).ok())
        .collect()
}

/// The index a line at `offset` holds, if it is whole, sealed, and sits
/// where it says after the checkpoint it stands on.
fn read_index(line: &[u8], offset: u64) -> Option<Index<'_>> {
    if !line.starts_with(INDEX) {
        return None;
    }
    let digest = unseal(line)?;
    let ix: Index = serde_json::from_slice(line).ok()?;
    (ix.row == "index"
        && ix.offset == offset
        && ix.base < ix.base_end
        && ix.base_end <= offset
        && ix.buckets.len() == INDEX_BUCKETS
        && ix.digest.as_bytes() == digest)
        .then_some(ix)
}

/// An index or a checkpoint, as [`last_marker`] finds them.
enum Marker {
    Checkpoint(Box<Checkpoint>),
    /// The index's line.
    Index(Vec<u8>),
}

fn read_marker(line: Vec<u8>, offset: u64) -> Option<Marker> {
    if read_index(&line, offset).is_some() {
        return Some(Marker::Index(line));
    }
    read_checkpoint(&line, offset).map(|cp| Marker::Checkpoint(Box::new(cp)))
}

/// Collects an index of the lines after a checkpoint.
struct IndexBuilder {
    /// Where the lines covered start (the checkpoint line's end).
    start: u64,
    buckets: Vec<String>,
    all: Vec<(String, u64)>,
    withdrawn: Vec<(u64, String)>,
}

impl IndexBuilder {
    fn new(start: u64) -> IndexBuilder {
        IndexBuilder {
            start,
            buckets: vec![String::new(); INDEX_BUCKETS],
            all: Vec::new(),
            withdrawn: Vec::new(),
        }
    }

    /// Going on from an index already written.
    fn from(index: &Index) -> IndexBuilder {
        IndexBuilder {
            start: index.base_end,
            buckets: index.buckets.iter().map(|b| b.to_string()).collect(),
            all: index.all.iter().map(|(k, o)| (k.to_string(), *o)).collect(),
            withdrawn: index
                .withdrawn
                .iter()
                .map(|(o, n)| (*o, n.to_string()))
                .collect(),
        }
    }

    /// A row whose line starts at `at`.
    fn row(&mut self, at: u64, row: &Row) {
        use std::fmt::Write as _;
        let rel = at - self.start;
        let list = match &row.what {
            What::Answer(a) if a.scope == Scope::Workspace => {
                let key = a.key();
                self.all.retain(|(k, _)| *k != key);
                self.all.push((key, rel));
                return;
            }
            What::Answer(a) => &mut self.buckets[bucket(&a.agent, INDEX_BUCKETS)],
            What::Floor { agent, .. } => &mut self.buckets[bucket(agent, INDEX_BUCKETS)],
            What::Withdraw { answer } => {
                self.withdrawn.push((rel, answer.clone()));
                return;
            }
            What::Launch { .. } => return,
        };
        if !list.is_empty() {
            list.push(',');
        }
        let _ = write!(list, "{rel:x}");
    }

    /// The lines of `bytes`, which start at `at`, as a reader reads them.
    fn lines(&mut self, mut at: u64, bytes: &[u8]) {
        for line in bytes.split(|b| *b == b'\n') {
            if let Line::Row(row) = read_line(line, line.len() > MAX_LINE_BYTES, &|_: &[u8]| true) {
                self.row(at, &row);
            }
            at += line.len() as u64 + 1;
        }
    }

    /// The index line, to be written at `offset`, on the checkpoint at `base`.
    fn seal(&self, offset: u64, base: u64, block: u64) -> Result<Vec<u8>> {
        seal(&Index {
            row: "index".into(),
            offset,
            base,
            base_end: self.start,
            block,
            buckets: self
                .buckets
                .iter()
                .map(|b| Cow::Borrowed(b.as_str()))
                .collect(),
            all: self
                .all
                .iter()
                .map(|(k, o)| (Cow::Borrowed(k.as_str()), *o))
                .collect(),
            withdrawn: self
                .withdrawn
                .iter()
                .map(|(o, n)| (*o, Cow::Borrowed(n.as_str())))
                .collect(),
            digest: Cow::Borrowed(""),
        })
    }
}

/// The trail's last bytes, as a look back for a checkpoint read them (up
/// to [`KEEP_BYTES`]): chunks from the end backwards, each where it starts.
#[derive(Default)]
struct Window {
    chunks: Vec<(u64, Vec<u8>)>,
    keeping: bool,
}

impl Window {
    /// The bytes from `from` to the end, in order, if they were read.
    fn after(&self, from: u64) -> Option<Vec<&[u8]>> {
        let lowest = self.chunks.last()?.0;
        (lowest <= from).then(|| {
            self.chunks
                .iter()
                .rev()
                .filter_map(|(lo, bytes)| {
                    let end = lo + bytes.len() as u64;
                    (end > from).then(|| &bytes[from.saturating_sub(*lo) as usize..])
                })
                .collect()
        })
    }
}

/// The last sound checkpoint line starting before `below` and no more than
/// [`MAX_SCAN_BYTES`] before `end`, and where its line ends. A look back
/// from the end keeps what it read of the last [`KEEP_BYTES`] in `window`,
/// so the reader need not read the rows after the checkpoint again.
fn locate(
    file: &std::fs::File,
    end: u64,
    below: u64,
    window: &mut Window,
) -> Result<Option<(Checkpoint, u64)>> {
    look_back(file, end, below, window, CHECKPOINT, checkpoint_at)
}

/// The last index or checkpoint line, as [`locate`] finds checkpoints, and
/// where it starts and ends.
fn last_marker(
    file: &std::fs::File,
    end: u64,
    window: &mut Window,
) -> Result<Option<(Marker, u64, u64)>> {
    look_back(file, end, end, window, br#"{"row":""#, |file, end, q| {
        Ok(marker_at(file, end, q)?.map(|(m, e)| (m, q, e)))
    })
}

/// The last line starting with `prefix` before `below` (and no more than
/// [`MAX_SCAN_BYTES`] before `end`) that `sound` accepts.
fn look_back<T>(
    file: &std::fs::File,
    end: u64,
    below: u64,
    window: &mut Window,
    prefix: &[u8],
    mut sound: impl FnMut(&std::fs::File, u64, u64) -> Result<Option<T>>,
) -> Result<Option<T>> {
    let needle: Vec<u8> = [b"\n".as_slice(), prefix].concat();
    let finder = memchr::memmem::Finder::new(&needle);
    let floor = end.saturating_sub(MAX_SCAN_BYTES);
    let mut hi = below.min(end);
    window.keeping = hi == end && window.chunks.is_empty();
    let mut kept = 0u64;
    let mut step: u64 = 64 << 10;
    while hi > floor {
        let lo = hi.saturating_sub(step).max(floor);
        step = (step * 2).min(CHUNK as u64 * 4);
        // [lo, hi), and the bytes after it that a needle starting before
        // `hi` reaches into.
        let reach = (needle.len() as u64 - 1).min(end - hi);
        let mut chunk = vec![0u8; (hi - lo + reach) as usize];
        file.read_exact_at(&mut chunk, lo)
            .context("could not read the trail")?;
        let mut found: Vec<u64> = finder
            .find_iter(&chunk)
            .map(|i| lo + i as u64 + 1)
            .collect();
        if lo == 0 && chunk.starts_with(prefix) {
            found.insert(0, 0);
        }
        if window.keeping {
            chunk.truncate((hi - lo) as usize);
            kept += chunk.len() as u64;
            window.chunks.push((lo, chunk));
            window.keeping = kept < KEEP_BYTES;
        }
        for q in found.into_iter().rev() {
            if q >= below || q > hi {
                continue;
            }
            if let Some(found) = sound(file, end, q)? {
                return Ok(Some(found));
            }
        }
        hi = lo;
    }
    Ok(None)
}

/// The line starting at `q` (at most [`MAX_CHECKPOINT_LINE`] long), and
/// where it ends.
fn line_at(file: &std::fs::File, end: u64, q: u64, first: u64) -> Result<Option<(Vec<u8>, u64)>> {
    let mut line = Vec::new();
    let mut step = first;
    loop {
        let have = line.len() as u64;
        let want = step.min(end - q - have);
        if want == 0 {
            // The line runs to the end of the trail.
            let line_end = q + line.len() as u64;
            return Ok(Some((line, line_end)));
        }
        let from = line.len();
        line.resize(from + want as usize, 0);
        file.read_exact_at(&mut line[from..], q + have)
            .context("could not read the trail")?;
        if let Some(i) = memchr::memchr(b'\n', &line[from..]) {
            line.truncate(from + i);
            let line_end = q + line.len() as u64 + 1;
            return Ok(Some((line, line_end)));
        }
        if line.len() as u64 >= MAX_CHECKPOINT_LINE {
            return Ok(None);
        }
        step *= 2;
    }
}

/// The checkpoint whose line starts at `q`, if sound, and where its line ends.
fn checkpoint_at(file: &std::fs::File, end: u64, q: u64) -> Result<Option<(Checkpoint, u64)>> {
    Ok(line_at(file, end, q, 16 << 10)?
        .and_then(|(line, e)| read_checkpoint(&line, q).map(|cp| (cp, e))))
}

/// The index or checkpoint whose line starts at `q`, if sound, and where its line ends.
fn marker_at(file: &std::fs::File, end: u64, q: u64) -> Result<Option<(Marker, u64)>> {
    Ok(line_at(file, end, q, 16 << 10)?.and_then(|(line, e)| read_marker(line, q).map(|m| (m, e))))
}

/// What a consult for one agent folds: the lines that can bear on it
/// (floors and answers of the agent and its ancestors, workspace answers,
/// withdrawals), found by a cheap search before anything is parsed.
struct Filter {
    ancestors: Vec<String>,
    needles: Vec<memchr::memmem::Finder<'static>>,
    /// Fewer needles that find every line `needles` do (and some more):
    /// the root of the agent's ancestry, which every ancestor's id starts
    /// with, and the withdrawals' and workspace answers' words.
    coarse: Vec<memchr::memmem::Finder<'static>>,
    withdrawal: memchr::memmem::Finder<'static>,
}

impl Filter {
    fn for_agent(agent: &str) -> Filter {
        let mut ancestors: Vec<String> = agent
            .match_indices('-')
            .map(|(i, _)| agent[..i].to_owned())
            .collect();
        ancestors.push(agent.to_owned());
        let needles = ancestors
            .iter()
            .flat_map(|a| [format!("\"agent\":\"{a}\""), format!("\"agent\": \"{a}\"")])
            .chain(["\"withdraw\"".to_owned(), "\"workspace\"".to_owned()])
            .map(|n| memchr::memmem::Finder::new(n.as_bytes()).into_owned())
            .collect();
        let coarse = [ancestors[0].as_str(), "\"withdraw\"", "\"workspace\""]
            .iter()
            .map(|n| memchr::memmem::Finder::new(n.as_bytes()).into_owned())
            .collect();
        Filter {
            ancestors,
            needles,
            coarse,
            withdrawal: memchr::memmem::Finder::new(br#""row":"withdraw","answer":""#).into_owned(),
        }
    }

    fn keep(&self, line: &[u8]) -> bool {
        self.needles.iter().any(|n| n.find(line).is_some())
    }

    /// The answer name a line written as wicket writes a withdrawal names
    /// (`…"row":"withdraw","answer":"<name>"}`), read without parsing it.
    /// (The mark cannot be inside a string, where quotes are escaped, and
    /// must end the row, so the line is that withdrawal or unreadable.)
    fn withdrawn_name<'a>(&self, line: &'a [u8]) -> Option<&'a str> {
        let at = self.withdrawal.find(line)? + self.withdrawal.needle().len();
        let rest = &line[at..];
        let close = memchr::memchr(b'"', rest)?;
        let name = std::str::from_utf8(&rest[..close]).ok()?;
        (rest[close + 1..] == *b"}" && !name.contains('\\')).then_some(name)
    }
}

/// Fold the trail's first `end` bytes: from the last sound checkpoint when
/// there is one, else from the first line. Also says where the checkpoint
/// used ends and how long its restated rows are.
/// The checkpoint a fold started from: where its line ends, how long its
/// restated rows are, and where they start.
struct Used {
    /// These two are for the tests that check which checkpoint was used.
    #[cfg_attr(not(test), allow(dead_code))]
    line_end: u64,
    #[cfg_attr(not(test), allow(dead_code))]
    block: u64,
    start: u64,
}

fn fold_file(
    file: &std::fs::File,
    end: u64,
    filter: Option<&Filter>,
    now: SystemTime,
) -> Result<(Fold, Option<Used>)> {
    if let Some(f) = filter {
        if let Some(fold) = fold_indexed(file, end, f, now)? {
            return Ok((fold, None));
        }
    }
    let mut below = end;
    let mut window = Window::default();
    while let Some((cp, line_end)) = locate(file, end, below, &mut window)? {
        if let Some(fold) = fold_from(
            file,
            end,
            &cp,
            line_end,
            window.after(line_end),
            filter,
            now,
        )? {
            return Ok((
                fold,
                Some(Used {
                    line_end,
                    block: cp.offset - cp.start,
                    start: cp.start,
                }),
            ));
        }
        below = cp.offset;
    }
    let mut fold = Fold::new(now);
    stream(file, 0, end, |piece| fold.piece(piece, filter)).context("could not read the trail")?;
    Ok((fold, None))
}

/// A consult's fold by the last index: the checkpoint it stands on (its
/// buckets for the agent's ancestry), then the lines the index points to
/// for that ancestry and the workspace (and the withdrawals of names the
/// fold holds), then every line after the index. None when there is no
/// sound index last, or it points anywhere but at line starts.
fn fold_indexed(
    file: &std::fs::File,
    end: u64,
    filter: &Filter,
    now: SystemTime,
) -> Result<Option<Fold>> {
    let mut window = Window::default();
    let Some((Marker::Index(line), q, last_end)) = last_marker(file, end, &mut window)? else {
        return Ok(None);
    };
    let Some(index) = read_index(&line, q) else {
        return Ok(None);
    };
    let Some((cp, base_end)) = checkpoint_at(file, end, index.base)? else {
        return Ok(None);
    };
    if base_end != index.base_end {
        return Ok(None);
    }
    let mut wanted: Vec<usize> = filter
        .ancestors
        .iter()
        .map(|a| bucket(a, INDEX_BUCKETS))
        .collect();
    wanted.sort_unstable();
    wanted.dedup();
    // (where a line starts, the name it withdraws — none for a row to read)
    let mut events: Vec<(u64, Option<&str>)> = Vec::new();
    for list in wanted.iter().map(|b| &index.buckets[*b]) {
        let Some(list) = offsets(list) else {
            return Ok(None);
        };
        events.extend(list.into_iter().map(|o| (o, None)));
    }
    events.extend(index.all.iter().map(|(_, o)| (*o, None)));
    events.extend(index.withdrawn.iter().map(|(o, n)| (*o, Some(n.as_ref()))));
    events.sort_by_key(|(o, _)| *o);
    let Some(mut fold) = fold_from(
        file,
        end,
        &cp,
        base_end,
        Some(Vec::new()),
        Some(filter),
        now,
    )?
    else {
        return Ok(None);
    };
    for (rel, withdrawn) in events {
        // An offset the index could only hold if it were damaged: the
        // index is not used.
        let Some(o) = base_end.checked_add(rel).filter(|o| *o >= 1 && *o < q) else {
            return Ok(None);
        };
        match withdrawn {
            Some(name) => fold.withdraw(name),
            None => {
                // What the index points to must start a line.
                let mut head = vec![0u8; (2 << 10).min(end - (o - 1)) as usize];
                file.read_exact_at(&mut head, o - 1)
                    .context("could not read the trail")?;
                if head.first() != Some(&b'\n') {
                    return Ok(None);
                }
                let line = match memchr::memchr(b'\n', &head[1..]) {
                    Some(i) => head[1..=i].to_vec(),
                    None => match line_at(file, end, o, 16 << 10)? {
                        Some((line, _)) => line,
                        None => return Ok(None),
                    },
                };
                if filter.keep(&line) {
                    fold.line(&line, false, None);
                }
            }
        }
    }
    match window.after(last_end) {
        Some(tail) => pieces(tail.into_iter(), |piece| fold.piece(piece, Some(filter))),
        None => stream(file, last_end, end, |piece| fold.piece(piece, Some(filter)))
            .context("could not read the trail")?,
    }
    Ok(Some(fold))
}

/// Fold from a checkpoint: the buckets that can bear (all of them without a
/// filter), each checked against its digest, then every line after it. None
/// when a bucket fails.
fn fold_from(
    file: &std::fs::File,
    end: u64,
    cp: &Checkpoint,
    line_end: u64,
    tail: Option<Vec<&[u8]>>,
    filter: Option<&Filter>,
    now: SystemTime,
) -> Result<Option<Fold>> {
    let n = cp.buckets.len();
    let mut wanted: Vec<usize> = match filter {
        None => (0..n).collect(),
        Some(f) => f.ancestors.iter().map(|a| bucket(a, n)).collect(),
    };
    wanted.sort_unstable();
    wanted.dedup();
    let mut starts = Vec::with_capacity(n);
    let mut at = cp.start;
    for (len, _) in &cp.buckets {
        starts.push(at);
        at += len;
    }
    let mut restated: Vec<(u64, Row)> = Vec::new();
    let mut bytes = Vec::new();
    for b in wanted {
        let (len, digest) = &cp.buckets[b];
        bytes.resize(*len as usize, 0);
        file.read_exact_at(&mut bytes, starts[b])
            .context("could not read the trail")?;
        if sha256_hex(&bytes) != *digest {
            return Ok(None);
        }
        for line in bytes.split(|c| *c == b'\n') {
            if line.is_empty() {
                continue;
            }
            let Some(rest) = line.strip_prefix(RESTATED) else {
                return Ok(None);
            };
            if filter.is_some_and(|f| !f.keep(line)) {
                continue;
            }
            let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
            let seq = std::str::from_utf8(&rest[..digits])
                .ok()
                .and_then(|d| d.parse().ok());
            match (seq, Row::parse(line)) {
                (Some(seq), Ok(row)) => restated.push((seq, row)),
                _ => return Ok(None),
            }
        }
    }
    if filter.is_some() {
        restated.extend(cp.workspace.iter().cloned());
    }
    restated.sort_by_key(|(seq, _)| *seq);
    restated.dedup_by_key(|(seq, _)| *seq);
    let mut fold = Fold::new(now);
    for (_, row) in restated {
        fold.push(row);
    }
    fold.skipped = cp.skipped;
    fold.launches = cp.launches.iter().cloned().collect();
    while fold.launches.len() > LAUNCHES_KEPT {
        fold.launches.pop_front();
    }
    match tail {
        Some(tail) => pieces(tail.into_iter(), |piece| fold.piece(piece, filter)),
        None => stream(file, line_end, end, |piece| fold.piece(piece, filter))
            .context("could not read the trail")?,
    }
    Ok(Some(fold))
}

/// The whole trail folded by a writer before it appends, with what it
/// read: what stands (for the writer's own questions), and, when a
/// checkpoint falls due on its append, the fold itself — used only if the
/// trail is still the same file, of the same length, with the same bytes
/// from the checkpoint the fold started at (a BLAKE3 digest of them, taken
/// right after the fold), so a trail that moved on is read again.
pub struct Snapshot {
    fold: Fold,
    read: Option<Read>,
}

/// Where a [`Snapshot`]'s fold came from.
struct Read {
    dev: u64,
    ino: u64,
    from: u64,
    end: u64,
    digest: blake3::Hash,
}

/// The BLAKE3 digest of `file`'s bytes from `from` to `end`.
fn digest_of(file: &std::fs::File, from: u64, end: u64) -> Result<blake3::Hash> {
    let mut hasher = blake3::Hasher::new();
    let mut buf = vec![0u8; CHUNK];
    let mut at = from;
    while at < end {
        let n = ((end - at) as usize).min(CHUNK);
        file.read_exact_at(&mut buf[..n], at)
            .context("could not read the trail")?;
        hasher.update(&buf[..n]);
        at += n as u64;
    }
    Ok(hasher.finalize())
}

impl Snapshot {
    /// The whole trail folded now.
    pub fn load(state_dir: &Path) -> Result<Snapshot> {
        let now = SystemTime::now();
        let Some(file) = open_trail(state_dir)? else {
            return Ok(Snapshot {
                fold: Fold::new(now),
                read: None,
            });
        };
        let what = || format!("could not read {}", state_dir.join(FILE).display());
        let meta = file.metadata().with_context(what)?;
        let end = meta.len();
        let (fold, used) = fold_file(&file, end, None, now).with_context(what)?;
        let from = used.map_or(0, |used| used.start);
        let read = Read {
            dev: meta.dev(),
            ino: meta.ino(),
            from,
            end,
            digest: digest_of(&file, from, end).with_context(what)?,
        };
        Ok(Snapshot {
            fold,
            read: Some(read),
        })
    }

    /// The answers that stand (expired ones included), in the order of
    /// the rows that gave them.
    pub fn answers(&self) -> Vec<&Standing> {
        self.fold.standing().0
    }

    /// The fold, if `file` (locked, `len` long) is still what it was read from.
    fn still(self, file: &std::fs::File, len: u64) -> Option<Fold> {
        let read = self.read.as_ref()?;
        let meta = file.metadata().ok()?;
        let same = meta.dev() == read.dev
            && meta.ino() == read.ino
            && len == read.end
            && digest_of(file, read.from, len).ok()? == read.digest;
        #[cfg(test)]
        if same {
            tests::REUSED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        same.then_some(self.fold)
    }
}

/// Read and fold a workspace's trail as of `now`, for one agent or whole.
fn load_with(state_dir: &Path, filter: Option<&Filter>, now: SystemTime) -> Result<State> {
    let Some(file) = open_trail(state_dir)? else {
        return Ok(State::default());
    };
    let end = file
        .metadata()
        .with_context(|| format!("could not read {}", state_dir.join(FILE).display()))?
        .len();
    let (fold, _) = fold_file(&file, end, filter, now)
        .with_context(|| format!("could not read {}", state_dir.join(FILE).display()))?;
    Ok(fold.state())
}

/// An answer in force, with when and who.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub at: String,
    pub who: Who,
    #[serde(flatten)]
    pub answer: Answer,
    pub expired: bool,
}

/// A floor in force on one conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Floor {
    pub agent: String,
    pub at: String,
    pub who: Who,
}

/// The trail folded: what stands now.
#[derive(Debug, Clone, Default, Serialize)]
pub struct State {
    /// Answers not superseded or withdrawn (expired ones included, marked).
    pub answers: Vec<Standing>,
    /// Conversations whose floor is raised.
    pub floors: Vec<Floor>,
    /// Lines that could not be read.
    pub skipped: usize,
    /// The newest launch receipts (at most [`LAUNCHES_KEPT`]), newest last.
    pub launches: Vec<Row>,
}

/// The fold in progress: rows go in one at a time, in trail order.
#[derive(Clone)]
struct Fold {
    now: SystemTime,
    /// The next row's place.
    index: usize,
    /// Keyed maps that remember the order of the latest row per key.
    answers: HashMap<String, (usize, Standing)>,
    /// Answer name → the keys of the answers standing under it (names are
    /// short hashes: two answers can share one, and a withdrawal of the
    /// name withdraws both, as `status` showed them).
    names: HashMap<String, Vec<String>>,
    floors: HashMap<String, (usize, Option<Floor>)>,
    launches: VecDeque<Row>,
    skipped: usize,
}

impl Fold {
    fn new(now: SystemTime) -> Fold {
        Fold {
            now,
            index: 0,
            answers: HashMap::new(),
            names: HashMap::new(),
            floors: HashMap::new(),
            launches: VecDeque::new(),
            skipped: 0,
        }
    }

    /// One line of the trail, as [`read_line`] reads it.
    fn line(&mut self, line: &[u8], overlong: bool, filter: Option<&Filter>) {
        match read_line(line, overlong, &|l: &[u8]| filter.is_none_or(|f| f.keep(l))) {
            Line::Row(row) => self.push(row),
            Line::Unreadable => self.skipped += 1,
            Line::Nothing => {}
        }
    }

    /// A piece of the trail. With a filter, each of its needles is searched
    /// through a run at once, and only the lines they are found on are read.
    fn piece(&mut self, piece: Piece, filter: Option<&Filter>) {
        match (piece, filter) {
            (Piece::Line(line, overlong), _) => self.line(line, overlong, filter),
            (Piece::Run(run), None) => run_lines(run).for_each(|line| self.line(line, false, None)),
            (Piece::Run(run), Some(f)) => {
                let mut starts: Vec<usize> = f
                    .coarse
                    .iter()
                    .flat_map(|n| n.find_iter(run))
                    .map(|at| memchr::memrchr(b'\n', &run[..at]).map_or(0, |i| i + 1))
                    .collect();
                starts.sort_unstable();
                starts.dedup();
                for start in starts {
                    let end = memchr::memchr(b'\n', &run[start..]).map_or(run.len(), |i| start + i);
                    let line = &run[start..end];
                    // A line found only by its word `withdraw` is read only
                    // when it can withdraw something this fold holds: any
                    // other such line (a withdrawal of an answer this fold
                    // does not hold, or another agent's row that says
                    // "withdraw") changes nothing a consult asks.
                    let wanted = match f.withdrawn_name(line) {
                        Some(name) => self.names.contains_key(name),
                        None => f.keep(line),
                    };
                    if wanted {
                        self.line(line, false, None);
                    }
                }
            }
        }
    }

    /// A withdrawal of `name`, as [`Fold::push`] folds one.
    fn withdraw(&mut self, name: &str) {
        self.index += 1;
        for key in self.names.remove(name).unwrap_or_default() {
            self.answers.remove(&key);
        }
    }

    fn push(&mut self, row: Row) {
        let index = self.index;
        self.index += 1;
        match row.what {
            What::Answer(answer) => {
                let key = answer.key();
                let name = answer.answer.clone();
                let expired = answer.expired(self.now);
                let standing = Standing {
                    at: row.at,
                    who: row.who,
                    answer,
                    expired,
                };
                if let Some((_, old)) = self.answers.insert(key.clone(), (index, standing)) {
                    if old.answer.answer != name {
                        if let Some(keys) = self.names.get_mut(&old.answer.answer) {
                            keys.retain(|k| *k != key);
                        }
                    }
                }
                let keys = self.names.entry(name).or_default();
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            What::Withdraw { ref answer } => {
                for key in self.names.remove(answer).unwrap_or_default() {
                    self.answers.remove(&key);
                }
            }
            What::Floor { ref agent, action } => {
                let floor = (action == FloorAction::Raise).then(|| Floor {
                    agent: agent.clone(),
                    at: row.at.clone(),
                    who: row.who.clone(),
                });
                self.floors.insert(agent.clone(), (index, floor));
            }
            What::Launch { .. } => {
                self.launches.push_back(row);
                if self.launches.len() > LAUNCHES_KEPT {
                    self.launches.pop_front();
                }
            }
        }
    }

    /// The answers and the raised floors that stand now, each in the order
    /// of the row that set it.
    fn standing(&self) -> (Vec<&Standing>, Vec<&Floor>) {
        let mut answers: Vec<&(usize, Standing)> = self.answers.values().collect();
        answers.sort_by_key(|(index, _)| *index);
        let mut floors: Vec<(usize, &Floor)> = self
            .floors
            .values()
            .filter_map(|(i, f)| f.as_ref().map(|f| (*i, f)))
            .collect();
        floors.sort_by_key(|(index, _)| *index);
        (
            answers.into_iter().map(|(_, s)| s).collect(),
            floors.into_iter().map(|(_, f)| f).collect(),
        )
    }

    /// What stands now.
    fn state(&self) -> State {
        let (answers, floors) = self.standing();
        State {
            answers: answers.into_iter().cloned().collect(),
            floors: floors.into_iter().cloned().collect(),
            skipped: self.skipped,
            launches: self.launches.iter().cloned().collect(),
        }
    }
}

impl State {
    /// Fold rows into what stands at `now`.
    pub fn fold(rows: Vec<Row>, skipped: usize, now: SystemTime) -> State {
        let mut fold = Fold::new(now);
        for row in rows {
            fold.push(row);
        }
        fold.skipped = skipped;
        fold.state()
    }

    /// A trail's bytes folded from the first line, trusting no checkpoint:
    /// what every faster read must agree with.
    pub fn fold_bytes(bytes: &[u8], now: SystemTime) -> State {
        let (rows, skipped) = parse(bytes, |_| true);
        State::fold(rows, skipped, now)
    }

    /// Read and fold only what can bear on one agent's consult: floors and
    /// answers of the agent and its ancestors, workspace answers, withdrawals.
    /// It starts from the last sound checkpoint, reading only its buckets for
    /// the agent's ancestry and the workspace, and every other line is passed
    /// over unparsed, so a long trail stays cheap.
    pub fn load_for(state_dir: &Path, agent: &str) -> Result<State> {
        State::load_for_at(state_dir, agent, SystemTime::now())
    }

    /// [`State::load_for`], as of `now`.
    pub fn load_for_at(state_dir: &Path, agent: &str, now: SystemTime) -> Result<State> {
        load_with(state_dir, Some(&Filter::for_agent(agent)), now)
    }

    /// What [`State::load_for`] folds, from the trail's bytes and its first
    /// line (no checkpoint is trusted): only the lines that can bear on
    /// `agent`'s consult are parsed.
    pub fn fold_for(bytes: &[u8], agent: &str, now: SystemTime) -> State {
        let filter = Filter::for_agent(agent);
        let (rows, skipped) = parse(bytes, |line| filter.keep(line));
        State::fold(rows, skipped, now)
    }

    /// Read and fold a workspace's trail, from its last sound checkpoint.
    pub fn load(state_dir: &Path) -> Result<State> {
        State::load_at(state_dir, SystemTime::now())
    }

    /// [`State::load`], as of `now`.
    pub fn load_at(state_dir: &Path, now: SystemTime) -> Result<State> {
        load_with(state_dir, None, now)
    }

    /// The raised floor standing over `agent` (its own, or its nearest
    /// ancestor's), if any.
    pub fn floor_over(&self, agent: &str) -> Option<&Floor> {
        self.floors
            .iter()
            .filter(|f| descends(agent, &f.agent))
            .max_by_key(|f| f.agent.len())
    }

    /// The standing answer for `agent` and `class` (`<tool>@<effect>`): the
    /// nearest conversation answer (the longest ancestor), else the
    /// workspace's. Expired answers stand for nothing.
    pub fn standing_for(&self, agent: &str, class: &str) -> Option<&Standing> {
        let live = |s: &&Standing| !s.expired && s.answer.class().as_deref() == Some(class);
        self.answers
            .iter()
            .filter(live)
            .filter(|s| s.answer.scope == Scope::Conversation && descends(agent, &s.answer.agent))
            .max_by_key(|s| s.answer.agent.len())
            .or_else(|| {
                self.answers
                    .iter()
                    .filter(live)
                    .find(|s| s.answer.scope == Scope::Workspace)
            })
    }

    /// The call answer for exactly this call: the same agent, tool_use id and
    /// input digest (a tagless hold's answer keys by agent and id alone).
    /// A wider answer settles the call it was given on too, so any scope's
    /// answer recorded for this call counts; the latest one speaks.
    pub fn call_answer(&self, agent: &str, id: &str, digest: &str) -> Option<&Standing> {
        self.answers.iter().rev().find(|s| {
            !s.expired
                && s.answer.agent == agent
                && s.answer.tool_use_id == id
                && s.answer.digest.as_deref().is_none_or(|d| d == digest)
        })
    }

    /// An answer by its name.
    pub fn answer_named(&self, name: &str) -> Option<&Standing> {
        self.answers.iter().find(|s| s.answer.answer == name)
    }
}

/// A short name for a new answer, unique enough to type.
pub fn answer_name(at: &str, agent: &str, tool_use_id: &str, scope: Scope) -> String {
    use sha2::{Digest, Sha256};
    let hash = Sha256::digest(format!("{at} {agent} {tool_use_id} {}", scope.word()).as_bytes());
    format!("a-{}", &crate::reason::hex(&hash)[..8])
}

/// The effect a standing answer's class names.
pub fn class_effect(class: &str) -> Option<Effect> {
    class
        .rsplit_once('@')
        .and_then(|(_, e)| Effect::from_word(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(name: &str, scope: Scope, agent: &str, ruling: Ruling) -> Row {
        Row::now(What::Answer(Answer {
            answer: name.into(),
            ruling,
            scope,
            agent: agent.into(),
            tool_use_id: "t1".into(),
            tool: "bash".into(),
            effect: Some("open-world".into()),
            digest: Some("d".into()),
            reason: "r".into(),
            expires: None,
            message: None,
        }))
    }

    #[test]
    fn a_summariser_creates_nothing_and_writes_only_what_is_due() {
        let tmp = tempfile::tempdir().unwrap();
        let gone = tmp.path().join("gone").join(".wicket");
        assert!(!summarise(&gone).unwrap());
        assert!(!tmp.path().join("gone").exists());
        let dir = tmp.path().join(".wicket");
        let row = answer("a-1", Scope::Workspace, "x", Ruling::Pass);
        append_every(&dir, &row, 1 << 20, None, Due::Write).unwrap();
        let before = std::fs::read(dir.join(FILE)).unwrap();
        assert!(!summarise(&dir).unwrap(), "nothing is due");
        assert_eq!(std::fs::read(dir.join(FILE)).unwrap(), before);
    }

    #[test]
    fn later_rows_supersede_and_withdrawals_remove() {
        let rows = vec![
            answer("a-1", Scope::Workspace, "x", Ruling::Pass),
            answer("a-2", Scope::Workspace, "y", Ruling::Refuse),
            answer("a-3", Scope::Conversation, "root", Ruling::Pass),
            Row::now(What::Withdraw {
                answer: "a-3".into(),
            }),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        assert_eq!(state.answers.len(), 1);
        assert_eq!(state.answers[0].answer.answer, "a-2");
        assert_eq!(
            state
                .standing_for("root-1-2", "bash@open-world")
                .map(|s| s.answer.ruling),
            Some(Ruling::Refuse)
        );
    }

    #[test]
    fn a_withdrawal_withdraws_every_answer_standing_under_its_name() {
        // Names are short hashes: two answers for different conversations can
        // share one. Withdrawing it withdraws both (found by the trail fuzz
        // target: the second stayed, and the consult, which folds only one
        // agent's rows, disagreed with `status`).
        let rows = vec![
            answer("a-1", Scope::Conversation, "root", Ruling::Pass),
            answer("a-1", Scope::Conversation, "other", Ruling::Refuse),
            answer("a-2", Scope::Workspace, "x", Ruling::Hold),
            Row::now(What::Withdraw {
                answer: "a-1".into(),
            }),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        let names: Vec<&str> = state
            .answers
            .iter()
            .map(|s| s.answer.answer.as_str())
            .collect();
        assert_eq!(names, ["a-2"]);
        // A name superseded at its key no longer withdraws what replaced it.
        let rows = vec![
            answer("a-1", Scope::Workspace, "x", Ruling::Pass),
            answer("a-2", Scope::Workspace, "y", Ruling::Refuse),
            Row::now(What::Withdraw {
                answer: "a-1".into(),
            }),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        assert_eq!(state.answers.len(), 1);
        assert_eq!(state.answers[0].answer.answer, "a-2");
    }

    #[test]
    fn the_nearest_conversation_answer_wins() {
        let rows = vec![
            answer("a-1", Scope::Conversation, "root", Ruling::Refuse),
            answer("a-2", Scope::Conversation, "root-c-1", Ruling::Pass),
            answer("a-3", Scope::Workspace, "zzz", Ruling::Hold),
        ];
        let state = State::fold(rows, 0, SystemTime::now());
        assert_eq!(
            state
                .standing_for("root-c-1-d-2", "bash@open-world")
                .unwrap()
                .answer
                .answer,
            "a-2"
        );
        assert_eq!(
            state
                .standing_for("root-e-3", "bash@open-world")
                .unwrap()
                .answer
                .answer,
            "a-1"
        );
        assert_eq!(
            state
                .standing_for("other", "bash@open-world")
                .unwrap()
                .answer
                .answer,
            "a-3"
        );
        assert!(state.standing_for("root", "bash@read").is_none());
    }

    #[test]
    fn floors_stand_over_the_descent() {
        let raise = |a: &str| {
            Row::now(What::Floor {
                agent: a.into(),
                action: FloorAction::Raise,
            })
        };
        let lower = |a: &str| {
            Row::now(What::Floor {
                agent: a.into(),
                action: FloorAction::Lower,
            })
        };
        let state = State::fold(
            vec![raise("root"), raise("root-c-1"), lower("root-c-1")],
            0,
            SystemTime::now(),
        );
        assert_eq!(
            state.floor_over("root-c-1-x-2").map(|f| f.agent.as_str()),
            Some("root")
        );
        assert!(state.floor_over("rootx").is_none());
        assert!(state.floor_over("other").is_none());
    }

    #[test]
    fn expired_answers_stand_for_nothing() {
        let mut row = answer("a-1", Scope::Workspace, "x", Ruling::Pass);
        if let What::Answer(a) = &mut row.what {
            a.expires = Some("2001-01-01T00:00:00Z".into());
        }
        let state = State::fold(vec![row], 0, SystemTime::now());
        assert!(state.answers[0].expired);
        assert!(state.standing_for("x", "bash@open-world").is_none());
    }

    #[test]
    fn rows_from_a_newer_wicket_still_read() {
        let line = r#"{"at":"2026-11-29T10:00:00Z","who":{"user":"u","host":"h","tty":"x"},"row":"floor","agent":"a","action":"raise","why":"new field"}"#;
        let row: Row = serde_json::from_str(line).unwrap();
        assert_eq!(
            row.what,
            What::Floor {
                agent: "a".into(),
                action: FloorAction::Raise
            }
        );
        assert!(serde_json::from_str::<Row>(
            r#"{"at":"x","who":{"user":"u","host":"h"},"row":"future-kind"}"#
        )
        .is_err());
    }

    // ------------------------------------------------- checkpoints, by property

    /// A small deterministic generator (no dependency for one test).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
            &items[self.below(items.len())]
        }
        fn chance(&mut self, percent: u64) -> bool {
            self.next() % 100 < percent
        }
    }

    const AGENTS: &[&str] = &[
        "A", "A-1", "A-1-2", "A-1-2-3", "A-2", "A-10", "B", "B-1", "B-1-1", "C",
    ];
    const CLASSES: &[(&str, &str)] = &[
        ("bash", "open-world"),
        ("bash", "process"),
        ("write", "target-write"),
        ("bash", "opaque"),
    ];
    const IDS: &[&str] = &["t1", "t2", "t3"];
    const DIGESTS: &[&str] = &["d1", "d2"];

    /// A fixed "now", so expiry is judged the same on every path.
    fn now() -> SystemTime {
        SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_790_000_000)
    }

    fn random_row(rng: &mut Rng, n: usize) -> Row {
        let at = format!("2026-09-{:02}T00:00:{:02}.000Z", 1 + n % 28, n % 60);
        let who = Who {
            user: format!("op{}", rng.below(3)),
            host: "h".into(),
        };
        let what = match rng.below(10) {
            0..=4 => {
                let (tool, effect) = *rng.pick(CLASSES);
                let scope = *rng.pick(&[
                    Scope::Call,
                    Scope::Call,
                    Scope::Conversation,
                    Scope::Workspace,
                ]);
                let expires = match rng.below(6) {
                    0 => Some("2001-01-01T00:00:00Z".to_owned()),
                    1 => Some("2099-01-01T00:00:00Z".to_owned()),
                    2 => Some("not a time".to_owned()),
                    _ => None,
                };
                What::Answer(Answer {
                    // Few names, so names are shared and reused.
                    answer: format!("a-{}", rng.below(12)),
                    ruling: *rng.pick(&[Ruling::Pass, Ruling::Refuse, Ruling::Hold]),
                    scope,
                    agent: rng.pick(AGENTS).to_string(),
                    tool_use_id: rng.pick(IDS).to_string(),
                    tool: tool.into(),
                    effect: (!rng.chance(5)).then(|| effect.to_owned()),
                    digest: (!rng.chance(5)).then(|| rng.pick(DIGESTS).to_string()),
                    reason: "x".repeat(rng.below(120)),
                    expires,
                    message: None,
                })
            }
            5 => What::Withdraw {
                answer: format!("a-{}", rng.below(14)),
            },
            6 | 7 => What::Floor {
                agent: rng.pick(AGENTS).to_string(),
                action: *rng.pick(&[FloorAction::Raise, FloorAction::Lower]),
            },
            _ => What::Launch {
                agent: rng.pick(AGENTS).to_string(),
                argv: vec!["litany".into(), "advance".into(), format!("{n}")],
                ok: rng.chance(80),
                pid: Some(n as u32),
                log: None,
                error: None,
                confined: false,
            },
        };
        Row { at, who, what }
    }

    /// Each checkpoint and index as it sits now: where the restated rows
    /// just before a checkpoint line start (as long as its line says they
    /// are), where the line starts, where it ends (newline included).
    fn checkpoints(bytes: &[u8]) -> Vec<(usize, usize, usize)> {
        let mut found = Vec::new();
        let mut at = 0;
        for line in bytes.split(|b| *b == b'\n') {
            let end = (at + line.len() + 1).min(bytes.len());
            if line.starts_with(CHECKPOINT) {
                let block = serde_json::from_slice::<Checkpoint>(line)
                    .map(|c| c.buckets.iter().map(|(len, _)| *len as usize).sum())
                    .unwrap_or(0);
                found.push((at.saturating_sub(block), at, end));
            }
            if line.starts_with(INDEX) {
                found.push((at, at, end));
            }
            at = end;
        }
        found
    }

    /// Damage the trail the ways a file is damaged: a cut through a
    /// checkpoint, a checkpoint moved or copied, a byte edited in one,
    /// a row inserted before one, a torn or junk line.
    fn damage(rng: &mut Rng, path: &Path) -> &'static str {
        let mut bytes = std::fs::read(path).unwrap();
        let cps = checkpoints(&bytes);
        let what = if cps.is_empty() {
            5 + rng.below(2)
        } else {
            rng.below(7)
        };
        let &(start, line, end) = if cps.is_empty() {
            &(0, 0, 0)
        } else {
            rng.pick(&cps)
        };
        let name = match what {
            0 => {
                // Truncated: the file cut inside a checkpoint.
                bytes.truncate(start + rng.below(end - start));
                "truncated"
            }
            1 => {
                // Moved: a checkpoint cut out and put back at the end.
                let cp: Vec<u8> = bytes.drain(start..end).collect();
                bytes.extend(cp);
                "moved"
            }
            2 => {
                // Stale: a copy of an old checkpoint appended at the end.
                let cp = bytes[start..end].to_vec();
                if bytes.last() != Some(&b'\n') {
                    bytes.push(b'\n');
                }
                bytes.extend(cp);
                "stale copy"
            }
            3 => {
                // Hand-edited: one byte of the last checkpoint's restated
                // rows or its line. (An edit of what a later sound
                // checkpoint stands on is an edit of history: readers trust
                // that checkpoint and do not read it.)
                let &(start, _, end) = cps.last().unwrap();
                let i = start + rng.below(end - start);
                if bytes[i] != b'\n' {
                    bytes[i] = if bytes[i] == b'1' { b'2' } else { b'1' };
                }
                "hand-edited"
            }
            4 => {
                // A row inserted before it (its offset no longer holds).
                let mut row = serde_json::to_vec(&random_row(rng, 999)).unwrap();
                row.push(b'\n');
                let at = if rng.chance(50) { start } else { line };
                let at = bytes[..at]
                    .iter()
                    .rposition(|b| *b == b'\n')
                    .map_or(0, |i| i + 1);
                bytes.splice(at..at, row);
                "row inserted"
            }
            5 => {
                // A writer killed mid-row.
                bytes.extend_from_slice(
                    br#"{"at":"2026-11-29T00:00:00Z","who":{"user":"torn","host":"h"},"row":"answ"#,
                );
                "torn row"
            }
            _ => {
                if bytes.last().is_some_and(|b| *b != b'\n') {
                    bytes.push(b'\n');
                }
                bytes.extend_from_slice(b"{\"at\":\"x\",\"who\":{\"user\":\"u\",\"host\":\"h\"},\"row\":\"future-kind\"}\n\n");
                "junk and blank lines"
            }
        };
        let _ = line;
        std::fs::write(path, &bytes).unwrap();
        name
    }

    fn same_state(fast: &State, full: &State, what: &str) {
        let names = |s: &State| -> Vec<String> {
            s.answers
                .iter()
                .map(|a| {
                    format!(
                        "{} {} {:?}",
                        a.answer.answer,
                        a.answer.key(),
                        a.answer.ruling
                    )
                })
                .collect()
        };
        assert_eq!(names(fast), names(full), "answers: {what}");
        assert_eq!(fast.answers, full.answers, "answers: {what}");
        assert_eq!(fast.floors, full.floors, "floors: {what}");
        assert_eq!(fast.skipped, full.skipped, "skipped: {what}");
        assert_eq!(fast.launches, full.launches, "launches: {what}");
    }

    /// Every question a consult asks, asked of the consult's fold and the
    /// full fold.
    fn same_answers(state_dir: &Path, full: &State, what: &str) {
        for agent in AGENTS.iter().chain(&["A-1-2-3-4", "A-100", "B-1-1-9", "D"]) {
            let part = State::load_for_at(state_dir, agent, now()).unwrap();
            assert_eq!(
                part.floor_over(agent),
                full.floor_over(agent),
                "floor over {agent}: {what}"
            );
            for (tool, effect) in CLASSES {
                let class = format!("{tool}@{effect}");
                assert_eq!(
                    part.standing_for(agent, &class),
                    full.standing_for(agent, &class),
                    "standing for {agent} {class}: {what}"
                );
            }
            for id in IDS {
                for digest in DIGESTS {
                    assert_eq!(
                        part.call_answer(agent, id, digest),
                        full.call_answer(agent, id, digest),
                        "call answer {agent} {id} {digest}: {what}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_checkpointed_fold_agrees_with_the_fold_from_the_first_line() {
        let cases: u64 = std::env::var("WICKET_TRAIL_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(100);
        let mut checkpointed = 0;
        let mut indexed = 0;
        let mut damaged = std::collections::BTreeMap::new();
        for seed in 1..=cases {
            let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
            let tmp = tempfile::tempdir().unwrap();
            let dir = tmp.path().join(".wicket");
            let path = dir.join(FILE);
            let every = 300 + rng.below(4000) as u64;
            let rows = 20 + rng.below(220);
            let mut history = String::new();
            for n in 0..rows {
                if rng.chance(4) && path.exists() {
                    let name = damage(&mut rng, &path);
                    *damaged.entry(name).or_insert(0) += 1;
                    history.push_str(&format!(" {name}@{n}"));
                }
                if rng.chance(3) {
                    // Many rows under one lock, as a tool would write them.
                    let batch: Vec<Row> = (0..1 + rng.below(30))
                        .map(|k| random_row(&mut rng, n * 100 + k))
                        .collect();
                    append_all_every(&dir, batch, every).unwrap();
                } else if rng.chance(50) {
                    // As an operator's verb writes: the checkpoint left to a
                    // later writer (mostly `summarise`, else the next row's).
                    let row = random_row(&mut rng, n);
                    if append_every(&dir, &row, every, None, Due::Leave).unwrap() && !rng.chance(25)
                    {
                        let what = format!("seed {seed}, row {n}, history{history}");
                        assert!(summarise_every(&dir, every).unwrap(), "left due: {what}");
                        assert!(!summarise_every(&dir, every).unwrap(), "written: {what}");
                    }
                } else {
                    append_every(&dir, &random_row(&mut rng, n), every, None, Due::Write).unwrap();
                }
                if rng.chance(10) {
                    let bytes = std::fs::read(&path).unwrap();
                    let full = State::fold_bytes(&bytes, now());
                    let what = format!("seed {seed}, row {n}, history{history}");
                    same_state(&State::load_at(&dir, now()).unwrap(), &full, &what);
                }
            }
            if rng.chance(30) {
                let name = damage(&mut rng, &path);
                *damaged.entry(name).or_insert(0) += 1;
                history.push_str(&format!(" {name}@end"));
            }
            let bytes = std::fs::read(&path).unwrap();
            if bytes.windows(CHECKPOINT.len()).any(|w| w == CHECKPOINT) {
                checkpointed += 1;
            }
            let full = State::fold_bytes(&bytes, now());
            let what = format!("seed {seed}, history{history}");
            same_state(&State::load_at(&dir, now()).unwrap(), &full, &what);
            same_answers(&dir, &full, &what);
            let (rows, skipped) = read(&dir).unwrap();
            assert_eq!((rows, skipped), parse(&bytes, |_| true), "read: {what}");
            let file = std::fs::File::open(&path).unwrap();
            if fold_indexed(
                &file,
                bytes.len() as u64,
                &Filter::for_agent("A-1-2"),
                now(),
            )
            .unwrap()
            .is_some()
            {
                indexed += 1;
            }
        }
        assert!(
            checkpointed * 10 >= cases * 8,
            "only {checkpointed} of {cases} trails had a checkpoint"
        );
        eprintln!("{cases} trails, {checkpointed} with checkpoints, {indexed} read by their indexes; damaged: {damaged:?}");
        assert!(
            indexed * 3 >= cases,
            "only {indexed} of {cases} trails were read by their indexes"
        );
        for name in [
            "truncated",
            "moved",
            "stale copy",
            "hand-edited",
            "row inserted",
            "torn row",
        ] {
            assert!(
                damaged.get(name).copied().unwrap_or(0) > 0,
                "no trail was {name}: {damaged:?}"
            );
        }
    }

    /// Checkpoints that fell due on an append after a [`Snapshot`], and
    /// how many of those used the snapshot's fold.
    pub(super) static DUE_AFTER_READ: std::sync::atomic::AtomicUsize =
        std::sync::atomic::AtomicUsize::new(0);
    pub(super) static REUSED: std::sync::atomic::AtomicUsize =
        std::sync::atomic::AtomicUsize::new(0);

    #[test]
    fn a_writer_reuses_its_own_fold_only_while_the_trail_is_unchanged() {
        use std::sync::atomic::Ordering::SeqCst;
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(".wicket");
        let mut rng = Rng(11);
        let mut stale_and_due = 0;
        for n in 0..240 {
            let row = random_row(&mut rng, n);
            let before = std::fs::read(dir.join(FILE)).unwrap_or_default();
            let stale = n % 3 == 0;
            if n % 3 == 2 {
                append_every(&dir, &row, 1500, None, Due::Write).unwrap();
            } else {
                // Read first, as the operator's verbs do; every third time
                // another writer gets in between, so what was read is stale.
                let read = Snapshot::load(&dir).unwrap();
                if stale {
                    append_every(
                        &dir,
                        &random_row(&mut rng, n + 1000),
                        1500,
                        None,
                        Due::Write,
                    )
                    .unwrap();
                }
                let between = std::fs::read(dir.join(FILE)).unwrap();
                append_every(&dir, &row, 1500, Some(read), Due::Write).unwrap();
                let after = std::fs::read(dir.join(FILE)).unwrap();
                let written = |b: &[u8]| memchr::memmem::find_iter(b, CHECKPOINT).count();
                if stale && written(&after) > written(&between) {
                    stale_and_due += 1;
                }
            }
            // A checkpoint written from a fold that missed a row would
            // misstate the trail: the checkpointed fold must still agree
            // with the fold of every row from the first line.
            let bytes = std::fs::read(dir.join(FILE)).unwrap();
            assert!(bytes.len() > before.len());
            same_state(
                &State::load_at(&dir, now()).unwrap(),
                &State::fold_bytes(&bytes, now()),
                &format!("after row {n}"),
            );
        }
        assert!(
            stale_and_due >= 3,
            "a stale read met a due checkpoint {stale_and_due} times"
        );
        let (due, reused) = (DUE_AFTER_READ.load(SeqCst), REUSED.load(SeqCst));
        assert!(reused >= 3, "the fold was reused {reused} times of {due}");
        assert!(reused + stale_and_due <= due);
    }

    #[test]
    fn a_sound_checkpoint_is_used_and_a_damaged_one_is_not() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(".wicket");
        let mut rng = Rng(7);
        for n in 0..200 {
            append_every(&dir, &random_row(&mut rng, n), 2000, None, Due::Write).unwrap();
        }
        let path = dir.join(FILE);
        let file = std::fs::File::open(&path).unwrap();
        let end = file.metadata().unwrap().len();
        let (_, used) = fold_file(&file, end, None, now()).unwrap();
        let Used {
            line_end, block, ..
        } = used.expect("a checkpoint is used");
        assert!(
            end - line_end < 2000u64.max(block) + 2000,
            "the tail after it is short"
        );
        // Edit one restated row: the bucket's digest fails, so an earlier
        // checkpoint (or none) is used, and the fold still agrees.
        let mut bytes = std::fs::read(&path).unwrap();
        let last = *checkpoints(&bytes)
            .iter()
            .rfind(|(_, line, _)| bytes[*line..].starts_with(CHECKPOINT))
            .unwrap();
        let i = last.0 + memchr::memmem::find(&bytes[last.0..], b"\"ruling\":\"").unwrap() + 10;
        bytes[i] = if bytes[i] == b'p' { b'h' } else { b'p' };
        std::fs::write(&path, &bytes).unwrap();
        let file = std::fs::File::open(&path).unwrap();
        let (_, used) = fold_file(&file, end, None, now()).unwrap();
        assert!(used.is_none_or(|used| used.line_end <= last.0 as u64));
        same_state(
            &State::load_at(&dir, now()).unwrap(),
            &State::fold_bytes(&bytes, now()),
            "edited",
        );
    }

    #[test]
    fn checkpoints_are_no_rows_and_no_unreadable_lines() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(".wicket");
        let mut rng = Rng(11);
        let rows: Vec<Row> = (0..300).map(|n| random_row(&mut rng, n)).collect();
        for row in &rows {
            append_every(&dir, row, 1000, None, Due::Write).unwrap();
        }
        let bytes = std::fs::read(dir.join(FILE)).unwrap();
        assert!(checkpoints(&bytes).len() > 3);
        let last: Checkpoint = serde_json::from_slice(
            bytes[checkpoints(&bytes)
                .iter()
                .rfind(|c| bytes[c.1..].starts_with(CHECKPOINT))
                .unwrap()
                .1..]
                .split(|b| *b == b'\n')
                .next()
                .unwrap(),
        )
        .unwrap();
        assert!(
            last.buckets.len() > 4,
            "the checkpoint has buckets: {}",
            last.buckets.len()
        );
        let (read_back, skipped) = read(&dir).unwrap();
        assert_eq!(skipped, 0);
        assert_eq!(read_back, rows);
        let state = State::load_at(&dir, now()).unwrap();
        assert_eq!(state.skipped, 0);
        assert!(state.launches.len() <= LAUNCHES_KEPT);
        // An older wicket folds the restated rows again: the same answers
        // and floors stand (listed in another order: bucket by bucket, each
        // agent's in their order), and every consult question is answered
        // the same.
        let older: Vec<Row> = bytes
            .split(|b| *b == b'\n')
            .filter_map(|l| serde_json::from_slice::<Row>(l).ok())
            .collect();
        let full = State::fold_bytes(&bytes, now());
        let again = State::fold(older, 0, now());
        let sorted = |s: &State| -> Vec<String> {
            let mut v: Vec<String> = s.answers.iter().map(|a| format!("{a:?}")).collect();
            v.extend(s.floors.iter().map(|f| format!("{f:?}")));
            v.sort();
            v
        };
        assert_eq!(sorted(&again), sorted(&full));
        for agent in AGENTS {
            assert_eq!(again.floor_over(agent), full.floor_over(agent));
            for (tool, effect) in CLASSES {
                let class = format!("{tool}@{effect}");
                assert_eq!(
                    again.standing_for(agent, &class),
                    full.standing_for(agent, &class)
                );
            }
            for id in IDS {
                for digest in DIGESTS {
                    assert_eq!(
                        again.call_answer(agent, id, digest),
                        full.call_answer(agent, id, digest)
                    );
                }
            }
        }
    }

    #[test]
    fn streaming_reads_the_lines_a_whole_read_does() {
        // Lines across chunk boundaries, one longer than any reader holds,
        // and a last line without its newline.
        let mut rng = Rng(3);
        let mut bytes = Vec::new();
        for n in 0..400 {
            let len = match rng.below(10) {
                0 => CHUNK + rng.below(CHUNK),
                1 => 0,
                _ => rng.below(3000),
            };
            bytes.extend(std::iter::repeat_n(b'a' + (n % 26) as u8, len));
            bytes.push(b'\n');
            if n == 200 {
                bytes.extend(std::iter::repeat_n(b'z', MAX_LINE_BYTES + 10));
                bytes.push(b'\n');
            }
        }
        bytes.extend_from_slice(b"last");
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("t");
        std::fs::write(&path, &bytes).unwrap();
        let file = std::fs::File::open(&path).unwrap();
        let mut streamed: Vec<(usize, u8, bool)> = Vec::new();
        stream(&file, 0, bytes.len() as u64, |piece| match piece {
            Piece::Run(run) => streamed
                .extend(run_lines(run).map(|l| (l.len(), l.first().copied().unwrap_or(0), false))),
            Piece::Line(l, overlong) => streamed.push((
                if overlong { usize::MAX } else { l.len() },
                l.first().copied().unwrap_or(0),
                overlong,
            )),
        })
        .unwrap();
        let whole: Vec<(usize, u8, bool)> = bytes
            .split(|b| *b == b'\n')
            .map(|l| {
                let overlong = l.len() > MAX_LINE_BYTES;
                (
                    if overlong { usize::MAX } else { l.len() },
                    l.first().copied().unwrap_or(0),
                    overlong,
                )
            })
            .collect();
        let nonblank = |v: &Vec<(usize, u8, bool)>| -> Vec<(usize, u8, bool)> {
            v.iter().filter(|l| l.0 > 0).copied().collect()
        };
        assert_eq!(nonblank(&streamed), nonblank(&whole));
        assert!(whole.iter().any(|l| l.2));
    }

    /// A checkpoint restates each answer and raised floor exactly as its row
    /// is written, after its `"restated":<n>,`, every one once.
    #[test]
    fn a_restated_row_is_written_as_the_row_itself() {
        let mut rng = Rng(5);
        let mut fold = Fold::new(now());
        for n in 0..600 {
            let mut row = random_row(&mut rng, n);
            if let What::Answer(a) = &mut row.what {
                if rng.chance(30) {
                    a.message = Some("say \"no\"\n\u{e9}".into());
                }
            }
            fold.push(row);
        }
        let (answers, floors) = fold.standing();
        let mut expected: Vec<Vec<u8>> = answers
            .iter()
            .map(|s| Row {
                at: s.at.clone(),
                who: s.who.clone(),
                what: What::Answer(s.answer.clone()),
            })
            .chain(floors.iter().map(|f| Row {
                at: f.at.clone(),
                who: f.who.clone(),
                what: What::Floor {
                    agent: f.agent.clone(),
                    action: FloorAction::Raise,
                },
            }))
            .map(|row| encode(&row).unwrap())
            .collect();
        assert!(answers.len() > 10 && !floors.is_empty());
        let (bytes, restated) = checkpoint_bytes(&fold, 1000).unwrap();
        let mut seen = vec![false; expected.len()];
        for line in bytes[..restated as usize].split_inclusive(|b| *b == b'\n') {
            let rest = line.strip_prefix(RESTATED).unwrap();
            let comma = rest.iter().position(|b| *b == b',').unwrap();
            let seq: usize = std::str::from_utf8(&rest[..comma])
                .unwrap()
                .parse()
                .unwrap();
            let mut row = b"{".to_vec();
            row.extend_from_slice(&rest[comma + 1..]);
            assert_eq!(
                String::from_utf8_lossy(&row),
                String::from_utf8_lossy(&std::mem::take(&mut expected[seq]))
            );
            assert!(!std::mem::replace(&mut seen[seq], true));
        }
        assert!(seen.iter().all(|s| *s));
    }

    /// The flat reading of a line ([`Row::parse`]) says exactly what the
    /// derived reading says, for rows as written and for every way a line
    /// can be off: a field missing, `null`, of another type, repeated, or
    /// belonging to another kind; an unknown kind; extra fields.
    #[test]
    fn the_flat_reading_of_a_row_agrees_with_the_derived_one() {
        use serde_json::{json, Value};
        let odd: &[Value] = &[
            Value::Null,
            json!(7),
            json!(-1),
            json!(4_294_967_296u64),
            json!(1.5),
            json!(true),
            json!("hold"),
            json!("raise"),
            json!("call"),
            json!(""),
            json!(["x"]),
            json!([1]),
            json!({"user": "u", "host": "h"}),
            json!({}),
        ];
        const FIELDS: &[&str] = &[
            "at",
            "who",
            "row",
            "answer",
            "ruling",
            "scope",
            "agent",
            "tool_use_id",
            "tool",
            "effect",
            "digest",
            "reason",
            "expires",
            "message",
            "action",
            "argv",
            "ok",
            "pid",
            "log",
            "error",
            "confined",
            "restated",
            "later",
        ];
        let mut rng = Rng(0x5eed);
        let (mut fast, mut read, mut unread) = (0, 0, 0);
        for n in 0..20_000 {
            let mut row = random_row(&mut rng, n);
            match &mut row.what {
                What::Answer(a) if rng.chance(30) => a.message = Some("m\"\u{e9}".into()),
                What::Launch {
                    log,
                    error,
                    confined,
                    pid,
                    ..
                } if rng.chance(50) => {
                    *log = Some("l".into());
                    *error = Some("e".into());
                    *confined = true;
                    *pid = None;
                }
                _ => {}
            }
            let mut value = serde_json::to_value(&row).unwrap();
            let map = value.as_object_mut().unwrap();
            let changes = rng.below(3);
            for _ in 0..changes {
                let field = *rng.pick(FIELDS);
                match rng.below(3) {
                    0 => {
                        map.remove(field);
                    }
                    _ => {
                        map.insert(field.to_owned(), rng.pick(odd).clone());
                    }
                }
            }
            let mut line = serde_json::to_vec(&value).unwrap();
            let repeated = rng.chance(10);
            if repeated {
                // A repeated field: serde_json never writes one.
                let field = *rng.pick(FIELDS);
                let mut head = format!("{{\"{field}\":{},", rng.pick(odd)).into_bytes();
                head.extend_from_slice(&line[1..]);
                line = head;
            }
            let flat = serde_json::from_slice::<FlatRow>(&line)
                .ok()
                .and_then(FlatRow::into_row)
                .is_some();
            let derived = serde_json::from_slice::<Row>(&line).ok();
            assert_eq!(
                Row::parse(&line).ok(),
                derived,
                "the two readings differ on {}",
                String::from_utf8_lossy(&line)
            );
            // A row as wicket writes it always reads the fast way.
            if changes == 0 && !repeated {
                assert!(flat, "{}", String::from_utf8_lossy(&line));
                fast += 1;
            }
            match derived {
                Some(_) => read += 1,
                None => unread += 1,
            }
        }
        // Both kinds of line were tried.
        assert!(unread > 2_000 && read > 10_000 && fast > 5_000);
    }
}
