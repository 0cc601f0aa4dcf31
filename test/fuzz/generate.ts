// Fuzz inputs, as fast-check arbitraries: rulesets built from the grammar (every declaration,
// statement and expression, with names mostly declared so that many check clean and play, and
// stresses: deep nesting, long chains, huge numbers and counts), and the shipped rulesets mutated
// token by token (deletions, swaps, duplications, number extremes). Both give source text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { LIMITS } from '../../grammar/index.js';
import { lexer } from '../../grammar/tokens.js';

type Gen = fc.GeneratorValue;

/** fast-check leans integers towards small values; choices here want to be even. */
const evenly = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));

/** Numbers the runtime and the limits find hard: zero, negatives, the edges of 2^53, long digit strings. */
const EXTREME_NUMBERS = [
  '0', '1', '12', '13', '100', '999', '1000', '1001', '10000', '10001', '65536', '2147483648', '4294967296',
  String(LIMITS.number), String(LIMITS.number + 1), '100000000000000000000000000000', '9'.repeat(400), '0'.repeat(50) + '7',
];

const KEYWORD_NOISE = [
  'game', 'rule', 'define', 'if', 'else', 'then', 'for', 'each', 'in', 'of', 'to', 'from', 'where', 'as', 'by', 'not', 'and',
  'or', 'choose', 'may', 'any', 'count', 'sum', 'max', 'best', 'sorted', 'connected', 'turn', 'repeat', 'until', 'times',
  'end', 'the', 'players', 'player', 'none', 'yes', 'no', '{', '}', '(', ')', '[', ']', '|', ',', ':', '=', '<', '>=', '+',
  '-', '*', '/', 'mod', '"text"', '"{player}"', '"', '0', '1', '-1', 'copies', 'x', 'card', 'hand', 'deck', 'coins', '$', '#',
];

/** What a variable stands for, so that expressions use it where it fits. */
type VarType = 'num' | 'card' | 'player' | 'space' | 'piece';
type Scope = ReadonlyMap<string, VarType>;

/**
 * Builds one ruleset from fast-check's generator `g`. The world (components, zones, counters,
 * pieces, a board, defines, rules, events) is declared with names the statements and expressions
 * then use; some parts are left out or misspelt now and then, for the checker to find.
 */
class Builder {
  private readonly verbs: string[] = [];
  /** The define whose body is being built: using itself mostly recurses without end (the runtime's R0605). */
  private defining: string | null = null;
  private nesting = 0;
  private readonly stress: boolean;

  constructor(private readonly g: Gen) {
    this.stress = this.chance(0.1);
  }

  // ─── Choices ────────────────────────────────────────────────────────────────

  private int(min: number, max: number): number {
    return this.g(evenly, min, max);
  }
  private chance(p: number): boolean {
    return this.int(0, 999) < p * 1000;
  }
  private pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  private many<T>(min: number, max: number, make: () => T): T[] {
    return Array.from({ length: this.int(min, max) }, make);
  }

  /** A define's body, built knowing whose it is. */
  private body(name: string, make: () => string): string {
    const outer = this.defining;
    this.defining = name;
    try {
      return make();
    } finally {
      this.defining = outer;
    }
  }

  private number(): string {
    if (this.chance(this.stress ? 0.15 : 0.02)) return this.pick(EXTREME_NUMBERS);
    return String(this.int(0, 6));
  }

  // ─── Expressions ────────────────────────────────────────────────────────────

  private vars(scope: Scope, type: VarType): string[] {
    return [...scope].filter(([, t]) => t === type).map(([name]) => name);
  }

