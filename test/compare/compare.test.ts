// Comparing two encodings of one game: in structure, declaration by declaration, and in play.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { compareOutcomes, comparePlay, compareStructure, diffLines } from '../../interpreter/tools/index.js';
import { playGame } from '../../interpreter/runtime/index.js';
import { legalMoves } from '../../interpreter/runtime/index.js';
import { compileFile, compileText, repoRoot } from '../helpers.js';

const here = join(repoRoot, 'test/compare');
const first = compileFile(join(here, 'last-coin.first.rules'));
const second = compileFile(join(here, 'last-coin.second.rules'));

describe('comparing structure', () => {
  const s = compareStructure(first, second);

  it('finds what differs, what one encoding alone has, and what is the same', () => {
    expect(s.differences.map((d) => [d.key, d.status])).toEqual([['flow', 'changed'], ['define limit', 'only-second']]);
    // The game's title, the rulebook and citations are not what a rule means.
    expect(s.same).toEqual(['game', 'counter pile', 'counter won', 'winner']);
  });

  it('shows the changed lines of a declaration', () => {
    const flow = s.differences[0]!;
    expect(flow.lines!.filter((l) => l.op !== ' ').map((l) => `${l.op} ${l.text.trim()}`)).toEqual([
      '- choose n from 1 to min(3, pile) as take',
      '+ choose n from 1 to min(limit, pile) as take',
    ]);
    expect(flow.first!.at).toMatch(/last-coin\.first\.rules:8:1$/);
  });

  it('finds nothing between an encoding and itself', () => {
    expect(compareStructure(first, first).differences).toEqual([]);
  });

  it('diffs lines in order, removals before additions', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { op: ' ', text: 'a' }, { op: '-', text: 'b' }, { op: '+', text: 'x' }, { op: ' ', text: 'c' }, { op: '+', text: 'd' },
    ]);
  });
});

describe('comparing play', () => {
  it('stops each game where the legal moves part, and the moves before it reach that point in both', () => {
    const p = comparePlay(first, second, { games: 3, seed: 'x' });
    expect(p.games).toBe(3 * 3 * 2); // 2–4 players, 3 seeds, each encoding leading once
    expect(p.agreed).toBe(0);
    expect(p.groups.map((g) => [g.kind, g.where, g.games])).toEqual([['moves', 'choice `take` in rule `flow`', 18]]);
    const e = p.groups[0]!.example;
    expect(e.detail).toContain('only in the second: take 4');
    const reached = (def: typeof first) => legalMoves(def, playGame(def, { players: e.players, seed: e.seed, variants: def === first ? e.variants.first : e.variants.second, script: e.moves }))!.moves;
    expect(reached(first)).not.toContain('take 4');
    expect(reached(second)).toContain('take 4');
  });

  it('tells a different effect of the same move', () => {
    const generous = compileText(readFirst().replace('gain 1 won', 'gain 2 won'));
    const p = comparePlay(first, generous, { games: 2, seed: 1, players: [2] });
    // The last take wins 1 in one encoding and 2 in the other, so the final scores differ too.
    expect(p.groups.map((g) => [g.kind, g.where])).toEqual([['effect', 'choice `take` in rule `flow`'], ['end', 'the final result']]);
    expect(p.groups[0]!.example.detail[0]).toMatch(/^won of P[12]: first 1, second 2$/);
  });

  it('goes on after a different effect from the same position, to find what differs later', () => {
    const base = readFirst().replace('counter won per player', 'counter won per player\ncounter taken per player').replace('lose n pile', 'lose n pile\n        gain n taken');
    const one = compileText(base);
    // Every take counts double in the other, and near the end it allows taking four.
    const other = compileText(base.replace('gain n taken', 'gain 2 * n taken').replace('min(3, pile)', 'min(if pile < 8 then 4 else 3, pile)'));
    const p = comparePlay(one, other, { games: 3, seed: 2, players: [2, 3] });
    const games = (kind: string) => p.groups.filter((g) => g.kind === kind).reduce((n, g) => n + g.games, 0);
    expect(games('effect')).toBe(p.games); // from the first move
    expect(games('moves')).toBe(p.games); // with 4 to 7 coins left, which every game passes
  });

  it('agrees with itself in every game', () => {
    const p = comparePlay(first, first, { games: 2, seed: 1 });
    expect(p.agreed).toBe(p.games);
    expect(p.groups).toEqual([]);
  });
});

