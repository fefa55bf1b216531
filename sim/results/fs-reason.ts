/**
 * Node's file-system error codes, each as the one sentence a user can act on.
 * These codes describe the user's machine or the paths they gave (a file in
 * the way, a full disk, a folder they may not write), never a bug of
 * cutpoint, so an error carrying one of them is bad input or environment
 * (exit 2) wherever it is thrown.
 */
const SENTENCES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder where a file was expected',
  EFTYPE: 'not a regular file (a named pipe, a device or a socket): give a regular file',
  EEXIST: 'a file of that name exists',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'a name in the path is too long for a file name (at most 255 bytes each, 4095 in all)',
  ENOSPC: 'no space left on the device: free some space or choose another folder',
  EDQUOT: 'the disk quota is exhausted: free some space or choose another folder',
  EFBIG: 'the file would be too large for this file system',
  ELOOP: 'too many symbolic links (a link may point to itself)',
  EMFILE: 'too many open files in this process: raise the limit (ulimit -n)',
  ENFILE: 'too many open files on this machine',
  EBUSY: 'the file or folder is busy',
  ENXIO: 'no reader or device behind that path (a named pipe or a device?)',
  EIO: 'an input/output error from the device',
  EXDEV: 'the path crosses file systems where a rename cannot',
};

/** The error's Node code when it has one, e.g. 'ENOSPC'. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is a file-system problem of the user's machine or paths (exit 2), not a bug. */
export function isFsEnvironmentError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && Object.hasOwn(SENTENCES, code);
}

/** What went wrong, as a clause to follow "cannot write X: ". Unknown codes are shown as they are. */
export function fsReason(error: unknown): string {
  const code = errorCode(error);
  if (code !== undefined && Object.hasOwn(SENTENCES, code)) return SENTENCES[code] as string;
  return code ?? (error instanceof Error ? error.message : String(error));
}
