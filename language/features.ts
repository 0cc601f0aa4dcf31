// The editor's questions about an analysed document, answered in source offsets (each client turns
// them into its own positions): hover, definition, references, rename, the outline, folding,
// semantic tokens, quick fixes and signature help.
import type { Block, Citation, Decl, Meta, Span, Stmt } from '../grammar/ast.js';
import type { Diagnostic } from '../grammar/diagnostics.js';
import { RESERVED_KEYWORDS } from '../grammar/tokens.js';
import { lexer, T } from '../grammar/tokens.js';
import { BUILTINS, powerItems } from '../interpreter/checker/index.js';
import { declarationsOf, symbolAt, type Analysis, type Declared, type SymbolKind } from './analysis.js';
import { BUILTIN_PROPERTIES, BUILTIN_VALUES } from './completion.js';
import type { KeywordDocs } from './docs.js';
import { locateQuote } from './rulebook.js';

export interface Edit {
  readonly span: Span;
  readonly newText: string;
}

// ─── Hover ──────────────────────────────────────────────────────────────────

export interface Hover {
  readonly span: Span;
  /** Markdown. */
  readonly text: string;
}

const KIND_WORDS: Record<SymbolKind, string> = {
  component: 'component', attribute: 'attribute', table: 'table', zone: 'zone', counter: 'counter', pieces: 'pieces',
  piece: 'piece', board: 'board', define: 'define', rule: 'rule', event: 'event', power: 'power', variant: 'variant',
  choice: 'choice', parameter: 'parameter', variable: 'variable',
};

