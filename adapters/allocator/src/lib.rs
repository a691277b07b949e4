//! The system allocator's free memory, given back.
//!
//! glibc's `malloc` keeps what a program frees for its next allocations and returns pages to
//! the system only from the top of each heap, so one live allocation above a freed region
//! keeps the whole region resident. app-server's start-up (the API document, each worker's
//! routes) and any burst of requests leave such regions behind: measured, glibc's arenas held
//! 19 MiB with 11.7 MiB in use after start-up (docs/benchmarks.md, "Targets missed").
//! `malloc_trim(0)` walks every arena and gives the free pages inside them back
//! (`madvise(MADV_DONTNEED)`); live allocations are not touched.
//!
//! Elsewhere (musl, macOS, Windows) [`give_back`] does nothing: their allocators have no such
//! call, and return memory themselves.

/// Asks the allocator to give every free page back to the system. Returns whether it gave any.
///
/// It takes each arena's lock in turn while it walks it, so call it from a blocking thread (a
/// `spawn_blocking`), not on a request's path.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[must_use]
pub fn give_back() -> bool {
    #[expect(
        unsafe_code,
        reason = "malloc_trim is a C function; it takes no pointer and has no precondition"
    )]
    // SAFETY: `malloc_trim` takes a size (the free space to keep at each heap's top), touches
    // only glibc's own arenas, under their locks, and is safe to call from any thread at any
    // time (glibc's manual marks it MT-Safe).
    let released = unsafe { libc::malloc_trim(0) };
    released == 1
}

/// Asks the allocator to give every free page back to the system: nothing to do here.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
#[must_use]
pub fn give_back() -> bool {
    false
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::give_back;

    /// This process's resident anonymous memory, in KiB: `Anonymous` of
    /// `/proc/self/smaps_rollup`, counted from the page tables when read (`RssAnon` of
    /// `/proc/self/status` is a per-CPU count that can lag by megabytes).
    fn rss_anon_kib() -> u64 {
        let rollup = std::fs::read_to_string("/proc/self/smaps_rollup").unwrap_or_default();
        rollup
            .lines()
            .find_map(|l| l.strip_prefix("Anonymous:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }

    #[test]
    fn freed_memory_below_a_live_allocation_goes_back_to_the_system() {
        // On a thread of its own, which allocates nothing else while it measures.
        let figures = std::thread::spawn(|| {
            // 32 MiB in 1 KiB blocks (under glibc's mmap threshold, so from an arena), each
            // written so that its pages are resident; then every block freed but one in 64, so
            // that each freed run of 63 KiB lies between two live blocks, never at the top of
            // a heap, which is all glibc gives back by itself.
            let mut blocks: Vec<Vec<u8>> =
                (0..32_768).map(|i| vec![(i % 251) as u8; 1024]).collect();
            for (i, block) in blocks.iter_mut().enumerate() {
                if i % 64 != 0 {
                    *block = Vec::new();
                }
            }
            let after_free = rss_anon_kib();
            let gave = give_back();
            let after_trim = rss_anon_kib();
            assert!(blocks.iter().step_by(64).all(|b| b.len() == 1024));
            (after_free, gave, after_trim)
        })
        .join();
        let Ok((after_free, gave, after_trim)) = figures else {
            panic!("the measuring thread panicked");
        };
        // Freed but kept: glibc returned nothing by itself.
        assert!(
            after_free > 30 * 1024,
            "resident after the frees: {after_free} KiB"
        );
        assert!(gave, "malloc_trim gave nothing back");
        assert!(
            after_trim + 24 * 1024 < after_free,
            "resident: {after_free} KiB after the frees, {after_trim} KiB after giving back"
        );
    }
}
