// Bad command lines, files and saved games, as a careless or hostile user gives them: each gets one
// clear message and exit code 1 (the ruleset or a comparison is wrong) or 2 (bad input) — never a
// stack trace. The commands run in-process through the CLI's own `main` for speed.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from './run-cli.js';
import { COMMANDS } from '../../cli/commands.js';
import { playGame } from '../../interpreter/runtime/index.js';
import type { GameState } from '../../interpreter/runtime/index.js';
import { compileFile, repoRoot } from '../helpers.js';

const TOKAIDO = join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules');
const C4 = join(repoRoot, 'rulesets/connect-four/connect-four.rules');
const dir = mkdtempSync(join(tmpdir(), 'regula-bad-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const run = runCli;

/** A saved Tokaido game after two moves, damaged by `damage`. */
let saved: GameState;
const damagedState = (name: string, damage: (s: GameState) => void) => {
  const s = structuredClone(saved);
  damage(s);
  return file(`${name}.json`, JSON.stringify(s));
};

beforeAll(() => {
  saved = playGame(compileFile(TOKAIDO), { players: 3, seed: 4, script: [] });
  mkdirSync(join(dir, 'a-folder'));
  file('throws.mjs', 'throw new Error("agent module failed on purpose");\n');
  file('no-export.mjs', 'export const nothing = 1;\n');
  file('escape.rules', 'game "Escape" { players 2 to 2  rulebook "../../etc/passwd" }\ncounter n\nflow { end the game }\nwinner most n\n');
  file('moves.txt', 'advance 99\n');
  const lastCoin = join(repoRoot, 'test/compare');
  file('last-coin.en.txt', readFileSync(join(lastCoin, 'last-coin.en.txt'), 'utf8'));
  file('misquoted-flavour.rules', `${readFileSync(join(lastCoin, 'last-coin.first.rules'), 'utf8')}\n// flavour "words that no rulebook has"\n`);
});
afterAll(() => vi.restoreAllMocks());

type Case = [what: string, argv: () => string[], code: 1 | 2, message: RegExp];

const cases: Case[] = [
  ['no command', () => [], 2, /regula — write, check and play/],
  ['an unknown command', () => ['plya', TOKAIDO], 2, /Unknown command `plya`/],
  ...COMMANDS.map((c): Case => [`an unknown flag to ${c.name}`, () => [c.name, TOKAIDO, '--frobnicate'], 2, /Unknown option '--frobnicate'/]),
  ...COMMANDS.filter((c) => c.positionals > 0).map((c): Case => [`${c.name} without its file`, () => [c.name], 2, new RegExp(`regula ${c.name} needs`)]),
  ['a flag without its value', () => ['play', TOKAIDO, '--players'], 2, /--players/],
  ['a player count that is not a number', () => ['play', TOKAIDO, '--players', 'three'], 2, /--players takes a whole number, not `three`/],
  ['too many players', () => ['play', TOKAIDO, '--players', '9'], 2, /2 to 5 players/],
  ['no players', () => ['play', TOKAIDO, '--players', '0'], 2, /2 to 5 players/],
  ['an unknown variant', () => ['play', TOKAIDO, '--variant', 'nope'], 2, /nope/],
  ['zero games', () => ['sim', TOKAIDO, '--games', '0'], 2, /--games takes 1 or more/],
  ['a negative number of games', () => ['sim', TOKAIDO, '--games=-5'], 2, /--games takes 1 or more, not -5/],
  ['a fractional number of games', () => ['sim', TOKAIDO, '--games', '2.5'], 2, /whole number/],
  ['no moves allowed', () => ['play', TOKAIDO, '--max-moves', '0'], 2, /--max-moves takes 1 or more/],
  ['a negative diff game count', () => ['diff', TOKAIDO, '--games=-1'], 2, /--games takes 0 or more/],
  ['an unknown variant on one side of a diff', () => ['diff', TOKAIDO, '--second-variant', 'nope', '--games', '0'], 2, /has no variant `nope`/],
  ['a diff player count neither side plays', () => ['diff', TOKAIDO, C4, '--players', '4', '--games', '1'], 2, /--players 4: the first encoding plays 2–5, the second 2–2/],
  ['an outline for too many players', () => ['outline', TOKAIDO, '--players', '7'], 2, /2 to 5 players/],
  ['a seat the game lacks', () => ['play', TOKAIDO, '--as', 'P9'], 2, /--as P9: name a player from P1 to P2/],
  ['a seat that is not a seat', () => ['state', TOKAIDO, '--as', 'banker'], 2, /--as banker/],
  ['why without a move', () => ['why', TOKAIDO], 2, /regula why needs --move ID/],
  ['replay without its log', () => ['replay', TOKAIDO], 2, /regula replay needs/],
  ['a ruleset that does not exist', () => ['check', join(dir, 'missing.rules')], 2, /no such file/],
  ['a folder given as a ruleset', () => ['play', join(dir, 'a-folder')], 2, /cannot be read/],
  ['a ruleset citing a file outside its folder', () => ['check', join(dir, 'escape.rules')], 2, /must be named from the ruleset's folder/],
  ['a moves file that does not exist', () => ['play', TOKAIDO, '--moves', join(dir, 'nothing.txt')], 2, /cannot be read/],
  ['an illegal move in the moves file', () => ['play', TOKAIDO, '--moves', join(dir, 'moves.txt')], 2, /advance 99/],
  ['saving into a folder', () => ['moves', TOKAIDO, '--save', join(dir, 'a-folder')], 2, /--save .*a-folder: it is a folder; give the name of a file in it/],
  ['a saved game that does not exist', () => ['play', TOKAIDO, '--state', join(dir, 'none.json')], 2, /cannot be read/],
  ['a saved game that is not JSON', () => ['play', TOKAIDO, '--state', file('garbage.json', '{"format": "regula-state/1", ')], 2, /saved game|JSON/],
  ['a saved game of the wrong shape', () => ['play', TOKAIDO, '--state', file('shape.json', '{"format":"regula-state/1"}')], 2, /saved game/],
  // A machine state (the old format) is read as its moves only: its frames, pending options, cards
  // and counters are never read, so forging them changes nothing (test/saves/damaged.test.ts).
  ['a saved game of another game', () => ['play', TOKAIDO, '--state', damagedState('other-game', (s) => { (s as { game: string }).game = 'Chess'; })], 2, /a game of Chess, not of Tokaido/],
  ['a saved game for a player count the rules refuse', () => ['play', TOKAIDO, '--state', damagedState('players', (s) => { (s as { players: number }).players = 12; })], 2, /2 to 5 players/],
  ['a move log that is not JSON', () => ['replay', TOKAIDO, file('log.json', 'moves: advance 1')], 2, /move log|JSON/],
  ['a move log of the wrong shape', () => ['replay', TOKAIDO, file('log2.json', '{"moves": 3}')], 2, /move log/],
  ['a scenario that does not exist', () => ['scenario', join(dir, 'none.scenario.json')], 2, /cannot be read/],
  ['a scenario that is not valid', () => ['scenario', file('bad.scenario.json', '{"title": 1}')], 2, /scenario/],
  ['an unknown agent', () => ['play', TOKAIDO, '--agent', 'genius'], 2, /agents are random, first, greedy, mcts\. Or give a module path/],
  ['an agent module that does not exist', () => ['play', TOKAIDO, '--agent', join(dir, 'none.mjs')], 2, /cannot be loaded/],
  ['an agent module that throws', () => ['play', TOKAIDO, '--agent', join(dir, 'throws.mjs')], 2, /agent module failed on purpose/],
  ['an agent module without agents', () => ['play', TOKAIDO, '--agent', `${join(dir, 'no-export.mjs')}#makeAgent`], 2, /no `makeAgent` export/],
  ['a bench that matches nothing', () => ['bench', '--only', 'no-such-game'], 2, /no shipped ruleset matches/],
  ['a bench with no time', () => ['bench', '--budget-ms', '0'], 2, /--budget-ms takes 1 or more/],
  ['a flavour mark that misquotes the rulebook', () => ['coverage', join(dir, 'misquoted-flavour.rules')], 1, /words that no rulebook has/],
  ['a ruleset with errors', () => ['play', file('broken.rules', 'game "Broken" { players 2 to 2 }\nflow { gain 1 nothing }\n')], 1, /error R\d{4}/],
];

describe('bad input gets a clear message and exit 1 or 2, never a stack trace', () => {
  it.each(cases)('%s', async (_what, argv, code, message) => {
    const r = await run(...argv());
    expect(r.code, r.err).toBe(code);
    expect(r.err + r.out).toMatch(message);
    expect(r.err).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  });
});
