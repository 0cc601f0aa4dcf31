// The compiler: a checked AST becomes the plain-data game definition, the one contract every
// consumer (CLI, simulator, playground, diff) reads. `compileSource` is the whole pipeline:
// parse, check, and compile only when no earlier stage reported an error.
import type { Decl, GameDecl, Ruleset, VariantDecl } from '../../grammar/ast.js';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { parseRuleset } from '../../grammar/index.js';
import { check } from '../checker/index.js';
import { DEFINITION_FORMAT, lineStartsOf, type GameDefinition } from '../definition/index.js';
import { validate } from '../definition/index.js';

export function compile(ruleset: Ruleset, source: string, file: string): GameDefinition {
  const game = ruleset.decls.find((d): d is GameDecl => d.kind === 'Game');
  const variants = ruleset.decls.filter((d): d is VariantDecl => d.kind === 'Variant');
  const decls: Decl[] = ruleset.decls.filter((d) => d.kind !== 'Variant');
  const def: GameDefinition = {
    format: DEFINITION_FORMAT,
    name: game?.title ?? file,
    players: { min: game?.minPlayers ?? 1, max: game?.maxPlayers ?? 1 },
    rulebook: game?.rulebook ?? null,
    source: { file, text: source, lineStarts: lineStartsOf(source) },
    decls,
    variants: variants.map((v) => ({
      id: v.id.text, title: v.title, when: v.when, excludes: v.excludes.map((n) => n.text), items: v.items, meta: v.meta, span: v.span,
    })),
  };
  // Round-trip through JSON: the definition is plain data, and the schema guards its shape.
  return validate<GameDefinition>('game definition', JSON.parse(JSON.stringify(def)), file);
}

/**
 * The files a ruleset's citations quote, read from its text before parsing so that a loader can
 * fetch them: the rulebook its header names, and the others `cites "…" in "file"` names.
 */
export function citedFiles(source: string): { rulebook: string | null; others: string[] } {
  const rulebook = /\brulebook\s+"([^"]+)"/.exec(source)?.[1] ?? null;
  const others = [...new Set([...source.matchAll(/\bcites\s+"(?:[^"\\]|\\[\s\S])*"\s+in\s+"([^"]+)"/g)].map((m) => m[1]!))];
  return { rulebook, others };
}

export interface CompileResult {
  readonly definition: GameDefinition | null;
  readonly ruleset: Ruleset | null;
  readonly diagnostics: readonly Diagnostic[];
}

export interface CompileOptions {
  /** The rulebook text the ruleset cites, for verifying quotations; omitted: not verified. */
  readonly rulebook?: { readonly file: string; readonly text: string } | null;
  /** Other files its citations name (`in "components.md"`), for verifying those too. */
  readonly references?: readonly { readonly file: string; readonly text: string }[];
}

export function compileSource(source: string, file: string, options: CompileOptions = {}): CompileResult {
  const parsed = parseRuleset(source, file);
  const parseErrors = parsed.diagnostics.map((d) => ({ ...d, file }));
  if (parseErrors.some((d) => d.severity === 'error')) return { definition: null, ruleset: parsed.ruleset, diagnostics: parseErrors };
  const checked = check(parsed.ruleset, { file, source, rulebook: options.rulebook ?? null, references: options.references ?? [] });
  const diagnostics = [...parseErrors, ...checked];
  if (diagnostics.some((d) => d.severity === 'error')) return { definition: null, ruleset: parsed.ruleset, diagnostics };
  return { definition: compile(parsed.ruleset, source, file), ruleset: parsed.ruleset, diagnostics };
}
