/**
 * Real time in ms since the epoch, for a server that faces real clients:
 * receipts it files must keep their age across a restart, so this is the
 * wall clock, not a monotonic one. Real time is the point here (a real
 * HTTP receiver, `sim serve`); nothing in a simulation reads it.
 */
export function wallClockMs(): number {
  return new Date().getTime();
}
