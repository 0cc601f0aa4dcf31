// A saved game checked against the rules it claims to belong to, after its JSON Schema: every
// counter, zone, card, piece and space it names exists; every stack frame points at a real
// statement, player, rule or event; the pending decision and the result fit the player count.
// Gives the problems found, each naming the field, so a damaged file is refused before use.
import { thingsOf, type Model } from './model.js';
import type { Frame, GameState } from './state.js';
import { splitZoneKey } from './values.js';

const MAX_PROBLEMS = 5;

export function stateProblems(model: Model, state: GameState): string[] {
  const problems: string[] = [];
  const problem = (field: string, what: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(`${field}: ${what}`);
  };
  const players = state.players;
  const isSeat = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < players;
  const isNumber = (n: unknown) => typeof n === 'number' && Number.isFinite(n);

  for (const [name, decl] of model.counters) {
    const value = state.counters[name];
    const field = `counters.${name}`;
    // A counter declared `from none` holds any value; its shape (one, one a seat, one a thing) still holds.
    const finite = decl.initial?.kind === 'None' ? (n: unknown) => n !== undefined : isNumber;
    if (value === undefined) problem(field, 'missing');
    else if (decl.owner.kind === 'global') {
      if (!finite(value)) problem(field, 'must be a number');
    } else if (decl.owner.kind === 'player') {
      if (!Array.isArray(value) || value.length !== players || !(value as unknown[]).every(finite)) problem(field, `must be ${players} numbers, one a player`);
    } else if (decl.owner.kind === 'player-each') {
      const ids = thingsOf(model, decl.owner.of.text);
      const fits = (values: unknown) => Array.isArray(values) && values.length === players && values.every(finite);
      const byThing = typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : null;
      if (!byThing || Object.keys(byThing).length !== ids.length || !ids.every((id) => fits(byThing[id]))) problem(field, `must map every one of ${decl.owner.of.text} to ${players} numbers, one a player`);
    } else if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.values(value).every(finite)) {
      problem(field, 'must map each thing to a number');
    }
  }
  for (const name of Object.keys(state.counters)) if (!model.counters.has(name)) problem(`counters.${name}`, 'no such counter in these rules');

  for (const [key, cards] of Object.entries(state.zones)) {
    const { zone, seat } = splitZoneKey(key);
    const decl = model.zones.get(zone);
    if (!decl) problem(`zones.${key}`, 'no such zone in these rules');
    else if (decl.perPlayer ? !isSeat(seat) : seat !== null) problem(`zones.${key}`, decl.perPlayer ? `needs a seat from 0 to ${players - 1}` : 'is one zone, not one a player');
    cards.forEach((card, i) => {
      if (!model.things.has(card)) problem(`zones.${key}[${i}]`, `no card \`${card}\` in these rules`);
    });
  }
  for (const card of state.revealed) if (!model.things.has(card)) problem('revealed', `no card \`${card}\` in these rules`);

  for (const [id, at] of Object.entries(state.pieces)) {
    if (!model.pieces.has(id)) problem(`pieces.${id}`, 'no such piece in these rules');
    if (at.space !== null && !model.spaceBoard.has(at.space)) problem(`pieces.${id}.space`, `no space \`${at.space}\` on any board`);
    if (!Number.isInteger(at.slot) || at.slot < 0) problem(`pieces.${id}.slot`, 'must be a whole number from 0');
  }

  state.stack.forEach((frame, i) => frameProblems(model, frame, isSeat).forEach((what) => problem(`stack[${i}]`, what)));

  const p = state.pending;
  if (p) {
    if (!isSeat(p.player)) problem('pending.player', `must be a seat from 0 to ${players - 1}`);
    if (p.options.length === 0) problem('pending.options', 'a decision needs at least one option');
    if (state.stack.length === 0) problem('pending', 'a decision is waiting but nothing is running');
  }
  state.moves.forEach((m, i) => {
    if (!isSeat(m.player)) problem(`moves[${i}].player`, `must be a seat from 0 to ${players - 1}`);
  });
  if (state.result) {
    if (state.result.scores.length !== players || !state.result.scores.every(isNumber)) problem('result.scores', `must be ${players} numbers`);
    if (!state.result.winners.every(isSeat)) problem('result.winners', 'must be seats of this game');
  }
  return problems;
}

/** What a call frame may name: a rule (a power's rules among them), the flow or the setup. */
function callable(model: Model): Set<string> {
  const names = new Set(['flow', 'setup', ...model.rules.keys()]);
  for (const handlers of model.handlers.values()) for (const h of handlers) names.add(h.rule.name.text);
  return names;
}

function frameProblems(model: Model, f: Frame, isSeat: (n: unknown) => boolean): string[] {
  const statement = (b: number, pc: number, allowEnd: boolean) => {
    const block = model.blocks[b];
    if (!block) return [`no block ${b} in these rules`];
    const limit = allowEnd ? block.stmts.length : block.stmts.length - 1;
    return Number.isInteger(pc) && pc >= 0 && pc <= limit ? [] : [`statement ${pc} is outside block ${b} (${block.stmts.length} statements)`];
  };
  switch (f.k) {
    case 'block': return statement(f.b, f.pc, true);
    case 'each': case 'rank': return [...statement(f.s.b, f.s.pc, false), ...(Number.isInteger(f.i) && f.i >= 0 && f.i <= f.items.length ? [] : [`item ${f.i} of ${f.items.length}`])];
    case 'repeat': return [...statement(f.s.b, f.s.pc, false), ...(f.left === null || (Number.isInteger(f.left) && f.left >= 0) ? [] : ['`left` must be a whole number from 0 or null'])];
    case 'turn': return isSeat(f.player) ? [] : [`turn of seat ${f.player}, which this game does not have`];
    case 'call': return callable(model).has(f.rule) ? [] : [`calls rule \`${f.rule}\`, which these rules do not have`];
    case 'fire': return model.events.has(f.event) ? [] : [`fires event \`${f.event}\`, which these rules do not have`];
    case 'phase': return [];
    default: {
      const never: never = f;
      return [`unknown frame ${JSON.stringify(never)}`];
    }
  }
}
