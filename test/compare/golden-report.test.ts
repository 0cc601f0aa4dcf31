// The Czech and Russian Tokaido compared as a translator reads it: the report of `regula diff`
// (one game per setting: every player count, with no variant, each variant and all together; no
// time budget, so it is the same on any machine but for the time it took) is kept in
// tokaido-cs-ru.report.txt and must not change unnoticed.
// REGULA_UPDATE_GOLDEN=1 rewrites it after a deliberate change; read the diff before committing.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers.js';

const golden = join(repoRoot, 'test/compare/tokaido-cs-ru.report.txt');

describe('the cs↔ru Tokaido report', () => {
  it('is the recorded one, lists only what the rulebooks differ on, each with both passages', () => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'diff', 'rulesets/tokaido/tokaido.cs.rules', 'rulesets/tokaido/tokaido.ru.rules', '--games', '1', '--budget', '0'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(1);
    const report = r.stdout.replace(/ in [\d.]+ s \(no time budget\)/, ' in N s (no time budget)');
    if (process.env.REGULA_UPDATE_GOLDEN) writeFileSync(golden, report);
    expect(report).toBe(readFileSync(golden, 'utf8'));
    expect(report).toContain('Played: 2–5 players, each with no variant; Cesta zasvěcení; Putování zpět; Zabužnická varianta; Zvláštní přípravu; Cesta zasvěcení + Putování zpět + Zabužnická varianta + Zvláštní přípravu — 24 settings, 1 game each');
    expect(r.stdout).toMatch(/differences: \d+ where the rulebooks differ, \d+ where one rulebook is silent or ambiguous where the other is precise, 0 where the encodings differ where the rulebooks agree\./);
    expect(r.stdout).not.toContain('not traced to one declaration');
    for (const entry of r.stdout.split(/\n(?=\d+\. )/).slice(1)) {
      if (/^Outcomes/m.test(entry.split('\n')[0]!)) continue;
      expect(entry).toMatch(/first rulebook \(tokaido\.cs\.txt\): “/);
      expect(entry).toMatch(/second rulebook \(tokaido\.ru\.txt\): “/);
    }
    // Evidence in the rulebooks' words: moves and cards as the log shows them, variants by their
    // titles; never a rule's or a choice's name, a card's or a piece's id, or the agents.
    const entries = report.split(/\n(?=\d+\. )/).slice(1);
    const evidence = entries.flatMap((e) => (e.includes('\n   in play') ? e.slice(e.indexOf('\n   in play')).split('\n') : []));
    expect(evidence.length).toBeGreaterThan(20);
    // Both differences random games miss are found by the steered search, and said to be.
    expect(report.match(/in play: no game played at random reached it; a search steered toward it did, in \d+ steered games:/g)).toHaveLength(2);
    expect(report).toMatch(/shortest trace: 5 players, [^\n]*moves steered toward the difference among those the (first|second) encoding offers/);
    for (const line of evidence) expect(line).not.toMatch(/rule `|choice `|in rule |#\d|agents?\b|travellers|variants? [a-z-]+ \//);
  }, 300_000);

  it('quotes the rulebooks word for word in the translators\' notes', () => {
    const collapse = (s: string) => s.replace(/\s+/g, ' ');
    const book = (name: string) => collapse(readFileSync(join(repoRoot, '../shared/rulebooks', name), 'utf8'));
    const notes = JSON.parse(readFileSync(join(repoRoot, 'rulesets/tokaido/tokaido.differences.json'), 'utf8')) as { differences: { first: string[]; second: string[] }[] };
    const [cs, ru] = [book('tokaido.cs.txt'), book('tokaido.ru.txt')];
    for (const d of notes.differences) {
      for (const q of d.first) expect(cs).toContain(collapse(q));
      for (const q of d.second) expect(ru).toContain(collapse(q));
    }
  });
});
