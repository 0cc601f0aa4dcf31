// Where the checker's passes put what they find: diagnostics with the file set, one per spot and
// message, in source order. Also the lexical scope of variables the passes walk with.
import type { Span } from '../../grammar/ast.js';
import { diag, lineColumn, type Code, type Diagnostic } from '../../grammar/diagnostics.js';
import type { Type } from './types.js';

/**
 * A name the user may have meant, or how to find it: finding one compares the name with every
 * candidate, so it is worked out only while the Reporter's budget of suggestions lasts.
 */
export type Suggestion = string | undefined | (() => string | undefined);

/** Suggestions worked out per check: thousands of unknown names among thousands would take minutes. */
const SUGGESTIONS = 100;

export class Reporter {
  private readonly found = new Map<string, Diagnostic>();
  private suggestionsLeft = SUGGESTIONS;

  constructor(readonly file: string, readonly source: string) {}

  report(code: Code, span: Span, args: Record<string, string | number> = {}, suggested?: Suggestion): void {
    const suggestion = typeof suggested === 'function' ? (this.suggestionsLeft-- > 0 ? suggested() : undefined) : suggested;
    const d = diag(code, span, args, suggestion === undefined ? { file: this.file } : { file: this.file, suggestion });
    const key = `${code}@${span.start}-${span.end}:${d.message}`;
    if (!this.found.has(key)) this.found.set(key, d);
  }

  /** The line (from 1) a span starts on, for "already declared at line N". */
  lineOf(span: Span): number {
    return lineColumn(this.source, span.start).line;
  }

  diagnostics(): Diagnostic[] {
    return [...this.found.values()].sort((a, b) => a.span.start - b.span.start || a.code.localeCompare(b.code));
  }
}

/** Variables visible at a point of a rule: a chain of blocks, inner first. */
export class Scope {
  private readonly vars = new Map<string, Type>();

  constructor(private readonly parent: Scope | null = null) {}

  static of(entries: Iterable<readonly [string, Type]>): Scope {
    const scope = new Scope();
    for (const [name, type] of entries) scope.bind(name, type);
    return scope;
  }

  child(): Scope {
    return new Scope(this);
  }

  bind(name: string, type: Type): void {
    this.vars.set(name, type);
  }

  lookup(name: string): Type | undefined {
    return this.vars.get(name) ?? this.parent?.lookup(name);
  }

  /** Every visible variable with its type; inner bindings hide outer ones. */
  entries(): Map<string, Type> {
    const out = this.parent ? this.parent.entries() : new Map<string, Type>();
    for (const [name, type] of this.vars) out.set(name, type);
    return out;
  }
}
