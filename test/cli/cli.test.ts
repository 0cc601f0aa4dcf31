// The `regula` command, driven exactly as a user drives it: a child process, its output and exit code.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers.js';

const TOKAIDO = 'rulesets/tokaido/tokaido.cs.rules';
const scratch = mkdtempSync(join(tmpdir(), 'regula-cli-'));

function regula(...args: string[]) {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A copy of the Tokaido ruleset with one edit, beside the original so its rulebook is found. */
function edited(name: string, from: string | RegExp, to: string, original = TOKAIDO): string {
  const path = join(repoRoot, 'rulesets/tokaido', `${name}.tmp.rules`);
  const source = readFileSync(join(repoRoot, original), 'utf8');
  const changed = source.replace(from, to);
  expect(changed).not.toBe(source);
  writeFileSync(path, changed);
  return path;
}

describe('regula check', () => {
  it('passes the Tokaido ruleset', () => {
    const r = regula('check', TOKAIDO);
    expect(r.err).toBe('');
    expect(r.out).toContain('ok');
    expect(r.code).toBe(0);
  });

  it('reports a misspelt zone with its place, code, caret and a suggestion', () => {
    const path = edited('typo', 'move meal-offer to bottom of meal-deck', 'move meal-ofer to bottom of meal-deck');
    try {
      const r = regula('check', path);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/typo\.tmp\.rules:\d+:10: error R0201: Name `meal-ofer` is not declared\. Did you mean `meal-offer`\?/);
      expect(r.err).toMatch(/\|\s+\^{9}/);
    } finally {
      spawnSync('rm', ['-f', path]);
    }
  });

  it('verifies quotations of other files too: a component list misquoted is a warning', () => {
    const path = edited('misquoted', 'paddy has 3 parts, mountain 4, sea 5', 'paddy has 4 parts, mountain 4, sea 5', 'rulesets/tokaido/tokaido.ru.rules');
    try {
      const r = regula('check', path);
      expect(r.code).toBe(0); // a warning does not fail the check
      expect(r.err).toMatch(/misquoted\.tmp\.rules:\d+:\d+: warning R0501: Cited words are not in components\.md: "paddy has 4 parts/);
      expect(r.out).toContain('ok (1 warning)');
    } finally {
      rmSync(path, { force: true });
    }
  });

  it('reports a syntax error with its place, code, caret and a suggestion', () => {
    const path = edited('syntax', 'rule farm on stop where', 'rule farm on stop wher');
    try {
      const r = regula('check', path);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/syntax\.tmp\.rules:\d+:19: error R0102: Expected `\{` but found `wher`\. Did you mean `where`\?/);
      expect(r.err).toMatch(/\|\s+\^{4}\n/);
    } finally {
      spawnSync('rm', ['-f', path]);
    }
  });
});

describe('regula info', () => {
  it('prints the contract JSON', () => {
    const info = JSON.parse(regula('info', TOKAIDO, '--json').out);
    expect(info).toEqual({
      name: 'Tokaido', players: { min: 2, max: 5 }, source: 'tokaido.cs.txt',
      variants: expect.arrayContaining([{ id: 'gourmet', title: 'Zabužnická varianta' }]),
    });
    expect(info.variants).toHaveLength(4);
  });
});

