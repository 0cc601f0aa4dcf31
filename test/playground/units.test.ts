// The playground's DOM-free parts in Node: diagnostics as editor markers, the game session (undo,
// agent, errors with their rule's location), card lists, and the Monarch keyword list.
import { describe, expect, it } from 'vitest';
import { KEYWORDS } from '../../grammar/tokens.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { describe as describeDiagnostic, MARKER_SEVERITY, sorted, summarize, toMarker } from '../../playground/src/diagnostics-view.js';
import { GameSession, problemOf } from '../../playground/src/game.js';
import { cardsText, countdownText } from '../../playground/src/game-view.js';
import { regulaMonarch } from '../../playground/src/regula-language.js';

const COINS = (guard: string, start = 15) => `game "Last Coin" { players 2 to 4 }

counter pile, from ${start}, at least 0
counter won per player

flow {
  repeat until pile = 0 {
    for each p in players where pile > 0 {
      turn of p {
        choose n from 1 to ${guard} as take
        lose n pile
        if pile = 0 { gain 1 won }
      }
    }
  }
  end the game
}

winner most won
`;

function compiled(source: string): GameDefinition {
  const r = compileSource(source, 'coins.rules');
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.definition!;
}

describe('diagnostics as markers', () => {
  const source = COINS('min(3, pile)').replace('lose n pile', 'lose n piles');
  const { diagnostics } = compileSource(source, 'coins.rules');

  it('puts a misspelt name on its line and columns, with the suggestion in the message', () => {
    const d = diagnostics.find((x) => x.code === 'R0201')!;
    expect(d.suggestion).toBe('pile');
    const m = toMarker(d, source);
    expect(m).toMatchObject({ severity: MARKER_SEVERITY.error, code: 'R0201', startLineNumber: 11, startColumn: 16, endLineNumber: 11, endColumn: 21 });
    expect(m.message).toContain('Did you mean `pile`?');
    expect(describeDiagnostic(d)).toBe(m.message);
    expect(summarize(diagnostics).text).toMatch(/^1 error/);
  });

  it('gives an empty span one column, and sorts errors first', () => {
    const at0 = { code: 'R0502', severity: 'warning', message: 'w', span: { start: 0, end: 0 } } as const;
    expect(toMarker(at0, source)).toMatchObject({ startLineNumber: 1, startColumn: 1, endColumn: 2, severity: MARKER_SEVERITY.warning });
    expect(sorted([at0, ...diagnostics])[0]!.severity).toBe('error');
    expect(summarize([at0]).text).toBe('No errors (1 warning)');
  });
});

describe('a game session', () => {
  it('plays, undoes, and lets the agent finish', () => {
    const session = new GameSession(compiled(COINS('min(3, pile)')), { players: 2, seed: 7, variants: [] });
    expect(session.legal()!.moves).toEqual(['take 1', 'take 2', 'take 3']);
    session.play('take 2');
    expect(session.depth).toBe(1);
    expect(session.undo()).toBe(true);
    expect(session.undo()).toBe(false);
    while (session.agentMove() !== null);
    expect(session.state.over).toBe(true);
    expect(session.view(0).result!.winners).toHaveLength(1);
    expect(session.why('take 1').text).toContain('over');
  });

  it('undoes back to exactly the state it started from', () => {
    const def = compiled(COINS('min(3, pile)'));
    const sortedJson = (x: object) => JSON.stringify(Object.fromEntries(Object.entries(x).sort()));
    const fresh = new GameSession(def, { players: 3, seed: 'u', variants: [] });
    const session = new GameSession(def, { players: 3, seed: 'u', variants: [] });
    const midway: string[] = [];
    while (session.agentMove() !== null) if (session.depth === 3) midway.push(sortedJson(session.state));
    while (session.depth > 3) session.undo();
    expect(sortedJson(session.state)).toBe(midway[0]);
    while (session.undo());
    expect(sortedJson(session.state)).toBe(sortedJson(fresh.state));
  });

  it('turns a failing rule into a problem with its location, leaving the state as it was', () => {
    const def = compiled(COINS('3', 2)); // no `min(3, pile)`: taking 3 of 2 coins breaks the counter's floor
    const session = new GameSession(def, { players: 2, seed: 1, variants: [] });
    let error: unknown;
    try {
      session.play('take 3');
    } catch (e) {
      error = e;
    }
    expect(session.depth).toBe(0);
    expect(session.state.moves).toEqual([]);
    expect(session.legal()!.moves).toEqual(['take 1', 'take 2', 'take 3']);
    const p = problemOf(error, def);
    expect(p.title).toBe('A rule failed (R0603)');
    expect(p.at).toEqual({ file: 'coins.rules', line: 11, column: 9 });
  });

  it('reports a bad setup plainly', () => {
    let error: unknown;
    try { new GameSession(compiled(COINS('3')), { players: 9, seed: 1, variants: [] }); } catch (e) { error = e; }
    expect(problemOf(error, null)).toMatchObject({ title: 'Cannot start this game', at: null });
    expect(problemOf(error, null).message).toContain('2 to 4 players');
  });
});

describe('small views', () => {
  it('groups copies of a card and cuts long lists', () => {
    expect(cardsText(['Soba#1', 'Soba#2', 'Tofu', 'Soba#3'])).toBe('Soba ×2, Tofu, Soba');
    expect(cardsText(['a', 'b', 'c'], 2)).toBe('a, b, … (1 more)');
  });

  it('counts down in minutes and seconds', () => {
    expect(countdownText(61_000)).toBe(' · 1:01 left');
    expect(countdownText(0)).toBe(' · time is up');
  });

  it('highlights every keyword of the language', () => {
    expect(regulaMonarch().keywords).toEqual([...KEYWORDS]);
  });
});
