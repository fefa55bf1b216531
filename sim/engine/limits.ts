/**
 * The largest value of every numeric option, each defined once here for the
 * CLI's parsers (which print it in --help) and the library's checks. A
 * value above one is bad input (exit 2), never a run that would outlast
 * anyone waiting for it.
 */

/**
 * Generated runs per property. A check runs about 70 to 300 runs a second
 * on one job, so a million is about one to four hours per property a job,
 * ten times the soak's 100000; and a failing run's index stays below
 * REPLAY_SEGMENT_MAX, so its printed path replays. A larger check is
 * sharded across CI jobs (--shard), each with its own --runs.
 */
export const RUNS_MAX = 1_000_000;

/** Processes (or threads) a command runs its work on at once: far beyond the cores of any CI machine. */
export const JOBS_MAX = 64;

/** Concurrent workers of a generated run in `sim check`; a family may refuse the option or bound it lower. */
export const CHECK_WORKERS_MAX = 8;

/** `sim explore`'s bounds: the schedule tree grows exponentially in each, and at these it already takes hours. */
export const EXPLORE_WORKERS_MAX = 4;
export const EXPLORE_INTENTIONS_MAX = 4;
export const EXPLORE_CRASH_DEPTH_MAX = 3;

/** `sim explore --executions-max`: about a day of executions at the explorer's pace; leave it out to explore everything. */
export const EXECUTIONS_BOUND_MAX = 100_000_000;

/** An hour: a process life of a protocol still running after it is stuck, not slow. */
export const LIFE_TIMEOUT_MS_MAX = 3_600_000;

/** A year: a receipt kept longer is kept for ever, for any run; leave the option out for that. */
export const RETENTION_MS_MAX = 365 * 24 * 3_600_000;

/** Generated trials per sweep point of `sim check --report`. */
export const SWEEP_TRIALS_MAX = 100_000;

/** `sim serve --kill-after-commit`: the nth write a test kills the server at; a larger n is a server that is never killed. */
export const KILL_AFTER_COMMIT_MAX = 1_000_000;

/** A TCP port. */
export const PORT_MAX = 65_535;

/** `sim probe`: requests with one key at once (a race needs two), and the bound on one request. */
export const PROBE_CONCURRENCY_MAX = 64;
export const PROBE_TIMEOUT_MS_MIN = 100;
export const PROBE_TIMEOUT_MS_MAX = 600_000;

/** `sim stress`, per trial and per protocol: real processes on one machine, so each bound is what one machine holds. */
export const STRESS_WORKERS_MAX = 16;
export const STRESS_INTENTIONS_MAX = 10_000;
export const STRESS_TRIALS_MAX = 100_000;
export const STRESS_CRASHES_MAX = 10;
export const STRESS_LEASE_MS_MAX = 600_000;
export const STRESS_PAUSE_MS_MAX = 60_000;
export const STRESS_BUSY_TIMEOUT_MS_MAX = 60_000;
export const STRESS_KEEP_MAX = 100_000;