/** A declaration's opening, without its citations: `counter coins per player, at least 0`. */
export function headerOf(a: Analysis, node: Span): string {
  const text = a.source.slice(node.start, node.end);
  const brace = text.indexOf('{');
  const firstLine = text.split('\n')[0]!;
  const head = brace >= 0 && brace < text.length && text.slice(0, brace).split('\n').length <= 6 ? text.slice(0, brace) : firstLine;
  return head
    .replace(/\s*(cites|ambiguous)\s+"(?:[^"\\]|\\[\s\S])*"(\s+(in|because)\s+"(?:[^"\\]|\\[\s\S])*")?/g, '')
    .replace(/\s*\/\/[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a declaration is, in words: "a number for each player", "a zone of Meal, one per player". */
function typeOf(a: Analysis, d: Declared): string {
  const s = a.symbols;
  switch (d.kind) {
    case 'counter': {
      const c = s.counters.get(d.name);
      const owner = !c ? '' : c.owner.kind === 'global' ? ' of the game' : c.owner.kind === 'player' ? ' for each player' : ` for each of ${c.owner.of.text}`;
      return `a whole number${owner}${c && c.visibility !== 'public' ? `, ${c.visibility}` : ''}`;
    }
    case 'zone': {
      const z = s.zones.get(d.name);
      return z ? `a zone${z.component ? ` of ${z.component.text}` : ''}${z.perPlayer ? ', one per player' : ''}${z.ordered ? ', ordered' : ''}, ${z.visibility}` : 'a zone';
    }
    case 'define': {
      const defs = s.defines.get(d.name) ?? [];
      return `a formula of ${defs[0]?.params.length ?? 0} argument(s)${defs.length > 1 ? `, replaced by ${defs.length - 1} variant(s)` : ''}`;
    }
    case 'attribute': {
      const attrs = s.attributes.get(d.name) ?? [];
      return attrs.map((x) => (x.type.kind === 'enum' ? `one of ${x.type.values.join(' | ')}` : `a ${x.type.kind}`)).filter((t, i, all) => all.indexOf(t) === i).join(' or ') + ' attribute';
    }
    case 'table': {
      const t = s.tables.get(d.name);
      return t ? `a table of ${t.component.text}, ${t.rows.length} row(s)${t.zone ? `, dealt into ${t.zone.text}` : ''}` : 'a table';
    }
    case 'rule': return 'a rule';
    case 'pieces': return 'pieces, a set per player';
    case 'piece': return 'a piece';
    case 'board': return 'a board: the list of its spaces';
    case 'component': return 'a kind of thing';
    case 'event': return 'an event';
    case 'power': return 'a power a player may hold';
    case 'variant': return 'a variant';
    case 'choice': return 'a choice: its moves are named by this verb';
    case 'parameter': return 'a parameter';
    case 'variable': return 'a variable';
    default: {
      const never: never = d.kind;
      return never;
    }
  }
}

/** The rulebook passages a declaration cites, quoted with their file, line and paragraph. */
export function citationsText(a: Analysis, meta: Meta): string {
  const out: string[] = [];
  for (const c of meta.cites) out.push(citationText(a, c));
  for (const amb of meta.ambiguous) out.push(`*Ambiguous:* "${amb.quote}"${amb.note ? ` — ${amb.note}` : ''}`);
  return out.join('\n\n');
}

function citationText(a: Analysis, c: Citation): string {
  const file = c.file ?? a.rulebook?.file ?? null;
  const text = c.file === null ? a.rulebook?.text : a.references.find((r) => r.file === c.file)?.text;
  const found = text !== undefined ? locateQuote(text, c.quote) : undefined;
  const where = found ? `${file}:${found.line}, paragraph ${found.paragraph}` : file ? `${file} (not found there)` : 'no rulebook';
  return `> ${c.quote.replace(/\s+/g, ' ')}\n\n— *${where}*`;
}

function tokenAt(source: string, offset: number): { image: string; span: Span; type: string } | undefined {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = source.indexOf('\n', offset);
  const line = source.slice(lineStart, lineEnd < 0 ? source.length : lineEnd);
  for (const t of lexer.tokenize(line).tokens) {
    const start = lineStart + t.startOffset;
    const end = lineStart + (t.endOffset ?? t.startOffset) + 1;
    if (start <= offset && offset < end) return { image: t.image, span: { start, end }, type: t.tokenType.name };
  }
  return undefined;
}

export function hover(a: Analysis, offset: number, docs: KeywordDocs | null): Hover | undefined {
  const found = symbolAt(a, offset);
  if (found) {
    const decls = declarationsOf(a, found.key);
    const d = decls[0];
    if (!d) return undefined;
    const parts = [`\`\`\`regula\n${headerOf(a, d.node)}\n\`\`\``, `**${KIND_WORDS[d.kind]}** \`${d.name}\` — ${typeOf(a, d)}`];
    if (decls.length > 1) parts.push(`Declared ${decls.length} times (variants replace it).`);
    const cited = decls.flatMap((x) => (x.meta ? [citationsText(a, x.meta)] : [])).filter(Boolean);
    if (cited.length) parts.push(cited.join('\n\n'));
    return { span: found.span, text: parts.join('\n\n') };
  }
  const citation = citationAt(a, offset);
  if (citation) return { span: citation.span, text: citationText(a, citation) };
  const token = tokenAt(a.source, offset);
  if (!token) return undefined;
  // `min(…)`, `count(…)`: the built-in function before the keyword of the same spelling.
  const called = /^\s*\(/.test(a.source.slice(token.span.end)) ? builtinSignature(token.image, docs) : undefined;
  if (called) return { span: token.span, text: `\`\`\`regula\n${called.label}\n\`\`\`${called.doc ? `\n\n${called.doc}` : ''}` };
  if (token.type.startsWith('Kw_') && docs) {
    const doc = docs.get(token.image);
    if (doc) return { span: token.span, text: `**\`${token.image}\`** — docs/language.md § ${doc.section}\n\n${doc.text}` };
  }
  const builtin = BUILTIN_VALUES.find((b) => b.name === token.image) ?? BUILTIN_PROPERTIES.find((b) => b.name === token.image);
  if (builtin) return { span: token.span, text: `**built-in** \`${builtin.name}\` — ${builtin.detail}` };
  const signature = builtinSignature(token.image, docs);
  if (signature) return { span: token.span, text: `\`\`\`regula\n${signature.label}\n\`\`\`${signature.doc ? `\n\n${signature.doc}` : ''}` };
  return undefined;
}

/** Every declaration's meta with the span of the declaration it belongs to. */
function metas(a: Analysis): { meta: Meta; span: Span }[] {
  const out: { meta: Meta; span: Span }[] = [];
  const visit = (d: Decl) => {
    out.push({ meta: d.meta, span: d.span });
    if (d.kind === 'Power') for (const item of powerItems(d)) visit(item);
    if (d.kind === 'Variant') for (const item of d.items) if (item.kind !== 'Remove') visit(item.decl);
  };
  a.ruleset.decls.forEach(visit);
  return out;
}

function citationAt(a: Analysis, offset: number): Citation | undefined {
  for (const { meta } of metas(a)) for (const c of meta.cites) if (c.span.start <= offset && offset < c.span.end) return c;
  return undefined;
}

// ─── Definition, references, rename ───────────────────────────────────────────

export function definition(a: Analysis, offset: number): Span[] {
  const found = symbolAt(a, offset);
  return found ? declarationsOf(a, found.key).map((d) => d.span) : [];
}

export function references(a: Analysis, offset: number, includeDeclaration = true): Span[] {
  const found = symbolAt(a, offset);
  if (!found) return [];
  const spans = [
    ...(includeDeclaration ? a.declared.filter((d) => d.key === found.key).map((d) => d.span) : []),
    ...a.uses.filter((u) => u.key === found.key).map((u) => u.span),
  ];
  return spans.sort((x, y) => x.start - y.start);
}

export type RenameResult = { readonly edits: readonly Edit[] } | { readonly refused: string };

const NAME = /^[\p{L}_][\p{L}0-9_]*(?:-[\p{L}0-9_]+)*$/u;
const RESERVED: ReadonlySet<string> = RESERVED_KEYWORDS;

/** Where rename would start: the name under the cursor, or why there is none. */
export function prepareRename(a: Analysis, offset: number): { span: Span; name: string } | { refused: string } {
  const found = symbolAt(a, offset);
  if (!found) return { refused: 'Only a declared name can be renamed: nothing is declared by that name here.' };
  return { span: found.span, name: a.source.slice(found.span.start, found.span.end) };
}

export function rename(a: Analysis, offset: number, newName: string): RenameResult {
  const found = symbolAt(a, offset);
  if (!found) return { refused: 'Only a declared name can be renamed: nothing is declared by that name here.' };
  const old = declarationsOf(a, found.key)[0];
  if (!old) return { refused: 'That name is not declared in this file.' };
  if (!NAME.test(newName)) return { refused: `\`${newName}\` is not a name: a letter or \`_\`, then letters, digits and \`_\`, with hyphens joining parts.` };
  if (RESERVED.has(newName)) return { refused: `\`${newName}\` is a keyword of the language.` };
  if (newName === old.name) return { edits: [] };
  const clash = clashOf(a, old, newName);
  if (clash) return { refused: clash };
  return { edits: references(a, offset, true).map((span) => ({ span, newText: newName })) };
}

function clashOf(a: Analysis, d: Declared, newName: string): string | undefined {
  const line = (span: Span) => a.source.slice(0, span.start).split('\n').length;
  if (d.visible) {
    // A variable must not hide, or be hidden by, another of the same name where it is used.
    const other = a.declared.find((x) => x.name === newName && x.visible && x.key !== d.key && overlaps(x.visible, d.visible!));
    if (other) return `\`${newName}\` is already ${article(other.kind)} at line ${line(other.span)}, visible where \`${d.name}\` is.`;
    const hidden = a.uses.find((u) => a.source.slice(u.span.start, u.span.end) === newName && u.span.start >= d.visible!.start && u.span.end <= d.visible!.end);
    if (hidden) return `\`${newName}\` is used at line ${line(hidden.span)} for something else, which the renamed ${d.kind} would hide.`;
    if (BUILTIN_VALUES.some((b) => b.name === newName)) return `\`${newName}\` is a built-in value.`;
    return undefined;
  }
  const other = a.declared.find((x) => x.name === newName && !x.visible && x.kind !== 'parameter');
  if (other) return `\`${newName}\` is already declared as ${article(other.kind)} at line ${line(other.span)}.`;
  if (BUILTIN_VALUES.some((b) => b.name === newName) || BUILTINS.has(newName)) return `\`${newName}\` is a built-in name.`;
  const local = a.declared.find((x) => x.name === newName && x.visible && a.uses.some((u) => u.key === d.key && u.span.start >= x.visible!.start && u.span.end <= x.visible!.end));
  if (local) return `A ${local.kind} \`${newName}\` at line ${line(local.span)} would hide the renamed ${d.kind} where it is used.`;
  return undefined;
}

const article = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
const overlaps = (x: Span, y: Span) => x.start < y.end && y.start < x.end;

// ─── Outline, folding, semantic tokens ──────────────────────────────────────────

export interface OutlineSymbol {
  readonly name: string;
  readonly kind: SymbolKind | 'game' | 'setup' | 'flow' | 'winner' | 'recount' | 'powers';
  readonly detail: string;
  readonly span: Span;
  readonly selection: Span;
  readonly children: readonly OutlineSymbol[];
}

export function outline(a: Analysis): OutlineSymbol[] {
  const visit = (d: Decl): OutlineSymbol | null => {
    const make = (name: string, kind: OutlineSymbol['kind'], selection: Span, children: OutlineSymbol[] = []): OutlineSymbol =>
      ({ name, kind, detail: headerOf(a, d.span), span: d.span, selection, children });
    const at = { start: d.span.start, end: Math.min(d.span.end, d.span.start + 1) };
    switch (d.kind) {
      case 'Game': return make(d.title, 'game', at);
      case 'Component':
        return make(d.name.text, 'component', d.name.span, d.attrs.map((x) => ({ name: x.name.text, kind: 'attribute', detail: a.source.slice(x.span.start, x.span.end), span: x.span, selection: x.name.span, children: [] })));
      case 'Table': return make(d.name.text, 'table', d.name.span);
      case 'Zone': return make(d.name.text, 'zone', d.name.span);
      case 'Counter': return make(d.name.text, 'counter', d.name.span);
      case 'Piece': return make(d.name.text, d.perPlayer ? 'pieces' : 'piece', d.name.span);
      case 'Board': return make(d.name.text, 'board', d.name.span);
      case 'Define': return make(d.name.text, 'define', d.name.span);
      case 'Rule': case 'Forbid': return make(d.name.text, 'rule', d.name.span);
      case 'Event': return make(d.name.text, 'event', d.name.span);
      case 'Powers': return make('powers', 'powers', at);
      case 'Power': return make(d.name.text, 'power', d.name.span, powerItems(d).map(visit).filter((x): x is OutlineSymbol => x !== null));
      case 'Setup': return make('setup', 'setup', at);
      case 'Flow': return make('flow', 'flow', at);
      case 'Recount': return make(`recount ${d.counter.text}`, 'recount', d.counter.span);
      case 'Winner': return make('winner', 'winner', at);
      case 'Variant':
        return make(d.id.text, 'variant', d.id.span, d.items.flatMap((i) => (i.kind === 'Remove' ? [] : [visit(i.decl)])).filter((x): x is OutlineSymbol => x !== null));
      default: {
        const never: never = d;
        return never;
      }
    }
  };
  return a.ruleset.decls.map(visit).filter((x): x is OutlineSymbol => x !== null);
}

/** Foldable stretches: every declaration and block spanning lines, and runs of comment lines. */
export function foldingRanges(a: Analysis): Span[] {
  const out: Span[] = [];
  const add = (s: Span) => {
    if (a.source.slice(s.start, s.end).includes('\n')) out.push(s);
  };
  const block = (b: Block) => {
    add(b.span);
    for (const s of b.stmts) stmt(s);
  };
  const stmt = (s: Stmt) => {
    switch (s.kind) {
      case 'If': block(s.then); if (s.else?.kind === 'Block') block(s.else); else if (s.else) stmt(s.else); return;
      case 'Menu': s.options.forEach((o) => block(o.body)); return;
      case 'ForEach': case 'Repeat': case 'Turn': case 'Phase': case 'Rank': block(s.body); return;
      default: return;
    }
  };
  const decl = (d: Decl) => {
    add(d.span);
    if (d.kind === 'Rule' || d.kind === 'Setup' || d.kind === 'Flow') block(d.body);
    if (d.kind === 'Power') for (const i of powerItems(d)) decl(i);
    if (d.kind === 'Variant') for (const i of d.items) if (i.kind !== 'Remove') decl(i.decl);
  };
  a.ruleset.decls.forEach(decl);
  // Runs of three or more `//` lines (the flavour marks, long notes).
  const lines = a.source.split('\n');
  let offset = 0;
  let run: { start: number; end: number; count: number } | null = null;
  for (const line of lines) {
    if (line.trimStart().startsWith('//')) {
      const end = offset + line.length;
      run = run === null ? { start: offset, end, count: 1 } : { start: run.start, end, count: run.count + 1 };
    } else {
      if (run && run.count >= 3) out.push({ start: run.start, end: run.end });
      run = null;
    }
    offset += line.length + 1;
  }
  if (run && run.count >= 3) out.push({ start: run.start, end: run.end });
  return out.sort((x, y) => x.start - y.start);
}

/** The token types of semantic highlighting, in the order their numbers mean (the LSP legend). */
export const SEMANTIC_TYPES = ['type', 'property', 'variable', 'function', 'event', 'parameter', 'enumMember', 'namespace', 'macro'] as const;
export const SEMANTIC_MODIFIERS = ['declaration', 'readonly'] as const;
export type SemanticType = (typeof SEMANTIC_TYPES)[number];

const SEMANTIC_OF: Record<SymbolKind, SemanticType> = {
  component: 'type', attribute: 'property', table: 'enumMember', zone: 'namespace', counter: 'property', pieces: 'variable',
  piece: 'variable', board: 'enumMember', define: 'function', rule: 'function', event: 'event', power: 'type', variant: 'macro',
  choice: 'event', parameter: 'parameter', variable: 'variable',
};

export interface SemanticToken {
  readonly span: Span;
  readonly type: SemanticType;
  readonly declaration: boolean;
}

export function semanticTokens(a: Analysis): SemanticToken[] {
  const kindOf = new Map(a.declared.map((d) => [d.key, d.kind] as const));
  const out: SemanticToken[] = [
    ...a.declared.map((d) => ({ span: d.span, type: SEMANTIC_OF[d.kind], declaration: true })),
    ...a.uses.flatMap((u) => {
      const kind = kindOf.get(u.key);
      return kind ? [{ span: u.span, type: SEMANTIC_OF[kind], declaration: false }] : [];
    }),
  ];
  return out.sort((x, y) => x.span.start - y.span.start);
}

// ─── Quick fixes ─────────────────────────────────────────────────────────────────

export interface CodeAction {
  readonly title: string;
  readonly kind: 'quickfix' | 'refactor';
  readonly diagnostic?: Diagnostic;
  readonly edits: readonly Edit[];
  readonly preferred?: boolean;
}

/** Quick fixes for the diagnostics that touch `range`, and refactorings of a citation there. */
export function codeActions(a: Analysis, range: Span, diagnostics: readonly Diagnostic[] = a.diagnostics): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.span.end < range.start || d.span.start > range.end) continue;
    const found = a.source.slice(d.span.start, d.span.end);
    if (d.suggestion && d.suggestion !== found && NAME.test(found)) {
      out.push({ title: `Change \`${found}\` to \`${d.suggestion}\``, kind: 'quickfix', diagnostic: d, edits: [{ span: d.span, newText: d.suggestion }], preferred: true });
    }
    const missing = /^(\w+) `([^`]+)` is not declared/.exec(d.message);
    if (d.code === 'R0201' && missing) {
      const fix = declarationFor(a, missing[1]!, missing[2]!, d);
      if (fix) out.push({ ...fix, kind: 'quickfix', diagnostic: d });
    }
  }
  for (const { meta, span } of metas(a)) {
    for (const c of meta.cites) {
      if (c.span.end < range.start || c.span.start > range.end || c.file !== null) continue;
      out.push({ title: 'Mark this passage as flavour (it holds no rule)', kind: 'refactor', edits: flavourEdits(a, c, span) });
    }
  }
  return out;
}

/** Where a new declaration of a kind goes: after the last one of that kind, else before the first rule. */
function insertionPoint(a: Analysis, kinds: readonly Decl['kind'][]): number {
  const same = a.ruleset.decls.filter((d) => kinds.includes(d.kind)).at(-1);
  if (same) return lineEnd(a.source, same.span.end);
  const rule = a.ruleset.decls.find((d) => d.kind === 'Rule' || d.kind === 'Setup' || d.kind === 'Flow' || d.kind === 'Define');
  return rule ? a.source.lastIndexOf('\n', rule.span.start - 1) + 1 - 1 : a.source.length;
}

const lineEnd = (source: string, offset: number): number => {
  const end = source.indexOf('\n', offset - 1 < 0 ? 0 : offset - 1);
  return end < 0 ? source.length : end;
};

function declarationFor(a: Analysis, what: string, name: string, d: Diagnostic): Omit<CodeAction, 'kind'> | undefined {
  const insert = (kinds: Decl['kind'][], text: string, title: string) => {
    const at = Math.max(0, insertionPoint(a, kinds));
    return { title, edits: [{ span: { start: at, end: at }, newText: `\n${text}` }] };
  };
  switch (what) {
    case 'Counter': return insert(['Counter'], `counter ${name} per player`, `Declare counter \`${name}\` per player`);
    case 'Zone': return insert(['Zone'], `zone ${name}`, `Declare zone \`${name}\``);
    case 'Event': return insert(['Event'], `event ${name}`, `Declare event \`${name}\``);
    case 'Rule': return insert(['Rule'], `rule ${name} {\n}`, `Declare rule \`${name}\``);
    case 'Name': return insert(['Define'], `define ${name} = 0`, `Declare \`${name}\` as a define`);
    case 'Function': {
      // As many parameters as the call passes.
      const after = a.source.slice(d.span.end);
      const args = /^\(([^()]*)\)/.exec(after)?.[1]?.split(',').filter((x) => x.trim()).length ?? 1;
      const params = Array.from({ length: args }, (_, i) => (args === 1 ? 'x' : `x${i + 1}`));
      return insert(['Define'], `define ${name}(${params.join(', ')}) = 0`, `Declare \`${name}(${params.join(', ')})\` as a define`);
    }
    default: return undefined;
  }
}

