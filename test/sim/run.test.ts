// The runner behind `regula sim`, in this thread: a stop (what Ctrl-C does) keeps the games
// finished, counted exactly; a rule error stops the run naming the game's seed and the rule.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../../cli/sim/batch.js';
import { progressBar } from '../../cli/sim/progress.js';
import { runSimulation } from '../../cli/sim/run.js';
import { compileText, repoRoot } from '../helpers.js';

const side = { file: join(repoRoot, 'test/sim/dead-rules.rules'), players: 2, variants: [], seed: 's', agents: ['random', 'random'] };

describe('running a simulation', () => {
  it('stops when asked and reports the games finished, all of them counted', async () => {
    const stop = new AbortController();
    const outcome = await runSimulation({
      sides: [side, { ...side, variants: ['big-five'] }], games: 200, workers: 1, signal: stop.signal,
      onProgress: (done) => { if (done >= 20) stop.abort(); },
    });
    expect(outcome.stopped).toBe(true);
    expect(outcome.games).toBeGreaterThanOrEqual(10);
    expect(outcome.games).toBeLessThan(200);
    // Both sides cover the same games: 0 to games − 1.
    expect(outcome.counts.map((c) => c.games)).toEqual([outcome.games, outcome.games]);
  });

  it('plays every game when not stopped', async () => {
    const outcome = await runSimulation({ sides: [side], games: 12, workers: 1 });
    expect(outcome).toMatchObject({ games: 12, stopped: false });
    expect(outcome.counts[0]!.games).toBe(12);
  });

  it('stops at a rule error, naming the game and the rule', () => {
    const def = compileText(`game "Overdraft" { players 2 to 2 }
counter coins per player, from 1, at least 0
flow {
  for each p in players {
    turn of p {
      choose n from 1 to 2 as spend
      lose n coins
    }
  }
  end the game
}
winner most coins
`, 'overdraft.rules');
    const results = Array.from({ length: 20 }, (_, g) => runBatch({ ...side, file: 'overdraft.rules', seed: 'x', from: g, to: g + 1 }, undefined, def));
    const failed = results.find((r) => !r.ok);
    expect(failed).toMatchObject({ ok: false, game: expect.stringMatching(/^x\/\d+$/) });
    expect(failed && !failed.ok && failed.message).toMatch(/overdraft\.rules:7:\d+: error R060[34]/);
  });

  it('draws a progress bar on a terminal, and nothing when piped', () => {
    const written: string[] = [];
    const stream = (isTTY: boolean) => ({ isTTY, write: (s: string) => written.push(s) }) as unknown as NodeJS.WriteStream;
    const piped = progressBar('games', stream(false));
    piped.update(5, 10);
    piped.end();
    expect(written).toEqual([]);
    const terminal = progressBar('games', stream(true));
    terminal.update(10, 10);
    terminal.end();
    expect(written[0]).toMatch(/^\r\x1b\[K█{24} 10\/10 games · /);
    expect(written.at(-1)).toBe('\r\x1b[K'); // cleared before the report
  });
});
