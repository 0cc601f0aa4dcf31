// Tokaido by hand, exactly as rulesets/tokaido/tokaido.cs.rules plays it (the Czech rulebook with
// the ruleset's readings): the base game with the travellers' powers, 2–5 players, and the
// automatic two-player rule (a neutral traveller). No optional variant.
//
// Cards are small integers (one id per kind of card: copies of a meal are the same number), decks
// are ring buffers, and a player's collection is kept as the counts the scoring needs. The game
// runs forward until a decision with two or more options; a decision with a single option is
// taken at once, as the interpreter does, so the decisions here are the interpreter's moves.
import { rngChance, seededRandom, type ChanceSource, type ReferenceGame } from './reference.js';

// ─── The board ────────────────────────────────────────────────────────────────

const INN = 0, VILLAGE = 1, TEMPLE = 2, ENCOUNTER = 3, PADDY = 4, MOUNTAIN = 5, SEA = 6, SPRING = 7, FARM = 8;
/** Space types from Kyoto (0) to Edo (54), one letter each: Inn, Village, Temple, Encounter, Paddy, Mountain, Ocean (sea), Spring, Farm. */
const ROAD = 'IVTEPSMFVTEOMSIOTFPMETSMOVFIPVEFMSOPTFEOVISTEVOFSEMPOVI';
const DOUBLES = [1, 5, 6, 7, 9, 11, 17, 18, 19, 20, 22, 24, 30, 32, 34, 36, 37, 40, 43, 45, 47, 48, 51, 52];
const LAST = ROAD.length - 1;
const SPACE_TYPE = Int8Array.from(ROAD, (c) => 'IVTEPMOSF'.indexOf(c));
const DOUBLE = new Uint8Array(ROAD.length);
for (const d of DOUBLES) DOUBLE[d] = 1;
/** The next inn after each position (for the last space, itself). */
const NEXT_INN = new Int8Array(ROAD.length);
for (let s = LAST, inn = LAST; s >= 0; s--) {
  NEXT_INN[s] = inn;
  if (SPACE_TYPE[s] === INN) inn = s;
}
const isMiddleInn = (s: number) => SPACE_TYPE[s] === INN && s > 0 && s < LAST;

// ─── The cards ────────────────────────────────────────────────────────────────

/** Landscapes 0 paddy, 1 mountain, 2 sea: a panorama has 3, 4 or 5 parts; part n is worth n. */
const LANDSCAPES = ['paddy', 'mountain', 'sea'];
const PANORAMA_SIZE = [3, 4, 5];

const HIROSHIGE = 0, CHUBEI = 1, KINKO = 2, YOSHIYASU = 3, SATSUKI = 4, MITSUKUNI = 5, SASAYAKKO = 6, HIROTADA = 7, UMEGAE = 8, ZEN_EMON = 9;
const TRAVELLER_NAMES = ['Hiroshige', 'Chubei', 'Kinko', 'Yoshiyasu', 'Satsuki', 'Mitsukuni', 'Sasayakko', 'Hirotada', 'Umegae', 'Zen-emon'];
const TRAVELLER_COINS = [3, 4, 7, 9, 2, 6, 5, 8, 5, 6];

const MEAL_NAMES = ['Misoshiru', 'Nigirimeshi', 'Dango', 'Yakitori', 'Soba', 'Sushi', 'Tofu', 'Tempura', 'Unagi', 'Donburi', 'Udon', 'Fugu', 'Tai Meshi', 'Sashimi'];
const MEAL_COST = [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3];
const MEAL_COPIES = [3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1];

/** Souvenirs are unique; families 0 small objects, 1 clothing, 2 art, 3 food & drinks. */
const SOUVENIR_NAMES = [
  'Koma', 'Gofu', 'Yunomi', 'Uchiwa', 'Hashi', 'Washi', 'Haori', 'Furoshiki', 'Sandogasa', 'Kanzashi', 'Geta', 'Yukata',
  'Netsuke', 'Jubako', 'Shikki', 'Shamisen', 'Sumie', 'Ukiyoe', 'Manju', 'Kamaboko', 'Konpeito', 'Daifuku', 'Sake', 'Ocha',
];
const SOUVENIR_FAMILY = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3];
const SOUVENIR_PRICE = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 1, 1, 1, 2, 2, 2];
/** A collection's score by how many families it has (1, 3, 5, 7 for its 1st … 4th souvenir). */
const SET_SCORE = [0, 1, 4, 9, 16];

