// Which games the whole-corpus tests cover: every shipped ruleset, and for each the variant
// settings worth playing. Shared by the corpus test, the golden logs and the bench.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GameDefinition } from '../interpreter/definition/index.js';

/** Every `rulesets/<game>/*.rules`, relative to the repository root, in a stable order. */
export function shippedRulesets(root: string): string[] {
  return readdirSync(join(root, 'rulesets'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .flatMap((game) => readdirSync(join(root, 'rulesets', game)).filter((f) => f.endsWith('.rules')).sort().map((f) => join('rulesets', game, f)));
}

/** Every variant alone, plus all of them together when they may be combined. */
export function variantSettings(def: GameDefinition): string[][] {
  const chosen = def.variants.filter((v) => v.when === null);
  const settings: string[][] = [[], ...chosen.map((v) => [v.id])];
  const all = chosen.map((v) => v.id);
  if (all.length > 1 && !chosen.some((v) => v.excludes.some((x) => all.includes(x)))) settings.push(all);
  return settings;
}

/** Every player count the game allows. */
export function playerCounts(def: GameDefinition): number[] {
  return Array.from({ length: def.players.max - def.players.min + 1 }, (_, i) => def.players.min + i);
}
