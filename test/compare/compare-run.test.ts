// `regula diff` on two encodings, as a translator runs it: every player count and variant played
// by default within a time budget that says what it cut; differences that interact told on both
// entries with a game; a difference no random game reaches searched for by steered games.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareEncodings, compareStructure, comparisonReport, entryDeclarations } from '../../interpreter/tools/index.js';
import { compileFile, compileText, repoRoot } from '../helpers.js';

const regula = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });
const lastCoin = readFileSync(join(repoRoot, 'test/compare/last-coin.first.rules'), 'utf8');

/** Two encodings written into a folder of their own, beside the rulebook they cite. */
function pair(first: string, second: string): [string, string] {
  const dir = mkdtempSync(join(tmpdir(), 'regula-diff-'));
  copyFileSync(join(repoRoot, 'test/compare/last-coin.en.txt'), join(dir, 'last-coin.en.txt'));
  writeFileSync(join(dir, 'a.rules'), first);
  writeFileSync(join(dir, 'b.rules'), second);
  return [join(dir, 'a.rules'), join(dir, 'b.rules')];
}

// Last Coin with its limit and its prize named: three differences to plant.
const named = lastCoin.replace('counter won per player', 'define high = 3\ndefine prize = 1\ncounter won per player')
  .replace('min(3, pile)', 'min(high, pile)').replace('gain 1 won', 'gain prize won');

