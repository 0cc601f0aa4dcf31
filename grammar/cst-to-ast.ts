// Turns the CST of parser.ts into the AST of ast.ts: takes the `ruleset` CST node and the source,
// gives the Ruleset plus the diagnostics only visible here (R0104 table rows, `per player`).
import type { CstNode } from 'chevrotain';
import type * as A from './ast.js';
import type { RulesetCstNode } from './cst.generated.js';
import { childrenOf, keep, subs } from './cst-read.js';
import { decl, type DeclContext } from './cst-to-ast-decls.js';
import type { Diagnostic } from './diagnostics.js';

/**
 * Declarations recovery left incomplete are dropped; the others are kept. The node is typed by
 * cst.generated.d.ts, which test/grammar/cst-types.test.ts keeps in step with the parser.
 */
export function cstToAst(cst: CstNode, source: string): { ruleset: A.Ruleset; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const nodes = subs(childrenOf(cst as RulesetCstNode).decl);
  // Components first, quietly: a table made by lines (`each suit`) may take an attribute's values.
  const quiet: DeclContext = { source, report: () => {}, components: new Map() };
  const components = new Map<string, A.ComponentDecl>();
  for (const c of keep(nodes.filter((n) => n.children.componentDecl), (node) => decl(node, quiet))) {
    if (c.kind === 'Component') components.set(c.name.text, c);
  }
  const ctx: DeclContext = { source, report: (d) => diagnostics.push(d), components };
  const decls = keep(nodes, (node) => decl(node, ctx));
  return { ruleset: { kind: 'Ruleset', decls, span: { start: 0, end: source.length } }, diagnostics };
}
