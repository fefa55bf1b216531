import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/**
 * Reads a regular file as UTF-8 text, and refuses anything else without
 * blocking. A plain readFileSync of a named pipe waits for a writer forever
 * (`sim show` on a folder holding a FIFO called history.jsonl would hang), so
 * the file is opened non-blocking (which a FIFO allows even with no writer),
 * its type checked on the open descriptor (no race with a rename), and only
 * then read. A non-regular file fails with code EFTYPE (the BSD errno for
 * "inappropriate file type"), which fs-reason.ts turns into its sentence;
 * every other failure is Node's own error, code and all.
 */
export function readTextFile(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      const code = stats.isDirectory() ? 'EISDIR' : 'EFTYPE';
      throw Object.assign(new Error(`${code}: not a regular file, open '${path}'`), { code, syscall: 'open', path });
    }
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}