describe('differences that interact', () => {
  // The limit raised in one declaration and the choice's bound raised in another: each alone offers
  // `take 4`; together they offer `take 5` too, which neither does — both touch one choice. The
  // prize is a third difference: the changed rule names it, but its games only add up with the others.
  const [a, b] = pair(named, named.replace('define high = 3', 'define high = 4').replace('min(high, pile)', 'min(high + 1, pile)').replace('define prize = 1', 'define prize = 2'));
  const r = regula('diff', a, b, '--games', '2');
  const entry = (title: string) => r.stdout.split(/\n(?=\d+\. )/).find((e) => e.includes(`. ${title} — `))!;

  it('says so on both entries, with the game: what both do together, and each alone', () => {
    expect(r.status).toBe(1);
    expect(entry('define high')).toContain('interacts with “flow”: in 12 of 12 games played with both differences applied, the games part otherwise than with each alone:');
    expect(entry('define high')).toContain('with both: different legal moves when P1 decides, at the first move — P1 decides; legal in both: take 1, take 2, take 3; only in the second: take 4, take 5');
    expect(entry('define high')).toContain('with only this one: different legal moves when P1 decides, at the first move — P1 decides; legal in both: take 1, take 2, take 3; only in the second: take 4');
    expect(entry('define high')).toContain('with only “flow”: different legal moves when P1 decides, at the first move — P1 decides; legal in both: take 1, take 2, take 3; only in the second: take 4');
    expect(entry('define high')).toMatch(/game: 2 players, seed 1\/2\/0, random moves among those the (first|second) encoding offers: \(before any move\)/);
    expect(entry('flow')).toContain('interacts with “define high”: in 12 of 12 games');
    expect(r.stdout).toContain('Played together, to find interactions: the 2 pairs of differences that touch one thing (a zone, counter, rule or definition both name).');
  });

  it('says so in the HTML report too', () => {
    const page = join(a, '..', 'report.html');
    expect(regula('diff', a, b, '--games', '1', '--report', page).status).toBe(1);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('interacts with “flow”: in 6 of 6 games played with both differences applied');
    expect(html).toContain('<li>with both: different legal moves when P1 decides, at the first move — P1 decides; legal in both: take 1, take 2, take 3; only in the second: take 4, take 5</li>');
    expect(html).toMatch(/<p>Played: 2–4 players, each with no variant — 3 settings, 1 game each/);
  });

  it('says nothing of a difference whose games only add up with the others\' (the prize, which the changed rule names)', () => {
    expect(entry('define prize')).toMatch(/in play \(only this difference applied\):\n {5}\d+ games: a different effect of P\d's move take \d/);
    expect(entry('define prize')).not.toContain('interacts');
  });

  it('says nothing where two differences only add up: one that does nothing alone with the rule that uses it', () => {
    // `define limit` only in the second does nothing alone; `flow` alone brings it along: together is `flow` alone.
    const s = regula('diff', 'test/compare/last-coin.first.rules', 'test/compare/last-coin.second.rules', '--games', '2');
    expect(s.stdout).toContain('2. define limit — the encodings differ where the rulebooks agree');
    expect(s.stdout).not.toContain('interacts');
  });
});

describe('evidence in each side\'s words', () => {
  it('names a counter as each encoder calls it, and players, moves and cards as the log does', () => {
    // The second encoder calls the winnings `gewonnen`, and gives a prize of 2.
    const [a, b] = pair(named, named.replace('define prize = 1', 'define prize = 2').replaceAll(/\bwon\b/g, 'gewonnen'));
    const r = regula('diff', a, b, '--games', '1');
    expect(r.stdout).toContain('Paired though named differently (first ↔ second): counter `won` ↔ `gewonnen`.');
    expect(r.stdout).toMatch(/^ {5}\d+ games: a different effect of P\d's move take \d$/m);
    expect(r.stdout).toMatch(/^ {9}won \(second: gewonnen\) of P\d: first 1, second 2$/m);
  });
});

describe('every player count and variant, within a time budget', () => {
  const cards = readFileSync(join(repoRoot, 'test/interpreter/card-game.rules'), 'utf8');

  it('plays each variant the players may choose, alone and all together, without being asked: a difference inside one is found', () => {
    const [a, b] = pair(cards, cards.replace('replace define card-points(card) = 2 * value of card', 'replace define card-points(card) = 3 * value of card'));
    const r = regula('diff', a, b, '--games', '2');
    expect(r.status).toBe(1);
    // double and calm exclude each other: all together is not a setting.
    expect(r.stdout).toContain('Played: 2–4 players, each with no variant; Double points; No bonus — 9 settings, 2 games each (each encoding\'s moves leading once)');
    expect(r.stdout).toMatch(/1\. variant double — the encodings differ where the rulebooks agree[\s\S]*in play \(only this difference applied\):\n {5}\d+ games: a different effect of P\d's move/);
    expect(r.stdout).toMatch(/shortest trace: \d players, Double points, seed 1\/\d\/double\/\d/);
  });

  it('says what the budget cut and how to raise it; the first game of every setting is played whatever the budget', () => {
    const [a, b] = pair(named, named.replace('define high = 3', 'define high = 4'));
    const r = regula('diff', a, b, '--games', '400', '--budget', '0.001');
    expect(r.status).toBe(1);
    const played = /Played: 2–4 players, each with no variant — 3 settings, (\d+) games? each/.exec(r.stdout);
    expect(played).not.toBeNull();
    const each = Number(played![1]);
    expect(each).toBeGreaterThanOrEqual(1);
    expect(each).toBeLessThan(400);
    expect(r.stdout).toContain(`The time budget cut ${400 - each} games of 400 per setting: raise it with --budget SECONDS (0: no limit) to play them.`);
    expect(r.stdout).toMatch(/of a 0\.001 s budget\./);
    expect(r.stderr).toMatch(/\d+\/1200 settings played \(round 1 of 400: \d+ games\), \d+ s of 0\.001 s/);
  });

  it('refuses a budget that is not a number of seconds', () => {
    const r = regula('diff', 'test/compare/last-coin.first.rules', 'test/compare/last-coin.second.rules', '--budget', 'soon');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--budget takes a number of seconds (0: no limit), not `soon`.');
  });

  it('cuts whole rounds on the clock it is given, and the report counts what it cut', () => {
    const first = compileText(named, join(repoRoot, 'test/compare/last-coin.first.rules'));
    const second = compileText(named.replace('define high = 3', 'define high = 4'), join(repoRoot, 'test/compare/last-coin.first.rules'));
    const structure = compareStructure(first, second);
    let t = 0;
    // Every look at the clock is one second later; the rounds may take 8 of the 10 s.
    const run = compareEncodings(first, second, structure, entryDeclarations(structure, null), { games: 10, seed: 1, budgetSeconds: 10, now: () => (t += 1000) });
    const c = run.coverage;
    expect(c.settings.map((s) => s.players)).toEqual([2, 3, 4]);
    expect(c.gamesPerSetting.asked).toBe(10);
    expect(c.gamesPerSetting.played).toBeGreaterThanOrEqual(1);
    expect(c.gamesPerSetting.played).toBeLessThan(10);
    expect(c.cut).toEqual({ gamesPerSetting: 10 - c.gamesPerSetting.played, searches: 0 });
    expect(run.play.games).toBeGreaterThanOrEqual(c.gamesPerSetting.played * 3 * 2);
    expect(run.play.games).toBeLessThan((c.gamesPerSetting.played + 1) * 3 * 2);
  });
});

describe('a difference no random game reaches', () => {
  const cs = compileFile(join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules'));
  const ru = compileFile(join(repoRoot, 'rulesets/tokaido/tokaido.ru.rules'));
  const structure = compareStructure(cs, ru);

  it('is searched for by games steered toward it, and the game that reaches it is the evidence', () => {
    // The guide drawn when its panorama is complete: random games at five players do not reach it.
    const keys = ['rule annaibito'];
    const run = compareEncodings(cs, ru, structure, [keys], { games: 1, seed: 1, players: [5] });
    expect(run.play.groups).toEqual([]);
    const [search] = run.play.searches;
    expect(search!.focus.rules).toContain('annaibito');
    expect(search!.focus.names).toContain('panoramas');
    expect(search!.found.length).toBeGreaterThan(0);
    expect(search!.found[0]!.example.detail).toContain('only in the first: no panorama');
    expect(search!.found[0]!.example.steered).toBe(true);
    expect(run.play.unreached).toEqual([]);
    const report = comparisonReport({ first: 'cs', second: 'ru', structure, play: run.play, outcomes: null, notes: null, coverage: run.coverage });
    const entry = report.entries.find((e) => e.title === 'rule annaibito')!;
    expect(entry.search?.found.length).toBeGreaterThan(0);
    expect(entry.unreached).toBeNull();
  }, 300_000);

  it('is said plainly not reached, and why, when the time budget leaves no time to search', () => {
    const keys = ['rule temple-ranking'];
    let t = 0;
    const run = compareEncodings(cs, ru, structure, [keys], { games: 3, seed: 1, players: [5], budgetSeconds: 0.5, now: () => (t += 1000) });
    expect(run.play.searches).toEqual([expect.objectContaining({ entry: keys, games: 0, found: [], cut: true })]);
    expect(run.coverage.cut).toEqual({ gamesPerSetting: 2, searches: 1 });
    const report = comparisonReport({ first: 'cs', second: 'ru', structure, play: run.play, outcomes: null, notes: null, coverage: run.coverage });
    expect(report.entries.find((e) => e.title === 'rule temple-ranking')!.unreached).toBe(
      'not reached: no game played with only this difference came to a point where it acts differently. A game where this declaration applies in a case the two encodings treat differently (the lines above; the passages say when) would show it; the time budget ran out before a search for one (games steered toward it) could start.');
  }, 300_000);
});
