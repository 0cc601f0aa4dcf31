// Determinization: a playable game state made from what one player sees (a PlayerView) and a random
// generator, never from the true state. The cards hidden from that player are dealt at random from
// the cards it cannot see, and the generator for shuffles and chance to come is fresh. What an agent
// that must not peek (information-set search) plays on.
import type { GameDefinition } from '../definition/index.js';
import { evalNumber, newCtx } from './evaluate.js';
import { markUnchanging } from './compiled/index.js';
import { chosenVariants } from './playout.js';
import { run, zoneReaders } from './machine.js';
import { modelFor, thingsOf, type Model } from './model.js';
import { nextUint, shuffleInPlace, type RngState } from './rng.js';
import { STATE_FORMAT, type Frame, type GameState } from './state.js';
import { isCard, isList, type Value } from './values.js';
import type { PlayerView } from './index.js';

/**
 * Where the rules stand, as one seat may know it: the machine's stack (which rule runs and where, with
 * its variables), whether the game is ending, the turn count and the revealed cards. A card in the
 * stack's variables that the seat cannot see is shown as none, and so is every value of another
 * player's secret turn (inside a `simultaneously` loop).
 */
export interface Position {
  readonly stack: readonly Frame[];
  readonly ending: boolean;
  readonly turns: number;
  readonly revealed: readonly string[];
}

/** The cards a seat may see: in zones it reads, or revealed. */
function visibleCards(model: Model, state: GameState, seat: number): Set<string> {
  const out = new Set(state.revealed);
  for (const [key, cards] of Object.entries(state.zones)) {
    const readers = zoneReaders(model, key);
    if (readers === null || readers.includes(seat)) for (const c of cards) out.add(c);
  }
  return out;
}

/**
 * The seat deciding in secret now (in a `simultaneously` loop), if another: the frames above that
 * loop are its secret turn, and their values (a secret choice's option) are not the others' to read.
 */
function secretFrom(state: GameState, seat: number): number {
  for (let i = state.stack.length - 1; i >= 0; i--) {
    const f = state.stack[i]!;
    if (f.k !== 'each' || !f.simultaneous) continue;
    // Whose secret turn: the loop's player, or the turn started inside it.
    const current = f.items[f.i - 1];
    const turn = state.stack.slice(i + 1).find((t) => t.k === 'turn');
    const owner = current && typeof current === 'object' && 'player' in current ? current.player : turn?.k === 'turn' ? turn.player : null;
    return owner === null || owner === seat ? state.stack.length : i + 1;
  }
  return state.stack.length;
}

/** The position for a seat's view: the stack copied with the cards it cannot see masked. */
export function positionFor(model: Model, state: GameState, seat: number): Position {
  const visible = visibleCards(model, state, seat);
  const secretAbove = secretFrom(state, seat);
  let index = 0;
  const mask = (v: Value): Value => (index >= secretAbove ? null : isCard(v) ? (visible.has(v.card) ? v : null) : isList(v) ? v.map(mask) : v);
  const vars = (r: Record<string, Value>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, mask(v)]));
  const stack = state.stack.map((f, i): Frame => {
    index = i;
    switch (f.k) {
      case 'block': return { ...f, vars: vars(f.vars) };
      case 'call': return { ...f, vars: vars(f.vars) };
      case 'each': return { ...f, s: { ...f.s }, items: f.items.map(mask) };
      case 'rank': return { ...f, s: { ...f.s }, items: f.items.map((x) => ({ value: mask(x.value), place: x.place })) };
      case 'fire': return { ...f, args: f.args.map(mask) };
      case 'repeat': return { ...f, s: { ...f.s } };
      default: return { ...f };
    }
  });
  return { stack, ending: state.ending, turns: state.turns, revealed: [...state.revealed] };
}

/** Makes random states consistent with one view. */
export interface Determinizer {
  /** A fresh playable state: hidden cards dealt from the unseen ones, a generator seeded from `rng`. */
  sample(rng: RngState): GameState;
  /**
   * The same state with its decision not listed yet (no `pending`): what the compiled program resumes
   * from, which lists it itself. Made with the same draws from `rng` as `sample`, and cheaply: it
   * shares what it does not change with the view's copy, so it must be only read.
   */
  deal(rng: RngState): GameState;
  /** A dealt state made playable by the machine: copied, its decision listed (what `sample` gives). */
  listed(dealt: GameState): GameState;
}

interface Slot {
  readonly zone: string;
  /** How many of the zone's cards are hidden (they go after the shown ones). */
  readonly hidden: number;
  readonly component: string | null;
}

/**
 * Prepares sampling for a view: everything the view shows is copied once, and what it hides is
 * listed as slots (a zone and how many of its cards are hidden) and a pool of unseen cards per kind.
 */
