// Which declaration makes two encodings play differently: takes the two definitions, their
// structural differences and a play comparison; gives each group of play differences the
// declarations that cause it, found by experiment — the first encoding with one declaration taken
// from the second, the group's shortest game replayed, and the difference gone.
import type { Decl } from '../../grammar/ast.js';
import type { GameDefinition, VariantDefinition } from '../definition/index.js';
import { declKey, declLabel } from '../definition/index.js';
import { compareGame, comparePlay, type PlayComparison, type PlayComparisonOptions, type PlayDifferenceGroup } from './compare-play.js';
import type { StructureComparison } from './compare-structure.js';
import { inFirstWords } from './compare-pairing.js';

export interface CausedGroup extends PlayDifferenceGroup {
  /** The declarations (structure keys) that, taken alone from the second encoding, make the difference go away. */
  readonly causes: readonly string[];
}

export interface CausedPlay extends PlayComparison {
  readonly groups: readonly CausedGroup[];
}

/**
 * Names the rule behind every group of play differences. For each declaration the encodings
 * differ in, a hybrid is made — the first encoding with that declaration as the second has it
 * (with the declarations only the second has that it needs), or without it if only the first has
 * it — and the group's example game is played again up to its point: a declaration whose swap
 * makes the difference vanish there is a cause. Renamed labels cannot confuse this: play pairs
 * moves by what they do.
 */
export function causesOfPlay(first: GameDefinition, second: GameDefinition, structure: StructureComparison, play: PlayComparison): CausedPlay {
  const keys = structure.differences.map((d) => d.key);
  // One encoding with and without a variant: the declarations are the same objects, so the only
  // experiment is the variant itself; a single difference is its own cause.
  if (first === second) {
    return { ...play, groups: play.groups.map((g) => ({ ...g, causes: keys.length === 1 ? keys : [] })) };
  }
  // A zone, counter or event only one encoding has does nothing by itself: the rules using it act.
  const candidates = structure.differences.filter((d) => d.status === 'changed' || !/^(zone|counter|event|component) /.test(d.key)).map((d) => d.key);
  const hybrids = new Map<string, GameDefinition>();
  const hybrid = (key: string) => {
    let h = hybrids.get(key);
    if (!h) hybrids.set(key, (h = withDeclaration(first, second, key, structure)));
    return h;
  };
  return {
    ...play,
    groups: play.groups.map((g) => {
      const e = g.example;
      const spec = { players: e.players, seed: e.seed, variants: e.variants, leader: e.leader, maxMoves: e.moves.length + 1 };
      const detail = JSON.stringify(e.detail);
      // The difference is still there, told the same way; a hybrid that fails to play explains nothing.
      const still = (def: GameDefinition) => {
        try {
          const found = compareGame(def, second, spec, structure.pairing.names);
          if (g.kind !== 'error' && found.some((d) => d.kind === 'error')) return true;
          return found.some((d) => d.kind === g.kind && d.where === g.where && d.moves.length === e.moves.length && JSON.stringify(d.detail) === detail);
        } catch {
          return true;
        }
      };
      const causes = candidates.filter((k) => !still(hybrid(k)));
      return { ...g, causes: causes.length ? causes : rulesNamed(g, structure) };
    }),
  };
}

/**
 * When no single declaration explains a difference (it takes two changed together), the changed
 * declarations that hold the rules named where the games part.
 */