/** Takes `cites "…"` off a declaration and marks the same words `// flavour "…"` above it. */
function flavourEdits(a: Analysis, c: Citation, decl: Span): Edit[] {
  let start = c.span.start;
  while (start > 0 && /[ \t]/.test(a.source[start - 1]!)) start--;
  // A citation alone on its line goes with its line.
  if (a.source[start - 1] === '\n' && /^\s*(\n|$)/.test(a.source.slice(c.span.end))) start--;
  const lineStart = a.source.lastIndexOf('\n', decl.start - 1) + 1;
  const quoted = a.source.slice(c.span.start, c.span.end).replace(/^cites\s+/, '');
  return [
    { span: { start: lineStart, end: lineStart }, newText: `// flavour ${quoted}\n` },
    { span: { start, end: c.span.end }, newText: '' },
  ];
}

// ─── Signature help ─────────────────────────────────────────────────────────────

export interface Signature {
  readonly label: string;
  readonly parameters: readonly string[];
  readonly active: number;
  readonly doc?: string;
}

function builtinSignature(name: string, docs: KeywordDocs | null): Omit<Signature, 'active'> | undefined {
  const b = BUILTINS.get(name);
  if (!b) return undefined;
  const parameters = b.params === 'numbers' ? ['numbers…'] : [...b.params];
  const row = docs?.section('Built-in functions')?.body.split('\n').find((l) => l.startsWith(`| \`${name}(`));
  const doc = row?.split('|').map((x) => x.trim()).filter(Boolean).slice(1).join(' — ');
  return { label: `${name}(${parameters.join(', ')})`, parameters, ...(doc ? { doc } : {}) };
}

