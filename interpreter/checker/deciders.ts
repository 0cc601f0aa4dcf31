// Choices nobody could make (R0408): a `choose` or a menu without `by` needs a player's turn to
// run, or the game stops with "no player's turn is running". Reported where that is certain: in
// setup and flow outside every `turn of`, and in the rules they call from there, followed through
// calls. A rule that is also called inside a turn is still wrong on the path found.
import type { Block, Decl, RuleDecl, Stmt } from '../../grammar/ast.js';
import type { Reporter } from './report.js';
import { childBlocks } from './symbols.js';

export function checkDeciders(decls: readonly Decl[], reporter: Reporter): void {
  const rules = new Map<string, RuleDecl>();
  for (const d of decls) if (d.kind === 'Rule' && !d.trigger && !rules.has(d.name.text)) rules.set(d.name.text, d);
  const visited = new Set<RuleDecl>();
  // Each block to walk, with the call that led into it (none for setup and flow themselves).
  const queue: { block: Block; via: string }[] = decls.flatMap((d) => (d.kind === 'Setup' || d.kind === 'Flow' ? [{ block: d.body, via: '' }] : []));
  const walk = (block: Block, via: string): void => {
    for (const s of block.stmts) visit(s, via);
  };
  const visit = (s: Stmt, via: string): void => {
    switch (s.kind) {
      case 'Turn': return; // a player's turn: everything inside has its decider
      case 'Choose':
        if (!s.by) reporter.report('R0408', s.span, { via });
        return;
      case 'Menu':
        // `by p` makes the options' bodies p's turn; without it the menu itself has no decider.
        if (!s.by) reporter.report('R0408', s.span, { via });
        return;
      case 'Call': {
        const rule = rules.get(s.rule.text);
        if (rule && !visited.has(rule)) {
          visited.add(rule);
          queue.push({ block: rule.body, via: ` (in rule \`${rule.name.text}\`, run by the call at line ${reporter.lineOf(s.span)})` });
        }
        return;
      }
      default:
        for (const inner of childBlocks(s)) walk(inner, via);
    }
  };
  for (let next = queue.shift(); next; next = queue.shift()) walk(next.block, next.via);
}