function rulesNamed(g: PlayDifferenceGroup, structure: StructureComparison): string[] {
  const names = new Set([...`${g.where} ${g.example.detail.join(' ')}`.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
  return structure.differences.filter((d) => {
    if (names.has(nameOf(d.key))) return true;
    const text = `${d.first?.text ?? ''}\n${d.second?.text ?? ''}`;
    return [...names].some((n) => new RegExp(`\\brule ${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text));
  }).map((d) => d.key);
}

/** The name a declaration is referred to by in other declarations (`rule tied-award` → `tied-award`). */
const nameOf = (key: string): string => key.slice(key.indexOf(' ') + 1);

/**
 * The first encoding with the declaration `key` as the second encoding has it: replaced, added
 * (with the second's own declarations it refers to), or removed when only the first has it.
 */
export function withDeclaration(first: GameDefinition, second: GameDefinition, key: string, structure: StructureComparison): GameDefinition {
  const onlySecond = new Set(structure.differences.filter((d) => d.status === 'only-second').map((d) => d.key));
  // The second's declarations in the first's words: paired ones under the first's names.
  const { pairing } = structure;
  const words = <T>(node: T): T => inFirstWords(node, pairing);
  const secondDecls = new Map(second.decls.map((d) => [declLabel(d), words(d)]));
  const secondVariants = new Map(second.variants.map((v): [string, VariantDefinition] =>
    [`variant ${v.id}`, { ...v, id: pairing.names[v.id] ?? v.id, excludes: v.excludes.map((x) => pairing.names[x] ?? x), items: words(v.items) }]));
  const inSecond = structure.differences.find((d) => d.key === key)?.secondKey ?? key;
  // The second's own declarations the new one needs, and those they need in turn.
  const needed = new Set<string>();
  const need = (node: unknown) => {
    const json = JSON.stringify(node);
    for (const k of onlySecond) {
      if (needed.has(k) || !json.includes(`"text":${JSON.stringify(nameOf(k))}`)) continue;
      needed.add(k);
      need(secondDecls.get(k) ?? secondVariants.get(k));
    }
  };
  let decls: Decl[] = [...first.decls];
  let variants: VariantDefinition[] = [...first.variants];
  if (key.startsWith('variant ')) {
    const v = secondVariants.get(inSecond);
    variants = v ? (variants.some((x) => `variant ${x.id}` === key) ? variants.map((x) => (`variant ${x.id}` === key ? v : x)) : [...variants, v]) : variants.filter((x) => `variant ${x.id}` !== key);
    if (v) need(v);
  } else {
    const d = secondDecls.get(inSecond);
    decls = d ? (decls.some((x) => declLabel(x) === key) ? decls.map((x) => (declLabel(x) === key ? d : x)) : [...decls, d]) : decls.filter((x) => declLabel(x) !== key);
    if (d) need(d);
  }
  needed.delete(key);
  for (const k of needed) {
    const d = secondDecls.get(k);
    if (d && !decls.some((x) => declKey(x) === declKey(d) && x.kind === d.kind)) decls.push(d);
  }
  return { ...first, decls, variants };
}

/** The play evidence of each report entry, found by counterfactuals. */
export interface CounterfactualPlay extends CausedPlay {
  /** The entries (by their declarations) no game reached: played alone, they changed nothing. */
  readonly unreached: readonly (readonly string[])[];
}

/**
 * Evidence by counterfactuals: for each entry (the declarations one difference of the rules is
 * made of), the first encoding with only those declarations as the second has them is played
 * against the first itself, so every game counted belongs to that entry alone. A declaration that
 * does nothing by itself (a zone, counter or event only one encoding has) is played with the
 * entry's others; a variant the players choose is chosen. The games both encodings play in full
 * are counted for the summary.
 */
export function counterfactualPlay(first: GameDefinition, second: GameDefinition, structure: StructureComparison, entries: readonly (readonly string[])[], o: PlayComparisonOptions): CounterfactualPlay {
  const full = comparePlay(first, second, { ...o, names: structure.pairing.names });
  const groups: CausedGroup[] = [];
  const unreached: (readonly string[])[] = [];
  for (const keys of entries) {
    let applied = first;
    for (const key of keys) applied = withDeclaration(applied, second, key, structure);
    // A difference in a variant the players choose shows only when it is chosen: it is played so.
    const chosen = keys.filter((k) => k.startsWith('variant ')).map((k) => k.slice('variant '.length))
      .filter((id) => [first, applied].every((def) => def.variants.some((v) => v.id === id && v.when === null)));
    const variants = o.variants && (o.variants.first.length || o.variants.second.length) ? o.variants : { first: chosen, second: chosen };
    const alone = comparePlay(first, applied, { ...o, variants, names: {}, onProgress: undefined });
    if (!alone.groups.length) unreached.push(keys);
    groups.push(...alone.groups.map((g) => ({ ...g, causes: keys })));
  }
  return { games: full.games, agreed: full.agreed, groups, unreached };
}