  /** A card, space or piece list, a player list or a number list, by what is declared. */
  private list(scope: Scope, depth: number): { text: string; of: VarType } {
    const deep = depth > 0;
    const choices: (() => { text: string; of: VarType })[] = [
      () => ({ text: this.pick(['deck', 'pile', 'hand', 'cards']), of: 'card' }),
      () => ({ text: `hand of ${this.player(scope, depth - 1)}`, of: 'card' }),
      () => ({ text: 'players', of: 'player' }),
      () => ({ text: this.pick(['road', 'spaces']), of: 'space' }),
      () => ({ text: 'pawns', of: 'piece' }),
      () => ({ text: `[${this.many(0, 3, () => this.num(scope, depth - 1)).join(', ')}]`, of: 'num' }),
    ];
    if (deep) {
      choices.push(() => {
        const inner = this.list(scope, depth - 1);
        const v = this.fresh('x');
        const s = new Map([...scope, [v, inner.of]]);
        const text = this.chance(0.5)
          ? `(all ${v} in ${inner.text} where ${this.flag(s, depth - 1)})`
          : `(${this.pick(['sorted', 'best', 'worst'])} ${v} in ${inner.text} by ${this.num(s, depth - 1)})`;
        return { text, of: inner.of };
      });
      choices.push(() => ({ text: `distinct(${this.list(scope, depth - 1).text})`, of: 'card' }));
    }
    return this.pick(choices)();
  }

  private fresh(base: string): string {
    return `${base}${this.int(1, 3)}`;
  }

  private player(scope: Scope, depth: number): string {
    const names = [...this.vars(scope, 'player'), 'player'];
    if (depth > 0 && this.chance(0.2)) return `(first q in players where ${this.flag(new Map([...scope, ['q', 'player']]), depth - 1)})`;
    if (depth > 0 && this.chance(0.1)) return `owner of ${this.pick(['first w in pawns where yes', ...this.vars(scope, 'piece'), 'marker'])}`;
    return this.pick(names);
  }

  num(scope: Scope, depth: number): string {
    const leaves = [
      () => this.number(),
      () => this.pick(['coins', 'score', 'round-no', 'player-count', this.defining === 'bonus' && !this.chance(0.1) ? '3' : 'bonus', 'count(hand)', 'count(deck)']),
      () => `coins of ${this.player(scope, 0)}`,
      ...this.vars(scope, 'num').map((v) => () => v),
      ...this.vars(scope, 'card').map((v) => () => `value of ${v}`),
      ...this.vars(scope, 'space').map((v) => () => `height of ${v}`),
    ];
    if (depth <= 0 || this.chance(0.35)) return this.pick(leaves)();
    const d = depth - 1;
    return this.pick([
      () => `${this.num(scope, d)} ${this.pick(['+', '-', '*', '/', 'mod'])} ${this.num(scope, d)}`,
      () => `(${this.num(scope, d)})`,
      () => `- ${this.num(scope, d)}`,
      () => `if ${this.flag(scope, d)} then ${this.num(scope, d)} else ${this.num(scope, d)}`,
      () => `count(${this.list(scope, d).text})`,
      () => `${this.pick(['max', 'min', 'sum'])}(${this.many(1, 3, () => this.num(scope, d)).join(', ')})`,
      () => `abs(${this.num(scope, d)})`,
      () => (this.defining === 'twice' && !this.chance(0.1) ? `(${this.num(scope, d)})` : `twice(${this.num(scope, d)})`),
      () => {
        const inner = this.list(scope, d);
        const v = this.fresh('y');
        const s = new Map([...scope, [v, inner.of]]);
        return `(${this.pick(['sum', 'max', 'min'])} ${inner.of === 'card' ? `value of ${v}` : inner.of === 'num' ? v : this.num(s, 0)} for ${v} in ${inner.text}${this.chance(0.5) ? ` where ${this.flag(s, d)}` : ''})`;
      },
      () => `(count ${this.fresh('z')} in ${this.list(scope, d).text})`,
      () => `[${this.many(1, 3, () => this.num(scope, d)).join(', ')}][${this.num(scope, 0)}]`,
      () => `${this.pick(['position', 'slot'])} of ${this.pick([...this.vars(scope, 'piece'), 'marker'])}`,
      () => `set-score(${this.list(scope, d).text}, "suit", [1, 3, 6])`,
    ])();
  }

