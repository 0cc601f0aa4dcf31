// Mistakes the checker catches before a game runs, each with a message that says what was meant:
// `played of p[1]` (R0304), a choice no player could make (R0408), a forbidding rule whose variable
// a same-named choice lacks (R0212), a flag spelt wrong in a table (R0301). Through compileSource,
// as `regula check` runs it.
import { describe, expect, it } from 'vitest';
import { renderDiagnostic } from '../../grammar/index.js';
import { compileSource } from '../../interpreter/compiler/index.js';

const HEADER = `game "Example" { players 2 to 2 }
component Card { name: text }
zone played of Card per player
counter score per player
winner most score
`;

/** The diagnostics of a ruleset made of the header and `rest`, rendered as `regula check` prints them. */
function checked(rest: string): string[] {
  const source = HEADER + rest;
  return compileSource(source, 'example.rules').diagnostics.map((d) => renderDiagnostic(d, source, 'example.rules'));
}

const turns = (body: string) => `flow {\n  for each p in players {\n    turn of p {\n${body}\n    }\n  }\n  end the game\n}\n`;

describe('`P of X[i]` where X is no list (R0304)', () => {
  it('says how `P of X[i]` reads and what to write for an item of `P of X`', () => {
    const [d, ...rest] = checked(turns('      let c = played of p[1]\n      say "{c}"'));
    expect(rest).toEqual([]);
    expect(d).toContain('error R0304: `played of p[1]` reads as `played of (p[1])`, and a player is not a list: for an item of `played of p`, write `(played of p)[1]`.');
  });

  it('leaves the grouping written out, and a real list indexed, alone', () => {
    expect(checked(turns('      let c = (played of p)[1]\n      say "{c}"'))).toEqual([]);
    expect(checked(turns('      let q = [p]\n      let c = played of q[1]\n      say "{c}"'))).toEqual([]);
  });
});

describe('a choice outside every turn (R0408)', () => {
  it('is an error in the flow and in setup', () => {
    const found = checked('setup {\n  choose n from 1 to 3 as handicap\n}\nflow {\n  choose {\n    "a" { say "a" }\n    "b" { say "b" }\n  }\n  end the game\n}\n');
    expect(found.map((d) => d.split('\n')[0])).toEqual([
      "example.rules:7:3: error R0408: No player's turn runs here, so nobody could make this choice: put it inside `turn of …`, or say who decides with `by …`.",
      "example.rules:10:3: error R0408: No player's turn runs here, so nobody could make this choice: put it inside `turn of …`, or say who decides with `by …`.",
    ]);
  });

  it('is an error in a rule the flow calls outside a turn, naming the rule and the call', () => {
    const [d, ...rest] = checked('rule take-some {\n  choose n from 1 to 3 as take\n  gain n score\n}\nflow {\n  take-some()\n  end the game\n}\n');
    expect(rest).toEqual([]);
    expect(d).toContain("error R0408: No player's turn runs here (in rule `take-some`, run by the call at line 11), so nobody");
  });

  it('is not reported inside a turn, with `by`, or in a rule called inside a turn', () => {
    expect(checked(turns('      choose n from 1 to 3 as take\n      gain n score'))).toEqual([]);
    expect(checked('flow {\n  for each p in players {\n    choose n from 1 to 3 as bid by p\n    gain n score to p\n  }\n  end the game\n}\n')).toEqual([]);
    expect(checked(`rule take-some {\n  choose n from 1 to 3 as take\n  gain n score\n}\n${turns('      take-some()')}`)).toEqual([]);
  });
});

describe('a forbidding rule and same-named choices (R0212)', () => {
  const twoTakes = (second: string) => `rule greedy forbids take when n = 3\nflow {
  for each p in players {
    turn of p {
      choose n from 1 to 3 as take
      gain n score
    }
  }
  for each p in players {
    turn of p {
      ${second}
      gain 1 score
    }
  }
  end the game
}\n`;

  it('is an error when one of the choices lacks a variable the rule reads, naming that choice', () => {
    const [d, ...rest] = checked(twoTakes('choose m from 1 to 2 as take'));
    expect(rest).toEqual([]);
    expect(d).toContain('example.rules:6:31: error R0212: The choice `take` at line 16 has no variable `n`, so this forbidding rule cannot be worked out there');
  });

  it('is fine when every choice of the name has the variable', () => {
    expect(checked(twoTakes('choose n from 1 to 2 as take'))).toEqual([]);
  });
});

describe('a flag spelt wrong in a table (R0301)', () => {
  it('suggests the flag it was probably meant to be', () => {
    const found = checked('component Space { name: text, safe: flag }\ntable spaces of Space {\n  | name | safe |\n  | a    | yex  |\n  | b    | o    |\n}\nflow { end the game }\n');
    expect(found.map((d) => d.split('\n')[0])).toEqual([
      'example.rules:9:12: error R0301: Expected a yes/no value here, but this is a text. Did you mean `yes`?',
      'example.rules:10:12: error R0301: Expected a yes/no value here, but this is a text. Did you mean `no`?',
    ]);
  });
});

describe('a value word spelt wrong (R0201)', () => {
  it('suggests `none`, `yes` or `no` when no name in reach is close', () => {
    const [d] = checked(turns('      let c = played of p\n      if c is not one { say "some" }'));
    expect(d?.split('\n')[0]).toBe('example.rules:10:19: error R0201: Name `one` is not declared. Did you mean `none`?');
  });
});
