// The playground's "Import game…" takes a game the command line saved: its ruleset found among
// the shipped ones by the hash of its text, its players' decisions replayed as an imported game's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../cli/load.js';
import { identityOf, type LoadedGame } from '../../cli/shared.js';
import { playGame, randomAgent } from '../../interpreter/runtime/index.js';
import { DecisionRecorder, savedGame } from '../../interpreter/tools/index.js';
import { commandLineGame, parseSavedGame, SavedGameError } from '../../playground/src/saved-game.js';
import { repoRoot } from '../helpers.js';

const PATHS = ['rulesets/connect-four/connect-four.rules', 'rulesets/tokaido/tokaido.cs.rules'];
const shipped = { paths: PATHS, text: async (path: string) => readFileSync(join(repoRoot, path), 'utf8') };

function saved(path: string) {
  const g = loadRuleset(join(repoRoot, path)) as LoadedGame;
  const recorder = new DecisionRecorder();
  const o = { players: 3, seed: 5, variants: [] };
  const state = playGame(g.definition, { ...o, agents: [0, 1, 2].map((s) => randomAgent(`p:${s}`)), onMove: recorder.onMove });
  return { game: savedGame(g.definition, identityOf(g), o, recorder.decisions, state), state };
}

describe('a command-line saved game in the playground', () => {
  it('is found by its ruleset\'s hash and played by its chosen moves', async () => {
    const { game, state } = saved('rulesets/tokaido/tokaido.cs.rules');
    const imported = await commandLineGame(JSON.stringify(game), 'g.json', shipped);
    expect(imported).toMatchObject({ format: 'regula-playground-game/1', players: 3, seed: 5, ruleset: { path: 'rulesets/tokaido/tokaido.cs.rules' } });
    expect(imported!.moves).toEqual(state.moves.map((m) => m.move));
    expect(imported!.position).toBe(state.moves.length);
    expect(parseSavedGame(JSON.stringify(imported))).toEqual(imported);
  });

  it('leaves other files to the playground\'s own reader, and refuses one of rules it does not have', async () => {
    expect(await commandLineGame('{"format":"regula-playground-game/1"}', 'p.json', shipped)).toBeNull();
    expect(await commandLineGame('not json', 'p.json', shipped)).toBeNull();
    const { game } = saved('rulesets/tokaido/tokaido.cs.rules');
    const other = JSON.stringify({ ...game, ruleset: { ...game.ruleset, sha256: 'ab'.repeat(32) } });
    await expect(commandLineGame(other, 'g.json', shipped)).rejects.toThrow(/g\.json was saved from tokaido\.cs\.rules \(hash abababababab…\), which is none of the playground's rulesets/);
    await expect(commandLineGame(JSON.stringify({ ...game, moves: 'none' }), 'g.json', shipped)).rejects.toBeInstanceOf(SavedGameError);
  });
});
