// Saved games as a careless or hostile user hands them over: made afresh each run from a game
// played now, then cut short, reordered, forged, swapped to another ruleset, blown up. Each must be
// refused with exit 2 and a message naming what is wrong (the move number and the reason), never
// a stack trace, and never loaded as a different game. The undamaged file must load and replay.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.js';
import type { Decision, SavedGame } from '../../interpreter/tools/index.js';
import { repoRoot } from '../helpers.js';

const TOKAIDO = 'rulesets/tokaido/tokaido.cs.rules';
const CONNECT_FOUR = 'rulesets/connect-four/connect-four.rules';
/** The game's seed: another each run when REGULA_SAVES_SEED is set, so the damage lands elsewhere. */
const SEED = process.env.REGULA_SAVES_SEED ?? '27';
const dir = mkdtempSync(join(tmpdir(), 'regula-saves-'));

/** Runs the command in this process, as `regula` would, capturing its output. */
async function regula(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = (to: string[]) => ((chunk: string | Uint8Array) => { to.push(String(chunk)); return true; }) as typeof process.stdout.write;
  const [stdout, stderr] = [process.stdout.write, process.stderr.write];
  process.stdout.write = write(out);
  process.stderr.write = write(err);
  try {
    const code = await main(argv);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
}

/** The command as a user runs it: a child process. */
function child(...args: string[]) {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

let game: SavedGame;
let text: string;
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const damaged = (name: string, change: (g: { -readonly [K in keyof SavedGame]: SavedGame[K] } & { moves: Decision[] }) => void) => {
  const copy = JSON.parse(text);
  change(copy);
  return file(`${name}.json`, JSON.stringify(copy));
};

beforeAll(async () => {
  const r = await regula('play', TOKAIDO, '--players', '3', '--seed', SEED, '--json');
  expect(r.code).toBe(0);
  text = r.out;
  game = JSON.parse(text);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a saved game', () => {
  it('records the ruleset, the setup and every decision, forced ones marked', () => {
    expect(game).toMatchObject({ format: 'regula-saved-game/1', game: 'Tokaido', players: 3, seed: Number(SEED), variants: [] });
    expect(game.ruleset.file).toBe('tokaido.cs.rules');
    expect(game.ruleset.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(game.ruleset.cites.map((c) => c.file)).toEqual(['tokaido.cs.txt']);
    expect(game.moves.some((m) => m.forced)).toBe(true);
    expect(game.final).not.toBeNull();
  });

  it('replays to the same end, and state, moves and play take it as --state', async () => {
    const saved = file('game.json', text);
    const replay = await regula('replay', TOKAIDO, saved);
    expect(replay).toMatchObject({ code: 0, err: '' });
    expect(replay.out).toContain('identical to the saved game');
    const moves = await regula('moves', TOKAIDO, '--state', saved, '--json');
    expect(moves.code).toBe(0);
    expect(JSON.parse(moves.out)).toMatchObject({ over: true, final: game.final });
    const state = await regula('state', TOKAIDO, '--state', saved);
    expect(state.code).toBe(0);
    expect(JSON.parse(state.out).result).toEqual(game.final);
  });

  it('saved mid-game, resumes to the same end as the game played straight through', async () => {
    const opening = file('opening.txt', `${game.moves.filter((m) => !m.forced).slice(0, 7).map((m) => m.move).join('\n')}\n`);
    const mid = join(dir, 'mid.json');
    expect((await regula('moves', TOKAIDO, '--players', '3', '--seed', SEED, '--moves', opening, '--save', mid)).code).toBe(0);
    const saved = JSON.parse(readFileSync(mid, 'utf8')) as SavedGame;
    expect(saved.final).toBeNull();
    const resumed = await regula('play', TOKAIDO, '--agent', 'first', '--state', mid, '--json');
    const straight = await regula('play', TOKAIDO, '--players', '3', '--seed', SEED, '--agent', 'first', '--moves', opening, '--json');
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.out)).toEqual(JSON.parse(straight.out));
  });
});

/** Each: the damaged file, and what the refusal must say. */
const CASES: [string, () => string, RegExp][] = [
  ['cut short in the middle of its text', () => file('cut.json', text.slice(0, Math.floor(text.length / 2))), /is not a valid saved game: it is not JSON/],
  ['cut short after a chosen move (its end recorded)', () => damaged('truncated', (g) => { g.moves = g.moves.slice(0, 20); }), /final result \(scores .*\) is not what its moves give \(the game goes on\)|the rules take P\d's only option/],
  ['two moves swapped', () => damaged('swapped', (g) => {
    const i = g.moves.findIndex((m, k) => !m.forced && g.moves[k + 1] && !g.moves[k + 1]!.forced && g.moves[k + 1]!.player !== m.player);
    [g.moves[i], g.moves[i + 1]] = [g.moves[i + 1]!, g.moves[i]!];
  }), /move \d+ `[^`]+` is P\d's, but here P\d decides/],
  ['an illegal move', () => damaged('illegal', (g) => { const i = g.moves.findIndex((m) => m.move.startsWith('advance') && !m.forced); g.moves[i] = { ...g.moves[i]!, move: 'advance 99' }; }), /move \d+ `advance 99` is not legal here; legal: advance/],
  ['a move played for another player', () => damaged('other-player', (g) => { const m = g.moves[0]!; g.moves[0] = { ...m, player: (m.player + 1) % 3 }; }), /move 1 `[^`]+` is P\d's, but here P\d decides/],
  ['a forced move dropped', () => damaged('forced-dropped', (g) => { g.moves.splice(g.moves.findIndex((m) => m.forced), 1); }), /is not what the rules do here: they take P\d's only option|is P\d's, but here|is not legal here/],
  ['a chosen move marked forced', () => damaged('forged-forced', (g) => { g.moves[0] = { ...g.moves[0]!, forced: true }; }), /move 1 `[^`]+` is marked forced, but here P\d chooses among \d+ options/],
  ['a move after the end', () => damaged('after-end', (g) => { g.moves.push({ player: 0, move: 'advance 1' }); }), /move \d+ `advance 1` comes after the game is over/],
  ['another ruleset\'s hash', () => damaged('other-hash', (g) => { g.ruleset = { ...g.ruleset, sha256: 'ab'.repeat(32) }; }), /this game was saved from another ruleset \(tokaido\.cs\.rules, hash abababababab…; this one, tokaido\.cs\.rules, hash [0-9a-f]{12}…\)/],
  ['another rulebook\'s hash', () => damaged('other-rulebook', (g) => { g.ruleset = { ...g.ruleset, cites: [{ file: 'tokaido.cs.txt', sha256: 'cd'.repeat(32) }] }; }), /saved with another text of tokaido\.cs\.txt/],
  ['a forged final result', () => damaged('forged-final', (g) => { g.final = { scores: [99, 0, 0], winners: [0] }; }), /its final result \(scores 99, 0, 0, winners P1\) is not what its moves give/],
  ['a forged log line', () => damaged('forged-log', (g) => { g.log = g.log!.map((e, k) => (k === 3 ? { text: 'P2 wins everything' } : e)); }), /its log differs from the game its moves make at entry 4/],
  ['a forged field the format does not have (pending options)', () => damaged('forged-pending', (g) => { (g as unknown as Record<string, unknown>).pending = { player: 0, options: [{ id: 'take everything' }] }; }), /at the top level: unknown field `pending`/],
  ['another player count', () => damaged('players', (g) => { g.players = 4; }), /move \d+ `[^`]+` is (not legal here|P\d's, but here)|is not what the rules do here|final result/],
  ['an impossible player count', () => damaged('players-9', (g) => { g.players = 9; }), /its setup cannot be played: This game takes 2 to 5 players, not 9/],
  ['another seed', () => damaged('seed', (g) => { g.seed = `${g.seed}-other`; }), /move \d+ `[^`]+` is not legal here|is not what the rules do here|final result|log differs/],
  ['a variant the game lacks', () => damaged('variant', (g) => { g.variants = ['no-such-variant']; }), /its setup cannot be played: Variant `no-such-variant` does not exist/],
  ['another game', () => damaged('game', (g) => { g.game = 'Chess'; }), /it is a game of Chess, not of Tokaido/],
  ['a move of the wrong type', () => damaged('type', (g) => { (g.moves as unknown[])[2] = { player: '0', move: 5 }; }), /at \/moves\/2\/player: must be integer/],
  ['an unknown format', () => damaged('format', (g) => { (g as { format: string }).format = 'regula-saved-game/9'; }), /at \/format: must be equal to constant/],
  ['nested 100,000 deep', () => file('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`), /nest more than 32 deep/],
  ['nested deep inside a move', () => file('deep-move.json', text.replace('"move":', `"deep":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},"move":`)), /nest more than 32 deep/],
  ['50 MB', () => file('huge.json', `{"format":"regula-saved-game/1","pad":"${'x'.repeat(50 * 1024 * 1024)}"}`), /is 50\.0 MB, more than the 16 MB a saved game may have/],
  ['not an object', () => file('array.json', '[1, 2, 3]'), /at the top level: must be object/],
];

describe('a damaged or forged saved game is refused with exit 2, the move and the reason', () => {
  for (const [name, make, says] of CASES) {
    it(name, async () => {
      const path = make();
      for (const command of [['moves', TOKAIDO, '--state', path], ['replay', TOKAIDO, path]]) {
        const r = await regula(...command);
        // A result or log that differs is what `replay` reports as a disagreement (exit 1).
        const expected = command[0] === 'replay' && /final result|log differs/.test(r.err + r.out) && r.code === 1 ? 1 : 2;
        expect(r.code, `${command[0]}: ${r.err}${r.out}`).toBe(expected);
        const said = expected === 2 ? r.err : r.out;
        expect(said).toMatch(says);
        expect(said).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/); // no stack trace
        if (expected === 2) expect(r.err).toMatch(/^error R0701: .*\.json is not a valid saved game: /);
      }
    }, 60_000);
  }

  it('a saved game of another ruleset (Connect Four) is refused by its hash', async () => {
    const other = await regula('play', CONNECT_FOUR, '--seed', SEED, '--json');
    const path = file('connect-four.json', other.out);
    const r = await regula('moves', TOKAIDO, '--state', path);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/this game was saved from another ruleset \(connect-four\.rules, hash [0-9a-f]{12}…; this one, tokaido\.cs\.rules/);
  });

  it('refuses in a real process, without a stack overflow, a file nested 100,000 deep and one of 50 MB', () => {
    for (const name of ['deep.json', 'huge.json']) {
      const r = child('moves', TOKAIDO, '--state', join(dir, name));
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/is not a valid saved game: its arrays and objects nest|MB, more than the 16 MB/);
      expect(r.err).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
    }
  }, 60_000);
});

describe('a scenario that starts from a saved game', () => {
  it('replays it, and refuses a forged one', async () => {
    const opening = file('scenario-opening.txt', `${game.moves.filter((m) => !m.forced).slice(0, 4).map((m) => m.move).join('\n')}\n`);
    const start = join(dir, 'scenario-start.json');
    expect((await regula('moves', TOKAIDO, '--players', '3', '--seed', SEED, '--moves', opening, '--save', start)).code).toBe(0);
    const legal = JSON.parse((await regula('moves', TOKAIDO, '--state', start, '--json')).out) as { player: number; moves: string[] };
    const scenario = (from: string) => file(`${from}.scenario.json`, JSON.stringify({
      title: 'from a saved game', ruleset: join(repoRoot, TOKAIDO), players: 3, seed: SEED, start: from,
      steps: [{ expect: { decider: legal.player, legalExactly: legal.moves } }],
    }));
    const ok = await regula('scenario', scenario('scenario-start.json'));
    expect(ok.out).toMatch(/^ok/);
    expect(ok.code).toBe(0);
    const forged = JSON.parse(readFileSync(start, 'utf8')) as SavedGame;
    writeFileSync(join(dir, 'scenario-forged.json'), JSON.stringify({ ...forged, moves: forged.moves.map((m, i) => (i === 0 ? { ...m, move: 'take everything' } : m)) }));
    const bad = await regula('scenario', scenario('scenario-forged.json'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/scenario-forged\.json is not a valid saved game: move 1 `take everything` is not legal here; legal: /);
  }, 60_000);
});

describe('saved games of the old formats', () => {
  it('reads a whole machine state as its moves only, saying so, and refuses one whose moves are forged', async () => {
    const opening = file('old-opening.txt', `${game.moves.filter((m) => !m.forced).slice(0, 5).map((m) => m.move).join('\n')}\n`);
    const state = await regula('state', TOKAIDO, '--players', '3', '--seed', SEED, '--moves', opening);
    expect(JSON.parse(state.out).format).toBe('regula-state/1');
    const old = file('old-state.json', state.out);
    const r = await regula('moves', TOKAIDO, '--state', old, '--json');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/note: .*old-state\.json is a whole machine state \(regula-state\/1\): only its 5 moves were read, replayed from setup and each checked .* regula moves .* --state .*old-state\.json --save NEW\.json/);
    const fresh = await regula('moves', TOKAIDO, '--players', '3', '--seed', SEED, '--moves', opening, '--json');
    expect(r.out).toBe(fresh.out);
    // Its pending options, forged to offer another seat's move, are never read.
    const forged = JSON.parse(state.out);
    forged.pending.options = [{ id: 'take everything', value: null }];
    const f = await regula('moves', TOKAIDO, '--state', file('old-forged-pending.json', JSON.stringify(forged)), '--json');
    expect(f.out).toBe(fresh.out);
    forged.moves[2].move = 'take everything';
    const g = await regula('moves', TOKAIDO, '--state', file('old-forged-move.json', JSON.stringify(forged)));
    expect(g.code).toBe(2);
    expect(g.err).toMatch(/move 3 `take everything` is not legal here; legal: /);
  });

  it('replays an old move log (play --json before the saved-game format) and converts it with --save', async () => {
    const log = { game: 'Tokaido', players: 3, seed: Number(SEED), variants: [], moves: game.moves.filter((m) => !m.forced).map(({ player, move }) => ({ player, move })), log: game.log, final: game.final };
    const old = file('old-log.json', JSON.stringify(log));
    const replay = await regula('replay', TOKAIDO, old);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('identical to the saved game');
    const converted = join(dir, 'converted.json');
    expect((await regula('moves', TOKAIDO, '--state', old, '--save', converted)).code).toBe(0);
    expect(JSON.parse(readFileSync(converted, 'utf8'))).toEqual(game);
  });
});