  flag(scope: Scope, depth: number): string {
    const leaves = [
      () => this.pick(['yes', 'no', 'game-ending', 'count(hand) > 0', 'coins >= 2']),
      ...this.vars(scope, 'card').map((v) => () => (this.chance(0.5) ? `wild of ${v}` : `suit of ${v} = "${this.pick(['red', 'blue', 'green'])}"`)),
      ...this.vars(scope, 'player').map((v) => () => `${v} = player`),
      ...this.vars(scope, 'space').map((v) => () => `count(pieces-at(${v})) = 0`),
    ];
    if (depth <= 0 || this.chance(0.3)) return this.pick(leaves)();
    const d = depth - 1;
    return this.pick([
      () => `${this.num(scope, d)} ${this.pick(['=', '!=', '<', '<=', '>', '>='])} ${this.num(scope, d)}`,
      () => `${this.flag(scope, d)} ${this.pick(['and', 'or'])} ${this.flag(scope, d)}`,
      () => `not ${this.flag(scope, d)}`,
      () => `(${this.flag(scope, d)})`,
      () => {
        const inner = this.list(scope, d);
        const v = this.fresh('v');
        return `(${this.pick(['any', 'every'])} ${v} in ${inner.text} where ${this.flag(new Map([...scope, [v, inner.of]]), d)})`;
      },
      () => `${this.pick([...this.vars(scope, 'card'), 'none'])} in ${this.pick(['hand', 'deck', 'pile'])}`,
      () => `${this.pick([...this.vars(scope, 'piece'), 'marker'])} is ${this.pick(['none', 'not none'])}`,
      () => `holds(${this.player(scope, 0)}, "Ace")`,
      () => `first c in hand where yes is none`,
    ])();
  }

  // ─── Stresses ───────────────────────────────────────────────────────────────

  /** A number expression nested or chained around the limits (and sometimes far past them). */
  private stressNum(scope: Scope): string {
    const n = this.pick([LIMITS.nesting - 8, LIMITS.nesting - 2, LIMITS.nesting + 1, LIMITS.nesting * 3, 500]);
    const chainLength = this.pick([LIMITS.depth - 1, LIMITS.depth, LIMITS.depth + 1, 2_500]);
    return this.pick([
      () => `${'('.repeat(n)}${this.num(scope, 1)}${')'.repeat(n)}`,
      () => `${'- '.repeat(n)}1`,
      () => `${'if yes then 1 else '.repeat(n)}${this.num(scope, 1)}`,
      () => `count(${'['.repeat(n)}1${']'.repeat(n)})`,
      () => `${this.num(scope, 0)}${` ${this.pick(['+', '*', '-'])} ${this.num(scope, 0)}`.repeat(chainLength)}`,
      () => `${'twice('.repeat(n)}1${')'.repeat(n)}`,
      () => `count v in [1] where ${'any v in [1] where '.repeat(n)}yes`,
    ])();
  }

  // ─── Statements ─────────────────────────────────────────────────────────────

  block(scope: Scope, depth: number, allowChoice = true): string {
    if (this.nesting > LIMITS.nesting + 5) return '{ }';
    this.nesting++;
    const stmts = this.many(depth > 0 ? 1 : 0, depth > 0 ? 4 : 2, () => this.stmt(scope, depth, allowChoice));
    this.nesting--;
    return `{\n${stmts.join('\n')}\n}`;
  }

  private verb(): string {
    const v = this.pick(['play', 'take', 'buy', 'place', 'discard', 'give']);
    this.verbs.push(v);
    return v;
  }

