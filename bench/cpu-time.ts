import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports children's times in ticks of 1/100 s on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) spent so far by this process and by every
 * child it has reaped, the children's own reaped children included (a `sim`
 * command's worker processes, reaped by it). A machine shared with others
 * stretches wall time; CPU time says how much work a command did whatever
 * the load, so a pool's overhead reads as the difference between two of these.
 */
export function cpuSecondsSoFar(): number {
  const own = process.cpuUsage();
  // Fields after the command name in parentheses: cutime and cstime are the 14th and 15th of them (stat(5): fields 16, 17).
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  return (own.user + own.system) / 1e6 + children;
}
