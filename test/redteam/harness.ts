// Runs command lines as an attacker gives them, each under a time limit, in a worker process that
// is replaced when one hangs: what each printed, its exit code, whether it hung or let an exception
// through, and the checks every bad command line must pass (one line, no stack trace, no raw control
// characters).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Outcome {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  /** An exception `main` let through (a bug: Node would print its stack). */
  readonly thrown: string | null;
  readonly hung: boolean;
}

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));

/** Runs every command line in order, each given `limitMs` once the worker is ready. */
export async function runCommandLines(lines: readonly (readonly string[])[], limitMs: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let child: ChildProcess | null = null;
  const start = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      // tsx runs the CLI's TypeScript, as bin/regula.mjs does in a checkout being edited.
      const c = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      c.once('message', (m) => (m === 'ready' ? resolve(c) : reject(new Error(`unexpected ${String(m)}`))));
      c.once('error', reject);
    });
  try {
    for (let id = 0; id < lines.length; id++) {
      child ??= await start();
      const c: ChildProcess = child;
      const outcome = await new Promise<Outcome>((resolve) => {
        const timer = setTimeout(() => {
          c.removeAllListeners('message');
          c.kill('SIGKILL');
          child = null;
          resolve({ code: null, out: '', err: '', thrown: null, hung: true });
        }, limitMs);
        c.on('message', function done(m: { id: number } & Omit<Outcome, 'hung'>) {
          if (m.id !== id) return;
          clearTimeout(timer);
          c.off('message', done);
          resolve({ code: m.code, out: m.out, err: m.err, thrown: m.thrown, hung: false });
        });
        c.once('exit', (status) => {
          clearTimeout(timer);
          if (child === c) child = null;
          resolve({ code: status, out: '', err: '', thrown: `the worker exited (${status}) during the command`, hung: false });
        });
        c.send({ id, argv: lines[id] });
      });
      child?.removeAllListeners('exit');
      outcomes.push(outcome);
    }
  } finally {
    (child as ChildProcess | null)?.kill();
  }
  return outcomes;
}

/** A line of a Node stack trace. */
export const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;
/** A control character that would reach the terminal raw (line breaks and tabs are text). */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Commands that take many files: what they printed of the files before the bad one stays. */
const MANY_FILES = new Set(['check', 'fmt', 'scenario']);

/**
 * What is wrong with how a bad command line ended, if anything: hung, let an exception through,
 * exited with another code than `codes`, printed a stack trace or a raw control character, or (for
 * exit 2) did not say what is wrong in one `error` line (a `usage:` line may follow it; a command of
 * many files, `argv`, may have printed what it found in the other files, and an error line for each
 * file it could not read).
 */
export function problems(o: Outcome, codes: readonly number[], argv: readonly string[] = []): string[] {
  const found: string[] = [];
  if (o.hung) return ['hung: passed the time limit'];
  if (o.thrown) found.push(`threw: ${o.thrown.split('\n').slice(0, 3).join(' | ')}`);
  if (o.code === null || !codes.includes(o.code)) found.push(`exit ${o.code}, expected ${codes.join(' or ')}`);
  if (STACK_LINE.test(o.err) || STACK_LINE.test(o.out)) found.push('printed a stack trace');
  if (RAW_CONTROL.test(o.err) || RAW_CONTROL.test(o.out)) found.push('printed a raw control character');
  if (o.code === 2) {
    const lines = o.err.split('\n').filter((l) => l.trim() !== '');
    const errors = lines.filter((l) => /^error\b/.test(l));
    const others = lines.filter((l) => !/^(error\b|usage: )/.test(l));
    // A command of many files says each file it cannot read in a line of its own.
    const many = MANY_FILES.has(argv[0] ?? '');
    if (errors.length === 0 || (!many && (errors.length > 1 || others.length > 0))) found.push(`not one error line: ${JSON.stringify(o.err.slice(0, 400))}`);
  }
  return found;
}