/** Encounters; the three guides (Annaibito) show landscape kind − ANNAIBITO. */
const SHOKUNIN = 0, ANNAIBITO = 1, SAMURAI = 4, KUGE = 5, MIKO = 6;
const ENCOUNTER_NAMES = ['Shokunin', 'Annaibito-paddy', 'Annaibito-mountain', 'Annaibito-sea', 'Samurai', 'Kuge', 'Miko'];
const ENCOUNTER_COPIES = [2, 1, 2, 3, 2, 2, 2];

/** Hot springs: kind 0 is worth 2 points, kind 1 is worth 3; six of each. */
const HOT_SPRING_NAMES = ['hot spring 2', 'hot spring 3'];

const copies = (counts: readonly number[]) => counts.flatMap((n, kind) => Array<number>(n).fill(kind));
const MEAL_DECK = copies(MEAL_COPIES);
const SOUVENIR_DECK = SOUVENIR_NAMES.map((_, i) => i);
const ENCOUNTER_DECK = copies(ENCOUNTER_COPIES);
const HOT_SPRING_DECK = copies([6, 6]);
const TRAVELLER_TILES = TRAVELLER_NAMES.map((_, i) => i);

const mealLabel = (c: number) => MEAL_NAMES[c]!;
const souvenirLabel = (c: number) => SOUVENIR_NAMES[c]!;
const encounterLabel = (c: number) => ENCOUNTER_NAMES[c]!;
const hotSpringLabel = (c: number) => HOT_SPRING_NAMES[c]!;
const travellerLabel = (c: number) => TRAVELLER_NAMES[c]!;

/** Subsets of a village stall of three, as the interpreter lists them: by size, then by bit mask. */
const STALL_SUBSETS = [0, 1, 2, 4, 3, 5, 6, 7];

/** A deck as a ring buffer: draw from the top, put back at the bottom. */
class Deck {
  readonly cards: Int32Array;
  head = 0;
  size = 0;
  constructor(capacity: number) {
    this.cards = new Int32Array(capacity);
  }
  fill(cards: readonly number[]): void {
    this.cards.set(cards);
    this.head = 0;
    this.size = cards.length;
  }
  /** The i-th card from the top. */
  at(i: number): number {
    return this.cards[(this.head + i) % this.cards.length]!;
  }
  draw(): number {
    const c = this.cards[this.head]!;
    this.head = (this.head + 1) % this.cards.length;
    this.size--;
    return c;
  }
  putBottom(c: number): void {
    this.cards[(this.head + this.size) % this.cards.length] = c;
    this.size++;
  }
  /** Takes out the i-th card from the top, the cards below it moving up. */
  removeAt(i: number): number {
    const n = this.cards.length;
    const c = this.at(i);
    for (let k = i; k < this.size - 1; k++) this.cards[(this.head + k) % n] = this.cards[(this.head + k + 1) % n]!;
    this.size--;
    return c;
  }
}

// ─── Decisions ────────────────────────────────────────────────────────────────

/** What the waiting decision is; its options are in `opts`. */
const NONE = 0,
  PLAY = 1, // a player picks a traveller tile: opts are tile ids
  ADVANCE = 2, // opts are destination positions
  BUY = 3, // opts are bit masks over the village stall
  DONATE = 4, // opts are amounts
  SUPPLY_COIN = 5, // Hirotada: 1 gives a supply coin, 0 passes
  KEEP = 6, // opts are indices into the encounter cards drawn
  GUIDE = 7, // a guide on a completed panorama: opts are landscapes, −1 for none
  PAINT = 8, // Hiroshige at a middle inn: opts are landscapes
  MEET = 9, // Chubei at a middle inn: opts are encounter kinds in the deck
  MEAL = 10, // opts are indices into the meal offer, −1 to skip (Satsuki: the free meal)
  DISCARD = 11; // the neutral traveller at an inn: opts are indices into the meal offer

export class Tokaido implements ReferenceGame {
  readonly name = 'Tokaido';
  private readonly defaultChance: ChanceSource;
  private chance: ChanceSource;

