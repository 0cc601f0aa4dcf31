// The files a command is given and the ones it writes: an input is read only when it is a regular
// file, within a size limit, as UTF-8 text; an output is checked before the work that fills it; any
// failure is a FileError of one line (exit 2) saying what was expected, what was found, what to do.
import { accessSync, chmodSync, closeSync, constants, fstatSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The most bytes an input file may have: far above any ruleset, rulebook, saved game or log. */
export const INPUT_LIMIT = 32 * 1024 * 1024;

export class FileError extends Error {
  constructor(readonly path: string, readonly reason: string, message: string) {
    super(message);
  }
}

/** What a path names, in words, when it is not a regular file. */
function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a folder, not a file';
  if (s.isFIFO()) return 'a named pipe (FIFO), not a regular file';
  if (s.isSocket()) return 'a socket, not a regular file';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device, not a regular file';
  return 'not a regular file';
}

/** Why a file-system call failed, in words, with what to do where there is something to do. */
export function reasonOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT': return 'there is no such file; check the path';
    case 'EACCES': case 'EPERM': return 'permission denied; check its permissions';
    case 'EISDIR': return 'it is a folder, not a file';
    case 'ENOTDIR': return 'a part of the path is a file, not a folder';
    case 'ELOOP': return 'its symbolic links go round in a loop';
    case 'ENAMETOOLONG': return 'the path is too long';
    case 'EROFS': return 'the file system is read-only';
    case 'ENOSPC': return 'the disk is full';
    case 'EMFILE': case 'ENFILE': return 'too many files are open';
    case 'ERR_INVALID_ARG_VALUE': case 'ERR_INVALID_ARG_TYPE': return 'the path holds a NUL character';
    default: return code ? `${code.toLowerCase()} (${firstLine((e as Error).message)})` : firstLine(String((e as Error)?.message ?? e));
  }
}

const firstLine = (s: string) => s.split('\n', 1)[0]!;
const megabytes = (n: number) => (n < 1024 * 1024 ? `${n} bytes` : `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`);

/**
 * Reads `path` as text: `what` names it in messages ("ruleset", "moves file"). Opened without
 * waiting (a FIFO would block the open), then refused unless it is a regular file of at most
 * `limit` bytes holding UTF-8 text without NUL bytes; a byte-order mark is dropped.
 */
export function readInputFile(path: string, what: string, limit = INPUT_LIMIT): string {
  const refuse = (reason: string) => new FileError(path, reason, `${what} ${path} cannot be read: ${reason}${/[.?]$/.test(reason) ? '' : '.'}`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw refuse(reasonOf(e));
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw refuse(`it is ${kindOf(s)}`);
    const tooBig = (size: number) => refuse(`it is ${megabytes(size)}, over the limit of ${megabytes(limit)} for a ${what}; is it the right file?`);
    if (s.size > limit) throw tooBig(s.size);
    // Read to the end, not to the size: a file may grow, and some report no size at all (/proc).
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(limit + 1 - total, 1 << 20) || 1);
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        throw refuse(reasonOf(e));
      }
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > limit) throw tooBig(total);
    }
    return decode(Buffer.concat(chunks, total), refuse);
  } finally {
    closeSync(fd);
  }
}

function decode(bytes: Buffer, refuse: (reason: string) => FileError): string {
  const nul = bytes.indexOf(0);
  if (nul >= 0) throw refuse(`it holds binary data (a NUL byte at byte ${nul}), not text`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('it is not UTF-8 text; save it as UTF-8');
  }
}

/**
 * Refuses a path that is not a regular file to be read later by other means (an agent module that
 * is imported): a folder, a device or a FIFO would block or never end.
 */
export function checkReadable(path: string, what: string): void {
  let s: Stats;
  try {
    s = statSync(path);
  } catch (e) {
    throw new FileError(path, reasonOf(e), `${what} ${path} cannot be read: ${reasonOf(e)}.`);
  }
  if (!s.isFile()) throw new FileError(path, `it is ${kindOf(s)}`, `${what} ${path} cannot be read: it is ${kindOf(s)}.`);
  if (s.size > INPUT_LIMIT) throw new FileError(path, 'too big', `${what} ${path} cannot be read: it is ${megabytes(s.size)}, over the limit of ${megabytes(INPUT_LIMIT)}.`);
}

/**
 * Checks, before any long work, that `path` can be written: not a folder, a FIFO or a socket; in a
 * folder that exists and may be written; a file that exists must be writable. A device such as
 * /dev/null may be written. `what` names the option (`--report`).
 */
export function checkWritable(path: string, what: string): void {
  const refuse = (reason: string) => new FileError(path, reason, `${what} ${path}: ${reason}.`);
  if (path.includes('\0')) throw refuse('the path holds a NUL character');
  let s: Stats | null = null;
  try {
    s = statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw refuse(`it cannot be written (${reasonOf(e)})`);
  }
  if (s?.isDirectory() || (!s && /[\\/]$/.test(path))) throw refuse(`it is a folder; give the name of a file in it, such as ${join(path, `out${extensionFor(what)}`)}`);
  if (s && (s.isFIFO() || s.isSocket())) throw refuse(`it is ${kindOf(s)}; give the name of a regular file`);
  if (s) {
    try {
      accessSync(path, constants.W_OK);
    } catch (e) {
      throw refuse(`the file cannot be written (${reasonOf(e)})`);
    }
    return;
  }
  const folder = dirname(resolve(path));
  let f: Stats;
  try {
    f = statSync(folder);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw refuse(`the folder ${dirname(path)} does not exist; create it first (mkdir -p ${dirname(path)})`);
    throw refuse(`its folder cannot be used (${reasonOf(e)})`);
  }
  if (!f.isDirectory()) throw refuse(`${dirname(path)} is a file, not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch (e) {
    throw refuse(`the folder ${dirname(path)} cannot be written in (${reasonOf(e)})`);
  }
}

const extensionFor = (what: string) => (/report/.test(what) ? '.html' : '.json');

/** Writes `text` to `path`; a failure is a FileError naming `what` (the option, `--report`). */
export function writeOutputFile(path: string, text: string, what: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new FileError(path, reasonOf(e), `${what} ${path}: it cannot be written (${reasonOf(e)}).`);
  }
}

/**
 * Replaces a file's text: written beside it, then renamed over it, so that the user's text is never
 * half written. Keeps its mode.
 */
export function replaceFile(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.regula-${process.pid}.tmp`);
  try {
    writeFileSync(temp, text, 'utf8');
    chmodSync(temp, statSync(path).mode);
    renameSync(temp, path);
  } catch (e) {
    throw new FileError(path, reasonOf(e), `${path} cannot be rewritten: ${reasonOf(e)}; it is left as it was.`);
  } finally {
    rmSync(temp, { force: true });
  }
}
