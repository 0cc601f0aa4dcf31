// The red-team suite's worker process: runs command lines through the CLI's own `main`, one at a
// time as the parent sends them, and sends back the exit code and what was printed. A command line
// that hangs holds this process, and the parent ends it (test/redteam/harness.ts).
import { main } from '../../cli/main.js';

interface Job {
  readonly id: number;
  readonly argv: readonly string[];
}

process.on('message', (job: Job) => void runJob(job));
process.send!('ready');

async function runJob(job: Job): Promise<void> {
  let out = '';
  let err = '';
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string | Uint8Array) => ((out += String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => ((err += String(s)), true)) as typeof process.stderr.write;
  let code: number | null = null;
  let thrown: string | null = null;
  try {
    code = await main(job.argv);
  } catch (e) {
    // What bin/regula.mjs would let through to Node: printed with its stack.
    thrown = e instanceof Error ? (e.stack ?? e.message) : String(e);
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
  process.send!({ id: job.id, code, out, err, thrown });
}