  stmt(scope: Scope, depth: number, allowChoice: boolean): string {
    const n = () => (this.stress && this.chance(0.1) ? this.stressNum(scope) : this.num(scope, 2));
    const f = () => this.flag(scope, 2);
    const d = depth - 1;
    const simple: (() => string)[] = [
      () => `gain ${n()} ${this.pick(['coins', 'score'])}${this.chance(0.3) ? ` to ${this.player(scope, 1)}` : ''}`,
      () => `${this.pick(['lose', 'pay'])} ${n()} coins${this.chance(0.3) ? ` from ${this.player(scope, 1)}` : ''}`,
      () => `add ${n()} to ${this.pick(['round-no', `height of ${this.pick([...this.vars(scope, 'space'), 'first s in road where yes'])}`])}`,
      () => `set ${this.pick(['coins', 'score', 'round-no'])} to ${n()}`,
      () => `draw ${n()} from ${this.pick(['deck', 'pile'])} to ${this.pick(['hand', 'pile', `hand of ${this.player(scope, 1)}`])}`,
      () => `move ${this.pick([...this.vars(scope, 'card'), 'pile', 'first c in deck where yes', 'hand'])} to ${this.pick(['', 'top of ', 'bottom of '])}${this.pick(['pile', 'deck', 'hand'])}`,
      () => `move ${this.pick([...this.vars(scope, 'piece'), 'marker', 'first w in pawns where owner of w = player'])} to ${this.pick([...this.vars(scope, 'space'), 'first s in road where yes', `toward(first s in spaces where yes, "${this.pick(['east', 'north', 'up'])}")`])}`,
      () => `shuffle ${this.pick(['deck', 'pile', 'hand'])}`,
      () => `let ${this.fresh('t')} = ${n()}`,
      () => `pick random ${this.fresh('r')} from ${this.list(scope, 1).text}${this.chance(0.3) ? ` where ${f()}` : ''}`,
      () => `for each i in 1 to ${this.num(scope, 1)} { gain i score }`,
      () => `reveal ${this.pick(['hand', 'hand of player', ...this.vars(scope, 'card')])}`,
      () => `say "${this.chance(0.05) ? this.pick(['{nothing}', '{', '}{']) : this.pick(['{player} acts', 'plain text', ...[...scope.keys()].map((v) => `saw {${v}}`)])}"`,
      () => `${this.chance(0.05) ? 'missing-rule' : this.pick(['helper', 'score-up'])}(${this.chance(0.95) ? this.player(scope, 0) : ''})`,
      () => `fire ${this.chance(0.05) ? 'unknown-event' : 'scored'}(${this.player(scope, 0)})`,
      () => (this.chance(0.1) ? `end the game${this.chance(0.5) ? ' after this round' : ''}` : 'gain 1 score'),
    ];
    const choices: (() => string)[] = allowChoice
      ? [
          () => {
            const inner = this.list(scope, 1);
            const v = this.fresh('k');
            const s = new Map([...scope, [v, inner.of]]);
            const where = this.chance(0.4) ? ` where ${this.flag(s, 1)}` : '';
            const label = this.chance(0.8) ? this.verb() : `"${this.pick(['do {', 'use {', 'x'])}${v}}"`;
            return `${this.chance(0.3) ? 'may ' : ''}choose ${this.chance(0.1) ? 'any ' : ''}${v} from ${inner.text}${where} as ${label}${this.chance(0.2) ? ' or "pass up"' : ''}${this.chance(0.1) ? ` by ${this.player(scope, 0)}` : ''}`;
          },
          () => `choose n from 1 to ${this.num(scope, 1)} as ${this.verb()}`,
          () => `choose {\n${this.many(1, 3, () => `"${this.pick(['left', 'right', 'wait'])}"${this.chance(0.3) ? ` when ${f()}` : ''} ${this.block(scope, Math.min(d, 0), false)}`).join('\n')}\n}`,
        ]
      : [];
    if (depth <= 0) return this.pick([...simple, ...choices])();
    const nested: (() => string)[] = [
      () => `if ${f()} ${this.block(scope, d, allowChoice)}${this.chance(0.4) ? ` else ${this.chance(0.3) ? this.stmtIf(scope, d, allowChoice) : this.block(scope, d, allowChoice)}` : ''}`,
      () => {
        const inner = this.list(scope, 1);
        const v = this.fresh('e');
        return `${this.chance(0.1) ? 'simultaneously ' : ''}for each ${v} in ${inner.text}${this.chance(0.3) ? ` where ${f()}` : ''} ${this.block(new Map([...scope, [v, inner.of]]), d, allowChoice)}`;
      },
      () => `repeat ${this.pick([`${this.int(0, 3)} times`, `until ${f()}`, `while ${f()}`])} ${this.block(scope, d, allowChoice)}`,
      () => `turn of ${this.player(scope, 1)} ${this.block(scope, d, true)}`,
      () => `${this.pick(['phase "P"', 'phase "Q" timed 30', 'step "S"', 'round', 'round "R"'])} ${this.block(scope, d, allowChoice)}`,
      () => `rank h1 in players by ${this.pick(['score', 'coins'])} of h1 ties ${this.pick(['share', 'skip'])} ${this.block(new Map([...scope, ['h1', 'player'], ['place', 'num']]), d, false)}`,
    ];
    if (this.stress && this.chance(0.02)) {
      const k = this.pick([LIMITS.nesting - 5, LIMITS.nesting + 2, 300]);
      return `${'if yes { '.repeat(k)}gain 1 coins${' }'.repeat(k)}`;
    }
    return this.pick([...simple, ...simple, ...choices, ...nested])();
  }