describe('a game with and without a variant', () => {
  const cards = compileFile(join(repoRoot, 'test/interpreter/card-game.rules'));
  const withDouble = { first: [], second: ['double'] };

  it('shows the declarations the variant overlays as they are in force', () => {
    const s = compareStructure(cards, cards, withDouble);
    expect(s.differences.map((d) => [d.key, d.status])).toEqual([['define card-points', 'changed']]);
    expect(s.differences[0]!.lines!.filter((l) => l.op !== ' ').map((l) => l.op + l.text.trim())).toEqual([
      '-define card-points(card) = value of card', '+define card-points(card) = 2 * value of card',
    ]);
  });

  it('sets the outcomes of the same seeds side by side: double points, higher scores', () => {
    const [o] = compareOutcomes(cards, cards, { games: 20, seed: 3, players: [3], variants: withDouble });
    expect(o!.players).toBe(3);
    const total = (r: { meanScoreBySeat: readonly number[] }) => r.meanScoreBySeat.reduce((x, y) => x + y, 0);
    expect(total(o!.second)).toBeGreaterThan(total(o!.first));
    expect(o!.first.games).toBe(20);
  });
});

describe('regula diff', () => {
  const regula = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });

  it('prints where two encodings part and exits 1', () => {
    const r = regula('diff', 'test/compare/last-coin.first.rules', 'test/compare/last-coin.second.rules', '--games', '2');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('4 declarations mean the same in both. 2 differences: 0 where the rulebooks differ, 0 where one rulebook is silent or ambiguous where the other is precise, 2 where the encodings differ where the rulebooks agree.');
    expect(r.stdout).toMatch(/^ +- +choose n from 1 to min\(3, pile\) as take$/m);
    expect(r.stdout).toMatch(/^ +\+ +choose n from 1 to min\(limit, pile\) as take$/m);
    expect(r.stdout).toContain('define limit, only in the second');
    // Told as the log tells it: who decides and the moves offered, not the rule's and the choice's names.
    expect(r.stdout).toMatch(/^ {5}12 games: different legal moves when P1 decides, at the first move$/m);
    expect(r.stdout).toMatch(/^ {9}P1 decides; legal in both: take 1, take 2, take 3$/m);
    expect(r.stdout).not.toMatch(/rule `flow`|choice `take`|agents/);
  });

  it('exits 0 for an encoding and itself', () => {
    const r = regula('diff', 'test/compare/last-coin.first.rules', 'test/compare/last-coin.first.rules', '--games', '1', '--json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.structure.differences).toEqual([]);
    expect(report.play.agreed).toBe(report.play.games);
  });

  it('compares one file with and without a variant', () => {
    const r = regula('diff', 'test/interpreter/card-game.rules', '--second-variant', 'double', '--games', '3', '--players', '2');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Comparing test/interpreter/card-game.rules (first) with test/interpreter/card-game.rules with double (second).');
    expect(r.stdout).toContain('1. define card-points — what the variant changes');
    expect(r.stdout).toMatch(/Outcomes: the same seeds played in each on its own/);
    expect(r.stdout).toMatch(/^ {4}P2: wins +[\d.]+%, mean score +[\d.]+ {2}\| {2}wins/m); // seats named as the log names players
  });

  it('names a variant a ruleset does not have', () => {
    const r = regula('diff', 'test/interpreter/card-game.rules', '--second-variant', 'triple');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('has no variant `triple` to choose (it has: double, calm)');
  });

  it('refuses a player count one encoding does not allow', () => {
    const r = regula('diff', 'test/compare/last-coin.first.rules', 'test/compare/last-coin.second.rules', '--players', '5');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--players 5: the first encoding plays 2–4, the second 2–4.');
  });
});

function readFirst(): string {
  return first.source.text;
}
