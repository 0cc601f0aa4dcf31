// `regula bench --json`, run as a user runs it (a tiny time budget: figures, not assertions on
// speed): the report matches its documented schema and carries the reference ratios.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

/** `regula ARGS` in the repository, waited for without blocking the test worker (a bench run takes a while). */
function regula(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8'); });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

it('reports reference ratios and the obvious/tuned Connect Four in the documented JSON', async () => {
  const r = await regula('bench', '--json', '--only', 'connect-four', '--budget-ms', '20', '--differential', '5');
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toContain('bench: rulesets/connect-four/connect-four.rules: 2 players'); // progress, on stderr
  const report = JSON.parse(r.stdout);
  const schema = JSON.parse(readFileSync(join(repoRoot, 'bench/bench.schema.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true }).compile(schema);
  expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  expect(report.rulesets.map((x: { file: string }) => x.file)).toEqual(['rulesets/connect-four/connect-four.obvious.rules', 'rulesets/connect-four/connect-four.rules']);
  const [row] = report.reference;
  expect(row).toMatchObject({ game: 'connect-four', players: 2 });
  // Timed side by side in alternating rounds: the ratio is the rounds' median, not one figure over another.
  expect(row.rounds).toBeGreaterThanOrEqual(7);
  expect(row.ratio).toBeGreaterThan(0);
  expect(report.obviousVsTuned.game).toBe('connect-four');
  expect(report.ceiling.map((c: { scans: string }) => c.scans)).toEqual(['as-written', 'indexed']);
  for (const c of report.ceiling) expect(c.ratio).toBeCloseTo(c.perSec / c.referencePerSec, 10);
  const most = Math.max(...report.rulesets.map((x: { lines: number }) => x.lines));
  const longest = report.rulesets.filter((x: { lines: number }) => x.lines === most).map((x: { file: string }) => x.file);
  expect(longest).toContain(report.editor.file); // the editor is timed on a ruleset with the most lines
  expect(report.editor.completionMs).toBeGreaterThanOrEqual(0);
  // regula lsp on the same ruleset, a hover and a completion right after bursts of 1,000 edits: timed, not judged.
  expect(report.editorBurst).toMatchObject({ file: report.editor.file, edits: 1000, rounds: 3 });
  // regula check's peak memory on the same ruleset, in a process of its own, beside regula --help's.
  expect(report.checkMemory.file).toBe(report.editor.file);
  expect(report.checkMemory.peakRssMb).toBeGreaterThan(0);
  expect(report.differential).toEqual([{ game: 'connect-four', players: 2, games: 5, agreed: 5, firstDifference: null }]);
  // Agent strength: mcts against random and greedy on both Connect Fours, seats swapped, with intervals.
  expect(report.strength.map((x: { file: string; opponent: string }) => `${x.file} ${x.opponent}`)).toEqual([
    'rulesets/connect-four/connect-four.obvious.rules random', 'rulesets/connect-four/connect-four.obvious.rules greedy',
    'rulesets/connect-four/connect-four.rules random', 'rulesets/connect-four/connect-four.rules greedy',
  ]);
  // The two engines from one mid-game state, on Connect Four (the one engine game measured here): figures, not judged.
  expect(report.engines.map((x: { file: string; players: number }) => `${x.file} ${x.players}`)).toEqual(['rulesets/connect-four/connect-four.rules 2']);
  for (const x of report.strength) {
    expect(x.agent).toBe('mcts:iterations=30:depth=10');
    expect(x.games % 2).toBe(0); // in pairs: the agent in each seat
    expect(x.games).toBeGreaterThanOrEqual(2);
    expect(x.winRate.value).toBeCloseTo(x.wins / x.games, 10);
    expect(x.winRate.low).toBeLessThanOrEqual(x.winRate.value);
    expect(x.winRate.high).toBeGreaterThanOrEqual(x.winRate.value);
  }
});

it('reports agent strength in the text, and refuses an agent it does not know', async () => {
  const args = ['bench', '--only', 'connect-four.rules', '--budget-ms', '5', '--differential', '0', '--strength', '2', '--strength-agent', 'mcts:iterations=10:depth=5'];
  const r = await regula(...args);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toContain('Agent strength at 2 players');
  expect(r.stdout).toMatch(/rulesets\/connect-four\/connect-four\.rules: mcts:iterations=10:depth=5 against greedy: [\d.]+ of \d+ = \d+% \(\d+%–\d+%\)/);
  const bad = await regula('bench', '--only', 'connect-four', '--strength-agent', 'wizard');
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('--strength-agent wizard: There is no agent called "wizard"');
});

it('refuses an --only that matches no ruleset', async () => {
  const r = await regula('bench', '--only', 'no-such-game');
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('no shipped ruleset matches');
});
