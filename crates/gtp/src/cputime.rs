//! `cputime`, GNU Go's extension that gogui-twogtp asks for its CPU_B / CPU_W statistics: the
//! seconds of processor time the engine's process has used (user and system, every thread).

/// The process's CPU seconds so far (on systems without `getrusage`, the seconds since the first call).
pub fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        // SAFETY: getrusage only writes the struct it is given, which is plain data.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            return secs(usage.ru_utime) + secs(usage.ru_stime);
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

#[cfg(test)]
mod tests {
    #[test]
    fn cpu_time_grows_with_work() {
        let before = super::cpu_seconds();
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while start.elapsed().as_millis() < 100 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let used = super::cpu_seconds() - before;
        assert!(used > 0.0 && used < 60.0, "{used}");
    }
}