  private stmtIf(scope: Scope, depth: number, allowChoice: boolean): string {
    return `if ${this.flag(scope, 1)} ${this.block(scope, depth, allowChoice)}`;
  }

  // ─── Declarations ───────────────────────────────────────────────────────────

  private cellsRow(name: string): string {
    const copies = this.stress && this.chance(0.2) ? this.pick(EXTREME_NUMBERS) : String(this.int(0, 3));
    return `  | ${name} | ${this.number()} | ${this.chance(0.02) ? 'green' : this.pick(['red', 'blue'])} | ${this.pick(['yes', 'no'])} | ${copies} |`;
  }

  private world(): string[] {
    const min = this.chance(0.05) ? this.pick(['0', '3', '101']) : String(this.int(1, 3));
    const max = this.chance(0.05) ? this.pick(['0', '1', '100', '1000000', String(LIMITS.number)]) : String(Number(min) + this.int(0, 2));
    const rows = this.many(1, 6, () => this.pick(['Ace', 'Two', 'Three', 'Four', 'Five', '"Six Up"']));
    const spaces = this.many(3, 6, () => this.int(0, 3)).map((x, i) => `  | s${i} | ${x} | ${i % 3} |`);
    const shape = this.pick(['track of spaces', 'square grid of spaces', `graph of spaces { s0: s1, s2 }`, 'hex grid of spaces']);
    const decls = [
      `game "Fuzz" {\n  players ${min} to ${max}\n}`,
      'component Card { name: text, value: number, suit: red | blue, wild: flag }',
      `table cards of Card in deck {\n  | name | value | suit | wild | copies |\n${rows.map((r) => this.cellsRow(r)).join('\n')}\n}`,
      'zone deck of Card, ordered, hidden',
      `zone hand of Card per player, ${this.pick(['private', 'public', 'hidden'])}`,
      'zone pile of Card, public',
      // A start may read a counter, even one declared later (an error the runtime reports: fixture counter-start-reads-counter.rules).
      `counter coins per player, from ${this.pick([this.number(), 'player-count', '2 * player-count', '3', 'score + 1', 'round-no'])}${this.chance(0.7) ? ', at least 0' : ''}${this.chance(0.2) ? `, at most ${this.number()}` : ''}`,
      'counter score per player',
      'counter round-no, from 1',
      'component Space { name: text, x: number, y: number }',
      `table spaces of Space {\n  | name | x | y |\n${spaces.join('\n')}\n}`,
      `board road: ${shape}`,
      'counter height per road',
      `pieces pawns ${this.stress && this.chance(0.3) ? this.pick(EXTREME_NUMBERS) : this.int(1, 3)} per player`,
      'piece marker in pawns',
      'event scored(who)',
      'powers come from hand',
      `power Ace {\n  define bonus = ${this.body('bonus', () => this.num(new Map(), 2))}\n  rule ace-scored on scored ${this.block(new Map([['who', 'player']]), 1, false)}\n}`,
      `define bonus = ${this.body('bonus', () => this.num(new Map(), 3))}`,
      `define twice(n) = n * 2${this.chance(0.3) ? ` + ${this.body('twice', () => this.num(new Map([['n', 'num']]), 2))}` : ''}`,
    ];
    // Leave a declaration out now and then: the names it declared are then undeclared.
    return decls.filter(() => !this.chance(0.005));
  }