  private players = 0;
  /** Travellers: 0 … players−1 are the players' own, the neutral one (two players) comes last. */
  private travellers = 0;
  private neutral = -1;
  private pos = new Int32Array(6);
  private slot = new Int32Array(6);
  /** Temple coins, per traveller. */
  private donated = new Int32Array(6);
  /** Per space, a bit mask of the slots taken (bit 0: on the road). */
  private taken = new Int32Array(ROAD.length);

  // Per player.
  private character = new Int32Array(5);
  private coins = new Int32Array(5);
  private points = new Int32Array(5);
  private achievements = new Int32Array(5);
  /** Panorama parts held: [player * 3 + landscape]. */
  private panorama = new Int32Array(15);
  private hotSprings = new Int32Array(5);
  /** The meals eaten, as a bit mask of kinds (no dish is eaten twice), their number and printed cost. */
  private tasted = new Int32Array(5);
  private mealCount = new Int32Array(5);
  private mealCost = new Int32Array(5);
  /** Souvenirs per family: [player * 4 + family]. */
  private families = new Int32Array(20);
  private souvenirs = new Int32Array(5);
  private encounters = new Int32Array(5);
  /** Whether the panorama achievement of each landscape is still in the supply. */
  private panoramaAward = new Uint8Array(3);

  private readonly mealDeck = new Deck(MEAL_DECK.length);
  private readonly souvenirDeck = new Deck(SOUVENIR_DECK.length);
  private readonly encounterDeck = new Deck(ENCOUNTER_DECK.length);
  private readonly hotSpringDeck = new Deck(HOT_SPRING_DECK.length);
  /** The traveller tiles each player drew: [player * 2], [player * 2 + 1]. */
  private tiles = new Int32Array(10);
  private readonly mealOffer = new Int32Array(6);
  private mealOfferSize = 0;
  private readonly stall = new Int32Array(3);
  private stallSize = 0;
  private readonly drawn = new Int32Array(2);
  private drawnSize = 0;

  // The decision waiting, and the turn around it.
  private stage = NONE;
  private decider = -1;
  private readonly opts = new Int32Array(64);
  private nOpts = 0;
  private mover = -1;
  /** A guide met through Chubei at an inn: the meal comes after it. */
  private meetAtInn = false;
  private over = false;

  /** Candidates of a chance pick and how the interpreter's log names candidate i. */
  private readonly candidates = new Int32Array(6);
  private readonly travellerPickLabel = (i: number) => {
    const t = this.candidates[i]!;
    return t === this.neutral ? 'neutral' : `P${t + 1}`;
  };
  private readonly mealPickLabel = (i: number) => MEAL_NAMES[this.mealOffer[this.candidates[i]!]!]!;

  constructor(chance: ChanceSource = rngChance(seededRandom('tokaido'))) {
    this.defaultChance = this.chance = chance;
    this.newGame(2);
  }

  newGame(players: number, chance: ChanceSource = this.defaultChance): void {
    if (!(players >= 2 && players <= 5)) throw new Error(`Tokaido is for 2 to 5 players, not ${players}`);
    this.chance = chance;
    this.players = players;
    this.neutral = players === 2 ? 2 : -1;
    this.travellers = players === 2 ? 3 : players;
    this.pos.fill(-1);
    this.slot.fill(0);
    this.taken.fill(0);
    for (const a of [this.donated, this.coins, this.points, this.achievements, this.panorama, this.hotSprings, this.tasted,
      this.mealCount, this.mealCost, this.families, this.souvenirs, this.encounters]) a.fill(0);
    this.panoramaAward.fill(1);
    this.mealOfferSize = this.stallSize = this.drawnSize = 0;
    this.over = false;
    this.mover = -1;

    // Setup: the decks are shuffled, in the ruleset's order, then each player draws two tiles.
    const deal = (deck: Deck, cards: readonly number[], zone: string, label: (c: number) => string) => {
      const order = cards.slice();
      chance.shuffle(zone, order, order.length, label);
      deck.fill(order);
    };
    deal(this.mealDeck, MEAL_DECK, 'meal-deck', mealLabel);
    deal(this.souvenirDeck, SOUVENIR_DECK, 'souvenir-deck', souvenirLabel);
    deal(this.encounterDeck, ENCOUNTER_DECK, 'encounter-deck', encounterLabel);
    deal(this.hotSpringDeck, HOT_SPRING_DECK, 'hot-spring-deck', hotSpringLabel);
    const tiles = TRAVELLER_TILES.slice();
    chance.shuffle('traveller-tiles', tiles, tiles.length, travellerLabel);
    for (let i = 0; i < 2 * players; i++) this.tiles[i] = tiles[i]!;
    this.offerPlay(0);
  }

