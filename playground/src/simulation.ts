// The simulate card's games, spread over web workers (sim-worker.ts) as `regula sim` spreads them
// over threads: batches of seeded games (the CLI's batch size), handed to whichever worker is free,
// their counts merged in game order as they arrive (TallyFold, so memory stays flat in the games).
// So the figures equal `regula sim`'s for the same seed, however many workers played. Stopping ends the workers at once and keeps the games up to the first batch
// not finished, as Ctrl-C does in the terminal.
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { batchSize, emptyTally, TallyFold, type TallyData } from '../../interpreter/tools/index.js';
import type { Problem } from './game.js';
import type { SimToPage, SimToWorker } from './sim-protocol.js';

export interface SimulationRequest {
  readonly def: GameDefinition;
  readonly players: number;
  readonly variants: readonly string[];
  readonly seed: string;
  readonly agents: readonly string[];
  readonly games: number;
  readonly workers: number;
}

export interface SimulationOutcome {
  readonly counts: TallyData;
  /** Games counted: all of them unless stopped. */
  readonly games: number;
  readonly stopped: boolean;
  /** The first game (in game order) a rule stopped; the simulation stops with it. */
  readonly failure?: { readonly game: string; readonly problem: Problem };
}

export class SimulationRun {
  /** Settles when every game is played, or the run is stopped or fails. */
  readonly outcome: Promise<SimulationOutcome>;
  private readonly workers: Worker[] = [];
  private readonly size: number;
  private readonly batches: number;
  private readonly counts: TallyFold;
  private readonly failures: { batch: number; game: string; problem: Problem }[] = [];
  private next = 0;
  private played = 0;
  private running = 0;
  private finish: (() => void) | null = null;

  constructor(private readonly r: SimulationRequest, private readonly onProgress: (done: number, total: number) => void) {
    this.size = batchSize(r.games, r.workers);
    const batches = (this.batches = Math.ceil(r.games / this.size));
    this.counts = new TallyFold(1, r.players);
    const count = Math.max(1, Math.min(r.workers, batches));
    this.outcome = new Promise<void>((resolve) => (this.finish = resolve)).then(() => this.fold());
    const setup: SimToWorker = { type: 'setup', def: r.def, players: r.players, variants: r.variants, seed: r.seed, agents: r.agents };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./sim-worker.ts', import.meta.url), { type: 'module' });
      worker.addEventListener('message', (e: MessageEvent<SimToPage>) => this.heard(worker, e.data));
      worker.addEventListener('error', (e) => {
        this.failures.push({ batch: -1, game: '', problem: { title: 'The simulation worker failed', message: e.message || 'worker error', at: null } });
        this.end();
      });
      worker.postMessage(setup);
      this.workers.push(worker);
      this.hand(worker);
    }
  }

  /** Ends the workers now; the games finished so far are counted. */
  stop(): void {
    this.end();
  }

  private hand(worker: Worker): void {
    if (this.next >= this.batches) {
      if (this.running === 0) this.end();
      return;
    }
    const batch = this.next++;
    this.running++;
    worker.postMessage({ type: 'batch', batch, from: batch * this.size, to: Math.min(this.r.games, (batch + 1) * this.size) } satisfies SimToWorker);
  }

  private heard(worker: Worker, m: SimToPage): void {
    if (!this.finish) return; // stopped: late messages count for nothing
    if (m.type === 'played') {
      this.onProgress(++this.played, this.r.games);
      return;
    }
    this.running--;
    if (m.type === 'failed') {
      this.failures.push(m);
      this.end();
      return;
    }
    this.counts.add(0, m.batch, m.counts);
    this.hand(worker);
  }

  private end(): void {
    for (const w of this.workers) w.terminate();
    this.finish?.();
    this.finish = null;
  }

  private fold(): SimulationOutcome {
    const failure = [...this.failures].sort((a, b) => a.batch - b.batch)[0];
    if (failure) return { counts: emptyTally(this.r.players), games: 0, stopped: true, failure: { game: failure.game, problem: failure.problem } };
    const games = Math.min(this.r.games, this.counts.batches * this.size);
    return { counts: this.counts.counts[0]!, games, stopped: games < this.r.games };
  }
}