  ruleset(): string {
    const decls = this.world();
    const base: Scope = new Map();
    const rules = [
      `rule helper(who) ${this.block(new Map([['who', 'player']]), 2)}`,
      `rule score-up(who) ${this.block(new Map([['who', 'player']]), 1, false)}`,
      `rule on-scored on scored${this.chance(0.3) ? ` where ${this.flag(new Map([['who', 'player']]), 1)}` : ''} ${this.block(new Map([['who', 'player']]), 1, false)}`,
    ];
    const rounds = this.int(1, 4);
    const flow = `flow {\n  repeat until round-no > ${rounds} or game-ending {\n    for each p in players {\n      turn of p ${this.block(new Map([['p', 'player']]), 2)}\n    }\n    add 1 to round-no\n  }\n  end the game\n}`;
    const setup = `setup ${this.block(base, 1, false)}`;
    // Each extra at most once, and rarely one that clashes with the world's names.
    const extraMakers: (() => string)[] = [
      () => {
        const params = this.chance(0.3);
        const scope: Scope = params ? new Map([['a', 'num'], ['b', 'num']]) : new Map();
        const name = this.chance(0.1) ? 'bonus' : 'extra';
        return `define ${name}${params ? '(a, b)' : ''} = ${this.body(name, () => (this.stress ? this.stressNum(scope) : this.num(scope, 3)))}`;
      },
      () => `rule guard forbids ${this.verbs.length > 0 && this.chance(0.95) ? this.pick(this.verbs) : 'never-chosen'} when ${this.flag(new Map(), 2)}`,
      () => `recount score as ${this.num(base, 2)}`,
      () => `variant quick "Quick"${this.chance(0.3) ? ` when player-count ${this.pick(['=', '>', '<'])} ${this.int(1, 4)}` : ''}${this.chance(0.2) ? ' excludes long' : ''} {\n  ${this.pick([`replace define bonus = ${this.body('bonus', () => this.num(base, 2))}`, 'remove on-scored', `add counter extra-coins per player, from ${this.number()}`, `replace rule helper(who) ${this.block(new Map([['who', 'player']]), 1)}`])}\n}`,
      () => `variant long "Long" {\n  replace define twice(n) = n * ${this.number()}\n}`,
      () => `zone ${this.chance(0.1) ? 'hand' : 'extra'} of ${this.chance(0.05) ? 'Nothing' : 'Card'}${this.chance(0.5) ? ' per player' : ''}`,
      () => `event ${this.chance(0.1) ? 'scored' : 'ended'}`,
      () => `component ${this.chance(0.1) ? 'Card' : 'Other'} { name: text, ${this.pick(['value: number', 'wild: flag', 'kind: a | b'])} }`,
      () => `rule deep-rule ${this.block(base, this.stress ? 6 : 3)}`,
    ];
    const extras = extraMakers.filter(() => this.chance(0.25)).map((make) => make());
    const winner = this.pick(['winner most score', 'winner most score then least coins', 'winner least coins', 'winner team', 'winner team most score', `winner most ${this.num(base, 2)}`]);
    const all = [...decls, ...rules, setup, flow, ...extras, winner];
    // Declarations in any order: names may be used before they are declared.
    if (this.chance(0.3)) all.sort(() => (this.chance(0.5) ? 1 : -1));
    return `${all.join('\n\n')}\n`;
  }
}

export const generatedRuleset: fc.Arbitrary<string> = fc.gen().map((g) => new Builder(g).ruleset());

// ─── Mutations ────────────────────────────────────────────────────────────────

const root = join(import.meta.dirname, '..', '..');

/** Every shipped ruleset's text, by path. */
export const SHIPPED: ReadonlyMap<string, string> = new Map(
  readdirSync(join(root, 'rulesets'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(root, 'rulesets', d.name))
        .filter((f) => f.endsWith('.rules'))
        .map((f) => `rulesets/${d.name}/${f}`),
    )
    .sort()
    .map((path) => [path, readFileSync(join(root, path), 'utf8')]),
);

/** One change to a token stream; positions are fractions of its length, so they fit any text. */
export type Mutation =
  | { readonly op: 'delete' | 'duplicate'; readonly at: number; readonly length: number }
  | { readonly op: 'swap'; readonly at: number; readonly with: number }
  | { readonly op: 'number'; readonly at: number; readonly value: string }
  | { readonly op: 'insert'; readonly at: number; readonly text: string };

