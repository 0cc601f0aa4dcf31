// Plays a simulation's games — one side, or two to compare on the same seeds — in batches on
// worker threads (tinypool), or in this thread with one worker. Batches are merged in game order
// into whole-number tallies as they arrive, so memory stays flat in the number of games and the
// result is the same whatever the number of workers. Stopping (Ctrl-C) keeps the games of every
// side up to the first batch not finished by all sides.
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import type { AgentFactory } from '../../interpreter/runtime/index.js';
import { batchSize, emptyTally, TallyFold, type TallyData } from '../../interpreter/tools/index.js';
import { runBatch, type BatchResult, type BatchTask } from './batch.js';

/** One side of a simulation: everything a batch needs but its games. */
export type Side = Omit<BatchTask, 'from' | 'to'> & {
  /** Agents only this thread can make (a module's), by seat; with them the games run here. */
  readonly factories?: readonly (AgentFactory | null)[];
};

export interface RunRequest {
  readonly sides: readonly Side[];
  readonly games: number;
  readonly workers: number;
  readonly signal?: AbortSignal;
  /** Games finished so far, over every side. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface RunOutcome {
  /** Per side: the games played, counted. */
  readonly counts: readonly TallyData[];
  /** Games played per side (all of them unless stopped). */
  readonly games: number;
  readonly stopped: boolean;
  /** The first game a rule error stopped (the simulation stops with it). */
  readonly failure?: { readonly game: string; readonly message: string };
}

export const defaultWorkers = (): number => Math.max(1, availableParallelism());

export async function runSimulation(r: RunRequest): Promise<RunOutcome> {
  // A thread costs a start-up: no more threads than batches, and none for one (or a module's agents).
  const threads = Math.min(r.workers, Math.ceil(r.games / batchSize(r.games, r.workers)) * r.sides.length);
  const inThread = threads <= 1 || r.sides.some((s) => s.factories?.some(Boolean));
  const size = batchSize(r.games, inThread ? 1 : r.workers);
  const batches = Math.ceil(r.games / size);
  // Tallies are merged as they arrive (memory flat in the games); failures are kept to report the first.
  const fold = new TallyFold(r.sides.length, r.sides[0]?.players ?? 0);
  const failures: { batch: number; side: number; game: string; message: string }[] = [];
  const total = r.games * r.sides.length;
  let done = 0;
  const finished = (side: number, b: number, result: BatchResult) => {
    if (result.ok) fold.add(side, b, result.counts);
    else {
      failures.push({ batch: b, side, game: result.game, message: result.message });
      fold.add(side, b, null);
    }
    done += Math.min(r.games, (b + 1) * size) - b * size;
    r.onProgress?.(done, total);
  };
  const task = (side: Side, b: number): BatchTask => {
    const { factories: _, ...data } = side;
    return { ...data, from: b * size, to: Math.min(r.games, (b + 1) * size) };
  };

  if (inThread) {
    outer: for (let b = 0; b < batches; b++) {
      for (let s = 0; s < r.sides.length; s++) {
        // Yield between batches, so Ctrl-C is heard and progress drawn.
        await new Promise((resolve) => setImmediate(resolve));
        if (r.signal?.aborted) break outer;
        const result = runBatch(task(r.sides[s]!, b), r.sides[s]!.factories);
        finished(s, b, result);
        if (!result.ok) break outer;
      }
    }
  } else {
    const pool = new Tinypool({ filename: workerFile(), minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
    const cancel = new AbortController();
    setMaxListeners(0, cancel.signal); // one listener per batch queued
    const stop = () => cancel.abort();
    r.signal?.addEventListener('abort', stop);
    try {
      const runs: Promise<void>[] = [];
      for (let b = 0; b < batches; b++) {
        r.sides.forEach((side, s) => {
          runs.push((pool.run(task(side, b), { signal: cancel.signal }) as Promise<BatchResult>).then(
            (result) => {
              finished(s, b, result);
              if (!result.ok) cancel.abort(); // one failure ends the simulation
            },
            (e: Error) => { if (!cancel.signal.aborted) throw e; },
          ));
        });
      }
      await Promise.all(runs);
    } finally {
      r.signal?.removeEventListener('abort', stop);
      await pool.destroy();
    }
  }

  // A failure stops everything: report the first, in game order.
  const failure = failures.sort((x, y) => x.batch - y.batch || x.side - y.side)[0];
  if (failure) return { counts: r.sides.map((side) => emptyTally(side.players)), games: 0, stopped: true, failure: { game: failure.game, message: failure.message } };
  // Merged: the batches every side finished, up to the first that one did not.
  const games = Math.min(r.games, fold.batches * size);
  return { counts: fold.counts, games, stopped: games < r.games };
}

/**
 * The worker's module: compiled JavaScript beside this file when the command runs from dist/;
 * when it runs from the TypeScript sources (through tsx), a small module that registers tsx in
 * the worker thread first — a thread does not inherit the loader its parent registered.
 */
function workerFile(): string {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) return new URL('./worker.js', here).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./worker.ts', here).href;
  const source = `import { register } from ${JSON.stringify(tsx)};\nregister();\nexport default (await import(${JSON.stringify(worker)})).default;\n`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}
