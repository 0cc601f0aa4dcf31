// What every hand-written reference game offers: the bench's fast random playouts, and, for the
// differential tests, the same move ids the interpreter uses. References import nothing from the
// interpreter: they are the physical limit the interpreter is measured against.

export interface ReferenceGame {
  readonly name: string;
  /** Starts a new game for this many players (chance, if any, from the game's own source). */
  newGame(players: number): void;
  /** The legal move ids of the decision now waiting, exactly as the interpreter names them. */
  legalMoveIds(): string[];
  applyMoveId(id: string): void;
  isOver(): boolean;
  scores(): number[];
  /** Plays the game to its end choosing uniformly among legal moves, in the game's own fast
   * representation (no strings); returns the number of moves made. */
  randomPlayout(random: () => number): number;
}

/** A small, fast seeded generator (mulberry32) over a string seed: the bench's chance and choices. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
