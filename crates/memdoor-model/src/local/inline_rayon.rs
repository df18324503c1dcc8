//! candle's CPU ops on the calling thread. candle-nn's softmax, rms-norm and
//! RoPE (and gemm's tiny products) go through rayon however small the call:
//! from a thread outside a rayon pool, each call parks that thread and
//! wakes a pool worker — two context switches for microseconds of work.
//! Inside a pool of one thread that is the caller itself, they run inline,
//! with the same per-row arithmetic (the same bits).

/// A rayon pool of one thread, the current thread.
pub(crate) fn one_thread_pool() -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new().num_threads(1).use_current_thread().build()
}

/// Runs `f` with the current thread as its own rayon pool (made once per
/// thread). A thread already in a pool keeps it.
pub fn run<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    if rayon::current_thread_index().is_some() {
        return f();
    }
    thread_local! {
        // Never dropped in practice: the threads this serves (candle's
        // barrier-pool workers) live as long as the process.
        static POOL: Option<rayon::ThreadPool> = one_thread_pool().ok();
    }
    POOL.with(|pool| match pool {
        Some(pool) => pool.install(f),
        None => f(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_on_the_calling_thread_inside_a_pool_of_one() {
        let outside = std::thread::spawn(|| {
            let me = std::thread::current().id();
            run(|| (std::thread::current().id() == me, rayon::current_thread_index(), rayon::current_num_threads()))
        });
        assert_eq!(outside.join().unwrap(), (true, Some(0), 1));
    }

    #[test]
    fn a_thread_in_a_pool_stays_in_it() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        assert_eq!(pool.install(|| run(rayon::current_num_threads)), 2);
    }
}
