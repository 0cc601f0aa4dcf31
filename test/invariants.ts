// Invariants every game must keep after every move, whatever the ruleset: counters within their
// bounds, every card in exactly one zone, nothing hidden leaking into a player's view, and
// counters equal to the ruleset's own recount formulas.
import { evalNumber, newCtx } from '../interpreter/runtime/index.js';
import type { GameDefinition } from '../interpreter/definition/index.js';
import { zoneReaders } from '../interpreter/runtime/index.js';
import { modelOf, recounts, view } from '../interpreter/runtime/index.js';
import type { GameState } from '../interpreter/runtime/index.js';

/** `logSince`: the log entries before it were checked already (keeps a whole game's checks linear). */
export function invariantViolations(def: GameDefinition, state: GameState, logSince = 0): string[] {
  const problems: string[] = [];
  const model = modelOf(def, state);

  for (const [name, counter] of model.counters) {
    if (!counter.min) continue;
    const min = evalNumber(newCtx(model, state, null, 'invariant', null), counter.min);
    const v = state.counters[name]!;
    const values = typeof v === 'number' ? [v] : Array.isArray(v) ? v : Object.values(v);
    if (values.some((x) => x < min)) problems.push(`counter ${name} below ${min}: ${JSON.stringify(v)}`);
  }

  const where = new Map<string, string>();
  for (const [key, cards] of Object.entries(state.zones)) {
    for (const card of cards) {
      if (where.has(card)) problems.push(`card ${card} is in both ${where.get(card)} and ${key}`);
      where.set(card, key);
    }
  }
  for (const thing of model.things.values()) {
    if (thing.zone && !where.has(thing.id)) problems.push(`card ${thing.id} is in no zone`);
  }

  for (let seat = 0; seat < state.players; seat++) {
    const v = view(def, state, seat, { logSince });
    for (const [key, zone] of Object.entries(v.zones)) {
      const readers = zoneReaders(model, key);
      if (readers === null || readers.includes(seat)) continue;
      for (const card of zone.cards ?? []) {
        if (!state.revealed.includes(card)) problems.push(`seat ${seat} sees ${card} in ${key}`);
      }
    }
    for (const entry of v.log) {
      if (entry.detail !== undefined && !entry.seen?.includes(seat)) problems.push(`seat ${seat} reads a hidden log detail`);
    }
    if (v.decision && v.decision.player !== seat && v.decision.moves !== null) problems.push(`seat ${seat} sees another's options`);
  }

  for (const r of recounts(def, state)) {
    const have = state.counters[r.counter];
    if (JSON.stringify(have) !== JSON.stringify(r.values)) {
      problems.push(`counter ${r.counter} is ${JSON.stringify(have)} but the recount gives ${JSON.stringify(r.values)}`);
    }
  }
  return problems;
}
