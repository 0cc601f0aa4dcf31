// The leak harness: nothing a player is shown may name a card they cannot see. For every shipped
// ruleset, player count and a few seeds, after every move of a random game, each player's new log
// lines (as their view gives them) are searched for the names of cards that were hidden from that
// player before the move and are still hidden after it (a card that the move shows them, by
// moving it to a zone they see or revealing it, may be named). Any hit is a leak.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyInPlace, legalMoves, modelFor, randomAgent, setup, view, zoneReaders, type GameState, type Model,
} from '../interpreter/runtime/index.js';
import { compileFile, repoRoot } from './helpers.js';
import { playerCounts, shippedRulesets } from './settings.js';

const SEEDS = Number(process.env.REGULA_LEAK_SEEDS ?? 2);

/** Card ids a seat cannot see now: in a zone hidden from it, and not revealed. */
function hiddenFrom(model: Model, state: GameState, seat: number): Set<string> {
  const out = new Set<string>();
  for (const [key, cards] of Object.entries(state.zones)) {
    const readers = zoneReaders(model, key);
    if (readers === null || readers.includes(seat)) continue;
    for (const card of cards) if (!state.revealed.includes(card)) out.add(card);
  }
  return out;
}

const labelOf = (model: Model, card: string) => model.things.get(card)?.label ?? card;

/** The names of the cards in zones, less the hidden ones. */
const visibleLabels = (model: Model, state: GameState, hidden: ReadonlySet<string>) =>
  new Set(Object.values(state.zones).flat().filter((c) => !hidden.has(c)).map((c) => labelOf(model, c)));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether the text names the label as a whole name (not inside a longer one such as `mask-drum`). */
const named = (text: string, label: string) => new RegExp(`(^|[^\\p{L}\\p{N}#-])${escape(label)}($|[^\\p{L}\\p{N}#-])`, 'u').test(text);

export function leaksInGame(rulesetPath: string, players: number, seed: string): string[] {
  const def = compileFile(join(repoRoot, rulesetPath));
  const model = modelFor(def, players, []);
  const state = setup(def, players, seed);
  const agents = Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`));
  const leaks: string[] = [];
  for (let legal = legalMoves(def, state); legal; legal = legalMoves(def, state)) {
    const before = state.log.length;
    const hiddenBefore = Array.from({ length: players }, (_, seat) => hiddenFrom(model, state, seat));
    const seenBefore = Array.from({ length: players }, (_, seat) => visibleLabels(model, state, hiddenBefore[seat]!));
    const move = agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) });
    applyInPlace(def, state, move);
    for (let seat = 0; seat < players; seat++) {
      const stillHidden = hiddenFrom(model, state, seat);
      // A name a player can also see on a card before or after the move may be about that card.
      const seen = new Set([...seenBefore[seat]!, ...visibleLabels(model, state, stillHidden)]);
      const secretLabels = new Set([...hiddenBefore[seat]!].filter((c) => stillHidden.has(c)).map((c) => labelOf(model, c)).filter((l) => !seen.has(l)));
      // The decider was offered the options by name: those names are theirs to read.
      if (seat === legal.player) for (const l of [...secretLabels]) if (legal.moves.some((m) => named(m, l))) secretLabels.delete(l);
      // A card named by a bare number (a die's face) cannot be told from a count in the text.
      for (const l of [...secretLabels]) if (/^\d+$/.test(l)) secretLabels.delete(l);
      if (secretLabels.size === 0) continue;
      // Names the player may read that contain a secret name (`Böhmen/Salzburg 3` holds `Salzburg`) are taken out first.
      const containing = [...seen].filter((l) => [...secretLabels].some((x) => l !== x && l.includes(x))).sort((a, b) => b.length - a.length);
      const entries = view(def, state, seat, { logSince: before }).log;
      // A `reveal` shows cards to everyone on purpose, even if they go back out of sight in the same move.
      for (const entry of entries) if (entry.text.startsWith('revealed: ')) for (const l of entry.text.slice(10).split(', ')) secretLabels.delete(l);
      // So does a card played face up: it passed through a public zone, though the same move may
      // sweep it on into a hidden one (a trick taken into a private pile).
      for (const entry of entries) {
        const faceUp = /moves to (?:the top of )?([^:]+): (.*)$/.exec(entry.text);
        const zone = faceUp?.[1]!.split(' of ')[0]!;
        if (faceUp && entry.seen === undefined && model.zones.get(zone)?.visibility === 'public') {
          for (const l of faceUp[2]!.split(', ')) secretLabels.delete(l);
        }
      }
      for (const entry of entries) {
        const shown = containing.reduce((text, l) => text.split(l).join(' '), `${entry.text} ${entry.detail ?? ''}`);
        for (const label of secretLabels) {
          if (named(shown, label)) leaks.push(`${rulesetPath}, ${players} players, seed ${seed}, move ${state.moves.length} (${move}): P${seat + 1} reads "${shown.trim()}", naming ${label}, which P${seat + 1} cannot see`);
        }
      }
    }
  }
  return leaks;
}

describe('no player is shown a card hidden from them', () => {
  for (const ruleset of shippedRulesets(repoRoot)) {
    it(ruleset, () => {
      const def = compileFile(join(repoRoot, ruleset));
      const leaks = playerCounts(def).flatMap((players) => Array.from({ length: SEEDS }, (_, i) => leaksInGame(ruleset, players, `leak-${i}`)).flat());
      expect(leaks.slice(0, 5)).toEqual([]);
    });
  }
});