/** The call the cursor is in the arguments of, and which argument. */
export function signatureHelp(a: Analysis, offset: number, docs: KeywordDocs | null): Signature | undefined {
  const tokens = lexer.tokenize(a.source.slice(0, offset)).tokens;
  let depth = 0;
  let commas = 0;
  for (let i = tokens.length - 1; i > 0; i--) {
    const t = tokens[i]!.tokenType;
    if (t === T.RParen || t === T.RBracket) depth++;
    else if (t === T.LBracket) depth = Math.max(0, depth - 1);
    else if (t === T.Comma && depth === 0) commas++;
    else if (t === T.LBrace || t === T.RBrace) return undefined;
    else if (t === T.LParen) {
      if (depth > 0) {
        depth--;
        continue;
      }
      const name = tokens[i - 1]!.image;
      const builtin = builtinSignature(name, docs);
      if (builtin) return { ...builtin, active: commas };
      const s = a.symbols;
      const params = s.defines.get(name)?.[0]?.params ?? s.rules.get(name)?.[0]?.params ?? s.events.get(name)?.[0]?.params;
      const decl = a.declared.find((d) => d.name === name && (d.kind === 'define' || d.kind === 'rule' || d.kind === 'event'));
      if (!params || !decl) return undefined;
      const names = params.map((p) => p.text);
      const cited = decl.meta?.cites[0];
      return { label: `${name}(${names.join(', ')})`, parameters: names, active: commas, doc: `\`${headerOf(a, decl.node)}\`${cited ? `\n\n> ${cited.quote}` : ''}` };
    }
  }
  return undefined;
}