  // ─── The interface ──────────────────────────────────────────────────────────

  isOver(): boolean {
    return this.over;
  }

  /** The seat whose decision is waiting; −1 when the game is over. */
  toMove(): number {
    return this.over ? -1 : this.decider;
  }

  scores(): number[] {
    return Array.from(this.points.subarray(0, this.players));
  }

  /** Most points, then most achievement cards. */
  winners(): number[] {
    const seats = [...Array(this.players).keys()];
    const key = (p: number) => this.points[p]! * 100 + this.achievements[p]!;
    const best = Math.max(...seats.map(key));
    return seats.filter((p) => key(p) === best);
  }

  legalMoveIds(): string[] {
    const ids: string[] = [];
    if (!this.over) for (let i = 0; i < this.nOpts; i++) ids.push(this.moveId(i));
    return ids;
  }

  applyMoveId(id: string): void {
    for (let i = 0; i < this.nOpts && !this.over; i++) {
      if (this.moveId(i) === id) {
        this.choose(i);
        return;
      }
    }
    throw new Error(`\`${id}\` is not legal here; legal: ${this.legalMoveIds().join(', ')}`);
  }

  randomPlayout(random: () => number): number {
    let moves = 0;
    while (!this.over) {
      this.choose((random() * this.nOpts) | 0);
      moves++;
    }
    return moves;
  }

  /** The interpreter's id of option i of the waiting decision. */
  private moveId(i: number): string {
    const v = this.opts[i]!;
    switch (this.stage) {
      case PLAY: return `play ${TRAVELLER_NAMES[v]}`;
      case ADVANCE: return `advance ${v}`;
      case BUY: {
        const names: string[] = [];
        for (let k = 0; k < this.stallSize; k++) if (v & (1 << k)) names.push(SOUVENIR_NAMES[this.stall[k]!]!);
        return `buy ${names.length ? names.join('+') : 'nothing'}`;
      }
      case DONATE: return `donate ${v}`;
      case SUPPLY_COIN: return v ? 'donate a supply coin' : 'pass';
      case KEEP: return `keep ${ENCOUNTER_NAMES[this.drawn[v]!]}`;
      case GUIDE: return v < 0 ? 'no panorama' : `panorama ${LANDSCAPES[v]}`;
      case PAINT: return `panorama ${LANDSCAPES[v]}`;
      case MEET: return `meet ${ENCOUNTER_NAMES[v]}`;
      case MEAL:
        if (v >= 0) return `eat ${MEAL_NAMES[this.mealOffer[v]!]}`;
        return this.character[this.decider] === SATSUKI ? 'take a free meal' : 'skip meal';
      case DISCARD: return `discard ${MEAL_NAMES[this.mealOffer[v]!]}`;
    }
    throw new Error(`no decision is waiting (stage ${this.stage})`);
  }

  // ─── Running the game ───────────────────────────────────────────────────────

  /** Takes option i of the waiting decision, then plays on to the next decision with a choice. */
  private choose(i: number): void {
    this.resolve(i);
    while (this.stage === NONE && !this.over) {
      if (this.allAt(LAST)) this.finish();
      else this.startTurn();
    }
  }

  /**
   * Waits for `decider` to pick among the options put in `opts[0 … n)`; a single option is taken
   * at once. Always the last thing its caller does: taking the option goes on with the game.
   */
  private offer(stage: number, n: number): void {
    if (n === 0) throw new Error(`a decision (stage ${stage}) without options: the ruleset stops here too`);
    this.stage = stage;
    this.nOpts = n;
    if (n === 1) this.resolve(0);
  }

