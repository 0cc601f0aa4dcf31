// The program's fixed part: its state (pieces' places, zones' cards, supplies), moving pieces and
// cards, the built-ins, chance, and deciding. The writer (writer.ts) adds the rules' own functions
// after it; compileGame (index.ts) wraps both into one function made from source.
//
// Lists: the program never changes a list it did not make. A space's pieces are copied on write
// (a list read earlier stays as it was, as the machine's do); a zone's cards and the supplies change
// in place, are read only while an expression is worked out (nothing moves then), never become a
// value, and are copied where a loop or a move needs them as they were. No list is frozen: V8
// copies and filters frozen arrays many times slower.
/** The program's fixed part: the state, moving pieces, the built-ins, deciding. */
export const RUNTIME = `
const { Deopt, Ref, END, seedRng, nextIntOf, scoreSets, UNCHANGING, playerLabel } = H;
/** Gives the game up: the machine plays it again from the start. */
function deopt() { throw new Deopt(); }
/** A value of the kind a reading needs (a yes/no, a number, a space), or the game given up. */
const T = (v) => (typeof v === 'boolean' ? v : deopt());
const N = (v) => (typeof v === 'number' ? v : deopt());
const S = (v) => (v instanceof Ref && v.kind === 0 ? v : deopt());
/** Equality as the machine's: lists item by item, anything else itself. */
function EQ(a, b) {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!EQ(a[i], b[i])) return false;
  return true;
}
/** A value's label as the machine's (a list's items joined by +). */
function LABEL(v) {
  if (v === null) return 'none';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Ref) return v.label;
  if (v.length === 0) return 'nothing';
  let out = LABEL(v[0]);
  for (let i = 1; i < v.length; i++) out += '+' + LABEL(v[i]);
  return out;
}
/** name of v, as the machine gives it (nameOf): a card's or a space's typed name, else the label. */
const NAME = (v) => (v instanceof Ref ? v.name : LABEL(v));
/** Whole-number division and remainder as the machine's (by zero: the machine's error). */
const DIV = (x, d) => (d === 0 ? deopt() : Math.floor(x / d));
const MOD = (x, d) => (d === 0 ? deopt() : ((x % d) + d) % d);
const { LIVE, SPACE_INDEX, PIECE_INDEX, CARD_INDEX, ZONE_INDEX, ZONE_KEYS, SPACE_IDS, PIECE_IDS, CARD_IDS, CARDS, NEIGHBOURS, DIRECTIONS, POWER_ZONES, CARD_ATTRS, ZONE_REFS, ZONE_SEAT, ZONE_READERS, START_ZONES, NC, LABEL_COUNT, PAIRS_MARKED, SPACES, PIECES, PLAYERS, OWNERS, POSITIONS, TOWARD, LINES, WAYS, ON_GRID, OPPOSITES, NP, NS, COLLECTION_AT, COLLECTION_PIECES, OWNED, NO_OWNER } = W;
const ALONE = PIECES.map((p) => [p]);
/**
 * Per collection an index plan reads: its pieces in supply (on no space), all and by owner, in its
 * order. Those by owner change as pieces move; all of them, only counted as pieces move, are made
 * again when read (supplyOf), as few plans read them.
 */
const SUPPLY = COLLECTION_PIECES.map(() => []);
const SUPPLY_COUNT = new Int32Array(COLLECTION_PIECES.length), SUPPLY_STALE = new Uint8Array(COLLECTION_PIECES.length);
const SUPPLY_OWNED = COLLECTION_PIECES.map(() => PLAYERS.map(() => []).concat([[]]));
/** Per piece, the collections of those it belongs to. */
const SUPPLY_OF = PIECES.map((p) => COLLECTION_AT.flatMap((at, c) => (at[p.i] >= 0 ? [c] : [])));
const SPACE_OF = new Int32Array(NP), SLOT_OF = new Int32Array(NP);
const EMPTY = [];
let ZONES = START_ZONES.map((cards) => cards.slice());
/** The zone each card lies in as a game starts (-1: none). */
const START_CARD_ZONE = new Int32Array(NC).fill(-1);
START_ZONES.forEach((cards, z) => { for (const c of cards) START_CARD_ZONE[c.i] = z; });
/** Zones as a game starts: each made again from its starting cards (an array emptied and refilled is made again as it grows anyway). */
function fillZones() {
  for (let z = 0; z < ZONES.length; z++) ZONES[z] = START_ZONES[z].slice();
  CARD_ZONE.set(START_CARD_ZONE);
}
const CARD_ZONE = new Int32Array(NC), REVEALED = new Uint8Array(NC);
/** The cards revealed, in the order they were (as the machine's state lists them). */
let REVEALED_ORDER = [];
/** The game's generator, made from its seed when chance is first asked for (many games never ask). */
let rng = null, seedText = '', ending = false, secret = 0;
/**
 * Counts changes to what the rules can read (pieces, cards, counters, the game ending): a define of
 * no parameters keeps its answer while it stays the same and the current player too (see writer.ts).
 */
let epoch = 0;
let HERE = new Array(NS).fill(EMPTY);
/**
 * The options of the choice being listed: the first OFFERED of these lists (reused, never emptied:
 * an array emptied and refilled for every listing is made again as it grows).
 */
const OPTIONS = [], IDS = [], BRANCHES = [];
let OFFERED = 0;
function offer(x, id) { OPTIONS[OFFERED] = x; IDS[OFFERED++] = id; }
/**
 * A pair offered as its two parts, made a list only if chosen (see decide): most options listed
 * are not taken. PAIR stands in OPTIONS for the list not yet made.
 */
const PAIR = [], FIRSTS = [], SECONDS = [];
function offerPair(a, b) { FIRSTS[OFFERED] = a; SECONDS[OFFERED] = b; OPTIONS[OFFERED] = PAIR; IDS[OFFERED++] = null; }
function made(k) { if (OPTIONS[k] === PAIR) OPTIONS[k] = [FIRSTS[k], SECONDS[k]]; return k; }
/** Whether an option of this id is offered already (identical copies are one option): by a set past a few options. */
function offered(id) {
  if (OFFERED >= 8) return seen(id);
  for (let k = 0; k < OFFERED; k++) if (IDS[k] === id) return true;
  return false;
}
/** Per label number, the listing that last offered a thing of that label. */
const LABEL_MARKS = new Int32Array(LABEL_COUNT);
/** The same for pairs of things, where no label holds a + (a pair's label joins its two with one). */
const PAIR_MARKS = PAIRS_MARKED ? new Int32Array(LABEL_COUNT * LABEL_COUNT) : null;
const labelNumber = (x) => (x === null ? 0 : x.labelId);
function allPairs(items) {
  if (PAIR_MARKS === null) return false;
  for (let k = 0; k < items.length; k++) {
    const x = items[k];
    if (!Array.isArray(x) || x.length !== 2 || !(x[0] === null || x[0] instanceof Ref) || !(x[1] === null || x[1] instanceof Ref)) return false;
  }
  return true;
}
let marks = 0;
function allRefs(items) {
  for (let k = 0; k < items.length; k++) if (!(items[k] instanceof Ref)) return false;
  return true;
}
const SEEN = new Set();
function seen(id) {
  if (OFFERED === 8) { SEEN.clear(); for (let k = 0; k < 8; k++) SEEN.add(IDS[k]); }
  if (SEEN.has(id)) return true;
  SEEN.add(id);
  return false;
}
let cur = -1, rounds = 0, depth = 0, moves = null, pickers = null, limit = 0;
/**
 * Resuming from a machine state (its stack of frames, outermost first): RS is the stack and RI the
 * next frame to enter, or RS is null when not resuming. Each construct the stack passes through takes
 * its frame in turn (rframe) and starts where the frame says, with the variables it holds; the
 * innermost block's frame ends the resuming, and the choice it stands at is listed anew.
 */
let RS = null, RI = 0;
/** Thrown by decide when a picker stops the game there (a search's playout long enough). */
const STOP = { stop: true };
/**
 * A live program's way back to the machine's state where a picker stopped it: the frames of the
 * statements the stop passed on its way out, innermost first (see Writer), and the choice it
 * stopped at (its decider, name, options and whether it is secret).
 */
let XS = [], XP = null;
/**
 * A live program's log: the lines written since the game resumed, as the machine writes them (the
 * text all read; a detail and who may read it; whether the rules made a choice alone; where the
 * statement that wrote it is). Null in a playout.
 */
let LOG = null;
/**
 * A live program's changes since the game resumed, each listed once: the pieces moved and the zones
 * whose cards changed (the counters' cells set are listed per counter, see Writer.change). Only
 * these are written back into the state, so that giving a long game back costs what changed.
 */
const MOVED = [], MOVED_MARK = new Uint8Array(NP), CHANGED_ZONES = [], ZONE_MARK = new Uint8Array(START_ZONES.length);
function moved(p) { if (MOVED_MARK[p] === 0) { MOVED_MARK[p] = 1; MOVED.push(p); } }
function zoneChanged(z) { if (ZONE_MARK[z] === 0) { ZONE_MARK[z] = 1; CHANGED_ZONES.push(z); } }
function forgetMoves() {
  for (const p of MOVED) MOVED_MARK[p] = 0;
  for (const z of CHANGED_ZONES) ZONE_MARK[z] = 0;
  MOVED.length = 0; CHANGED_ZONES.length = 0;
}
function note(text, at) { LOG.push({ text, at }); }
function noteFor(text, detail, seen, at) { LOG.push({ text, detail, seen, at }); }
/** Zone z's name in the log, made once. */
const ZONE_NAMES = LIVE ? ZONE_KEYS.map((key) => H.zoneName(key)) : null;
/** Cards moved into zone z: named to all, or to those who may read the zone (then shown to all, they may make a hidden choice public). */
function noteCards(what, cards, z, at) {
  const subject = cur < 0 ? '' : playerLabel(cur) + ' ';
  const names = cards.map((c) => c.label).join(', ') || 'nothing';
  const seeing = ZONE_READERS[z];
  if (seeing === null) note(subject + what + ': ' + names, at);
  else noteFor(subject + what, names, [...seeing], at);
}
/** A counter changed: its line read by all, or (private) by its owner, or (hidden) by nobody. */
function noteCounter(head, text, visibility, owner, at) {
  if (visibility === 'public') { note(text, at); return; }
  let seen = [];
  if (visibility === 'private' && owner instanceof Ref) {
    if (owner.kind === 2) seen = [owner.i];
    else if (owner.kind === 1 && OWNERS[owner.i] !== null) seen = [OWNERS[owner.i].i];
  }
  noteFor(head + ' changes', text, seen, at);
}
/** The next frame while resuming, not entered yet (an If or a menu looks at it to know its branch). */
function rnext() {
  const f = RS[RI];
  return f !== null && typeof f === 'object' ? f : deopt();
}
function rframe(k) {
  const f = RS[RI++];
  if (f === null || typeof f !== 'object' || f.k !== k) deopt();
  return f;
}
/**
 * A block's frame while resuming: checked to be block b's. Its statement to start at: the one in
 * progress (the frame has moved past it), or for the innermost frame the choice it waits at, where
 * the resuming ends.
 */
let resumedAt = 0;
function rblock(b) {
  const f = rframe('block');
  if (f.b !== b) deopt();
  if (RI === RS.length) { RS = null; resumedAt = f.pc; }
  else resumedAt = f.pc - 1;
  return f;
}
/** A rule's call frame while resuming, checked to be the rule's. */
function rcall(rule) {
  const f = rframe('call');
  if (f.rule !== rule) deopt();
  return f;
}
/** A machine value as the program's: things by their references, lists item by item. */
function VAL(v) {
  if (v === null || typeof v !== 'object') return v === undefined ? deopt() : v;
  if (Array.isArray(v)) return v.map(VAL);
  let x;
  if (v.space !== undefined) x = SPACES[SPACE_INDEX.get(v.space)];
  else if (v.piece !== undefined) x = PIECES[PIECE_INDEX.get(v.piece)];
  else if (v.player !== undefined) x = PLAYERS[v.player];
  else if (v.card !== undefined) x = CARDS[CARD_INDEX.get(v.card)];
  else if (v.zone !== undefined) x = ZONE_REFS[ZONE_INDEX.get(v.zone)];
  return x === undefined ? deopt() : x;
}
/** A variable a frame holds, as the program's value (a frame without it: none, as the machine reads it). */
const VAR = (f, name) => (Object.prototype.hasOwnProperty.call(f.vars, name) ? VAL(f.vars[name]) : null);
/** Told what a simulation counts (rules run, decisions, turns), or null; turns started so far. */
let watch = null, turns = 0;
function nonNull(v) { return v === null ? deopt() : v; }
function owned(v, kind) { return v instanceof Ref && v.kind === kind ? v.i : deopt(); }
/**
 * The grid's directions by number, and each one's opposite. A direction met in the rules is one of
 * a few texts, each V8's one copy (the program's constants and the opposites are): found by
 * comparing it with each, which is quicker than a map's lookup.
 */
const WAY_NAMES = [];
for (const [name, k] of WAYS) WAY_NAMES[k] = name;
const WAY_OPPOSITES = WAY_NAMES.map((name) => OPPOSITES.get(name));
/** A grid direction's number, or -1. */
function wayNumber(w) {
  for (let k = 0; k < WAY_NAMES.length; k++) if (WAY_NAMES[k] === w) return k;
  return -1;
}
/** A direction's number (the last one asked for is kept: a loop often asks the same one again and again). */
let lastWay = null, lastWayNumber = 0;
function way(w) {
  if (w === lastWay) return lastWayNumber;
  const k = wayNumber(w);
  if (k < 0) deopt();
  lastWay = w;
  return (lastWayNumber = k);
}
/** The space one step way k (an index of WAYS) from s, or none off the grid. */
function toward(s, k) {
  if (!ON_GRID[s.i]) deopt();
  const t = TOWARD[k][s.i];
  return t === -2 ? deopt() : t < 0 ? null : SPACES[t];
}
/** The spaces from s way k to the grid's edge. */
function line(s, k) {
  let l = LINES[k][s.i];
  if (l === undefined) {
    if (!ON_GRID[s.i] || TOWARD[k][s.i] === -2) deopt();
    const out = [];
    for (let t = TOWARD[k][s.i]; t >= 0; t = TOWARD[k][t]) out.push(SPACES[t]);
    LINES[k][s.i] = l = out;
  }
  return l;
}
/** A direction's opposite: a grid's by number, else any other direction's the model knows. */
function opposite(w) {
  const o = WAY_OPPOSITES[wayNumber(w)] ?? (typeof w === 'string' ? OPPOSITES.get(w) : undefined);
  return o === undefined ? deopt() : o;
}
/**
 * A list's items, or a zone's cards. A zone's list is the zone itself, changed as cards move: it is
 * read only while an expression is worked out (when nothing moves), never kept as a value (a zone's
 * value is its reference; lists made from it are new ones), and copied where cards move from it.
 */
function L(v) {
  if (Array.isArray(v)) return v;
  return v instanceof Ref && v.kind === 4 ? ZONES[v.i] : deopt();
}
function IN(x, list) {
  const items = L(list);
  for (let k = 0; k < items.length; k++) if (EQ(items[k], x)) return true;
  return false;
}
/** Texts joined (either side a text), lists or zones' cards joined, or numbers added. */
function PLUS(x, y) {
  if (typeof x === 'string' || typeof y === 'string') return LABEL(x) + LABEL(y);
  if (Array.isArray(x) || (x instanceof Ref && x.kind === 4)) return [...L(x), ...L(y)];
  return N(x) + N(y);
}
/** x + y where x, if a list, was made just now and nothing else holds it: y's items added to x itself. */
function APPEND(x, y) {
  if (!Array.isArray(x) || typeof y === 'string') return PLUS(x, y);
  const items = L(y);
  for (let k = 0; k < items.length; k++) x.push(items[k]);
  return x;
}
function AT(list, i) {
  const items = L(list);
  return i >= 1 && i <= items.length && Number.isInteger(i) ? items[i - 1] : deopt();
}
/** A for-each loop's list: a zone's cards copied, as they may move while the loop runs. */
function eachOf(v) {
  if (Array.isArray(v)) return v;
  return v instanceof Ref && v.kind === 4 ? ZONES[v.i].slice() : deopt();
}
const zoneOf = (v) => (v instanceof Ref && v.kind === 4 ? v.i : deopt());
/** max(a, b, c) or max(list): the numbers among the arguments. */
function numbers(args) {
  const values = args.length === 1 && (Array.isArray(args[0]) || (args[0] instanceof Ref && args[0].kind === 4)) ? L(args[0]) : args;
  return values.map(N);
}
const most = (ns, max) => (ns.length ? (max ? Math.max(...ns) : Math.min(...ns)) : null);
function distinct(items) {
  const out = [];
  for (const v of items) if (!out.some((x) => EQ(x, v))) out.push(v);
  return out;
}
function flatten(items) {
  const out = [];
  for (const item of items) {
    if (Array.isArray(item) || (item instanceof Ref && item.kind === 4)) out.push(...L(item));
    else out.push(item);
  }
  return out;
}
const adjacent = (a, b) => NEIGHBOURS[a.i].includes(b);
function playersFrom(p) {
  if (!(p instanceof Ref) || p.kind !== 2) deopt();
  return PLAYERS.map((_, k) => PLAYERS[(p.i + k) % PLAYERS.length]);
}
function range(first, last) {
  if (last - first + 1 > 100000) deopt();
  const out = [];
  for (let k = first; k <= last; k++) out.push(k);
  return out;
}
/** Whether the player at seat holds the power named power (a card of that label in their zone of powers). */
function holds(seat, power) {
  if (seat < 0 || POWER_ZONES === null) return false;
  const held = ZONES[POWER_ZONES[seat]];
  for (let k = 0; k < held.length; k++) if (held[k].label === power) return true;
  return false;
}
const holdsOf = (p, power) => p instanceof Ref && p.kind === 2 && holds(p.i, String(power));
/** Sets of cards with at most one card of each attribute value; set j holds every value seen at least j times. */
function setScore(cards, attr, values) {
  const of = CARD_ATTRS.get(attr);
  return scoreSets(cards.map((c) => (c instanceof Ref && c.kind === 3 ? String(of === undefined ? undefined : of[c.i]) : deopt())), values);
}
/** Orders two keys: numbers by value, anything else by its label (one place of compareKeys). */
function compareKey(x, y) {
  if (typeof x === 'number' && typeof y === 'number') return x === y ? 0 : x - y;
  const sx = LABEL(x), sy = LABEL(y);
  return sx === sy ? 0 : sx < sy ? -1 : 1;
}
/** Orders key tuples: numbers by value, anything else by its label. */
function compareKeys(a, b) {
  for (let k = 0; k < a.length; k++) {
    const x = a[k], y = b[k];
    if (typeof x === 'number' && typeof y === 'number') { if (x !== y) return x - y; }
    else { const sx = LABEL(x), sy = LABEL(y); if (sx !== sy) return sx < sy ? -1 : 1; }
  }
  return 0;
}
/** A whole number in [0, n) from the game's own generator. */
const nextInt = (n) => (drawn++, nextIntOf(rng ??= seedRng(seedText), n));
/** Counts what a player would see happen that the rules could not foresee: chance, a card moved or revealed. */
let drawn = 0;
/** Takes the item at place at (if at least 0) out of a list in place (splice would make a list of what it takes). */
function removeAt(list, at) {
  if (at < 0) return;
  if (at === 0) { list.shift(); return; }
  const last = list.length - 1;
  for (let k = at; k < last; k++) list[k] = list[k + 1];
  list.length = last;
}
/** Cards to the bottom (or top) of zone z, each taken from the zone it lies in. */
function transfer(cards, z, top) {
  epoch++;
  if (LIVE) zoneChanged(z);
  drawn++;
  for (let k = 0; k < cards.length; k++) {
    const card = cards[k], c = card.i, source = CARD_ZONE[c];
    if (source >= 0) {
      const list = ZONES[source];
      removeAt(list, list.indexOf(card));
      if (LIVE) zoneChanged(source);
    }
    if (REVEALED[c] === 1) { REVEALED[c] = 0; removeAt(REVEALED_ORDER, REVEALED_ORDER.indexOf(card)); }
    CARD_ZONE[c] = z;
  }
  if (top) ZONES[z].unshift(...cards);
  else for (let k = 0; k < cards.length; k++) ZONES[z].push(cards[k]);
  if (UNDISCLOSED.length && ZONE_READERS[z] === null) disclose(cards);
}
function draw(count, from, to, at) {
  const f = zoneOf(from), t = zoneOf(to);
  const cards = ZONES[f].slice(0, Math.max(0, N(count)));
  if (cards.length) transfer(cards, t, false);
  if (LIVE) noteCards('draws ' + cards.length + ' from ' + ZONE_NAMES[f] + ' to ' + ZONE_NAMES[t], cards, t, at);
}
function shuffle(zone, at) {
  epoch++;
  const z = zoneOf(zone), cards = ZONES[z];
  if (LIVE) zoneChanged(z);
  for (let k = cards.length - 1; k > 0; k--) {
    const j = nextInt(k + 1);
    const c = cards[k]; cards[k] = cards[j]; cards[j] = c;
  }
  if (LIVE) noteFor(ZONE_NAMES[z] + ' is shuffled', 'order: ' + cards.map((c) => CARD_IDS[c.i]).join(', '), [], at);
}
/** What chance picked: named to all, or (a card of a zone not all read) to those who may read it. */
function notePicked(picked, at) {
  const z = picked instanceof Ref && picked.kind === 3 ? CARD_ZONE[picked.i] : -1;
  const seeing = z < 0 ? null : ZONE_READERS[z];
  if (seeing === null) note('chance picks ' + LABEL(picked), at);
  else noteFor('chance picks a card of ' + ZONE_NAMES[z], LABEL(picked), [...seeing], at);
}
function reveal(what, at) {
  drawn++;
  const cards = what instanceof Ref && what.kind === 3 ? [what] : L(what);
  if (LIVE) note('revealed: ' + (cards.filter((c) => c instanceof Ref && c.kind === 3).map((c) => c.label).join(', ') || 'nothing'), at);
  for (const c of cards) if (c instanceof Ref && c.kind === 3 && REVEALED[c.i] === 0) { REVEALED[c.i] = 1; REVEALED_ORDER.push(c); }
  if (UNDISCLOSED.length) disclose(cards);
}
/** Cards moved to a zone: a card, a zone's cards, the cards of a list (nothing else in it), or none. */
function moveCards(what, to, top, at) {
  const z = zoneOf(to);
  let cards;
  if (what instanceof Ref && what.kind === 3) cards = [what];
  else if (what instanceof Ref && what.kind === 4) cards = ZONES[what.i].slice();
  else if (Array.isArray(what)) {
    cards = what.filter((x) => x instanceof Ref && x.kind === 3);
    // A card listed twice is moved twice by the machine: not followed here.
    if (new Set(cards).size !== cards.length) deopt();
  } else if (what === null) return;
  else deopt();
  if (cards.length) {
    transfer(cards, z, top);
    if (LIVE) noteCards('moves to ' + (top ? 'the top of ' : '') + ZONE_NAMES[z], cards, z, at);
  }
}
/** A piece to a space (the lowest slot no other piece there holds), or off the board; cards to a zone. */
function move(what, to, top, at) {
  epoch++;
  if (!(what instanceof Ref) || what.kind !== 1) return moveCards(what, to, top, at);
  const p = what.i, from = SPACE_OF[p];
  if (LIVE) moved(p);
  if (to === null) {
    if (from < 0) return;
    leave(p, from);
    SPACE_OF[p] = -1; SLOT_OF[p] = 0;
    supplied(p, true);
    if (LIVE) note(what.label + ' leaves the board', at);
    return;
  }
  if (!(to instanceof Ref) || to.kind !== 0) deopt();
  let slot = 0;
  const there = HERE[to.i];
  for (let k = 0; k < there.length; k++) if (there[k].i !== p && SLOT_OF[there[k].i] === slot) slot++;
  if (from >= 0) leave(p, from);
  else supplied(p, false);
  SPACE_OF[p] = to.i; SLOT_OF[p] = slot;
  arrive(p, to.i);
  if (LIVE) note(what.label + ' moves to ' + to.label, at);
}
function leave(p, s) {
  const before = HERE[s];
  if (before.length === 1) { HERE[s] = EMPTY; return; }
  const after = [];
  for (let k = 0; k < before.length; k++) if (before[k].i !== p) after.push(before[k]);
  HERE[s] = after;
}
function arrive(p, s) {
  const before = HERE[s];
  // (Lists of pieces on a space are never changed in place: one piece alone is its list of one.)
  if (before.length === 0) { HERE[s] = ALONE[p]; return; }
  const after = [], piece = PIECES[p];
  let placed = false;
  for (let k = 0; k < before.length; k++) {
    const q = before[k].i;
    if (!placed && (SLOT_OF[p] < SLOT_OF[q] || (SLOT_OF[p] === SLOT_OF[q] && p < q))) { after.push(piece); placed = true; }
    after.push(before[k]);
  }
  if (!placed) after.push(piece);
  HERE[s] = after;
}
/** The pieces of collection c on the space s, in the collection's order (null: s is none, every piece must be tried). */
function onSpace(c, s) {
  if (!(s instanceof Ref) || s.kind !== 0) return s === null ? supplyOf(c) : EMPTY;
  const here = HERE[s.i];
  if (here.length === 0) return EMPTY;
  const at = COLLECTION_AT[c];
  if (here.length === 1) return at[here[0].i] >= 0 ? ALONE[here[0].i] : EMPTY;
  return here.filter((q) => at[q.i] >= 0).sort((a, b) => at[a.i] - at[b.i]);
}
/** The first of onSpace(c, s), or none: on a space, the piece there earliest in the collection. */
function firstOn(c, s) {
  if (!(s instanceof Ref) || s.kind !== 0) { const all = onSpace(c, s); return all.length ? all[0] : null; }
  const here = HERE[s.i], at = COLLECTION_AT[c];
  let first = null;
  for (let k = 0; k < here.length; k++) { const q = here[k]; if (at[q.i] >= 0 && (first === null || at[q.i] < at[first.i])) first = q; }
  return first;
}
/** The pieces of collection c in supply (on no space) that p owns (p none: that nobody owns), in the collection's order. */
function inSupply(c, p) {
  if (p instanceof Ref && p.kind === 2) return SUPPLY_OWNED[c][p.i];
  return p === null ? SUPPLY_OWNED[c][NO_OWNER] : EMPTY;
}
/** Keeps the supplies of piece p's collections (those an index plan reads) as it leaves or joins the supply. */
function supplied(p, joins) {
  const cs = SUPPLY_OF[p];
  for (let k = 0; k < cs.length; k++) {
    const c = cs[k];
    const owned = SUPPLY_OWNED[c][OWNERS[p] === null ? NO_OWNER : OWNERS[p].i];
    SUPPLY_STALE[c] = 1;
    SUPPLY_CHANGES[c]++;
    if (joins) {
      SUPPLY_COUNT[c]++;
      putBack(owned, c, p);
    } else {
      SUPPLY_COUNT[c]--;
      takeOut(owned, p);
    }
  }
}
function takeOut(list, p) {
  removeAt(list, list.indexOf(PIECES[p]));
}
/** Back into a supply list, in the collection's order. */
function putBack(list, c, p) {
  const order = COLLECTION_AT[c];
  let at = 0;
  while (at < list.length && order[list[at].i] < order[p]) at++;
  list.splice(at, 0, PIECES[p]);
}
/** The supplies as a game starts (every piece in supply), copied into SUPPLY and SUPPLY_OWNED at each start. */
const START_SUPPLY = COLLECTION_PIECES.map((pieces) => pieces.slice());
const START_SUPPLY_OWNED = COLLECTION_PIECES.map((pieces) => {
  const lists = PLAYERS.map(() => []).concat([[]]);
  for (const p of pieces) lists[OWNERS[p.i] === null ? NO_OWNER : OWNERS[p.i].i].push(p);
  return lists;
});
/** Collection c's pieces in supply, in its order: made again from the pieces' places where they changed since. */
function supplyOf(c) {
  if (SUPPLY_STALE[c] === 1) {
    const out = [];
    for (const p of COLLECTION_PIECES[c]) if (SPACE_OF[p.i] < 0) out.push(p);
    SUPPLY[c] = out;
    SUPPLY_STALE[c] = 0;
  }
  return SUPPLY[c];
}
function fillSupplies() {
  for (let c = 0; c < SUPPLY.length; c++) {
    SUPPLY_CHANGES[c]++;
    SUPPLY[c] = START_SUPPLY[c];
    SUPPLY_STALE[c] = 0;
    SUPPLY_COUNT[c] = START_SUPPLY[c].length;
    const owned = SUPPLY_OWNED[c], start = START_SUPPLY_OWNED[c];
    for (let k = 0; k < start.length; k++) owned[k] = start[k].slice();
  }
}
/** The supplies made again from the pieces' places (a state loaded): each collection's pieces on no space, by owner, in its order. */
function refillSupplies() {
  for (let c = 0; c < SUPPLY.length; c++) {
    SUPPLY_CHANGES[c]++;
    SUPPLY_STALE[c] = 1;
    let count = 0;
    const owned = SUPPLY_OWNED[c], start = START_SUPPLY_OWNED[c];
    for (let k = 0; k < start.length; k++) {
      const out = [];
      for (const p of start[k]) if (SPACE_OF[p.i] < 0) out.push(p);
      owned[k] = out;
      count += out.length;
    }
    SUPPLY_COUNT[c] = count;
  }
}
/**
 * Per collection, a count of its pieces' goings to and from the supply (and of games begun): the
 * lists onBoard keeps are good while it stays the same.
 */
const SUPPLY_CHANGES = COLLECTION_PIECES.map(() => 0);
const ON_BOARD = COLLECTION_PIECES.map(() => PLAYERS.map(() => EMPTY).concat([EMPTY]));
const ON_BOARD_AT = COLLECTION_PIECES.map(() => PLAYERS.map(() => -1).concat([-1]));
/** The pieces of collection c on the board (on a space) that p owns (p none: that nobody owns), in the collection's order: made again only when the supply has changed. */
function onBoard(c, p) {
  const seat = p instanceof Ref && p.kind === 2 ? p.i : p === null ? NO_OWNER : -1;
  if (seat < 0) return EMPTY;
  if (ON_BOARD_AT[c][seat] !== SUPPLY_CHANGES[c]) {
    const owned = OWNED[c][seat], out = [];
    for (let k = 0; k < owned.length; k++) if (SPACE_OF[owned[k].i] >= 0) out.push(owned[k]);
    ON_BOARD[c][seat] = out;
    ON_BOARD_AT[c][seat] = SUPPLY_CHANGES[c];
  }
  return ON_BOARD[c][seat];
}
/** The pieces of collection c that p owns (p none: those nobody owns), in the collection's order. */
function ownedBy(c, p) {
  if (p instanceof Ref && p.kind === 2) return OWNED[c][p.i];
  return p === null ? OWNED[c][NO_OWNER] : EMPTY;
}
/** The things with this value of an attribute, in their list's order (a value no thing has: none). */
function withValue(byValue, v) {
  return (typeof v === 'number' && v === v) || typeof v === 'string' || typeof v === 'boolean' ? byValue.get(v) ?? EMPTY : EMPTY;
}
/**
 * The same where every value of the attribute is a small whole number: a look-up in an array by
 * the number (any other value, a number no thing has included, finds a hole: none).
 */
function byNumber(table, v) {
  return (typeof v === 'number' ? table[v] : undefined) ?? EMPTY;
}
function byNumbers(table, a, b) {
  const byOther = typeof a === 'number' ? table[a] : undefined;
  return byOther === undefined ? EMPTY : byNumber(byOther, b);
}
/** The things with these values of two attributes: by the first's, then the second's. */
function withValues(byValues, a, b) {
  const byOther = (typeof a === 'number' && a === a) || typeof a === 'string' || typeof a === 'boolean' ? byValues.get(a) : undefined;
  return byOther === undefined ? EMPTY : withValue(byOther, b);
}
/**
 * Who may know which option was chosen, as the machine's optionReaders: everyone (null), unless it
 * names cards lying unrevealed in zones some cannot read; then the decider and those who read them all.
 */
function readers(value, decider) {
  // Most options are no cards: everyone may know them.
  if (value === null || typeof value !== 'object' || (value instanceof Ref && value.kind !== 3)) return null;
  let who = null;
  const visit = (v) => {
    if (Array.isArray(v)) { v.forEach(visit); return; }
    if (!(v instanceof Ref) || v.kind !== 3 || REVEALED[v.i] || CARD_ZONE[v.i] < 0) return;
    const seeing = ZONE_READERS[CARD_ZONE[v.i]];
    if (seeing === null) return;
    who = who === null ? [...seeing] : who.filter((seat) => seeing.includes(seat));
  };
  visit(value);
  if (who === null) return null;
  return who.includes(decider) ? who : [...who, decider].sort((a, b) => a - b);
}
/**
 * Per choice (by its number), the texts of its moves made so far, by the option's label number
 * (a pair's: past the single labels): a move taken again is the same text, not made again.
 */
const MOVE_TEXTS = [];
function moveText(site, prefix, x, suffix) {
  const n = x instanceof Ref ? x.labelId
    : PAIR_MARKS !== null && Array.isArray(x) && x.length === 2 && (x[0] === null || x[0] instanceof Ref) && (x[1] === null || x[1] instanceof Ref)
      ? LABEL_COUNT + labelNumber(x[0]) * LABEL_COUNT + labelNumber(x[1]) : -1;
  if (n < 0 || site < 0) return prefix + LABEL(x) + suffix;
  const texts = MOVE_TEXTS[site] ?? (MOVE_TEXTS[site] = new Map());
  let text = texts.get(n);
  if (text === undefined) texts.set(n, (text = prefix + LABEL(x) + suffix));
  return text;
}
/** The choice being decided: what its moves' texts are made of (see OPTION_IDS). */
let dPrefix = null, dSuffix = '', dSite = -1, dChoice = '';
/** The machine's value of one of the program's (a thing by its id), as an option's value is shown outside. */
function OUT(v) {
  if (Array.isArray(v)) return v.map(OUT);
  if (!(v instanceof Ref)) return v;
  switch (v.kind) {
    case 0: return { space: SPACE_IDS[v.i] };
    case 1: return { piece: PIECE_IDS[v.i] };
    case 2: return { player: v.i };
    case 3: return { card: CARD_IDS[v.i] };
    default: return { zone: ZONE_KEYS[v.i] };
  }
}
/** What a picker may ask of the options it picks among: each one's move id, value and (a menu's) branch, the choice's name, and whether anything was drawn since the game resumed. */
const OPTION_IDS = {
  id(k) { made(k); return IDS[k] ?? moveText(dSite, dPrefix, OPTIONS[k], dSuffix); },
  value(k) { made(k); return OUT(OPTIONS[k]); },
  branch(k) { return dSite < 0 && dPrefix === null && BRANCHES[k] >= 0 ? BRANCHES[k] : undefined; },
  choice() { return dChoice; },
  drawn() { return drawn > 0; },
};
/** The option the current player takes: the only one as it is, else the agent's pick (-1: the game stops here, STOP). */
function decide(prefix, decider, choice, suffix = '', site = -1, hidden = '', at = '') {
  const n = OFFERED;
  if (n === 0 || decider < 0) deopt();
  if (n === 1) {
    made(0);
    if (LIVE) noteChoice(decider, IDS[0] ?? moveText(site, prefix, OPTIONS[0], suffix), OPTIONS[0], true, secret > 0 ? null : readers(OPTIONS[0], decider), hidden, at, -1);
    return 0;
  }
  if (moves.length >= limit) deopt();
  if (watch !== null) watch.decision(turns, measure);
  dPrefix = prefix; dSuffix = suffix; dSite = site; dChoice = choice;
  const k = pickers[decider](n, OPTION_IDS);
  if (k === -1) {
    if (LIVE) XP = { player: decider, choice, options: listed(n), secret: secret > 0 };
    throw STOP;
  }
  if (!(k >= 0 && k < n)) deopt();
  made(k);
  const move = IDS[k] ?? moveText(site, prefix, OPTIONS[k], suffix);
  // A chosen move starts anew: the hidden choices before it showed what they showed.
  if (UNDISCLOSED.length) UNDISCLOSED.length = 0;
  if (secret > 0) {
    moves.push({ player: decider, move, secret: true });
    if (LIVE) noteChoice(decider, move, OPTIONS[k], false, null, hidden, at, -1);
  } else {
    const seen = readers(OPTIONS[k], decider);
    moves.push(seen === null ? { player: decider, move } : { player: decider, move, seen });
    if (LIVE) noteChoice(decider, move, OPTIONS[k], false, seen, hidden, at, moves.length - 1);
    else if (seen !== null) awaitDisclosure(OPTIONS[k], -1, null, moves.length - 1);
  }
  if (watch !== null) watch.decided(decider, choice, move);
  rounds = 0;
  return k;
}
/**
 * Hidden choices made since the game last stopped for a player whose cards may yet be shown to
 * everyone (a card chosen from the hand and played face up), as the machine's: each one's move and
 * its cards not shown yet. Once all are shown, the move is no longer hidden from the others.
 */
const UNDISCLOSED = [];
/** A hidden choice's value: its log line (-1: none), the line naming it, and its move (-1: made by the rules alone). */
function awaitDisclosure(value, entry, open, move) {
  const cards = new Set();
  const visit = (v) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v instanceof Ref && v.kind === 3 && !REVEALED[v.i] && CARD_ZONE[v.i] >= 0 && ZONE_READERS[CARD_ZONE[v.i]] !== null) cards.add(v);
  };
  visit(value);
  if (cards.size) UNDISCLOSED.push({ entry, open, move, cards });
}
/** These cards have just been shown to everyone (moved into a zone all see, or revealed). */
function disclose(cards) {
  let k = 0;
  for (const u of UNDISCLOSED) {
    for (const c of cards) u.cards.delete(c);
    if (u.cards.size) { UNDISCLOSED[k++] = u; continue; }
    if (u.entry >= 0) LOG[u.entry] = u.open;
    if (u.move >= 0) { const m = moves[u.move]; moves[u.move] = { player: m.player, move: m.move }; }
  }
  UNDISCLOSED.length = k;
}
/**
 * A choice's line in the log, as the machine's: made in secret (its move read by the decider alone),
 * hidden (named to those who may read its cards, the others told what kind of choice it was), or
 * open; marked when the rules made it alone, never in the text (how many options a hidden choice had
 * is the decider's to know).
 */
function noteChoice(decider, id, value, forced, seen, hidden, at, move) {
  const who = playerLabel(decider);
  const open = forced ? { text: who + ': ' + id, forced: true, at } : { text: who + ': ' + id, at };
  if (secret > 0) LOG.push(forced ? { text: who + ' decides in secret', detail: id, seen: [decider], forced: true, at } : { text: who + ' decides in secret', detail: id, seen: [decider], at });
  else if (seen !== null) {
    LOG.push(forced ? { text: who + ': ' + hidden, detail: id, seen, forced: true, at } : { text: who + ': ' + hidden, detail: id, seen, at });
    awaitDisclosure(value, LOG.length - 1, open, move);
  } else LOG.push(open);
}
/** The options listed, as the machine's pending choice holds them: a menu's with their branch (its pass: none). */
function listed(n) {
  const out = [];
  for (let k = 0; k < n; k++) {
    const id = OPTION_IDS.id(k), value = OPTION_IDS.value(k), branch = OPTION_IDS.branch(k);
    out.push(branch === undefined ? { id, value } : { id, value, branch });
  }
  return out;
}
/** Where a counter kept per player per thing keeps p's value for the thing t: its row's place for p's seat. */
function cell(rows, p, t) {
  if (!(p instanceof Ref) || p.kind !== 2 || !(t instanceof Ref)) deopt();
  const row = rows[t.kind][t.i];
  return row === undefined || row < 0 ? deopt() : row * PLAYERS.length + p.i;
}
const seatOf = (p) => (p instanceof Ref && p.kind === 2 ? p.i : deopt());
/** Every set of k of the items, each in the items' order (at most 4096 of them). */
function combinations(items, k) {
  if (!Number.isInteger(k) || k < 0 || k > items.length) deopt();
  let count = 1;
  for (let j = 0; j < k && count <= 4096; j++) count = (count * (items.length - j)) / (j + 1);
  if (count > 4096) deopt();
  const out = [], picked = [];
  const extend = (from) => {
    if (picked.length === k) { out.push(picked.map((j) => items[j])); return; }
    for (let j = from; j <= items.length - (k - picked.length); j++) { picked.push(j); extend(j + 1); picked.pop(); }
  };
  extend(0);
  return out;
}
/** Every subset of at most 12 items, the smaller first. */
function subsets(items) {
  const n = items.length;
  if (n > 12) deopt();
  const masks = SUBSET_MASKS[n] ??= masksBySize(n);
  const out = [];
  for (let k = 0; k < masks.length; k++) {
    const mask = masks[k], subset = [];
    for (let j = 0; j < n; j++) if (mask & (1 << j)) subset.push(items[j]);
    out.push(subset);
  }
  return out;
}
/** Per number of items, the masks of its subsets in the order above: the smaller first, each size in the masks' order. */
const SUBSET_MASKS = [];
function masksBySize(n) {
  const masks = [];
  for (let mask = 0; mask < 1 << n; mask++) masks.push(mask);
  const size = (m) => { let c = 0; for (; m; m &= m - 1) c++; return c; };
  return masks.sort((a, b) => size(a) - size(b));
}
`;
