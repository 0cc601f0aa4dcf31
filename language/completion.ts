// Completion: takes an analysed document and a cursor offset, gives what may be typed there — the
// keywords the parser itself expects next (Chevrotain's content assist over the tokens of the
// declaration being written), the declared names of the kind that fits, and snippets.
import type { IToken, TokenType } from 'chevrotain';
import { parser } from '../grammar/parser.js';
import { CallName, Identifier, lexer, Name, T } from '../grammar/tokens.js';
import type { Span } from '../grammar/ast.js';
import { BUILTINS } from '../interpreter/checker/index.js';
import type { Analysis, SymbolKind } from './analysis.js';
import type { KeywordDocs } from './docs.js';

export type CompletionKind = SymbolKind | 'keyword' | 'snippet' | 'function' | 'property' | 'value';

export interface Completion {
  readonly label: string;
  readonly kind: CompletionKind;
  readonly detail?: string;
  readonly documentation?: string;
  /** Text to insert instead of the label; a snippet (`${1:name}`) when `snippet` is set. */
  readonly insertText?: string;
  readonly snippet?: boolean;
}

export interface CompletionList {
  /** The part of a word already typed, which a chosen item replaces. */
  readonly replace: Span;
  readonly items: readonly Completion[];
}

const DECLARATION_WORDS = new Set([
  'game', 'component', 'table', 'zone', 'counter', 'pieces', 'piece', 'board', 'define', 'rule', 'event',
  'powers', 'power', 'setup', 'flow', 'recount', 'winner', 'variant',
]);

export const BUILTIN_VALUES: readonly { name: string; detail: string }[] = [
  { name: 'player', detail: 'the current player' },
  { name: 'players', detail: 'every player, in seat order' },
  { name: 'player-count', detail: 'how many players the game has' },
  { name: 'game-ending', detail: 'yes once `end the game after this round` has run' },
];
export const BUILTIN_PROPERTIES: readonly { name: string; detail: string }[] = [
  { name: 'name', detail: 'the name of a thing, a player or a zone' },
  { name: 'seat', detail: 'a player: their seat, from 1' },
  { name: 'owner', detail: 'a piece or a zone: the player it belongs to' },
  { name: 'space', detail: 'a piece: the space it stands on' },
  { name: 'slot', detail: 'a piece: its number among its owner\'s' },
  { name: 'position', detail: 'a space or a piece: its place along the board' },
  { name: 'zone', detail: 'a card: the zone that holds it' },
];

const DECL_SNIPPETS: readonly { label: string; detail: string; body: string }[] = [
  { label: 'rule', detail: 'a rule run when called', body: 'rule ${1:name}(${2:param})\n  cites "${3:rulebook words}"\n{\n  $0\n}' },
  { label: 'rule on', detail: 'a rule run when an event is fired', body: 'rule ${1:name} on ${2:event} where ${3:condition}\n  cites "${4:rulebook words}"\n{\n  $0\n}' },
  { label: 'rule forbids', detail: 'a cited restriction on a choice', body: 'rule ${1:name} forbids ${2:choice} when ${3:condition}\n  cites "${4:rulebook words}"' },
  { label: 'counter', detail: 'a whole number per player', body: 'counter ${1:name} per player, from ${2:0}, at least ${3:0}' },
  { label: 'zone', detail: 'a zone of cards', body: 'zone ${1:name} of ${2:Component}${3:, ordered, hidden}' },
  { label: 'component', detail: 'a kind of thing, and a table of them', body: 'component ${1:Card} { ${2:name}: text, ${3:cost}: number }\n\ntable ${4:cards} of ${1:Card} in ${5:deck} {\n  | ${2:name} | ${3:cost} | copies |\n  | $0 |\n}' },
  { label: 'define', detail: 'a named formula', body: 'define ${1:name}(${2:x}) = ${0:expression}' },
  { label: 'event', detail: 'an event rules can wait for', body: 'event ${1:name}(${2:param})' },
  { label: 'variant', detail: 'an overlay on the base rules', body: 'variant ${1:id} "${2:Title}" {\n  replace $0\n}' },
];
const STMT_SNIPPETS: readonly { label: string; detail: string; body: string }[] = [
  { label: 'choose', detail: 'a decision: one of a list', body: 'choose ${1:x} from ${2:list} where ${3:condition} as ${4:verb}' },
  { label: 'for each', detail: 'a loop over a list', body: 'for each ${1:x} in ${2:list} {\n  $0\n}' },
  { label: 'if', detail: 'a condition', body: 'if ${1:condition} {\n  $0\n}' },
  { label: 'turn of', detail: 'a player decides inside', body: 'turn of ${1:p} {\n  $0\n}' },
];

