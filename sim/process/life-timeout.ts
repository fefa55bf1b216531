/**
 * A life of a table case takes milliseconds in process and about 0.1 s in a
 * child; one still running after this long is stuck (a loop, a promise that
 * never settles, or a machine far too loaded), and is stopped and reported,
 * not waited for. `--life-timeout-ms` changes it. A module of its own so that
 * the commands' help can name it without loading kill mode.
 */
export const LIFE_TIMEOUT_MS = 10_000;
