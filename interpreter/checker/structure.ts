// Structure and reachability: a flow must exist (R0401); nothing may follow `end the game` in
// its block (R0404); every rule must be reached from setup and flow through calls and fired
// events (R0402, R0405); every event must be fired somewhere (R0403); every power must be
// the name of some card (R0407).
import type { Block, Decl, RuleDecl, Ruleset } from '../../grammar/ast.js';
import { checkDeciders } from './deciders.js';
import type { Reporter } from './report.js';
import { bodiesOf, eachBlock, eachStmt, everyDecl, powerItems } from './symbols.js';

export function checkStructure(ruleset: Ruleset, reporter: Reporter): void {
  const decls = everyDecl(ruleset);
  const hasFlow = decls.some((d) => d.kind === 'Flow');
  if (!ruleset.decls.some((d) => d.kind === 'Flow')) reporter.report('R0401', { start: 0, end: 0 }, { what: 'flow' });
  checkDeadCode(decls, reporter);
  if (hasFlow) checkReachability(decls, reporter);
  checkEvents(decls, reporter);
  checkPowerNames(decls, reporter);
  checkDeciders(decls, reporter);
}

/** Statements after `end the game` (not `after this round`) in the same block never run. */
function checkDeadCode(decls: readonly Decl[], reporter: Reporter): void {
  for (const d of decls) {
    for (const body of bodiesOf(d)) {
      eachBlock(body, (b) => {
        const end = b.stmts.findIndex((s) => s.kind === 'EndGame' && !s.afterRound);
        const next = b.stmts[end + 1];
        if (end >= 0 && next) reporter.report('R0404', next.span, { what: 'statement' });
      });
    }
  }
}

interface Rule {
  readonly decl: RuleDecl;
  readonly callable: boolean; // top-level: a statement may call it by name
}

function rulesOf(decls: readonly Decl[]): Rule[] {
  return decls.flatMap((d): Rule[] => {
    if (d.kind === 'Rule') return [{ decl: d, callable: true }];
    if (d.kind === 'Power') return powerItems(d).flatMap((i) => (i.kind === 'Rule' ? [{ decl: i, callable: false }] : []));
    return [];
  });
}

/** Rules reached from setup and flow, following rule calls and fired events to their `on` rules. */
function checkReachability(decls: readonly Decl[], reporter: Reporter): void {
  const rules = rulesOf(decls);
  const reached = new Set<RuleDecl>();
  const queue: Block[] = decls.flatMap((d) => (d.kind === 'Setup' || d.kind === 'Flow' ? [d.body] : []));
  const visit = (r: Rule) => {
    if (reached.has(r.decl)) return;
    reached.add(r.decl);
    queue.push(r.decl.body);
  };
  for (let block = queue.pop(); block; block = queue.pop()) {
    eachStmt(block, (s) => {
      if (s.kind === 'Call') rules.filter((r) => r.callable && r.decl.name.text === s.rule.text).forEach(visit);
      if (s.kind === 'Fire') rules.filter((r) => r.decl.trigger?.event.text === s.event.text).forEach(visit);
    });
  }
  const events = new Set(decls.flatMap((d) => (d.kind === 'Event' ? [d.name.text] : [])));
  for (const { decl } of rules) {
    // A rule waiting for an undeclared event is reported as such already.
    if (reached.has(decl) || (decl.trigger && !events.has(decl.trigger.event.text))) continue;
    if (decl.trigger) reporter.report('R0402', decl.name.span, { name: decl.name.text, event: decl.trigger.event.text });
    else reporter.report('R0405', decl.name.span, { name: decl.name.text });
  }
}

/** Events no statement anywhere fires. */
function checkEvents(decls: readonly Decl[], reporter: Reporter): void {
  const fired = new Set<string>();
  for (const d of decls) for (const body of bodiesOf(d)) eachStmt(body, (s) => s.kind === 'Fire' && fired.add(s.event.text));
  for (const d of decls) if (d.kind === 'Event' && !fired.has(d.name.text)) reporter.report('R0403', d.name.span, { name: d.name.text });
}

/** A power is held through a card of the same name: some table's first column must have it. */
function checkPowerNames(decls: readonly Decl[], reporter: Reporter): void {
  const labels = new Set<string>();
  for (const d of decls) if (d.kind === 'Table') for (const row of d.rows) if (row[0]) labels.add(String(row[0].value));
  for (const d of decls) if (d.kind === 'Power' && !labels.has(d.name.text)) reporter.report('R0407', d.name.span, { name: d.name.text });
}