const identChar = /[\p{L}0-9_-]/u;

export function complete(a: Analysis, offset: number, docs: KeywordDocs | null): CompletionList {
  const source = a.source;
  let start = offset;
  while (start > 0 && identChar.test(source[start - 1]!)) start--;
  const replace = { start, end: offset };
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  // Closed strings taken out, a quote left means the cursor is inside one (a label, a template).
  const before = source.slice(lineStart, start).replace(/"(?:[^"\\]|\\.)*"/g, '');
  if (before.includes('//') || /"/.test(before)) return { replace, items: [] }; // in a comment or a string

  // Content assist reads the tokens of the declaration being written only: from the last line that
  // starts with a declaration's keyword (as the parser's error reporting counts declarations).
  let declStart = 0;
  const declLine = new RegExp(`^(?:${[...DECLARATION_WORDS].join('|')})\\b`);
  for (let at = source.lastIndexOf('\n', start - 1); at >= 0; at = source.lastIndexOf('\n', at - 1)) {
    if (declLine.test(source.slice(at + 1, at + 12))) {
      declStart = at + 1;
      break;
    }
    if (at === 0) break;
  }
  const preceding = lexer.tokenize(source.slice(declStart, start)).tokens;
  const paths = parser.computeContentAssist('ruleset', preceding);
  const items = new Map<string, Completion>();
  const add = (c: Completion) => {
    if (!items.has(`${c.kind}:${c.label}`)) items.set(`${c.kind}:${c.label}`, c);
  };
  const prev = preceding.at(-1);
  const kinds = new Set<NameKind>();
  let atDecl = false;
  let atStmt = false;
  for (const path of paths) {
    const next: TokenType = path.nextTokenType;
    const rule = path.ruleStack.at(-1) ?? '';
    if (next === Identifier || next === Name || next === CallName) {
      for (const k of namesFor(rule, prev)) kinds.add(k);
    } else if (next.name.startsWith('Kw_')) {
      const word = next.name.slice(3);
      add({ label: word, kind: 'keyword', ...(docs?.get(word) ? { documentation: docs.get(word)!.text, detail: `docs/language.md § ${docs.get(word)!.section}` } : {}) });
      if (rule === `${word}Decl` || (word === 'pieces' && rule === 'pieceDecl')) atDecl = true;
      if (rule === 'forEachStmt' || rule === 'ifStmt') atStmt = true;
    }
  }
  if (atDecl) for (const s of DECL_SNIPPETS) add({ label: s.label, kind: 'snippet', detail: s.detail, insertText: s.body, snippet: true });
  if (atStmt) for (const s of STMT_SNIPPETS) add({ label: s.label, kind: 'snippet', detail: s.detail, insertText: s.body, snippet: true });
  for (const k of kinds) for (const c of namesOf(k, a, offset)) add(c);
  return { replace, items: [...items.values()] };
}

type NameKind = 'value' | 'property' | 'counter' | 'event' | 'rule' | 'choice' | 'component' | 'zone' | 'collection' | 'table' | 'variant' | 'any';

