// Connect Four by hand: a 7 × 6 board in a typed array, column heights, and a win check along
// the four lines through the disc just dropped. Speaks the move ids of
// rulesets/connect-four/connect-four.rules (`drop a` … `drop g`, columns from the left).
import type { ReferenceGame } from './reference.js';

const COLUMNS = 7;
const ROWS = 6;
const LETTERS = 'abcdefg';

/** The four line directions as (column step, row step); each is also walked backwards. */
const LINES: readonly (readonly [number, number])[] = [[1, 0], [0, 1], [1, 1], [1, -1]];

export class ConnectFour implements ReferenceGame {
  readonly name = 'Connect Four';
  /** cells[column * ROWS + row], row 0 at the bottom: 0 empty, 1 seat 0's disc, 2 seat 1's. */
  private readonly cells = new Uint8Array(COLUMNS * ROWS);
  /** How many discs each column holds. */
  private readonly heights = new Uint8Array(COLUMNS);
  /** Scratch for randomPlayout: the columns that are not full. */
  private readonly open = new Uint8Array(COLUMNS);
  private turn = 0;
  private dropped = 0;
  /** The winning seat, -1 while nobody has won. */
  private winner = -1;

  constructor() {
    this.newGame(2);
  }

  newGame(players: number): void {
    if (players !== 2) throw new Error(`Connect Four is for 2 players, not ${players}`);
    this.cells.fill(0);
    this.heights.fill(0);
    this.turn = 0;
    this.dropped = 0;
    this.winner = -1;
  }

  isOver(): boolean {
    return this.winner >= 0 || this.dropped === COLUMNS * ROWS;
  }

  toMove(): number {
    return this.isOver() ? -1 : this.turn;
  }

  legalMoveIds(): string[] {
    const ids: string[] = [];
    if (this.isOver()) return ids;
    for (let c = 0; c < COLUMNS; c++) if (this.heights[c]! < ROWS) ids.push(`drop ${LETTERS[c]}`);
    return ids;
  }

  applyMoveId(id: string): void {
    const c = id.startsWith('drop ') && id.length === 6 ? LETTERS.indexOf(id[5]!) : -1;
    if (c < 0 || this.isOver() || this.heights[c]! >= ROWS) throw new Error(`\`${id}\` is not legal; legal: ${this.legalMoveIds().join(', ')}`);
    this.drop(c);
  }

  scores(): number[] {
    return [this.winner === 0 ? 1 : 0, this.winner === 1 ? 1 : 0];
  }

  winners(): number[] {
    if (this.winner >= 0) return [this.winner];
    return this.isOver() ? [0, 1] : [];
  }

  randomPlayout(rng: () => number): number {
    let moves = 0;
    while (!this.isOver()) {
      let n = 0;
      for (let c = 0; c < COLUMNS; c++) if (this.heights[c]! < ROWS) this.open[n++] = c;
      this.drop(this.open[Math.floor(rng() * n)]!);
      moves++;
    }
    return moves;
  }

  /** Drops the mover's disc into column c (not full), checks for a line, passes the turn. */
  private drop(c: number): void {
    const row = this.heights[c]!;
    const disc = this.turn + 1;
    this.cells[c * ROWS + row] = disc;
    this.heights[c] = row + 1;
    this.dropped++;
    if (this.fourThrough(c, row, disc)) this.winner = this.turn;
    this.turn = 1 - this.turn;
  }

  /** Whether the disc at (c, row) lies on a line of four of its colour. */
  private fourThrough(c: number, row: number, disc: number): boolean {
    for (const [dc, dr] of LINES) {
      const length = 1 + this.run(c, row, dc, dr, disc) + this.run(c, row, -dc, -dr, disc);
      if (length >= 4) return true;
    }
    return false;
  }

  /** How many discs of that colour follow (c, row) one after another, stepping (dc, dr). */
  private run(c: number, row: number, dc: number, dr: number, disc: number): number {
    let n = 0;
    for (let x = c + dc, y = row + dr; x >= 0 && x < COLUMNS && y >= 0 && y < ROWS; x += dc, y += dr) {
      if (this.cells[x * ROWS + y] !== disc) break;
      n++;
    }
    return n;
  }
}

export const connectFour = (): ConnectFour => new ConnectFour();
