// The long fuzz run: `npm run fuzz -- --runs N [--seed S] [--workers W] [--timeout MS] [--save DIR]
// [--target rulesets,cli]`: N made-up command lines (test/redteam/fuzz.ts), then N rulesets.
// Generates inputs (test/fuzz/generate.ts) in this thread and runs each in a worker thread with the
// main thread's stack size, so a hang is cut off at the time bound (the worker is ended and a new
// one started); an input that passes the bound on each of three tries is a time-out. Prints the
// count of inputs, crashes and time-outs; saves each failing input to DIR (test/fuzz/regressions
// by default) and exits 1 if there is any.
// Crashes that match a known fixture's pattern (a runtime fault, see test/fuzz/known.ts) are
// counted apart as known.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/** A worker starts as plain JavaScript: it registers tsx, then loads this file as its code. */
const WORKER_BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;

/**
 * Statements one move may run: far more than a fuzzed game needs, and little enough that a rule
 * that fires its own event stops soon (the runtime's steps slow down as its stack grows).
 */
const STEP_BUDGET = 5_000;

interface Job {
  readonly id: number;
  readonly source: string;
  /** Times it has already passed the time bound: on a busy machine one pass can be the machine's fault. */
  readonly tries?: number;
}

/** A hang passes the bound every time; an input slowed down by other work on the machine does not. */
const TRIES = 3;
interface Done {
  readonly id: number;
  readonly crash: string | null;
  readonly kind: string;
}

if (!isMainThread) {
  const { crashText, runInput } = await import('../test/fuzz/run.js');
  parentPort!.postMessage('ready');
  parentPort!.on('message', (job: Job) => {
    const outcome = runInput(job.source, { seed: job.id, stepBudget: STEP_BUDGET });
    const done: Done = {
      id: job.id,
      kind: outcome.kind === 'played' ? `played (${outcome.end})` : outcome.kind,
      crash: outcome.kind === 'crash' ? crashText(outcome) : null,
    };
    parentPort!.postMessage(done);
  });
} else {
  await main();
}

