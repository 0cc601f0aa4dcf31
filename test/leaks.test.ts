// The leak harness: nothing a player is shown may name a card they cannot see. For every shipped
// ruleset, player count and a few seeds, after every move of a random game, each player's new log
// lines (as their view gives them) are searched for the names of cards that were hidden from that
// player before the move and are still hidden after it (a card that the move shows them, by
// moving it to a zone they see or revealing it, may be named). Any hit is a leak.
//
// Nor may what the others are told of a choice depend on how many options it had: a choice the
// rules made alone (one legal card: a suit void) must read to them as a choice among several
// does, and one among two as one among five. Every choice's line is kept as each other seat's
// view gives it, with the chosen option's name put aside; per choice statement, decider and
// seat, the lines of the choices made alone must each be one also read of a choice among several,
// and the lines of choices among n options must share one with those among other counts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineAndColumn } from '../interpreter/definition/index.js';
import {
  applyInPlace, legalMoves, modelFor, randomAgent, setup, view, zoneReaders, type GameState, type LogEntry, type Model,
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

/** One choice's line as another seat was told it, and how many options the choice had. */
interface Told {
  readonly statement: string;
  readonly decider: number;
  readonly seat: number;
  readonly options: number;
  /** The seat's view of the line, as JSON. */
  readonly entry: string;
  /** The chosen option's name: known for a move; for a choice made alone, one of the names offered at that statement (found afterwards). */
  readonly chosen: string | null;
  readonly where: string;
}

/** Where each choice statement of the rules starts, as log entries give it (`line:col`), and its name for messages. */
function choiceStatements(model: Model): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of model.blocks) {
    for (const s of block.stmts) {
      if (s.kind !== 'Choose' && s.kind !== 'Menu') continue;
      const { line, col } = lineAndColumn(model.def, s.span.start);
      out.set(`${line}:${col}`, `the choice at line ${line}`);
    }
  }
  return out;
}

const placeKey = (e: LogEntry) => (e.at ? `${e.at.line}:${e.at.col}` : '');

/** The choice statement a pending decision waits at. */
function pendingStatement(model: Model, state: GameState): string {
  const top = state.stack[state.stack.length - 1];
  if (top?.k !== 'block') return '';
  const { line, col } = lineAndColumn(model.def, model.blocks[top.b]!.stmts[top.pc]!.span.start);
  return `${line}:${col}`;
}

/** What the others were told of each choice, the option names offered at each choice statement, and the names of things. */
export interface ChoiceTelling {
  readonly told: Told[];
  readonly offered: Map<string, Set<string>>;
  readonly names: Set<string>;
}

export const newChoiceTelling = (): ChoiceTelling => ({ told: [], offered: new Map(), names: new Set(['nothing', 'none']) });

