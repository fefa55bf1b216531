import { readdirSync, readFileSync } from 'node:fs';

/** A live process: its pid and its command line, arguments joined by spaces. */
export interface LiveProcess {
  readonly pid: number;
  readonly commandLine: string;
}

/**
 * The live children of `parent` whose command line names `entry`, read from
 * /proc. A zombie (dead, not yet reaped) is not alive. Asking for the entry
 * matters: between fork and exec a child still shows its parent's command
 * line, so a match on anything the parent's arguments hold sees children that
 * are not yet what they will be.
 */
export function liveChildren(parent: number, entry: string): LiveProcess[] {
  const found: LiveProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const [state, ppid] = readFileSync(`/proc/${name}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ');
      if (Number(ppid) !== parent || state === 'Z') continue;
      const commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (commandLine.includes(entry)) found.push({ pid: Number(name), commandLine });
    } catch {
      // The process ended while we read it.
    }
  }
  return found;
}

/** Whether process `pid` still runs (a zombie does not). */
export function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