async function main(): Promise<void> {
  const usage = 'usage: npm run fuzz -- [--runs N] [--seed S] [--workers W] [--timeout MS] [--save DIR] [--target rulesets,cli]';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        runs: { type: 'string', default: '1000' },
        seed: { type: 'string', default: '1' },
        workers: { type: 'string', default: '1' },
        timeout: { type: 'string', default: '2000' },
        save: { type: 'string', default: fileURLToPath(new URL('../test/fuzz/regressions', import.meta.url)) },
        target: { type: 'string', default: 'rulesets,cli' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const whole = (name: string, text: string, min: number): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) {
      console.error(`--${name} must be a whole number of at least ${min}, not ${text}\n${usage}`);
      process.exit(2);
    }
    return n;
  };
  const runs = whole('runs', values.runs, 1);
  const seed = whole('seed', values.seed, 0);
  const workers = whole('workers', values.workers, 1);
  const timeout = whole('timeout', values.timeout, 1);
  const targets = values.target.split(',').map((t) => t.trim());
  const unknown = targets.filter((t) => t !== 'rulesets' && t !== 'cli');
  if (unknown.length || !targets.length) {
    console.error(`--target takes rulesets, cli or both (rulesets,cli), not ${values.target}\n${usage}`);
    process.exit(2);
  }
  // Made-up command lines (test/redteam/): run first, so that the ruleset fuzzer's workers have the machine after.
  let cliFailures = 0;
  if (targets.includes('cli')) {
    const { fuzzCommandLines } = await import('../test/redteam/fuzz.js');
    cliFailures = await fuzzCommandLines(runs, seed, (line) => console.log(line));
    console.log(`${runs} command lines, ${cliFailures} failing`);
  }
  if (!targets.includes('rulesets')) {
    process.exitCode = cliFailures > 0 ? 1 : 0;
    return;
  }

  const fc = (await import('fast-check')).default;
  const { fuzzInput } = await import('../test/fuzz/generate.js');
  const { fixtures, knownCrash } = await import('../test/fuzz/known.js');
  const known = fixtures().filter((f) => f.known !== null);

  // Inputs in batches, each from its own seed, so a long run needs little memory and any input
  // can be made again from (seed, batch).
  const BATCH = 500;
  let batch: string[] = [];
  let next = 0;
  const input = (): Job | null => {
    if (next >= runs) return null;
    const at = next % BATCH;
    if (at === 0) batch = fc.sample(fuzzInput, { numRuns: Math.min(BATCH, runs - next), seed: seed * 1_000_003 + next / BATCH });
    return { id: next++, source: batch[at]! };
  };

  const counts = { inputs: 0, crashes: 0, timeouts: 0, known: 0 };
  const kinds = new Map<string, number>();
  const started = Date.now();
  const save = (what: string, source: string, detail: string) => {
    mkdirSync(values.save, { recursive: true });
    const hash = createHash('sha1').update(source).digest('hex').slice(0, 10);
    const path = join(values.save, `${what}-${hash}.rules`);
    const header = detail.split('\n').slice(0, 3).map((l) => `// ${what}: ${l}`).join('\n');
    writeFileSync(path, `${header}\n${source}`);
    return path;
  };
  const record = (kind: string) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const progress = () => {
    if (counts.inputs % 5000 === 0) {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`… ${counts.inputs} inputs, ${counts.crashes} crashes, ${counts.timeouts} time-outs, ${counts.known} known (${seconds} s)`);
    }
  };

  /** One worker: runs jobs one at a time, replaced by a fresh one when a job passes the time bound. */
  const lane = () =>
    new Promise<void>((resolve) => {
      let worker: Worker;
      let job: Job | null = null;
      let retry: Job | null = null;
      let timer: NodeJS.Timeout | undefined;
      const start = () => {
        // The main thread's stack size, so that depth is judged as the CLI would meet it.
        worker = new Worker(WORKER_BOOT, { eval: true, resourceLimits: { stackSizeMb: 1 } });
        let ready = false;
        worker.on('message', (done: Done | 'ready') => {
          // Loading the pipeline takes a while: the clock starts with the first job after it.
          if (done === 'ready') {
            ready = true;
            feed();
            return;
          }
          clearTimeout(timer);
          counts.inputs++;
          record(done.kind);
          if (done.crash !== null) {
            if (knownCrash(done.crash, known)) counts.known++;
            else {
              counts.crashes++;
              console.log(`crash on input ${done.id}, saved as ${save('crash', job!.source, done.crash)}\n${done.crash}`);
            }
          }
          progress();
          feed();
        });
        worker.on('error', (e) => {
          if (!ready) {
            console.error(`The fuzz worker could not start: ${String(e)}`);
            process.exit(2);
          }
          // An error the worker could not catch (say, out of memory) is a crash of that input.
          clearTimeout(timer);
          if (job) {
            counts.inputs++;
            counts.crashes++;
            console.log(`worker died on input ${job.id}, saved as ${save('crash', job.source, String(e))}`);
            progress();
          }
          start();
        });
      };
      const feed = () => {
        job = retry ?? input();
        retry = null;
        if (!job) {
          void worker.terminate().then(() => resolve());
          return;
        }
        const current = job;
        timer = setTimeout(() => {
          const tries = (current.tries ?? 0) + 1;
          if (tries < TRIES) retry = { ...current, tries };
          else {
            counts.inputs++;
            counts.timeouts++;
            record('time-out');
            console.log(`time-out on input ${current.id}, saved as ${save('timeout', current.source, `took over ${timeout} ms, ${TRIES} times`)}`);
            progress();
          }
          worker.removeAllListeners();
          void worker.terminate();
          job = null;
          start();
        }, timeout);
        worker.postMessage(current);
      };
      start();
    });

  await Promise.all(Array.from({ length: workers }, lane));
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log([...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${n}\t${k}`).join('\n'));
  console.log(`${counts.inputs} inputs, ${counts.crashes} crashes, ${counts.timeouts} time-outs (${counts.known} known runtime crashes) in ${seconds} s`);
  process.exitCode = counts.crashes + counts.timeouts + cliFailures > 0 ? 1 : 0;
}
