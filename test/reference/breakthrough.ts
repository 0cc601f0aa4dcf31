// Breakthrough by hand: an 8 × 8 board in a typed array, moves as numbers (from × 64 + to) in a
// preallocated buffer. Speaks the move ids of rulesets/breakthrough/breakthrough.rules:
// `advance b2+c3`, the square left and the square reached, named as on a chess board.
import type { ReferenceGame } from './reference.js';

const SIZE = 8;
const FILES = 'abcdefgh';
/** At most 16 pieces, each with at most 3 steps. */
const MOST_MOVES = 48;

/** Squares are numbered y * 8 + x as in the ruleset: x from file a, y from rank 8 (the top). */
const squareName = (sq: number): string => `${FILES[sq % SIZE]}${SIZE - Math.floor(sq / SIZE)}`;
function squareOf(name: string): number {
  const x = FILES.indexOf(name[0] ?? '');
  const rank = Number(name.slice(1));
  return name.length === 2 && x >= 0 && rank >= 1 && rank <= SIZE ? (SIZE - rank) * SIZE + x : -1;
}

export class Breakthrough implements ReferenceGame {
  readonly name = 'Breakthrough';
  /** 0 empty, 1 a piece of seat 0 (White, moving up the board: y − 1), 2 of seat 1 (Black: y + 1). */
  private readonly board = new Uint8Array(SIZE * SIZE);
  private readonly pieces = new Uint8Array(2);
  /** Scratch for move generation: moves as from * 64 + to. */
  private readonly moves = new Uint16Array(MOST_MOVES);
  private turn = 0;
  private winner = -1;

  constructor() {
    this.newGame(2);
  }

  newGame(players: number): void {
    if (players !== 2) throw new Error(`Breakthrough is for 2 players, not ${players}`);
    this.board.fill(0);
    for (let sq = 0; sq < 2 * SIZE; sq++) this.board[sq] = 2; // Black on ranks 8 and 7
    for (let sq = 6 * SIZE; sq < SIZE * SIZE; sq++) this.board[sq] = 1; // White on ranks 2 and 1
    this.pieces[0] = this.pieces[1] = 2 * SIZE;
    this.turn = 0;
    this.winner = -1;
  }

  isOver(): boolean {
    return this.winner >= 0;
  }

  toMove(): number {
    return this.isOver() ? -1 : this.turn;
  }

  legalMoveIds(): string[] {
    const n = this.generate();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const m = this.moves[i]!;
      ids.push(`advance ${squareName(m >> 6)}+${squareName(m & 63)}`);
    }
    return ids;
  }

  applyMoveId(id: string): void {
    const match = /^advance ([a-h][1-8])\+([a-h][1-8])$/.exec(id);
    const move = match ? squareOf(match[1]!) * 64 + squareOf(match[2]!) : -1;
    const n = this.generate();
    for (let i = 0; i < n; i++) {
      if (this.moves[i] === move) {
        this.play(move);
        return;
      }
    }
    throw new Error(`\`${id}\` is not legal; legal: ${this.legalMoveIds().join(', ')}`);
  }

  scores(): number[] {
    return [this.winner === 0 ? 1 : 0, this.winner === 1 ? 1 : 0];
  }

  winners(): number[] {
    return this.winner >= 0 ? [this.winner] : [];
  }

  randomPlayout(rng: () => number): number {
    let played = 0;
    while (this.winner < 0) {
      const n = this.generate();
      this.play(this.moves[Math.floor(rng() * n)]!);
      played++;
    }
    return played;
  }

  /**
   * Fills `moves` with the mover's legal moves and returns how many. A piece steps one row
   * forward: straight only onto an empty square, diagonally onto anything but its own colour.
   * The mover always has one: its most advanced piece can step diagonally at least one way.
   */
  private generate(): number {
    if (this.winner >= 0) return 0;
    const own = this.turn + 1;
    const dy = this.turn === 0 ? -1 : 1;
    let n = 0;
    for (let from = 0; from < SIZE * SIZE; from++) {
      if (this.board[from] !== own) continue;
      const x = from % SIZE;
      const ahead = from + dy * SIZE; // never off the board: a piece on its far row has already won
      if (this.board[ahead] === 0) this.moves[n++] = from * 64 + ahead;
      if (x > 0 && this.board[ahead - 1] !== own) this.moves[n++] = from * 64 + ahead - 1;
      if (x < SIZE - 1 && this.board[ahead + 1] !== own) this.moves[n++] = from * 64 + ahead + 1;
    }
    return n;
  }

  /** Plays a legal move: captures whatever stands on the target, then checks both ways to win. */
  private play(move: number): void {
    const from = move >> 6;
    const to = move & 63;
    const other = 1 - this.turn;
    if (this.board[to] !== 0) this.pieces[other] = this.pieces[other]! - 1;
    this.board[to] = this.board[from]!;
    this.board[from] = 0;
    const farRow = this.turn === 0 ? 0 : SIZE - 1;
    if (Math.floor(to / SIZE) === farRow || this.pieces[other] === 0) this.winner = this.turn;
    this.turn = other;
  }
}

export const breakthrough = (): Breakthrough => new Breakthrough();
