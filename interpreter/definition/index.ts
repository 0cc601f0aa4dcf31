// The compiled game definition: the plain-data contract between the compiler and everything that
// plays, shows or compares a game (CLI, simulator, playground, diff). Guarded by a JSON Schema.
import type { Decl, Expr, Meta, OverlayItem, Span } from '../../grammar/ast.js';

export const DEFINITION_FORMAT = 'regula-game/1';

export interface VariantDefinition {
  readonly id: string;
  readonly title: string;
  /** Applies by itself whenever this holds (a player-count rule); `null`: chosen by the players. */
  readonly when: Expr | null;
  readonly excludes: readonly string[];
  readonly items: readonly OverlayItem[];
  readonly meta: Meta;
  readonly span: Span;
}

export interface GameDefinition {
  readonly format: typeof DEFINITION_FORMAT;
  readonly name: string;
  readonly players: { readonly min: number; readonly max: number };
  /** The rulebook file the ruleset encodes, as named in its header. */
  readonly rulebook: string | null;
  /** Where the ruleset came from, so runtime messages can point at `file:line:col`. */
  readonly source: { readonly file: string; readonly text: string; readonly lineStarts: readonly number[] };
  /** The base rules: every declaration but the variants, in source order. */
  readonly decls: readonly Decl[];
  readonly variants: readonly VariantDefinition[];
}

/** The line and column (both from 1) of an offset in the definition's source. */
export function lineAndColumn(def: GameDefinition, offset: number): { line: number; col: number } {
  const starts = def.source.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - starts[lo]! + 1 };
}

/** `file:line:col` of an offset in the definition's source. */
export function locate(def: GameDefinition, offset: number): string {
  const { line, col } = lineAndColumn(def, offset);
  return `${def.source.file}:${line}:${col}`;
}

export function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

export * from './validate.js';
export * from './variants.js';
