// How much of its rulebook a ruleset cites: sentence by sentence, whatever the text's wrapping,
// which passages are flavour, and which declarations cite nothing.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { formatCoverage } from '../../cli/format-coverage.js';
import { loadRuleset } from '../../cli/load.js';
import { coverage, coverageTotals, flavourMarks } from '../../interpreter/tools/index.js';
import { compileText, repoRoot } from '../helpers.js';

// A rulebook wrapped by hand, with a list, as many plain-text rulebooks are.
const RULEBOOK = `Last Coin
Fifteen coins lie in a pile between the players. In turn, each
player takes one, two or three coins from the pile.
- Whoever takes the last coin wins the game and all the glory.
- A player may never pass: every turn, some coins must be taken.
History: the game was played in taverns long before anyone wrote it down.
`;

const def = compileText(`
  game "Last Coin" { players 2 to 4  rulebook "coins.txt" }
  counter pile, from 15, at least 0
    cites "Fifteen coins lie in a pile"
  counter won per player
  flow {
    repeat until pile = 0 {
      for each p in players where pile > 0 {
        turn of p {
          choose n from 1 to min(3, pile) as take
          lose n pile
          if pile = 0 { gain 1 won }
        }
      }
    }
    end the game
  }
  rule never-more-than-three forbids take when n > 3
    cites "each player takes one, two or three coins from the pile."
  winner most won
    cites "Whoever takes the last coin wins the game and all the glory."
`);

describe('coverage of a rulebook', () => {
  const c = coverage(def, { file: 'coins.txt', text: RULEBOOK });

  it('cuts the text into sentences and list items, each with the line it starts on', () => {
    expect(c.passages.map((p) => [p.line, p.status])).toEqual([
      [1, 'partly'], // "Last Coin Fifteen coins lie in a pile between the players." — the title joins the first sentence
      [2, 'cited'],
      [4, 'cited'],
      [5, 'not cited'],
      [6, 'not cited'],
    ]);
    expect(c.passages[3]!.text).toBe('- A player may never pass: every turn, some coins must be taken.');
    expect(c.passages[1]!.citedBy.map((d) => d.key)).toEqual(['rule never-more-than-three']);
    expect(c.passages[1]!.citedBy[0]!.at).toMatch(/^test\.rules:\d+:3$/);
  });

  it('lists the declarations that cite nothing', () => {
    expect(c.uncited.map((u) => u.key)).toEqual(['counter won', 'flow']);
  });

  it('counts no flavour when nothing is marked', () => {
    expect(c.flavour).toEqual([]);
    expect(coverageTotals(c)).toEqual({ passages: 5, cited: 2, partly: 1, notCited: 2, flavour: 0, percent: 40 });
  });
});

