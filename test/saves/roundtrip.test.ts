// Every shipped ruleset's game, saved and loaded again: the decisions recorded (forced ones, hidden
// ones and secret ones included) replay to the same game, log and result, at its end and midway.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../cli/load.js';
import { identityOf, type LoadedGame } from '../../cli/shared.js';
import { playGame, randomAgent } from '../../interpreter/runtime/index.js';
import { DecisionRecorder, loadSavedGame, savedGame } from '../../interpreter/tools/index.js';
import { repoRoot } from '../helpers.js';

const files = readdirSync(join(repoRoot, 'rulesets'), { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(repoRoot, 'rulesets', d.name)).filter((f) => f.endsWith('.rules')).map((f) => join('rulesets', d.name, f)));

describe.each(files)('%s', (file) => {
  it('saves a game and loads it again as the same game', () => {
    const g = loadRuleset(join(repoRoot, file)) as LoadedGame;
    if (!g.definition) return; // a ruleset kept to show errors
    const def = g.definition;
    const players = Math.min(Math.max(def.players.min, 3), def.players.max);
    const recorder = new DecisionRecorder();
    const o = { players, seed: 'saves', variants: [] as string[] };
    const state = playGame(def, { ...o, agents: Array.from({ length: players }, (_, s) => randomAgent(`saves:${s}`)), maxMoves: 5000, onMove: recorder.onMove });
    const saved = savedGame(def, identityOf(g), o, recorder.decisions, state);
    const loaded = loadSavedGame(def, identityOf(g), JSON.stringify(saved), 'game.json');
    expect(loaded.state.log).toEqual(state.log);
    expect(loaded.state.result).toEqual(state.result);
    expect(loaded.decisions).toEqual(recorder.decisions);
    // Midway, without its log and result: the same position.
    const half = { ...saved, moves: saved.moves.slice(0, Math.floor(saved.moves.length / 2)) };
    delete (half as { log?: unknown }).log;
    delete (half as { final?: unknown }).final;
    const mid = loadSavedGame(def, identityOf(g), JSON.stringify(half), 'half.json');
    expect(mid.decisions.length).toBeGreaterThanOrEqual(half.moves.length);
    expect(mid.decisions.slice(0, half.moves.length)).toEqual(half.moves);
  }, 120_000);
});

describe('saved games from the package', () => {
  it('a library user saves a game and loads it back, the ruleset named by its texts', async () => {
    const lib = await import('../../index.js');
    const source = readFileSync(join(repoRoot, 'rulesets/connect-four/connect-four.rules'), 'utf8');
    const def = lib.compileSource(source, 'connect-four.rules').definition!;
    const identity = lib.rulesetIdentity({ file: 'connect-four.rules', text: source, cites: [] });
    const recorder = new lib.DecisionRecorder();
    const state = lib.playGame(def, { players: 2, seed: 3, agents: [lib.randomAgent('a'), lib.randomAgent('b')], onMove: recorder.onMove });
    const text = JSON.stringify(lib.savedGame(def, identity, { players: 2, seed: 3, variants: [] }, recorder.decisions, state));
    expect(lib.loadSavedGame(def, identity, text, 'game.json').state.result).toEqual(state.result);
    const edited = lib.rulesetIdentity({ file: 'connect-four.rules', text: `${source}\n`, cites: [] });
    expect(() => lib.loadSavedGame(def, edited, text, 'game.json')).toThrow(/this game was saved from another ruleset/);
  });
});
