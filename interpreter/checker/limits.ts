// The limits only the checker can see (docs/language.md § Limits): the players a game takes
// (R0806), the things its tables make (R0804), the pieces per player (R0805), and how deep working
// out an expression goes through the defines it uses (R0807). Takes the ruleset, reports to the
// Reporter, and gives whether the other passes may run: past R0807 they would recurse too deep.
import type { Decl, Expr, Ruleset, Span } from '../../grammar/ast.js';
import { exprChildren, grouped, LIMITS, outermostExprs } from '../../grammar/limits.js';
import type { Reporter } from './report.js';
import { everyDecl, powerItems } from './symbols.js';

export function checkLimits(ruleset: Ruleset, reporter: Reporter): boolean {
  const decls = everyDecl(ruleset);
  checkPlayers(decls, reporter);
  checkThings(decls, reporter);
  checkPieces(decls, reporter);
  return checkDefineDepth(ruleset, reporter);
}

function checkPlayers(decls: readonly Decl[], reporter: Reporter): void {
  for (const d of decls) {
    if (d.kind !== 'Game') continue;
    const { minPlayers: min, maxPlayers: max } = d;
    if (min < 1 || max < min || max > LIMITS.players) {
      reporter.report('R0806', d.span, { limit: grouped(LIMITS.players), min: grouped(min), max: grouped(max) });
    }
  }
}

/** Rows times copies over every table, a variant's too: setup makes each of them. */
function checkThings(decls: readonly Decl[], reporter: Reporter): void {
  let count = 0;
  for (const d of decls) {
    if (d.kind !== 'Table') continue;
    const copiesAt = d.columns.findIndex((c) => c.text === 'copies');
    for (const row of d.rows) {
      const cell = copiesAt >= 0 ? row[copiesAt] : undefined;
      // As the model reads it: a missing cell is one copy, anything but a positive number none.
      const copies = cell === undefined ? 1 : Number(cell.value);
      if (!(copies > 0)) continue;
      count += Math.floor(copies);
      if (count > LIMITS.things) {
        const at: Span = cell?.span ?? row[0]?.span ?? d.name.span;
        reporter.report('R0804', at, { count: grouped(count), limit: grouped(LIMITS.things) });
        return;
      }
    }
  }
}

function checkPieces(decls: readonly Decl[], reporter: Reporter): void {
  for (const d of decls) {
    if (d.kind === 'Piece' && d.perPlayer && d.count > LIMITS.piecesPerPlayer) {
      reporter.report('R0805', d.span, { name: d.name.text, count: grouped(d.count), limit: grouped(LIMITS.piecesPerPlayer) });
    }
  }
}

// ─── Depth through defines ────────────────────────────────────────────────────

/** A name an expression uses that may be a define, and how deep in the expression it is. */
interface Use {
  readonly name: string;
  readonly level: number;
}

/** How deep an expression is by itself, and the names it uses with their levels. */
function shape(e: Expr): { depth: number; uses: Use[] } {
  let depth = 0;
  const uses: Use[] = [];
  const stack: [Expr, number][] = [[e, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, level] = top;
    if (level > depth) depth = level;
    if (node.kind === 'Ref') uses.push({ name: node.name.text, level });
    if (node.kind === 'Call') uses.push({ name: node.callee.text, level });
    for (const child of exprChildren(node)) stack.push([child, level + 1]);
  }
  return { depth, uses };
}

interface Reach {
  /** Levels deep that working it out goes, the bodies of the defines it uses counted in place. */
  readonly depth: number;
  /** The define through which that depth is reached, if any. */
  readonly via: string | null;
}

/**
 * The depth of every define (by name: its overloads, power and variant versions together), found
 * without recursion. A define that uses itself, directly or not, is counted once around the loop:
 * how often it recurses is for the runtime's step budget to bound.
 */
function defineReach(ruleset: Ruleset): Map<string, Reach> {
  const shapes = new Map<string, { depth: number; uses: Use[] }[]>();
  for (const d of everyDecl(ruleset)) {
    const defines = d.kind === 'Define' ? [d] : d.kind === 'Power' ? powerItems(d).filter((i) => i.kind === 'Define') : [];
    for (const def of defines) {
      const known = shapes.get(def.name.text);
      if (known) known.push(shape(def.body));
      else shapes.set(def.name.text, [shape(def.body)]);
    }
  }
  const reach = new Map<string, Reach>();
  const open = new Set<string>();
  for (const start of shapes.keys()) {
    const stack = [start];
    while (stack.length > 0) {
      const name = stack[stack.length - 1]!;
      if (reach.has(name)) {
        stack.pop();
        continue;
      }
      const bodies = shapes.get(name)!;
      if (!open.has(name)) {
        open.add(name);
        // Work out the defines it uses first; one already open is on the current path: a loop.
        for (const b of bodies) for (const u of b.uses) if (shapes.has(u.name) && !reach.has(u.name) && !open.has(u.name)) stack.push(u.name);
        continue;
      }
      let best: Reach = { depth: 0, via: null };
      for (const b of bodies) {
        if (b.depth > best.depth) best = { depth: b.depth, via: null };
        for (const u of b.uses) {
          const inner = reach.get(u.name);
          if (inner && u.level + inner.depth > best.depth) best = { depth: u.level + inner.depth, via: u.name };
        }
      }
      reach.set(name, best);
      open.delete(name);
      stack.pop();
    }
  }
  return reach;
}

/** `a` → `b` → `c`, long chains cut in the middle. */
function pathFrom(first: string, reach: ReadonlyMap<string, Reach>): string {
  const names = [first];
  const seen = new Set(names);
  for (let next = reach.get(first)?.via; next && !seen.has(next); next = reach.get(next)?.via) {
    names.push(next);
    seen.add(next);
  }
  const shown = names.length > 6 ? [...names.slice(0, 3), '…', ...names.slice(-2)] : names;
  return shown.map((n) => (n === '…' ? n : `\`${n}\``)).join(' → ');
}

/**
 * R0807 where an expression goes past LIMITS.depth only because of the defines it uses, and no
 * define it uses does so by itself (that one is reported instead): one report per chain.
 */
function checkDefineDepth(ruleset: Ruleset, reporter: Reporter): boolean {
  const reach = defineReach(ruleset);
  if (reach.size === 0) return true;
  let ok = true;
  for (const d of ruleset.decls) {
    for (const e of outermostExprs(d)) {
      const { uses } = shape(e);
      let worst: { depth: number; via: string } | null = null;
      let innerTooDeep = false;
      for (const u of uses) {
        const inner = reach.get(u.name);
        if (!inner) continue;
        if (inner.depth > LIMITS.depth) innerTooDeep = true;
        if (!worst || u.level + inner.depth > worst.depth) worst = { depth: u.level + inner.depth, via: u.name };
      }
      if (!worst || worst.depth <= LIMITS.depth) continue;
      ok = false;
      if (innerTooDeep) continue;
      reporter.report('R0807', e.span, { depth: grouped(worst.depth), limit: grouped(LIMITS.depth), path: pathFrom(worst.via, reach) });
    }
  }
  return ok;
}