describe('flavour', () => {
  const marked = compileText(`
    // The story: no rule in it.
    // flavour "History: the game was played in taverns" — the story
    game "Last Coin" { players 2 to 4  rulebook "coins.txt" }
    counter pile, from 15, at least 0
      cites "Fifteen coins lie in a pile between the players."
    counter won per player
    flow { end the game }
    winner most won
      cites "Whoever takes the last coin wins the game and all the glory."
    // flavour "A player may never pass" — half of a sentence that is a rule: still not cited
    // flavour "Whoever takes the last coin" — a cited sentence stays cited
    // flavour "played in pubs" — not in the rulebook
    define note = "// flavour \\"each player takes one\\" inside a string is no mark"
    // flavour "In turn, each player takes" — these words leave the measure of their sentence…
    define most-per-turn = 3
      cites "one, two or three coins" // …so that this quote is more than half of what remains
  `);
  const c = coverage(marked, { file: 'coins.txt', text: RULEBOOK });

  it('reads the // flavour "…" comments, not the words of strings', () => {
    expect(c.flavour.map((f) => f.quote)).toEqual(['History: the game was played in taverns', 'A player may never pass', 'Whoever takes the last coin', 'played in pubs', 'In turn, each player takes']);
    expect(c.flavour[0]!.at).toBe('test.rules:3:16');
    expect(flavourMarks('// flavour "say \\"hi\\"" why')).toEqual([{ quote: 'say "hi"', offset: 11 }]);
  });

  it('makes a passage flavour when the marks quote at least half of it and no citation touches it', () => {
    expect(c.passages.map((p) => p.status)).toEqual(['cited', 'cited', 'cited', 'not cited', 'flavour']);
    expect(coverageTotals(c)).toEqual({ passages: 5, cited: 3, partly: 0, notCited: 1, flavour: 1, percent: 75 });
  });

  it('measures a passage that mixes rule and flavour by its words not marked flavour', () => {
    const mixed = c.passages[1]!;
    expect(mixed.text).toBe('In turn, each player takes one, two or three coins from the pile.');
    expect(mixed.share).toBeCloseTo('one, two or three coins'.length / (mixed.text.length - 'In turn, each player takes'.length));
  });

  it('reports a mark whose words are not in the rulebook', () => {
    expect(c.unfound).toEqual([{ quote: 'played in pubs', at: 'test.rules:13:16' }]);
    const text = formatCoverage(c, 'test.rules');
    expect(text).toMatch(/^test\.rules against coins\.txt: 3 of 4 rule passages cited \(75%\), 0 in part, 1 not at all; 1 flavour\.\n/);
    expect(text).toContain('test.rules:13:16: error: the flavour mark "played in pubs" is not in coins.txt; copy the words, do not retype them.');
  });

  it('marks everything from the first words to the last with `to`', () => {
    const ranged = compileText(`
      game "Last Coin" { players 2 to 4  rulebook "coins.txt" }
      flow { end the game }
      // flavour "Whoever takes" to "anyone wrote it down." — the end of the text
      // flavour "History:" to "Whoever takes" — the last words must come after the first
    `);
    const r = coverage(ranged, { file: 'coins.txt', text: RULEBOOK });
    expect(r.passages.map((p) => p.status)).toEqual(['not cited', 'not cited', 'flavour', 'flavour', 'flavour']);
    expect(r.flavour[0]).toEqual({ quote: 'Whoever takes', to: 'anyone wrote it down.', at: 'test.rules:4:18' });
    expect(r.unfound.map((u) => u.quote)).toEqual(['History:']);
  });
});

// Issue 14: every shipped ruleset cites at least 95% of its rule passages, every flavour mark is
// found in its rulebook, and every win condition cites its passage.
describe('the shipped rulesets', () => {
  const files = readdirSync(join(repoRoot, 'rulesets'), { recursive: true, encoding: 'utf8' })
    .map((f) => f.replaceAll('\\', '/'))
    .filter((f) => f.endsWith('.rules'))
    .sort();
  it.each(files)('%s', (file) => {
    const loaded = loadRuleset(join(repoRoot, 'rulesets', file));
    expect(loaded.definition && loaded.rulebook).toBeTruthy();
    const c = coverage(loaded.definition!, loaded.rulebook!);
    expect(c.unfound).toEqual([]);
    expect(c.uncited.filter((u) => u.key === 'winner')).toEqual([]);
    expect(coverageTotals(c).percent).toBeGreaterThanOrEqual(95);
  });
});

describe('regula coverage', () => {
  it('prints the totals, the passages not cited and the rules that cite nothing', () => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'coverage', 'test/compare/last-coin.first.rules'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^test\/compare\/last-coin\.first\.rules against last-coin\.en\.txt: \d+ of \d+ rule passages cited \(\d+%\), \d+ in part, \d+ not at all; 0 flavour\.\n/);
    expect(r.stdout).toContain('Rules that cite nothing (1):\n  winner');
    expect(r.stdout).toContain('Other declarations that cite nothing (2): counter pile, flow');
  });
});