  private resolve(i: number): void {
    const stage = this.stage;
    const v = this.opts[i]!;
    this.stage = NONE;
    this.nOpts = 0;
    const p = this.decider;
    switch (stage) {
      case PLAY: return this.playTile(p, v);
      case ADVANCE: return this.advance(this.mover, v);
      case BUY: return this.buy(p, v);
      case DONATE: return this.donate(p, v);
      case SUPPLY_COIN:
        if (v) {
          this.donated[this.mover]!++;
          this.points[p]!++;
        }
        return this.offerDonation(p);
      case KEEP: return this.keep(p, v);
      case GUIDE:
        if (v >= 0) this.takePanorama(p, v);
        return this.afterMeeting();
      case PAINT:
        this.takePanorama(p, v);
        return this.mealTime(this.mover);
      case MEET: {
        let k = 0;
        while (this.encounterDeck.at(k) !== v) k++;
        this.encounterDeck.removeAt(k);
        this.encounters[p]!++;
        this.meetAtInn = true;
        return this.meet(p, v);
      }
      case MEAL: return this.eat(p, v);
      case DISCARD:
        this.mealDeck.putBottom(this.takeFromOffer(v));
        return this.leaveInn(this.mover);
    }
    throw new Error(`no decision is waiting (stage ${stage})`);
  }

  // ─── Setup ──────────────────────────────────────────────────────────────────

  private offerPlay(p: number): void {
    this.decider = p;
    this.opts[0] = this.tiles[2 * p]!;
    this.opts[1] = this.tiles[2 * p + 1]!;
    this.offer(PLAY, 2);
  }

  /** The tile kept shows the traveller and the starting coins; the other goes to the box. */
  private playTile(p: number, tile: number): void {
    this.character[p] = tile;
    this.coins[p]! += TRAVELLER_COINS[tile]!;
    if (p + 1 < this.players) return this.offerPlay(p + 1);
    // The travellers go to Kyoto in random order: the slots are the order of arrival.
    for (let placed = 0; placed < this.travellers; placed++) {
      let n = 0;
      for (let t = 0; t < this.travellers; t++) if (this.pos[t]! < 0) this.candidates[n++] = t;
      const t = this.candidates[this.chance.pick(n, this.travellerPickLabel)]!;
      this.pos[t] = 0;
      this.slot[t] = placed;
      this.taken[0]! |= 1 << placed;
    }
  }

  // ─── Who moves, and where to ────────────────────────────────────────────────

  private allAt(space: number): boolean {
    return this.occupants(space) === this.travellers;
  }

  private occupants(space: number): number {
    let n = 0;
    for (let mask = this.taken[space]!; mask; mask &= mask - 1) n++;
    return n;
  }

  /** The traveller furthest behind: lowest position, and on a shared space the higher slot. */
  private rearmost(): number {
    let best = 0;
    for (let t = 1; t < this.travellers; t++) {
      if (this.pos[t]! < this.pos[best]! || (this.pos[t] === this.pos[best] && this.slot[t]! > this.slot[best]!)) best = t;
    }
    return best;
  }

  /** A player's traveller is moved by its owner; the neutral one by the player in front. */
  private controller(t: number): number {
    if (t !== this.neutral) return t;
    let best = 0;
    for (let p = 1; p < this.players; p++) {
      if (this.pos[p]! > this.pos[best]! || (this.pos[p] === this.pos[best] && this.slot[p]! < this.slot[best]!)) best = p;
    }
    return best;
  }

  private startTurn(): void {
    const t = this.rearmost();
    this.mover = t;
    const p = this.controller(t);
    this.decider = p;
    const owned = t !== this.neutral;
    let n = 0;
    for (let s = this.pos[t]! + 1; s <= NEXT_INN[this.pos[t]!]!; s++) {
      const type = SPACE_TYPE[s]!;
      const capacity = type === INN ? this.travellers : DOUBLE[s] && this.players >= 4 ? 2 : 1;
      if (this.occupants(s) >= capacity) continue;
      if (owned) {
        // No village or temple without a coin; no panorama already completed.
        if ((type === VILLAGE || type === TEMPLE) && this.coins[p]! < 1) continue;
        if (type >= PADDY && type <= SEA && this.panorama[p * 3 + type - PADDY] === PANORAMA_SIZE[type - PADDY]) continue;
      }
      this.opts[n++] = s;
    }
    this.offer(ADVANCE, n);
  }

