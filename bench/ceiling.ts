// The ceiling: connect-four.rules lowered by hand to the shape a whole-game compiler could emit.
// Its tables come from the ruleset's model (the places, the grid's steps, the discs and their owners)
// and its code follows the rules statement by statement, with what such a compiler would have: the
// state as arrays of small ints (a disc's space, a space's disc count), values as indices, statements
// as straight-line code, the random agent called in place, and only the chosen option's id made.
// No log text, as the references make none. It answers one question the bench asks: how close to
// hand-written code can generic compiled code of this encoding get? The interpreter cannot beat it.
//
// `scans: 'as-written'` walks the discs where the rules say so (`first d in discs where …` for the
// next disc, `every d in discs where …` for a full board); `'indexed'` replaces those two walks with
// what a compiler that indexes such lookups would keep (the next free disc per seat, the discs placed).
import type { GameDefinition } from '../interpreter/definition/index.js';
import { modelFor, nextInt, seedRng, type RngState } from '../interpreter/runtime/index.js';

export type CeilingScans = 'as-written' | 'indexed';

/** The directions `toward` and `line` know on a square grid, and each one's opposite. */
const WAYS = ['north', 'south', 'east', 'west', 'north-east', 'north-west', 'south-east', 'south-west'] as const;
const OPPOSITE_WAY = [1, 0, 3, 2, 7, 6, 5, 4];
const SOUTH = 1;
/** `four-through`'s ways, as indices into WAYS: east, north, north-east, north-west. */
const FOUR_WAYS = [2, 0, 4, 5];

export interface CeilingGame {
  /** Plays one game with the bench's random agents for game number `game`; returns its move ids. */
  play(game: number): string[];
}

/**
 * Connect Four, as a whole-game compiler could emit it from `def` (connect-four.rules). Agents are
 * the bench's (`randomAgent(\`bench-${game}:${seat}\`)`), so a game is the interpreter's same game.
 */
export function connectFourCeiling(def: GameDefinition, scans: CeilingScans): CeilingGame {
  const model = modelFor(def, 2, []);
  const board = model.boards.get('frame');
  const discIds = model.collections.get('discs');
  if (!board || !discIds) throw new Error(`${def.source.file} has no board \`frame\` and pieces \`discs\`: the ceiling is Connect Four's`);
  // Spaces as indices in the board's order; each grid step as a table (-1: off the board).
  const spaces = board.order;
  const spaceIndex = new Map(spaces.map((id, i) => [id, i]));
  const label = spaces.map((id) => model.things.get(id)!.label);
  const toward = WAYS.map((way) => Int16Array.from(spaces, (id) => spaceIndex.get(board.toward.get(id)?.get(way) ?? '') ?? -1));
  const line = toward.map((step) => spaces.map((_, s) => {
    const out: number[] = [];
    for (let t = step[s]!; t >= 0; t = step[t]!) out.push(t);
    return Int16Array.from(out);
  }));
  const slots = spaces.flatMap((id, s) => (model.things.get(id)!.attrs.kind === 'slot' ? [s] : []));
  const owner = Int8Array.from(discIds, (id) => model.pieces.get(id)!.owner ?? -1);
  const discs = discIds.length;

  // The state, made once and cleared per game.
  const spaceOf = new Int16Array(discs);
  const heldBy = new Int16Array(spaces.length); // a space's disc (a hole holds at most one), -1: none
  const won = new Float64Array(2);
  const nextFree = new Int16Array(2);
  const options = new Int16Array(slots.length);
  let placed = 0;

  const free = (s: number) => s >= 0 && heldBy[s]! < 0;
  const discOf = (p: number, s: number) => s >= 0 && heldBy[s]! >= 0 && owner[heldBy[s]!] === p;
  const run = (s: number, way: number, p: number) => {
    const l = line[way]![s]!;
    let n = 0;
    while (n < l.length && discOf(p, l[n]!)) n++;
    return n;
  };
  const fourThrough = (s: number, p: number) => {
    for (const way of FOUR_WAYS) if (1 + run(s, way, p) + run(s, OPPOSITE_WAY[way]!, p) >= 4) return true;
    return false;
  };
  const decided = () => won[0]! > 0 || won[1]! > 0;
  const boardFull = scans === 'indexed' ? () => placed === discs : () => {
    for (let d = 0; d < discs; d++) if (spaceOf[d]! < 0) return false;
    return true;
  };
  const nextDisc = scans === 'indexed' ? (p: number) => {
    while (nextFree[p]! < discs && (owner[nextFree[p]!] !== p || spaceOf[nextFree[p]!]! >= 0)) nextFree[p]!++;
    return nextFree[p]! < discs ? nextFree[p]! : -1;
  } : (p: number) => {
    for (let d = 0; d < discs; d++) if (owner[d] === p && spaceOf[d]! < 0) return d;
    return -1;
  };

  return {
    play(game) {
      const agents: RngState[] = [seedRng(`agent:bench-${game}:0`), seedRng(`agent:bench-${game}:1`)];
      spaceOf.fill(-1);
      heldBy.fill(-1);
      won.fill(0);
      nextFree.fill(0);
      placed = 0;
      const moves: string[] = [];
      while (!(decided() || boardFull())) {
        for (let p = 0; p < 2; p++) {
          if (decided()) continue;
          // choose slot from slots as drop, less those `full-column` forbids
          let n = 0;
          for (const s of slots) if (free(toward[SOUTH]![s]!)) options[n++] = s;
          if (n === 0) throw new Error('no legal option');
          const slot = options[n === 1 ? 0 : nextInt(agents[p]!, n)]!;
          moves.push(`drop ${label[slot]}`);
          // let hole = landing(slot)
          const fall = line[SOUTH]![slot]!;
          let hole = -1;
          for (let i = 0; i < fall.length && free(fall[i]!); i++) hole = fall[i]!;
          // move next-disc to hole
          const d = nextDisc(p);
          spaceOf[d] = hole;
          heldBy[hole] = d;
          placed++;
          if (fourThrough(hole, p)) won[p]!++;
        }
      }
      return moves;
    },
  };
}
