// How much of its rulebook a ruleset cites: sentence by sentence, whatever the text's wrapping,
// and which declarations cite nothing.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { coverage } from '../../interpreter/tools/index.js';
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
});

describe('regula coverage', () => {
  it('prints the totals, the passages not cited and the rules that cite nothing', () => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'coverage', 'test/compare/last-coin.first.rules'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^test\/compare\/last-coin\.first\.rules against last-coin\.en\.txt: \d+ of \d+ passages cited/);
    expect(r.stdout).toContain('Other declarations that cite nothing (3): counter pile, flow, winner');
  });
});
