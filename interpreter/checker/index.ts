// The static checker: takes a parsed ruleset (with its source text and, when known, its rulebook)
// and gives every error and warning it finds without playing a game, each with `file` set.
import type { Ruleset } from '../../grammar/ast.js';
import type { Diagnostic } from '../../grammar/diagnostics.js';
import { checkCitations, type CitedFile } from './citations.js';
import { checkDuplicates, checkOverlays, DeclChecker } from './declarations.js';
import { checkLimits } from './limits.js';
import { Reporter } from './report.js';
import { Choices } from './statements.js';
import { checkStructure } from './structure.js';
import { contextsOf } from './symbols.js';

/** The built-in functions and their signatures, as the checker knows them (the runtime must offer the same). */
export { BUILTINS } from './expressions.js';
export { contextsOf, powerItems, type Symbols } from './symbols.js';

export interface CheckOptions {
  /** The ruleset's path, set on every diagnostic. */
  readonly file: string;
  /** Its text: for line numbers in messages and spans inside strings. */
  readonly source: string;
  /** The rulebook the citations quote; without it they are not verified. */
  readonly rulebook?: CitedFile | null;
  /** Other files citations name (`cites "…" in "components.md"`); a file not given is not verified. */
  readonly references?: readonly CitedFile[];
}

export function check(ruleset: Ruleset, options: CheckOptions): Diagnostic[] {
  const reporter = new Reporter(options.file, options.source);
  // Past the limits on depth, the passes below would recurse too deep: they wait for a fix.
  if (!checkLimits(ruleset, reporter)) return reporter.diagnostics();
  checkDuplicates(ruleset, reporter);
  checkOverlays(ruleset, reporter);
  // Names and types: the base rules, then each variant's overlay over them. Forbids come last,
  // as they need every choice (and the variables in scope there) seen first.
  const choices = new Choices();
  const checkers = contextsOf(ruleset).map((context) => {
    const env = { reporter, symbols: context.symbols, defineTypes: new Map(), typing: { depth: 0 } };
    const checker = new DeclChecker(env, context, choices);
    checker.run();
    return checker;
  });
  for (const checker of checkers) for (const forbid of checker.forbids) checker.checkForbid(forbid, choices);
  checkStructure(ruleset, reporter);
  checkCitations(ruleset, options.rulebook, reporter, options.references);
  return reporter.diagnostics();
}