describe('regula play and replay', () => {
  it('plays to the end as JSON, and the replay of its log gives identical final scores', () => {
    const r = regula('play', TOKAIDO, '--players', '3', '--seed', '11', '--variant', 'gourmet', '--json');
    expect(r.code).toBe(0);
    const game = JSON.parse(r.out);
    expect(Object.keys(game)).toEqual(['format', 'game', 'ruleset', 'players', 'seed', 'variants', 'moves', 'log', 'final']);
    expect(game).toMatchObject({ format: 'regula-saved-game/1', game: 'Tokaido', players: 3, seed: 11, variants: ['gourmet'] });
    expect(game.final.scores).toHaveLength(3);
    expect(game.moves[0]).toEqual({ player: expect.any(Number), move: expect.any(String) });
    expect(game.moves.filter((m: { forced?: boolean }) => m.forced).length).toBeGreaterThan(0);
    const log = join(scratch, 'game.json');
    writeFileSync(log, r.out);
    const replay = regula('replay', TOKAIDO, log);
    expect(replay.out).toContain('identical to the saved game');
    expect(replay.code).toBe(0);
  });

  it('stops at an illegal scripted move with exit 2 and the legal moves', () => {
    const moves = join(scratch, 'moves.txt');
    writeFileSync(moves, '# my opening\nadvance 99\n');
    const r = regula('play', TOKAIDO, '--players', '3', '--variant', 'initiatory-journey', '--moves', moves);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Move `advance 99` is not legal now\. Legal moves: advance 1, advance 2/);
  });

  it('refuses a corrupt log with a clear message', () => {
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, JSON.stringify({ game: 'Tokaido', players: 3, seed: 1, variants: [], moves: [{ player: 0 }] }));
    const r = regula('replay', TOKAIDO, bad);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not a valid saved game: read as a move log of an older `regula play --json`: at /moves/0: missing field `move`');
  });
});

describe('saved games', () => {
  it('saves a game where it stopped and continues it to the same end as playing straight through', () => {
    const moves = join(scratch, 'opening.txt');
    writeFileSync(moves, 'advance 1\nbuy nothing\n');
    const saved = join(scratch, 'saved.json');
    const common = ['--players', '3', '--seed', '4', '--variant', 'initiatory-journey'];
    expect(regula('moves', TOKAIDO, ...common, '--moves', moves, '--save', saved).code).toBe(0);
    const resumed = JSON.parse(regula('play', TOKAIDO, '--agent', 'first', '--state', saved, '--json').out);
    const straight = JSON.parse(regula('play', TOKAIDO, ...common, '--agent', 'first', '--moves', moves, '--json').out);
    expect(resumed.final).toEqual(straight.final);
  });

  it('refuses a corrupt saved game, saying what is wrong', () => {
    const bad = join(scratch, 'corrupt.json');
    writeFileSync(bad, '{"format":"regula-state/1","game":"Tokaido"');
    const r = regula('play', TOKAIDO, '--state', bad);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not a valid saved game: it is not JSON');
  });
});

describe('regula moves and why', () => {
  it('lists the legal moves and whose decision it is', () => {
    const r = regula('moves', TOKAIDO, '--players', '3', '--variant', 'initiatory-journey', '--json');
    expect(JSON.parse(r.out)).toMatchObject({ player: 0, choice: 'advance', rule: 'travel' });
  });

  it('explains a forbidden move by the rule that forbids it and its rulebook words', () => {
    const r = regula('why', TOKAIDO, '--players', '2', '--variant', 'initiatory-journey', '--move', 'advance 1', '--json');
    const w = JSON.parse(r.out);
    expect(w.legal).toBe(true);
    const moves = join(scratch, 'two.txt');
    writeFileSync(moves, 'advance 1\nbuy nothing\n');
    const again = JSON.parse(regula('why', TOKAIDO, '--players', '2', '--variant', 'initiatory-journey', '--moves', moves, '--move', 'advance 1', '--json').out);
    expect(again.legal).toBe(false);
  });
});