  /** The traveller takes the lowest free slot of the space, then stops there. */
  private advance(t: number, s: number): void {
    this.taken[this.pos[t]!]! &= ~(1 << this.slot[t]!);
    let slot = 0;
    while (this.taken[s]! & (1 << slot)) slot++;
    this.taken[s]! |= 1 << slot;
    this.pos[t] = s;
    this.slot[t] = slot;
    const p = this.decider;
    const owned = t !== this.neutral;
    switch (SPACE_TYPE[s]) {
      case INN: return this.arriveAtInn(t);
      case TEMPLE:
        if (owned) {
          // Hirotada may first give a coin from the supply, then donates like everyone.
          if (this.character[p] === HIROTADA) {
            this.opts[0] = 1;
            this.opts[1] = 0;
            return this.offer(SUPPLY_COIN, 2);
          }
          return this.offerDonation(p);
        }
        this.donated[t]!++; // the neutral traveller gives a supply coin
        return;
    }
    if (!owned) return;
    switch (SPACE_TYPE[s]) {
      case VILLAGE: return this.village(p);
      case FARM:
        this.coins[p]! += 3;
        return;
      case PADDY: case MOUNTAIN: case SEA:
        return this.takePanorama(p, SPACE_TYPE[s]! - PADDY);
      case SPRING: return this.hotSpring(p);
      case ENCOUNTER: return this.encounter(p);
    }
  }

  // ─── The spaces ─────────────────────────────────────────────────────────────

  /** Three souvenirs (fewer if the deck is short); any set the player can afford. */
  private village(p: number): void {
    this.stallSize = Math.min(3, this.souvenirDeck.size);
    for (let k = 0; k < this.stallSize; k++) this.stall[k] = this.souvenirDeck.draw();
    let n = 0;
    for (const mask of STALL_SUBSETS) {
      if (mask >> this.stallSize) continue;
      if (this.villagePrice(p, mask, true) <= this.coins[p]!) this.opts[n++] = mask;
    }
    this.offer(BUY, n);
  }

  /**
   * What a purchase costs (or, with `budget`, what the player must have): the printed prices;
   * Sasayakko gets the cheapest of two or more free but must afford them all; Zen-emon pays 1
   * for the dearest.
   */
  private villagePrice(p: number, mask: number, budget: boolean): number {
    let sum = 0, min = 99, max = 0, count = 0;
    for (let k = 0; k < this.stallSize; k++) {
      if (!(mask & (1 << k))) continue;
      const price = SOUVENIR_PRICE[this.stall[k]!]!;
      sum += price;
      count++;
      if (price < min) min = price;
      if (price > max) max = price;
    }
    const c = this.character[p];
    if (c === ZEN_EMON && count > 0) return sum - max + 1;
    if (c === SASAYAKKO && !budget && count >= 2) return sum - min;
    return sum;
  }

  private buy(p: number, mask: number): void {
    this.coins[p]! -= this.villagePrice(p, mask, false);
    const before = this.souvenirScore(p);
    for (let k = 0; k < this.stallSize; k++) {
      if (mask & (1 << k)) this.addSouvenir(p, this.stall[k]!);
      else this.souvenirDeck.putBottom(this.stall[k]!);
    }
    this.points[p]! += this.souvenirScore(p) - before;
    this.stallSize = 0;
  }

  private addSouvenir(p: number, card: number): void {
    this.families[p * 4 + SOUVENIR_FAMILY[card]!]!++;
    this.souvenirs[p]!++;
  }

  /** Each set of different families scores 1, 3, 5, 7 for its first … fourth souvenir. */
  private souvenirScore(p: number): number {
    let total = 0;
    for (let j = 1; ; j++) {
      let size = 0;
      for (let f = 0; f < 4; f++) if (this.families[p * 4 + f]! >= j) size++;
      if (size === 0) return total;
      total += SET_SCORE[size]!;
    }
  }

  /** The next part of the landscape; the first to complete it takes its achievement. */
  private takePanorama(p: number, land: number): void {
    const part = ++this.panorama[p * 3 + land]!;
    this.points[p]! += part;
    if (part === PANORAMA_SIZE[land] && this.panoramaAward[land]) {
      this.panoramaAward[land] = 0;
      this.takeAchievement(p);
    }
  }

  /** An achievement is worth 3 points; Mitsukuni gets one more. */
  private takeAchievement(p: number): void {
    this.achievements[p]!++;
    this.points[p]! += this.character[p] === MITSUKUNI ? 4 : 3;
  }

