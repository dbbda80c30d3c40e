//! The control's two lanes of work on two cores.
//!
//! A consult does two things at once: one thread loads and instantiates the
//! built-in classifier ("warm"), another gathers the workspace's facts and
//! builds the protected set ("consult"). Neither waits for the other, but the
//! kernel often starts a new thread on the core its creator runs on: measured
//! here, in about half of all consults both ran on one core in turn while
//! the other core sat idle, and the verdict came 1 to 1.5 ms later.
//!
//! So the control places them where they start, which is what the kernel
//! gets wrong (a running thread is not moved onto a busy core): the main
//! thread holds to the core the process started on while it starts both
//! lanes, so each new thread is born there; the warm thread then moves to
//! another core of those the process may use, for its short life, and the
//! consult thread and the main thread let go of the placement at once. A
//! policy's own plugins are loaded on a thread the consult thread starts
//! later: it moves to the warm thread's core (free once the built-in
//! classifier is instantiated) rather than share a core with the question
//! being built and the classifier's run, and lets go once its plugins are
//! ready. A process allowed one core only, or a kernel that refuses, runs as
//! before: placement is a hint for speed, never a condition of the verdict.

/// Two cores: where the process started, and another it may use.
#[derive(Clone, Copy, Debug)]
pub struct Lanes {
    home: usize,
    away: usize,
    /// The cores this process may use, given back when a lane's busy part
    /// ends.
    allowed: libc::cpu_set_t,
}

impl Lanes {
    /// The lanes for this process, when it may use two cores or more.
    pub fn here() -> Option<Lanes> {
        // SAFETY: a zeroed cpu_set_t is the empty set; the kernel fills it
        // for the calling thread, with its size as given.
        let allowed = unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
                return None;
            }
            set
        };
        // SAFETY: no arguments; -1 on failure.
        let home = usize::try_from(unsafe { libc::sched_getcpu() }).ok()?;
        let cores = libc::CPU_SETSIZE as usize;
        let is_allowed = |c: usize| unsafe { libc::CPU_ISSET(c, &allowed) };
        if home >= cores || !is_allowed(home) {
            return None;
        }
        // The next allowed core after this one, wrapping: processes started
        // on different cores reach out to different cores.
        let away = (1..cores)
            .map(|step| (home + step) % cores)
            .find(|&c| is_allowed(c))?;
        Some(Lanes {
            home,
            away,
            allowed,
        })
    }

    /// Run the calling thread on the core the process started on.
    pub fn stay_home(&self) {
        pin(&one(self.home));
    }

    /// Run the calling thread on the other core.
    pub fn go_away(&self) {
        pin(&one(self.away));
    }

    /// Let the calling thread run on any core the process may use again.
    pub fn release(&self) {
        pin(&self.allowed);
    }
}

fn one(core: usize) -> libc::cpu_set_t {
    // SAFETY: as in `Lanes::here`; `core` is below CPU_SETSIZE there.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut set);
        set
    }
}

fn pin(set: &libc::cpu_set_t) {
    // SAFETY: a valid set of its own size, for the calling thread (0). A
    // refusal leaves the thread where the kernel put it, which is only slower.
    unsafe {
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_are_two_allowed_cores_and_placement_follows_them() {
        let Some(lanes) = Lanes::here() else {
            // One core (or no affinity to read): nothing is placed.
            return;
        };
        assert_ne!(lanes.home, lanes.away);
        let now = || unsafe { libc::sched_getcpu() } as usize;
        std::thread::spawn(move || {
            lanes.go_away();
            assert_eq!(now(), lanes.away);
            lanes.stay_home();
            assert_eq!(now(), lanes.home);
            lanes.release();
            let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
            unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
            assert!(unsafe { libc::CPU_EQUAL(&set, &lanes.allowed) });
        })
        .join()
        .unwrap();
    }
}