describe('the command line itself', () => {
  it('lists every command in regula --help and gives each command its own --help', () => {
    const overview = regula('--help');
    expect(overview.code).toBe(0);
    for (const name of ['check', 'info', 'coverage', 'outline', 'play', 'state', 'moves', 'why', 'replay', 'scenario', 'sim', 'diff', 'bench']) {
      expect(overview.out).toContain(`regula ${name}`);
      const help = regula(name, '--help');
      expect(help.code, name).toBe(0);
      expect(help.out).toContain('options:');
    }
    expect(regula('play', '--help').out).toMatch(/--players N\s+player count/);
  });

  it('refuses an unknown flag with the usage line instead of ignoring it', () => {
    const r = regula('play', TOKAIDO, '--player', '3');
    expect(r.code).toBe(2);
    expect(r.err).toContain("Unknown option '--player'");
    expect(r.err).toContain('usage: regula play <file>');
  });

  it('refuses bad numbers and missing values', () => {
    expect(regula('sim', TOKAIDO, '--games', '0').err).toContain('--games takes 1 or more, not 0.');
    expect(regula('sim', TOKAIDO, '--games', 'many').err).toContain('--games takes a whole number, not `many`.');
    const r = regula('play', TOKAIDO, '--seed');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--seed/);
  });

  it('names an unknown command and the known ones', () => {
    const r = regula('plya', TOKAIDO);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown command `plya`');
    expect(r.err).toContain('play');
  });

  it('says where a game cannot be saved', () => {
    const r = regula('moves', TOKAIDO, '--save', scratch);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--save ${scratch}: it is a folder; give the name of a file in it`);
  });
});

describe('files a ruleset cites', () => {
  const game = (rulebook: string) => `game "Escape" { players 2 to 2  rulebook "${rulebook}" }\ncounter n\nflow { end the game }\nwinner most n\n`;

  it('refuses a rulebook path that leaves the ruleset\'s folder', () => {
    for (const name of ['../../../etc/passwd', '/etc/passwd']) {
      const path = join(scratch, 'escape.rules');
      writeFileSync(path, game(name));
      for (const command of ['check', 'coverage']) {
        const r = regula(command, path);
        expect(r.code, `${command} ${name}`).toBe(2);
        expect(r.err).toContain(`the cited file "${name}" must be named from the ruleset's folder`);
        expect(r.out).not.toContain('root:');
      }
    }
  });

  it('refuses a link that leads out of the folder it is found in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'regula-link-'));
    writeFileSync(join(dir, 'escape.rules'), game('rules.txt'));
    symlinkSync('/etc/passwd', join(dir, 'rules.txt'));
    const r = regula('coverage', join(dir, 'escape.rules'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('is a link that leads out of');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('one player\'s view', () => {
  it('play --as shows a player their own hidden cards and not the others\'', () => {
    const all = regula('play', TOKAIDO, '--players', '2', '--seed', '3', '--json');
    const log = JSON.parse(all.out).log as { text: string; detail?: string; seen?: number[] }[];
    const p1Draw = log.find((e) => e.text === 'draws 2 from traveller-tiles to traveller-draw of P1')!.detail!;
    const p2Draw = log.find((e) => e.text === 'draws 2 from traveller-tiles to traveller-draw of P2')!.detail!;
    const asP2 = regula('play', TOKAIDO, '--players', '2', '--seed', '3', '--as', 'P2');
    expect(asP2.code).toBe(0);
    expect(asP2.out).toContain(`traveller-draw of P2 [${p2Draw}]`);
    expect(asP2.out).not.toContain(p1Draw);
    const json = JSON.parse(regula('play', TOKAIDO, '--players', '2', '--seed', '3', '--as', '2', '--json').out);
    expect(json.seat).toBe(1);
    expect(json).not.toHaveProperty('seed');
    expect(JSON.stringify(json.view.log)).not.toContain(p1Draw);
  });

  it('state prints the whole saved state, or with --as only that player\'s view', () => {
    const whole = JSON.parse(regula('state', TOKAIDO, '--players', '3').out);
    expect(whole.format).toBe('regula-state/1');
    const seen = JSON.parse(regula('state', TOKAIDO, '--players', '3', '--as', 'P3', '--json').out);
    expect(seen.view.seat).toBe(2);
    const deck = Object.entries(seen.view.zones as Record<string, { count: number; cards: string[] | null }>).find(([zone]) => zone === 'meal-deck')![1];
    expect(deck.cards).toBeNull();
    expect(deck.count).toBeGreaterThan(0);
    const bad = regula('state', TOKAIDO, '--as', 'P9');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--as P9: name a player from P1 to P2.');
  });
});