export function leaksInGame(rulesetPath: string, players: number, seed: string, telling: ChoiceTelling = newChoiceTelling()): string[] {
  const def = compileFile(join(repoRoot, rulesetPath));
  const model = modelFor(def, players, []);
  const choices = choiceStatements(model);
  for (const thing of model.things.values()) telling.names.add(thing.label);
  const state = setup(def, players, seed);
  const agents = Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`));
  const leaks: string[] = [];
  for (let legal = legalMoves(def, state); legal; legal = legalMoves(def, state)) {
    const before = state.log.length;
    const hiddenBefore = Array.from({ length: players }, (_, seat) => hiddenFrom(model, state, seat));
    const seenBefore = Array.from({ length: players }, (_, seat) => visibleLabels(model, state, hiddenBefore[seat]!));
    const statement = pendingStatement(model, state);
    const pendingStatementOf = (choice: string) => `\`${choice}\` (line ${statement.split(':')[0]})`;
    let offered = telling.offered.get(statement);
    if (!offered) telling.offered.set(statement, (offered = new Set()));
    for (const m of legal.moves) offered.add(m);
    const move = agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) });
    applyInPlace(def, state, move);
    const views = Array.from({ length: players }, (_, seat) => view(def, state, seat, { logSince: before }).log);
    // The move's own line comes first; every choice line after it in the same move was made by the
    // rules alone (the machine stops at any choice of two options or more).
    let first = true;
    for (let i = before; i < state.log.length; i++) {
      const e = state.log[i]!;
      if (!choices.has(placeKey(e))) continue;
      const decider = Number(/^P(\d+)/.exec(e.text)?.[1] ?? 0) - 1;
      const where = `${rulesetPath}, ${players} players, seed ${seed}, move ${state.moves.length} (${move}), ${choices.get(placeKey(e))}`;
      for (let seat = 0; seat < players; seat++) {
        if (seat === decider) continue;
        telling.told.push({
          statement: placeKey(e), decider, seat, options: first ? legal.moves.length : 1,
          entry: JSON.stringify(views[seat]![i - before]), chosen: first ? move : null, where,
        });
      }
      first = false;
    }
    // Each move's line is found by the place of its statement, or nothing of this check would run.
    if (first) leaks.push(`${rulesetPath}, ${players} players, seed ${seed}, move ${state.moves.length} (${move}): no log line is at the choice ${pendingStatementOf(legal.choice)}`);
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
      const entries = views[seat]!;
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

/**
 * Where what the others were told of a choice depends on how many options it had. A line is
 * compared with the chosen option's name taken out; for a choice made alone that is the longest
 * name offered at that statement in a decision which the line holds. A choice made alone whose
 * option was never offered in a decision (`place houses in nothing`) is compared with every name of
 * a thing, `nothing` and every number taken out of both (`P<n>: place houses in <name>`).
 * Made alone, each line must also be read of some choice among several; among n options, some
 * line must also be read of a choice among another count.
 */
