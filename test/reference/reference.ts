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

// ─── Chance ───────────────────────────────────────────────────────────────────

/**
 * Where a reference game with chance gets its outcomes: a seeded generator for the bench, or an
 * interpreter's log, so that a reference can follow an interpreted game's shuffles and picks.
 * Cards and candidates are the reference's own numbers; the `label` functions name them as the
 * interpreter's log does (only a recorded source reads them).
 */
export interface ChanceSource {
  /** Puts cards[0 … n) of the zone (named as in the ruleset) in a random order, in place. */
  shuffle(zone: string, cards: { [i: number]: number }, n: number, label: (card: number) => string): void;
  /** A random one of n ≥ 1 candidates: its index. */
  pick(n: number, label: (candidate: number) => string): number;
}

/** Chance from a generator: Fisher–Yates shuffles and uniform picks. */
export function rngChance(random: () => number): ChanceSource {
  return {
    shuffle(_zone, cards, n) {
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        const c = cards[i]!;
        cards[i] = cards[j]!;
        cards[j] = c;
      }
    },
    pick: (n) => Math.floor(random() * n),
  };
}

/** A card's label from its id in the interpreter's log: `Soba#2` → `Soba`. */
const labelOfId = (id: string) => (id.lastIndexOf('#') < 0 ? id : id.slice(0, id.lastIndexOf('#')));

/**
 * Chance as an interpreter's log recorded it (the full log, with the details nobody sees):
 * `X is shuffled` (detail `order: a, b, …`) and `chance picks …` (the label in the text, or for a
 * hidden card in the detail), consumed in order. A pick of nothing (`chance picks none`) has no
 * candidates, so the reference makes no pick there. The log may still be growing while the
 * reference reads it (an interpreted game played alongside): it is read up to its current end.
 */
export function recordedChance(log: readonly { readonly text: string; readonly detail?: string }[]): ChanceSource {
  let at = 0;
  const next = (what: string): { zone: string; labels: string[] } | { pick: string } => {
    for (; at < log.length; at++) {
      const e = log[at]!;
      const shuffled = /^(.*) is shuffled$/.exec(e.text);
      if (shuffled && e.detail?.startsWith('order: ')) {
        at++;
        return { zone: shuffled[1]!, labels: e.detail.slice('order: '.length).split(', ').filter((x) => x !== '').map(labelOfId) };
      }
      if (e.text === 'chance picks none' || !e.text.startsWith('chance picks ')) continue;
      at++;
      return { pick: e.text.startsWith('chance picks a card of ') ? (e.detail ?? '') : e.text.slice('chance picks '.length) };
    }
    throw new Error(`the log has no more chance outcomes, but the reference asks for ${what}`);
  };
  return {
    shuffle(zone, cards, n, label) {
      const e = next(`a shuffle of ${zone}`);
      if (!('zone' in e) || e.zone !== zone || e.labels.length !== n) {
        throw new Error(`the reference shuffles ${zone} (${n} cards); the log's next chance is ${JSON.stringify(e)}`);
      }
      // Each place takes a card with the recorded label from those not yet placed.
      e.labels.forEach((want, i) => {
        let j = i;
        while (j < n && label(cards[j]!) !== want) j++;
        if (j === n) throw new Error(`the reference's ${zone} has no card \`${want}\` left for place ${i + 1}`);
        const c = cards[i]!;
        cards[i] = cards[j]!;
        cards[j] = c;
      });
    },
    pick(n, label) {
      const e = next(`a pick among ${n}`);
      if (!('pick' in e)) throw new Error(`the reference picks among ${n}; the log's next chance is a shuffle of ${e.zone}`);
      for (let i = 0; i < n; i++) if (label(i) === e.pick) return i;
      throw new Error(`the log picks \`${e.pick}\`, not among the reference's candidates ${Array.from({ length: n }, (_, i) => label(i)).join(', ')}`);
    },
  };
}