  private hotSpring(p: number): void {
    if (this.hotSpringDeck.size === 0) throw new Error('the hot spring deck is empty: the ruleset stops here too');
    const card = this.hotSpringDeck.draw();
    this.hotSprings[p]!++;
    this.points[p]! += 2 + card + (this.character[p] === MITSUKUNI ? 1 : 0);
  }

  private offerDonation(p: number): void {
    const most = Math.min(3, this.coins[p]!);
    for (let a = 1; a <= most; a++) this.opts[a - 1] = a;
    this.offer(DONATE, most);
  }

  private donate(p: number, amount: number): void {
    this.coins[p]! -= amount;
    this.donated[this.mover]! += amount;
    this.points[p]! += amount;
  }

  /** Umegae's point and coin first; Yoshiyasu draws two cards and keeps one. */
  private encounter(p: number): void {
    const c = this.character[p];
    if (c === UMEGAE) {
      this.points[p]!++;
      this.coins[p]!++;
    }
    this.drawnSize = Math.min(c === YOSHIYASU ? 2 : 1, this.encounterDeck.size);
    for (let k = 0; k < this.drawnSize; k++) this.drawn[k] = this.encounterDeck.draw();
    // Two copies of one card are a single option.
    this.opts[0] = 0;
    this.opts[1] = 1;
    this.offer(KEEP, this.drawnSize === 2 && this.drawn[1] === this.drawn[0] ? 1 : this.drawnSize);
  }

  private keep(p: number, k: number): void {
    const card = this.drawn[k]!;
    this.encounters[p]!++;
    if (this.drawnSize === 2) this.encounterDeck.putBottom(this.drawn[1 - k]!);
    this.drawnSize = 0;
    this.meetAtInn = false;
    this.meet(p, card);
  }

  private meet(p: number, card: number): void {
    switch (card) {
      case SHOKUNIN:
        if (this.souvenirDeck.size > 0) {
          const before = this.souvenirScore(p);
          this.addSouvenir(p, this.souvenirDeck.draw());
          this.points[p]! += this.souvenirScore(p) - before;
        }
        break;
      case SAMURAI:
        this.points[p]! += 3;
        break;
      case KUGE:
        this.coins[p]! += 3;
        break;
      case MIKO:
        this.donated[this.mover]!++;
        this.points[p]!++;
        break;
      default: {
        // A guide: the next part of its landscape, or, when that one is complete, another or none.
        const land = card - ANNAIBITO;
        if (this.panorama[p * 3 + land]! < PANORAMA_SIZE[land]!) {
          this.takePanorama(p, land);
          break;
        }
        const n = this.openLandscapes(p);
        this.opts[n] = -1;
        return this.offer(GUIDE, n + 1);
      }
    }
    this.afterMeeting();
  }

  /** Puts the landscapes the player has not completed in `opts`; returns how many. */
  private openLandscapes(p: number): number {
    let n = 0;
    for (let land = 0; land < 3; land++) if (this.panorama[p * 3 + land]! < PANORAMA_SIZE[land]!) this.opts[n++] = land;
    return n;
  }

  /** Chubei meets at an inn before his meal; an encounter space's turn is over. */
  private afterMeeting(): void {
    if (this.meetAtInn) this.mealTime(this.mover);
  }

  // ─── The inns ───────────────────────────────────────────────────────────────

  private arriveAtInn(t: number): void {
    // The first to arrive draws the offer: one meal more than there are players (4 with two).
    if (this.slot[t] === 0) {
      this.mealOfferSize = Math.min(this.players === 2 ? 4 : this.players + 1, this.mealDeck.size);
      for (let k = 0; k < this.mealOfferSize; k++) this.mealOffer[k] = this.mealDeck.draw();
    }
    if (t !== this.neutral && isMiddleInn(this.pos[t]!)) {
      const p = t;
      if (this.character[p] === HIROSHIGE) {
        const n = this.openLandscapes(p);
        if (n > 0) return this.offer(PAINT, n);
      } else if (this.character[p] === CHUBEI) {
        // Any card of the encounter deck, one option per kind, in deck order.
        let n = 0, seen = 0;
        for (let k = 0; k < this.encounterDeck.size; k++) {
          const card = this.encounterDeck.at(k);
          if (seen & (1 << card)) continue;
          seen |= 1 << card;
          this.opts[n++] = card;
        }
        return this.offer(MEET, n);
      }
    }
    this.mealTime(t);
  }