const position = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const), at: position, length: fc.integer({ min: 1, max: 12 }) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('swap' as const), at: position, with: position }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('number' as const), at: position, value: fc.constantFrom(...EXTREME_NUMBERS) }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('insert' as const), at: position, text: fc.constantFrom(...KEYWORD_NOISE) }), weight: 1 },
);

interface Piece {
  readonly token: string;
  /** What follows the token up to the next one: spaces, comments, characters the lexer refused. */
  readonly gap: string;
  readonly type: string;
  readonly isNumber: boolean;
}

/** The text cut into tokens, each with what follows it, so joining them gives the text back. */
function pieces(source: string): { lead: string; ps: Piece[] } {
  const tokens = lexer.tokenize(source).tokens;
  const ps = tokens.map((t, i) => ({
    token: t.image,
    gap: source.slice(t.startOffset + t.image.length, tokens[i + 1]?.startOffset ?? source.length),
    type: t.tokenType.name,
    isNumber: t.tokenType.name === 'Number',
  }));
  return { lead: source.slice(0, tokens[0]?.startOffset ?? source.length), ps };
}

export function mutate(source: string, mutations: readonly Mutation[]): string {
  const { lead, ps } = pieces(source);
  const index = (at: number) => Math.min(ps.length - 1, Math.floor(at * ps.length));
  for (const m of mutations) {
    if (ps.length === 0) break;
    const i = index(m.at);
    switch (m.op) {
      case 'delete': ps.splice(i, m.length); break;
      case 'duplicate': ps.splice(i, 0, ...ps.slice(i, i + m.length)); break;
      case 'swap': {
        // With a token of the same kind (a name with a name), so the text mostly still parses.
        const from = index(m.with);
        const found = ps.findIndex((p, k) => k >= from && p.type === ps[i]!.type);
        const j = found >= 0 ? found : from;
        [ps[i], ps[j]] = [{ ...ps[j]!, gap: ps[i]!.gap }, { ...ps[i]!, gap: ps[j]!.gap }];
        break;
      }
      case 'number': {
        // The nearest number at or after the position, or the token there when there is none.
        const n = ps.findIndex((p, k) => k >= i && p.isNumber);
        const k = n >= 0 ? n : i;
        ps[k] = { ...ps[k]!, token: m.value, type: 'Number', isNumber: true };
        break;
      }
      case 'insert': ps.splice(i, 0, { token: m.text, gap: ' ', type: 'Noise', isNumber: false }); break;
      default: {
        const never: never = m;
        throw new Error(`unknown mutation ${JSON.stringify(never)}`);
      }
    }
  }
  return lead + ps.map((p) => p.token + p.gap).join('');
}

/** A shipped ruleset, whole or a run of its declarations, with a few token mutations. */
export const mutatedRuleset: fc.Arbitrary<string> = fc
  .record({
    file: fc.constantFrom(...SHIPPED.keys()),
    whole: fc.boolean(),
    from: position,
    to: position,
    mutations: fc.array(mutation, { minLength: 1, maxLength: 6 }),
  })
  .map(({ file, whole, from, to, mutations }) => {
    let source = SHIPPED.get(file)!;
    if (!whole) {
      // Cut at lines that start a declaration, so the part is still mostly whole declarations.
      const starts = [...source.matchAll(/^(?=[a-z])/gm)].map((m) => m.index);
      const a = starts[Math.floor(Math.min(from, to) * starts.length)] ?? 0;
      const b = starts[Math.floor(Math.max(from, to) * starts.length) + 1] ?? source.length;
      source = source.slice(0, source.indexOf('\n}', source.indexOf('game ')) + 3) + source.slice(a, b);
    }
    return mutate(source, mutations);
  });

/** A generated ruleset, left as it is or mutated like the shipped ones. */
const brokenGenerated: fc.Arbitrary<string> = fc
  .tuple(generatedRuleset, fc.array(mutation, { minLength: 1, maxLength: 4 }))
  .map(([source, mutations]) => mutate(source, mutations));

/** The fuzz input: generated, generated and broken, or a mutated shipped ruleset. */
export const fuzzInput: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: generatedRuleset, weight: 4 },
  { arbitrary: brokenGenerated, weight: 2 },
  { arbitrary: mutatedRuleset, weight: 3 },
);