export function countLeaks(telling: ChoiceTelling): { leaks: string[]; compared: number } {
  const inJson = (name: string) => JSON.stringify(name).slice(1, -1);
  // Every name at once, the longest first, each as a whole name (not `mask` inside `mask-drum`).
  const alternatives = [...telling.names].filter((n) => n !== '').sort((a, b) => b.length - a.length).map((n) => escape(inJson(n)));
  const names = new RegExp(`(?<![\\p{L}\\p{N}#-])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}#-])`, 'gu');
  /** Whether the text holds the name whole (`move 6+1` is not in `move 6+15`). */
  const holds = (text: string, name: string) => {
    for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
      if (!/[\p{L}\p{N}+#-]/u.test(text[i - 1] ?? '') && !/[\p{L}\p{N}+#-]/u.test(text[i + name.length] ?? '')) return true;
    }
    return false;
  };
  const unnamed = (t: Told) => t.entry.replace(names, '<name>').replace(/\d+/g, '<n>');
  /** The line with its option's name taken out, or null when the name is not known. */
  const shapeOf = (t: Told): string | null => {
    let name = t.chosen;
    if (name === null) {
      for (const o of telling.offered.get(t.statement) ?? []) if (o.length > (name?.length ?? 0) && holds(t.entry, inJson(o))) name = o;
    }
    return name === null ? null : t.entry.split(inJson(name)).join('<option>');
  };
  interface Count { readonly shapes: Set<string>; readonly unnamed: Set<string>; readonly told: { shape: string; t: Told }[] }
  const groups = new Map<string, Map<number, Count>>();
  for (const t of telling.told) {
    const key = `${t.statement}|${t.decider}|${t.seat}`;
    let byCount = groups.get(key);
    if (!byCount) groups.set(key, (byCount = new Map()));
    let at = byCount.get(t.options);
    if (!at) byCount.set(t.options, (at = { shapes: new Set(), unnamed: new Set(), told: [] }));
    const exact = shapeOf(t);
    const shape = exact ?? `unnamed ${unnamed(t)}`;
    if (t.options > 1) at.unnamed.add(unnamed(t));
    if (at.shapes.has(shape)) continue;
    at.shapes.add(shape);
    at.told.push({ shape, t });
  }
  const leaks: string[] = [];
  let compared = 0;
  for (const byCount of groups.values()) {
    for (const [n, at] of byCount) {
      const others = [...byCount].filter(([m]) => m !== n && (n === 1 || m !== 1)).map(([, o]) => o);
      if (others.length === 0) continue;
      compared++;
      const read = (shape: string) => others.some((o) => (shape.startsWith('unnamed ') ? o.unnamed.has(shape.slice(8)) : o.shapes.has(shape)));
      const apart = at.told.filter((x) => !read(x.shape));
      if (n === 1 ? apart.length > 0 : apart.length === at.told.length) {
        const { shape, t } = apart[0]!;
        leaks.push(`${t.where}: P${t.seat + 1} is told ${t.entry} of P${t.decider + 1}'s choice ${n === 1 ? 'made alone' : `among ${n} options`} (as ${shape}), never of one among ${[...byCount.keys()].filter((m) => m !== n).join(' or ')} (${[...others.flatMap((o) => [...o.shapes])].slice(0, 3).join(', ')})`);
      }
    }
  }
  return { leaks, compared };
}

describe('the check of what others are told of a choice', () => {
  const told = (options: number, entry: string, chosen: string | null): Told => ({ statement: '7:3', decider: 0, seat: 1, options, entry: JSON.stringify({ text: entry }), chosen, where: 'here' });
  const telling = (...t: Told[]): ChoiceTelling => ({ told: t, offered: new Map([['7:3', new Set(['play ace', 'play king', 'play two'])]]), names: new Set(['ace', 'king', 'two', 'nothing']) });

  it('passes lines that read alike whatever the count, and finds a choice made alone told apart', () => {
    const alike = countLeaks(telling(told(3, 'P1: play ace', 'play ace'), told(2, 'P1: play king', 'play king'), told(1, 'P1: play two', null)));
    expect(alike).toEqual({ leaks: [], compared: 3 });
    const marked = countLeaks(telling(told(3, 'P1: play ace', 'play ace'), told(1, 'P1: play two (the only option)', null)));
    expect(marked.leaks).toHaveLength(1);
    expect(marked.leaks[0]).toMatch(/made alone/);
    // A name never offered in a decision is put aside as a name of a thing.
    const unoffered = countLeaks(telling(told(3, 'P1: play ace', 'play ace'), told(1, 'P1: play nothing', null)));
    expect(unoffered.leaks).toEqual([]);
  });

  it('finds lines that tell one count of options from another', () => {
    const counted = countLeaks(telling(told(3, 'P1: play a hidden card (of 3)', 'play ace'), told(2, 'P1: play a hidden card (of 2)', 'play king')));
    expect(counted.leaks).toHaveLength(2);
    expect(counted.leaks[0]).toMatch(/among 3 options/);
  });
});

describe('no player is shown a card hidden from them, nor how many options another had', () => {
  for (const ruleset of shippedRulesets(repoRoot)) {
    it(ruleset, () => {
      const def = compileFile(join(repoRoot, ruleset));
      const leaks: string[] = [];
      let forced = 0;
      let compared = 0;
      for (const players of playerCounts(def)) {
        const telling = newChoiceTelling();
        for (let i = 0; i < SEEDS; i++) leaks.push(...leaksInGame(ruleset, players, `leak-${i}`, telling));
        const counts = countLeaks(telling);
        leaks.push(...counts.leaks);
        forced += telling.told.filter((t) => t.options === 1).length;
        compared += counts.compared;
      }
      expect(leaks.slice(0, 5)).toEqual([]);
      // Where the rules made a choice alone, the check compared it with choices among several.
      if (forced > 0) expect(compared).toBeGreaterThan(0);
    });
  }
});