  private mealTime(t: number): void {
    if (t === this.neutral) {
      // Its controller discards a meal of the offer.
      if (this.mealOfferSize === 0) return this.leaveInn(t);
      return this.offer(DISCARD, this.distinctMeals(false));
    }
    const n = this.distinctMeals(true);
    this.opts[n] = -1;
    this.offer(MEAL, n + 1);
  }

  /** Puts one offer index per kind of meal in `opts` (with `eatable`, only meals the player may eat and pay for). */
  private distinctMeals(eatable: boolean): number {
    const p = this.decider;
    let n = 0, seen = 0;
    for (let k = 0; k < this.mealOfferSize; k++) {
      const meal = this.mealOffer[k]!;
      if (seen & (1 << meal)) continue;
      if (eatable && ((this.tasted[p]! & (1 << meal)) || this.mealPrice(p, meal) > this.coins[p]!)) continue;
      seen |= 1 << meal;
      this.opts[n++] = k;
    }
    return n;
  }

  /** Kinko pays one coin less per meal. */
  private mealPrice(p: number, meal: number): number {
    const cost = MEAL_COST[meal]!;
    return this.character[p] === KINKO ? Math.max(cost - 1, 0) : cost;
  }

  private eat(p: number, k: number): void {
    if (k >= 0) {
      const meal = this.takeFromOffer(k);
      this.coins[p]! -= this.mealPrice(p, meal);
      this.addMeal(p, meal);
    } else if (this.character[p] === SATSUKI) {
      // Satsuki's free meal: a random one of the offer she has not eaten yet.
      let n = 0;
      for (let i = 0; i < this.mealOfferSize; i++) if (!(this.tasted[p]! & (1 << this.mealOffer[i]!))) this.candidates[n++] = i;
      if (n > 0) this.addMeal(p, this.takeFromOffer(this.candidates[this.chance.pick(n, this.mealPickLabel)]!));
    }
    this.leaveInn(this.mover);
  }

  private addMeal(p: number, meal: number): void {
    this.tasted[p]! |= 1 << meal;
    this.mealCount[p]!++;
    this.mealCost[p]! += MEAL_COST[meal]!;
    this.points[p]! += 6;
  }

  private takeFromOffer(k: number): number {
    const meal = this.mealOffer[k]!;
    this.mealOfferSize--;
    for (let i = k; i < this.mealOfferSize; i++) this.mealOffer[i] = this.mealOffer[i + 1]!;
    return meal;
  }

  /** Once every traveller is at the inn, the rest of the offer goes under the meal deck. */
  private leaveInn(t: number): void {
    if (!this.allAt(this.pos[t]!)) return;
    for (let k = 0; k < this.mealOfferSize; k++) this.mealDeck.putBottom(this.mealOffer[k]!);
    this.mealOfferSize = 0;
  }

  // ─── The end ────────────────────────────────────────────────────────────────

  private finish(): void {
    // Gourmet (printed cost of the meals), Collector, Bather, Chatterbox: every tied player with
    // at least one such card takes one.
    this.awardMost(this.mealCost, this.mealCount);
    this.awardMost(this.souvenirs, this.souvenirs);
    this.awardMost(this.hotSprings, this.hotSprings);
    this.awardMost(this.encounters, this.encounters);
    // Temple ranking: tied donors share a place, the next takes the next place; 10, 7, 4, then 2.
    let place = 0, last = -1;
    for (;;) {
      let next = 0;
      for (let t = 0; t < this.travellers; t++) {
        const d = this.donated[t]!;
        if (d > 0 && (last < 0 || d < last) && d > next) next = d;
      }
      if (next === 0) break;
      place++;
      last = next;
      const bonus = place <= 3 ? [10, 7, 4][place - 1]! : 2;
      for (let p = 0; p < this.players; p++) if (this.donated[p] === next) this.points[p]! += bonus;
    }
    this.over = true;
    this.stage = NONE;
    this.nOpts = 0;
  }

  private awardMost(by: Int32Array, has: Int32Array): void {
    let best = -1;
    for (let p = 0; p < this.players; p++) if (has[p]! > 0 && by[p]! > best) best = by[p]!;
    if (best < 0) return;
    for (let p = 0; p < this.players; p++) if (has[p]! > 0 && by[p] === best) this.takeAchievement(p);
  }
}