/** Which names fit where the parser expects a name, by the rule it is in and the word before. */
function namesFor(rule: string, prev: IToken | undefined): NameKind[] {
  const word = prev?.image;
  switch (rule) {
    case 'primary': return ['value'];
    case 'ofExpr': return ['property'];
    case 'gainStmt': case 'loseStmt': case 'addStmt': case 'setStmt': return word === 'set' ? ['counter'] : ['counter'];
    case 'fireStmt': return ['event'];
    case 'callStmt': return ['rule'];
    case 'ruleDecl': return word === 'on' ? ['event'] : word === 'forbids' ? ['choice'] : [];
    case 'zoneDecl': return word === 'of' ? ['component'] : [];
    case 'tableDecl': return word === 'of' ? ['component'] : word === 'in' ? ['zone'] : [];
    case 'counterDecl': return word === 'per' ? ['collection'] : [];
    case 'pieceDecl': return word === 'in' ? ['collection'] : [];
    case 'boardDecl': return word === 'of' ? ['table'] : [];
    case 'recountDecl': return ['counter'];
    case 'powersDecl': return ['zone'];
    case 'variantDecl': return word === 'excludes' || prev?.tokenType === T.Comma ? ['variant'] : [];
    case 'overlay': return ['any'];
    default: return [];
  }
}

/** The declared names of one kind, with what each is (its declaration's first line). */
function namesOf(kind: NameKind, a: Analysis, offset: number): Completion[] {
  const s = a.symbols;
  const out: Completion[] = [];
  const globals = (k: SymbolKind, names: Iterable<string>, detail = k as string) => {
    for (const name of names) out.push({ label: name, kind: k, detail });
  };
  switch (kind) {
    case 'value':
      for (const d of a.declared) {
        if (d.visible && d.visible.start <= offset && offset <= d.visible.end) out.push({ label: d.name, kind: d.kind, detail: d.kind });
      }
      for (const b of BUILTIN_VALUES) out.push({ label: b.name, kind: 'value', detail: b.detail });
      globals('counter', s.counters.keys());
      globals('zone', s.zones.keys());
      for (const [name, defs] of s.defines) {
        const params = defs[0]?.params.map((p) => p.text) ?? [];
        out.push(params.length
          ? { label: name, kind: 'define', detail: `define ${name}(${params.join(', ')})`, insertText: `${name}(${params.map((p, i) => `\${${i + 1}:${p}}`).join(', ')})`, snippet: true }
          : { label: name, kind: 'define', detail: 'define' });
      }
      globals('pieces', s.pieceCollections.keys(), 'pieces');
      globals('piece', s.singlePieces.keys());
      globals('board', s.boards.keys());
      globals('table', s.tables.keys());
      for (const [name, b] of BUILTINS) {
        const params = b.params === 'numbers' ? ['numbers'] : b.params;
        out.push({ label: name, kind: 'function', detail: `${name}(${params.join(', ')})`, insertText: `${name}($1)`, snippet: true });
      }
      return out;
    case 'property':
      globals('counter', s.counters.keys());
      globals('zone', [...s.zones.values()].filter((z) => z.perPlayer).map((z) => z.name.text), 'zone per player');
      globals('attribute', s.attributes.keys());
      for (const p of BUILTIN_PROPERTIES) out.push({ label: p.name, kind: 'property', detail: p.detail });
      return out;
    case 'counter': globals('counter', s.counters.keys()); return out;
    case 'event': globals('event', s.events.keys()); return out;
    case 'rule': globals('rule', s.rules.keys()); return out;
    case 'choice': globals('choice', new Set(a.declared.filter((d) => d.kind === 'choice').map((d) => d.name))); return out;
    case 'component': globals('component', s.components.keys()); return out;
    case 'zone': globals('zone', s.zones.keys()); return out;
    case 'collection': globals('pieces', s.pieceCollections.keys(), 'pieces'); globals('board', s.boards.keys()); return out;
    case 'table': globals('table', s.tables.keys()); return out;
    case 'variant': globals('variant', s.variants.keys()); return out;
    case 'any':
      for (const d of a.declared) if (!d.visible && d.kind !== 'attribute' && d.kind !== 'choice' && d.kind !== 'parameter') out.push({ label: d.name, kind: d.kind, detail: d.kind });
      return out;
    default: {
      const never: never = kind;
      return never;
    }
  }
}