export function determinizer(def: GameDefinition, view: PlayerView): Determinizer {
  const chosen = chosenVariants(def, view.variants);
  const model = modelFor(def, view.players, chosen);
  const base: GameState = {
    format: STATE_FORMAT, game: view.game, players: view.players, seed: `determinized:${view.seat}`, variants: chosen,
    rng: [0, 0, 0, 0], counters: {}, zones: {}, revealed: [...view.position.revealed], pieces: structuredClone(view.pieces),
    stack: structuredClone(view.position.stack) as Frame[], pending: null, ending: view.position.ending, over: view.over,
    turns: view.position.turns, moves: [], log: [], result: view.result,
  };
  const shown = new Set<string>();
  const slots: Slot[] = [];
  for (const [key, z] of Object.entries(view.zones)) {
    base.zones[key] = [...(z.cards ?? [])];
    for (const c of z.cards ?? []) shown.add(c);
    const hidden = z.count - (z.cards?.length ?? 0);
    if (hidden > 0) slots.push({ zone: key, hidden, component: model.zones.get(key.split('@')[0]!)?.component?.text ?? null });
  }
  // Every card the game has lies in some zone from the setup on: those not shown are the unseen ones.
  const pools = new Map<string | null, string[]>();
  for (const thing of model.things.values()) {
    if (thing.zone === null || shown.has(thing.id)) continue;
    const pool = pools.get(thing.component) ?? [];
    pools.set(thing.component, pool);
    pool.push(thing.id);
  }
  fillCounters(model, view, base);
  // The counters recount changes (others' private per-player ones it can work out): copied per sample, the rest shared.
  const recounted = model.recounts.map((r) => r.counter.text).filter((name) => Array.isArray(base.counters[name]));
  // What every sample shares, never changed after this: the compiled program keeps it loaded between samples.
  markUnchanging(base.pieces, ...(recounted.length ? [] : [base.counters]));
  const deal = (rng: RngState): GameState => {
    let counters = base.counters;
    if (recounted.length) {
      counters = { ...base.counters };
      for (const name of recounted) counters[name] = [...(base.counters[name] as Value[])];
    }
    const state: GameState = { ...base, zones: { ...base.zones }, rng: [nextUint(rng), nextUint(rng), nextUint(rng), nextUint(rng)], counters };
    const left = new Map<string | null, string[]>();
    for (const [kind, cards] of pools) {
      const copy = cards.slice();
      shuffleInPlace(rng, copy);
      left.set(kind, copy);
    }
    const all = [...left.values()];
    for (const slot of slots) {
      const zone = (state.zones[slot.zone] = state.zones[slot.zone]!.slice());
      const own = left.get(slot.component);
      for (let i = 0; i < slot.hidden; i++) {
        // A zone of one kind takes cards of that kind; any unseen card if those ran out (an untyped zone).
        let card = own?.pop();
        for (let k = 0; card === undefined && k < all.length; k++) card = all[k]!.pop();
        if (card !== undefined) zone.push(card);
      }
    }
    if (recounted.length) recount(model, state, view.seat);
    return state;
  };
  const listed = (dealt: GameState): GameState => {
    const state = structuredClone(dealt);
    if (!state.over && state.stack.length) run(model, state);
    return state;
  };
  return { deal, listed, sample: (rng) => listed(deal(rng)) };
}

/**
 * The counters as the view shows them; those it does not show at all (hidden ones, others' private
 * ones of pieces) start from 0 in the shape the state keeps them in.
 */
function fillCounters(model: Model, view: PlayerView, state: GameState): void {
  for (const [name, c] of model.counters) {
    const shown = view.counters[name];
    if (c.owner.kind === 'global') state.counters[name] = typeof shown === 'number' ? shown : 0;
    else if (c.owner.kind === 'player') state.counters[name] = Array.isArray(shown) ? [...shown] as Value[] : Array<number>(view.players).fill(0);
    else if (c.owner.kind === 'player-each') {
      // A view shows every thing's list (others' private values blanked), or none for a hidden counter.
      const blank = c.initial?.kind === 'None' ? null : 0;
      const ids = thingsOf(model, c.owner.of.text);
      state.counters[name] = shown && typeof shown === 'object' && !Array.isArray(shown)
        ? structuredClone(shown) as Record<string, Value[]>
        : Object.fromEntries(ids.map((id) => [id, Array<Value>(view.players).fill(blank)]));
    } else {
      const of = c.owner.of.text;
      const ids = model.boards.get(of)?.order ?? model.collections.get(of) ?? [];
      const known = (shown && typeof shown === 'object' && !Array.isArray(shown) ? shown : {}) as Record<string, number>;
      state.counters[name] = Object.fromEntries(ids.map((id) => [id, known[id] ?? 0]));
    }
  }
}

/**
 * Other seats' private per-player counters are not in the view; where the rules say how to recount
 * one (`recount points as …`), it is worked out from the dealt cards, so it fits them.
 */
function recount(model: Model, state: GameState, seat: number): void {
  for (const r of model.recounts) {
    const decl = model.counters.get(r.counter.text);
    if (!decl || decl.visibility === 'public' || decl.owner.kind !== 'player') continue;
    const values = state.counters[r.counter.text] as number[];
    for (let other = 0; other < state.players; other++) {
      if (decl.visibility === 'private' && other === seat) continue;
      try {
        values[other] = evalNumber(newCtx(model, state, null, `recount ${r.counter.text}`, other), r.expr);
      } catch {
        // A formula that cannot be worked out mid-game leaves the counter at 0.
      }
    }
  }
}
