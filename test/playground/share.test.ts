// Share links (playground/src/saved-game.ts): a game of a shipped ruleset left as shipped is linked
// by the ruleset's path and a digest, so the link stays short; an edited ruleset travels in the link;
// a link whose ruleset has changed since, or that is damaged, is refused with a sentence that says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameFromLink, LONG_LINK, SAVED_GAME_FORMAT, shareFragment, type SavedGame } from '../../playground/src/saved-game.js';

const ROOT = join(import.meta.dirname, '../..');
const PATH = 'rulesets/tokaido/tokaido.cs.rules';
const TEXT = readFileSync(join(ROOT, PATH), 'utf8');
const game: SavedGame = {
  format: SAVED_GAME_FORMAT, ruleset: { path: PATH, text: TEXT }, players: 3, seed: 7, variants: [],
  moves: ['pick 0', 'pick 1', 'pick 0', 'advance 2'], position: 4, agents: [null, 'random', null],
};
const shipped = async (path: string) => { if (path !== PATH) throw new Error('none'); return TEXT; };

describe('share links', () => {
  it('names a shipped ruleset left as shipped instead of copying it: a link of a few hundred characters', async () => {
    const hash = shareFragment(game, TEXT);
    expect(hash.startsWith('#ref=')).toBe(true);
    expect(hash.length).toBeLessThan(400);
    expect(await gameFromLink(hash, shipped)).toEqual(game);
  });

  it('carries an edited ruleset in the link, deflated; a long one is over the length the page warns about', async () => {
    const edited = { ...game, ruleset: { path: PATH, text: TEXT.replace('min(3, coins)', 'min(2, coins)') } };
    const hash = shareFragment(edited, TEXT);
    expect(hash.startsWith('#game=')).toBe(true);
    expect(hash.length).toBeLessThan(edited.ruleset.text.length / 2);
    expect(hash.length).toBeGreaterThan(LONG_LINK);
    expect(await gameFromLink(hash, shipped)).toEqual(edited);
  });

  it('refuses a link whose ruleset changed since, or that names a ruleset the page lacks, or is cut short', async () => {
    const hash = shareFragment(game, TEXT);
    await expect(gameFromLink(hash, async () => `${TEXT}\n`)).rejects.toThrow(/another version of rulesets\/tokaido\/tokaido\.cs\.rules/);
    await expect(gameFromLink(hash, async () => { throw new Error('no'); })).rejects.toThrow(/does not have/);
    await expect(gameFromLink(hash.slice(0, 40), shipped)).rejects.toThrow(/damaged/);
    expect(await gameFromLink('#nothing', shipped)).toBeNull();
  });
});
