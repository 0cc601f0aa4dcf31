// A forbidding rule judges every choice of its name (R0212): each variable it speaks of must be in
// reach at every place such a choice is made, or working it out there fails while the game runs.
// The checker types the rule against all those places together; this finds the one that lacks it.
import type { Expr, ForbidDecl, Name } from '../../grammar/ast.js';
import type { Reporter } from './report.js';
import type { Choices } from './statements.js';

export function checkForbidVariables(d: ForbidDecl, choices: Choices, reporter: Reporter): void {
  const known = choices.scopeOf(d.choice.text);
  const reported = new Set<string>();
  for (const name of freeNames(d.when)) {
    // A name no choice has is reported as not declared already; a global is not a variable.
    if (reported.has(name.text) || known.lookup(name.text) === undefined) continue;
    const site = choices.lacking(d.choice.text, name.text);
    if (!site) continue;
    reported.add(name.text);
    const where = site.at ? ` at line ${reporter.lineOf(site.at)}` : '';
    reporter.report('R0212', name.span, { choice: d.choice.text, where, variable: name.text });
  }
}

/** The names an expression reads, but those its own comprehensions bind (`any c in hand where …`). */
function freeNames(e: Expr): Name[] {
  const bound = new Set<string>();
  const refs: Name[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const n = node as { kind?: string; name?: Name; variable?: Name };
    if (n.kind === 'Ref' && n.name) refs.push(n.name);
    if (n.kind === 'Comprehension' && n.variable) bound.add(n.variable.text);
    for (const [key, value] of Object.entries(node)) if (key !== 'span') walk(value);
  };
  walk(e);
  return refs.filter((r) => !bound.has(r.text));
}
