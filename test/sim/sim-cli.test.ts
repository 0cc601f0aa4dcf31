// `regula sim` as a user runs it: a child process, its output and exit code. The same seed gives
// byte-identical JSON with one worker (games in the command's own thread) and two (worker
// threads, batches merged in game order); the JSON follows its schema; --compare reports shifts
// with p-values; a module's agents still play.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';

const FIXTURE = 'test/sim/dead-rules.rules';
const SLOW = 120_000; // a shared machine: generous limits, no timing assertions
const scratch = mkdtempSync(join(tmpdir(), 'regula-sim-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the command without blocking the test runner's thread (a simulation takes a while). */
function regula(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 }, (e, out, err) => {
      done({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, out, err });
    });
  });
}

const schema = JSON.parse(readFileSync(join(repoRoot, 'cli/sim/sim.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);

describe('regula sim', () => {
  // 100 games on two threads run in batches of several games, so the merge is exercised.
  const args = ['sim', FIXTURE, '--players', '2', '--games', '100', '--seed', 'lab', '--compare', 'variants=big-five', '--json'];

  it('gives byte-identical JSON with one worker and with two, valid by its schema', async () => {
    const [one, two] = await Promise.all([regula(...args, '--workers', '1'), regula(...args, '--workers', '2')]);
    expect(one.err).toBe('');
    expect(two.err).toBe('');
    expect(one.code).toBe(0);
    expect(two.out).toBe(one.out);
    const json = JSON.parse(one.out);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json).toMatchObject({ format: 'regula-sim/1', requested: 100, complete: true });
    expect(json.simulation.games).toBe(100);
    expect(json.simulation.deadRules.map((d: { rule: string }) => d.rule)).toEqual(['six-bonus', 'no-sevens']);
    expect(json.compare.simulation.variants).toEqual(['big-five']);
    const margin = json.compare.shifts.find((s: { figure: string }) => s.figure === 'winning margin');
    expect(margin).toMatchObject({ kind: 'mean', significant: true });
    expect(margin.p).toBeLessThan(0.001);
  }, SLOW);

  it('prints the report and the comparison as text, and plays a module\'s agents in its own thread', async () => {
    const module = join(scratch, 'last.mjs');
    writeFileSync(module, 'export default () => ({ name: "last", choose: (moves) => moves[moves.length - 1] });\n');
    const r = await regula('sim', FIXTURE, '--games', '30', '--agents', `${module},random`, '--workers', '2', '--compare', 'variants=big-five');
    expect(r.code).toBe(0);
    expect(r.err).toContain('--workers is taken as 1');
    expect(r.out).toMatch(/Dead rules: 30 games, 2 players, agents .*last\.mjs,random, seed 1/);
    expect(r.out).toMatch(/seat 0 \(.*last\.mjs\): wins [\d.]+% \([\d.]+%–[\d.]+%\)/);
    expect(r.out).toMatch(/never fired \(2\)[^\n]*\n {2}test\/sim\/dead-rules\.rules:\d+:1: rule `six-bonus`\n {2}test\/sim\/dead-rules\.rules:\d+:1: forbid `no-sevens`/);
    expect(r.out).toMatch(/comparison: test\/sim\/dead-rules\.rules \(no variants\) → test\/sim\/dead-rules\.rules \(variants big-five\)/);
    expect(r.out).toMatch(/seat 0 win rate: [\d.]+% → [\d.]+% \(p [<=] [\d.]+\)/);
  }, SLOW);

  it('compares with another ruleset: a rule made reachable shows as a shift', async () => {
    const alive = join(scratch, 'alive.rules');
    const source = readFileSync(join(repoRoot, FIXTURE), 'utf8');
    writeFileSync(alive, source.replace('where value of card = 6', 'where value of card = 3'));
    const r = await regula('sim', FIXTURE, '--games', '60', '--workers', '1', '--compare', alive, '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.compare.file).toBe(alive);
    expect(json.compare.simulation.deadRules.map((d: { rule: string }) => d.rule)).toEqual(['no-sevens']);
    const six = json.compare.shifts.find((s: { figure: string }) => s.figure === 'games in which `six-bonus` fires');
    expect(six).toMatchObject({ kind: 'rate', before: 0, significant: true });
    expect(six.after).toBeGreaterThan(0);
  }, SLOW);

  it('refuses a comparison with nothing to compare, and an agent that does not exist', async () => {
    const [same, unknown] = await Promise.all([
      regula('sim', FIXTURE, '--games', '2', '--compare', 'variants='),
      regula('sim', FIXTURE, '--games', '2', '--agent', 'clever'),
    ]);
    expect(same.code).toBe(2);
    expect(same.err).toContain('--compare would play the same ruleset with the same variants');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/--agent clever: .*no agent called "clever"/);
  }, SLOW);

  it('documents its options in --help', async () => {
    const r = await regula('sim', '--help');
    for (const option of ['--workers W', '--agents A', '--agent A', '--compare FILE|variants=ID,…', '--report FILE.html', '--json', '--seed S']) expect(r.out).toContain(option);
  });
});
