// Where cards go, read from the rules with no DOM: takes the rules in force, gives each pair of
// zones that some rule moves or draws cards between, with the rules that do it. A card moved is
// traced to its zone through the names it was bound by (`choose c from display`, `let top =
// first of deck`, `for each c in hand`) and through defines; a move whose source cannot be read
// this way is left out rather than guessed.
import type { Model } from '../../interpreter/runtime/index.js';

export interface CardFlow {
  readonly from: string;
  readonly to: string;
  readonly rules: readonly string[];
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;
const nameOf = (v: unknown): string | null => (isNode(v) && typeof v.text === 'string' ? v.text : null);

export function cardFlows(model: Model): CardFlow[] {
  const flows = new Map<string, { from: string; to: string; rules: Set<string> }>();
  const defineZones = new Map<string, Set<string>>();

  /** The zones an expression names, through variables bound in `env` and defines. */
  const zonesIn = (expr: unknown, env: ReadonlyMap<string, Set<string>>, seen = new Set<string>()): Set<string> => {
    const out = new Set<string>();
    const visit = (n: unknown): void => {
      if (Array.isArray(n)) return n.forEach(visit);
      if (!isNode(n)) return;
      if (n.kind === 'Ref') {
        const name = nameOf(n.name);
        if (name && model.zones.has(name)) out.add(name);
        else if (name && env.has(name)) env.get(name)!.forEach((z) => out.add(z));
        else if (name && model.defines.has(name) && !seen.has(name)) {
          seen.add(name);
          let zones = defineZones.get(name);
          if (!zones) defineZones.set(name, (zones = zonesIn(model.defines.get(name)!.body, new Map(), seen)));
          zones.forEach((z) => out.add(z));
        }
      }
      for (const [key, value] of Object.entries(n)) if (key !== 'span' && key !== 'meta') visit(value);
    };
    visit(expr);
    return out;
  };

  const add = (from: Set<string>, to: Set<string>, rule: string) => {
    for (const f of from) for (const t of to) {
      if (f === t) continue;
      const key = `${f}→${t}`;
      const flow = flows.get(key) ?? { from: f, to: t, rules: new Set<string>() };
      flow.rules.add(rule);
      flows.set(key, flow);
    }
  };

  /** Walks a rule's statements in order, binding names as it goes. */
  const walk = (node: unknown, env: Map<string, Set<string>>, rule: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, env, rule));
    if (!isNode(node)) return;
    const bound = nameOf(node.variable) ?? (node.kind === 'Let' ? nameOf(node.name) : null);
    const source = node.from ?? node.list ?? (node.kind === 'Let' ? node.value : undefined);
    if (bound && source !== undefined && node.kind !== 'Draw') env.set(bound, zonesIn(source, env));
    if (node.kind === 'Move') add(zonesIn(node.what, env), zonesIn(node.to, env), rule);
    if (node.kind === 'Draw') add(zonesIn(node.from, env), zonesIn(node.to, env), rule);
    for (const [key, value] of Object.entries(node)) if (key !== 'span' && key !== 'meta' && isNode(value)) walk(value, env, rule);
  };

  if (model.setup) walk(model.setup.body, new Map(), 'setup');
  if (model.flow) walk(model.flow.body, new Map(), 'flow');
  for (const [name, rule] of model.rules) walk(rule.body, new Map(), name);
  for (const [name, power] of model.powers) for (const item of power.items) if (item.kind === 'Rule') walk(item.body, new Map(), `${name}: ${item.name.text}`);
  return [...flows.values()].map((f) => ({ from: f.from, to: f.to, rules: [...f.rules] }));
}
