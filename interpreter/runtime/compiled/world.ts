// The world of a compiled game: the model's things as indices. Spaces, pieces, players, cards and
// zones become interned references (one object each, so equal ones are identical), and what the
// rules settle about them (owners, positions, grid steps, who may read a zone) becomes arrays.
import { gridDirections, type Model } from '../model.js';
import { playerLabel } from '../values.js';
import { unsupported } from './errors.js';

/** A space, piece, player, card or zone in the compiled program: one object each, so equal ones are identical. */
export class Ref {
  /** Its label's number: references with the same label (two cards of one name) share it. */
  labelId = 0;
  /** `name of` it: a card's or a space's name as its component types it (Thing.name), else its label. */
  readonly name: string | number;
  constructor(readonly kind: 0 | 1 | 2 | 3 | 4, readonly i: number, readonly label: string, name?: string | number) {
    this.name = name ?? label;
  }
}
export const SPACE = 0, PIECE = 1, PLAYER = 2, CARD = 3, ZONE = 4;
export type CValue = number | string | boolean | null | Ref | readonly CValue[];


export interface World {
  readonly spaceIds: readonly string[];
  readonly spaceIndex: ReadonlyMap<string, number>;
  readonly spaces: readonly Ref[];
  readonly pieceIds: readonly string[];
  readonly pieceIndex: ReadonlyMap<string, number>;
  readonly pieces: readonly Ref[];
  readonly players: readonly Ref[];
  /** Every zone by its key (`deck`, `hand@2`): its reference, who may read it (null: everyone), and per-player zones' keys by seat. */
  readonly zoneKeys: readonly string[];
  readonly zoneIndex: ReadonlyMap<string, number>;
  readonly zones: readonly Ref[];
  readonly zoneReaders: readonly (readonly number[] | null)[];
  readonly zoneSeat: readonly (Ref | null)[];
  readonly seatZones: ReadonlyMap<string, readonly Ref[]>;
  /** The things of tables that are no board's spaces: cards. */
  readonly cardIds: readonly string[];
  readonly cardIndex: ReadonlyMap<string, number>;
  readonly cards: readonly Ref[];
  /** A piece's owner (a player) or null. */
  readonly owners: readonly (Ref | null)[];
  /** A space's position on its board. */
  readonly positions: readonly number[];
  /** Every grid direction's index, and per direction the space that way from each space (-1: none or no grid). */
  readonly ways: ReadonlyMap<string, number>;
  readonly toward: readonly Int32Array[];
  /** Per direction and space, the spaces that way to the grid's edge (made as asked). */
  readonly lines: (readonly Ref[] | undefined)[][];
  /** Whether a space is on a grid (toward and line refuse others). */
  readonly onGrid: readonly boolean[];
}

export function worldOf(m: Model): World {
  const spaceIds = [...m.spaceValues.keys()];
  const spaceIndex = new Map(spaceIds.map((id, i) => [id, i]));
  const spaces = spaceIds.map((id, i) => new Ref(SPACE, i, m.things.get(id)?.label ?? id, m.things.get(id)?.name));
  const pieceIds = [...m.pieces.keys()];
  const pieceIndex = new Map(pieceIds.map((id, i) => [id, i]));
  const pieces = pieceIds.map((id, i) => new Ref(PIECE, i, m.pieces.get(id)!.label));
  const players = Array.from({ length: m.playerCount }, (_, seat) => new Ref(PLAYER, seat, playerLabel(seat)));
  const zoneKeys: string[] = [], zoneLabels: string[] = [], zoneReaders: (number[] | null)[] = [], zoneSeats: (number | null)[] = [];
  for (const [name, z] of m.zones) {
    for (const seat of z.perPlayer ? players.map((p) => p.i) : [null]) {
      zoneKeys.push(seat === null ? name : `${name}@${seat}`);
      zoneLabels.push(seat === null ? name : `${name} of ${playerLabel(seat)}`);
      zoneSeats.push(seat);
      // As the machine's zoneReaders: public to all, private to its owner, else to nobody.
      zoneReaders.push(z.visibility === 'public' ? null : z.visibility === 'private' && seat !== null ? [seat] : []);
    }
  }
  const zoneIndex = new Map(zoneKeys.map((k, i) => [k, i]));
  const zones = zoneKeys.map((_, i) => new Ref(ZONE, i, zoneLabels[i]!));
  const zoneSeat = zoneSeats.map((seat) => (seat === null ? null : players[seat]!));
  const seatZones = new Map([...m.zones].filter(([, z]) => z.perPlayer).map(([name]) => [name, players.map((p) => zones[zoneIndex.get(`${name}@${p.i}`)!]!)]));
  const cardIds = [...m.things.keys()].filter((id) => !spaceIndex.has(id));
  const cardIndex = new Map(cardIds.map((id, i) => [id, i]));
  const cards = cardIds.map((id, i) => new Ref(CARD, i, m.things.get(id)!.label, m.things.get(id)!.name));
  const owners = pieceIds.map((id) => {
    const seat = m.pieces.get(id)!.owner;
    return seat === null ? null : players[seat] ?? unsupported(`a piece owned by seat ${seat + 1} of ${m.playerCount}`, null);
  });
  const positions = spaceIds.map((id) => m.boards.get(m.spaceBoard.get(id)!)!.index.get(id)!);
  const directions = [...new Set([...gridDirections('square'), ...gridDirections('hex')])];
  const ways = new Map(directions.map((d, i) => [d, i]));
  const onGrid = spaceIds.map((id) => {
    const shape = m.boards.get(m.spaceBoard.get(id)!)!.decl.shape.kind;
    return shape === 'square' || shape === 'hex';
  });
  const toward = directions.map((d) => Int32Array.from(spaceIds, (id, i) => {
    if (!onGrid[i]) return -1;
    const board = m.boards.get(m.spaceBoard.get(id)!)!;
    const shape = board.decl.shape.kind as 'square' | 'hex';
    // A direction the space's grid does not know is refused by the machine: -2 gives up the game.
    if (!gridDirections(shape).includes(d)) return -2;
    const other = board.toward.get(id)?.get(d);
    return other === undefined ? -1 : spaceIndex.get(other)!;
  }));
  return {
    spaceIds, spaceIndex, spaces, pieceIds, pieceIndex, pieces, players, zoneKeys, zoneIndex, zones, zoneReaders, zoneSeat, seatZones, cardIds, cardIndex, cards, owners, positions, ways, toward, lines: directions.map(() => []), onGrid };
}
