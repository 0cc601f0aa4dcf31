// The game log's lines about choices and where each line comes from: what the others read of a
// hidden choice is the same whether it had one option or several (whether the rules made it alone
// is a field, for those who may read the choice); a hidden choice whose card is then played face
// up is logged and listed openly; every line written by a statement says where that statement is.
// Each is checked on a game played as it plays by default and with a watcher of rules, which the
// machine serves (the compiled program, where it plays a real move, must write the machine's log).
import { describe, expect, it } from 'vitest';
import { apply, setup, view, type GameState, type LogEntry, type RunOptions } from '../interpreter/runtime/index.js';
import { loadSavedGame, rulesetIdentity, savedGame, DecisionRecorder } from '../interpreter/tools/index.js';
import { compileText } from './helpers.js';

const source = `game "Log" { players 2 }
component Card { name: text }
table cards of Card in deck {
  | name  |
  | ace   |
  | king  |
  | queen |
  | jack  |
}
zone deck of Card, ordered, hidden
zone hand of Card per player, private
zone table of Card, public
zone kept of Card per player, private
counter coins per player

rule pay-out {
  gain 2 coins
}

flow {
  for each p in players {
    draw 2 from deck to hand of p
  }
  turn of players[1] {
    choose card from hand as keep
    move card to kept
    choose card from hand as play
    move card to table
    pay-out()
  }
  turn of players[2] {
    choose card from hand as play
    move card to table
    choose card from hand as keep
    move card to kept
  }
  end the game
}
`;
const def = compileText(source);
/** The line and column where a line of the source starts its text. */
const placeOf = (text: string) => {
  const lines = source.split('\n');
  const line = lines.findIndex((l) => l.trim() === text);
  return { line: line + 1, col: lines[line]!.indexOf(text) + 1 };
};
const choiceLines = (log: readonly LogEntry[]) => log.filter((e) => /^P\d: (keep|play)/.test(e.text));

const engines: [string, RunOptions][] = [['as played by default', {}], ['on the machine', { onRule: () => undefined }]];
describe.each(engines)('the log of choices, %s', (_, options) => {
  const play = (moves: readonly string[]): GameState => moves.reduce((state, move) => apply(def, state, move, options), setup(def, 2, 1, [], options));
  // P1 holds ace and king, P2 queen and jack. P1 keeps one of two (hidden), then plays the one
  // left (made alone, face up); P2 plays one of two (face up), then keeps the one left (made alone, hidden).
  const played = play(['keep ace', 'play queen']);

  it('writes a hidden choice made alone as the others read one among several, and marks it forced in the full log', () => {
    const full = choiceLines(played.log);
    expect(full).toEqual([
      { text: 'P1: keep a hidden card', detail: 'keep ace', seen: [0], at: placeOf('choose card from hand as keep') },
      { text: 'P1: play king', forced: true, at: expect.anything() },
      { text: 'P2: play queen', at: expect.anything() },
      { text: 'P2: keep a hidden card', detail: 'keep jack', seen: [1], forced: true, at: expect.anything() },
    ]);
    // Each seat reads the other's keep alike, one made among two options, the other alone.
    const p2Reads = choiceLines(view(def, played, 1).log);
    const p1Reads = choiceLines(view(def, played, 0).log);
    expect(p2Reads[0]).toEqual({ text: 'P1: keep a hidden card' });
    expect(p1Reads[3]).toEqual({ text: 'P2: keep a hidden card' });
    // Nothing of a choice made alone tells the others so, even when it is played face up.
    expect(p2Reads[1]).toEqual({ text: 'P1: play king' });
    expect(view(def, played, 1).log.map((e) => e.text).join('\n')).not.toMatch(/only option/);
    // The decider may read it of their own hidden choice.
    expect(p2Reads[3]).toMatchObject({ text: 'P2: keep a hidden card', detail: 'keep jack', forced: true });
  });

  it('names a hidden choice whose card is then played face up, to everyone and in the move list', () => {
    expect(played.moves).toEqual([{ player: 0, move: 'keep ace', seen: [0] }, { player: 1, move: 'play queen' }]);
    expect(view(def, played, 0).moves).toEqual([{ player: 0, move: 'keep ace' }, { player: 1, move: 'play queen' }]);
    expect(view(def, played, 1).moves).toEqual([{ player: 0, move: '(hidden)' }, { player: 1, move: 'play queen' }]);
    // Before the card is played the choice is still hidden: P2's play waits while P2 decides.
    const waiting = play(['keep ace']);
    expect(choiceLines(view(def, waiting, 0).log)).toEqual([expect.objectContaining({ text: 'P1: keep a hidden card' }), expect.objectContaining({ text: 'P1: play king' })]);
  });

  it('links each line to the statement that wrote it, not to the choice that led there', () => {
    const coins = played.log.find((e) => e.text.startsWith('P1: coins'))!;
    expect(coins).toEqual({ text: 'P1: coins +2 → 2', at: placeOf('gain 2 coins') });
    expect(played.log.find((e) => e.text === 'P1 moves to table: king')!.at).toEqual({ line: placeOf('move card to table').line, col: 5 });
    expect(played.log.find((e) => e.text === '— turn of P2 —')!.at).toEqual(placeOf('turn of players[2] {'));
    expect(played.log.find((e) => e.text === 'the game ends')!.at).toEqual(placeOf('end the game'));
    // The setup's header comes from no statement.
    expect(played.log[0]).toEqual({ text: 'Log: 2 players' });
  });

  it('keeps the decisions made alone in a saved game, found by their mark', () => {
    const recorder = new DecisionRecorder();
    let state = setup(def, 2, 1, [], options);
    recorder.onMove(state);
    for (const move of ['keep ace', 'play queen']) {
      state = apply(def, state, move, options);
      recorder.onMove(state);
    }
    expect(recorder.decisions).toEqual([
      { player: 0, move: 'keep ace' }, { player: 0, move: 'play king', forced: true },
      { player: 1, move: 'play queen' }, { player: 1, move: 'keep jack', forced: true },
    ]);
    const identity = rulesetIdentity({ file: 'log.rules', text: source, cites: [] });
    const file = savedGame(def, identity, { players: 2, seed: 1, variants: [] }, recorder.decisions, state);
    const loaded = loadSavedGame(def, identity, JSON.stringify(file), 'log.json', options);
    expect(loaded.state.log).toEqual(state.log);
    expect(loaded.decisions).toEqual(recorder.decisions);
  });
});
