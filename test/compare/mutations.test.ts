// Mutation tests of `regula diff` on the Czech Tokaido: edits that change only wording or layout
// report nothing; edits that change a rule are reported and named by the rule; an edit that makes
// one side fail is reported as a difference, and the rest of the report is still given.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { causesOfPlay, compareOutcomes, comparePlay, compareStructure, comparisonReport, counterfactualPlay, entryDeclarations } from '../../interpreter/tools/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { compileFile, compileText, repoRoot } from '../helpers.js';
import { harmlessMutants, ruleMutants, renamedRuleMutant } from './mutants.js';

const original = compileFile(join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules'));
const text = original.source.text;

/** The mutated text, compiled as if it sat beside the original (its citations checked against the same rulebook). */
function mutant(edit: (t: string) => string): GameDefinition {
  const t = edit(text);
  expect(t).not.toBe(text);
  return compileText(t, original.source.file);
}

const replaceOnce = (from: string, to: string) => (t: string) => {
  expect(t).toContain(from);
  return t.replace(from, to);
};

function compare(second: GameDefinition, players = [4, 5], games = 3) {
  const structure = compareStructure(original, second);
  const play = causesOfPlay(original, second, structure, comparePlay(original, second, { games, seed: 'm', players, names: structure.pairing.names }));
  return { structure, play };
}

describe('edits of wording and layout report nothing', () => {
  it('renamed labels: a menu option, a choice and its moves', () => {
    const m = mutant((t) => replaceOnce('"skip meal"', '"go hungry"')(replaceOnce('as donate', 'as give')(t)));
    const { structure, play } = compare(m, [2, 4]);
    expect(structure.differences).toEqual([]);
    expect(play.groups).toEqual([]);
    expect(play.agreed).toBe(play.games);
  });

  it('a renamed choice, with the restrictions that name it', () => {
    const m = mutant((t) => t.replaceAll('"eat {meal}"', '"dine on {meal}"').replaceAll('forbids eat', 'forbids dine'));
    const { structure, play } = compare(m, [2, 3]);
    expect(structure.differences).toEqual([]);
    expect(play.groups).toEqual([]);
  });

  it('declarations reordered', () => {
    const start = text.indexOf('rule temple on stop');
    const end = text.indexOf('\n}\n', start) + 3;
    const m = mutant((t) => `${t.slice(0, start)}${t.slice(end)}\n${t.slice(start, end)}`);
    const { structure, play } = compare(m, [3]);
    expect(structure.differences).toEqual([]);
    expect(play.groups).toEqual([]);
  });

  it('every name renamed at once: declarations paired by what they are, the same games played', () => {
    const m = mutant(() => harmlessMutants(text).find((x) => x.kind === 'rename every name')!.text);
    const { structure, play } = compare(m, [2, 4], 2);
    expect(structure.differences).toEqual([]);
    expect(structure.renamed.length).toBeGreaterThan(50);
    expect(structure.renamed).toContainEqual({ first: 'define tasted', second: expect.stringMatching(/^define zq-/) });
    expect(play.groups).toEqual([]);
    expect(play.agreed).toBe(play.games);
  });

  it('reformatted: indentation, blank lines and comments', () => {
    const m = mutant((t) => t.replace(/\n {2}(?=\S)/g, '\n    ').replace(/\n\n/g, '\n\n// a note of the translator\n\n'));
    expect(compareStructure(original, m).differences).toEqual([]);
  });
});

describe('edits of a rule are reported and named by that rule', () => {
  const reportedBy = (edit: (t: string) => string, key: string, players?: number[]) => {
    const { structure, play } = compare(mutant(edit), players);
    expect(structure.differences.map((d) => d.key)).toEqual([key]);
    expect(play.groups.length).toBeGreaterThan(0);
    for (const g of play.groups) expect(g.causes).toEqual([key]);
    return play;
  };

  it('a removed condition', () => {
    // Without its first condition, a traveller without coins may stop nowhere but an inn.
    reportedBy(replaceOnce('when type of destination = "temple"\n    and owner of traveller is not none', 'when owner of traveller is not none'), 'rule temple-needs-a-coin');
  });

  it('a changed constant', () => {
    reportedBy(replaceOnce('[10, 7, 4][place]', '[10, 6, 4][place]'), 'rule temple-ranking');
  });

  it('a changed constant in a renamed declaration: reported on the pair, and its games traced to it', () => {
    const edit = ruleMutants(text).find((x) => x.kind === 'constant' && x.expected?.first === 'rule temple-ranking')!;
    const m = compileText(renamedRuleMutant(text, edit)!.text, original.source.file);
    const structure = compareStructure(original, m);
    expect(structure.differences.map((d) => [d.key, d.secondKey])).toEqual([['rule temple-ranking', expect.stringMatching(/^rule zq-/)]]);
    const play = causesOfPlay(original, m, structure, comparePlay(original, m, { games: 3, seed: 'm', players: [4, 5], names: structure.pairing.names }));
    expect(play.groups.length).toBeGreaterThan(0);
    for (const g of play.groups) expect(g.causes).toEqual(['rule temple-ranking']);
  });

  it('a changed tie policy', () => {
    reportedBy(replaceOnce('by donated of t ties share', 'by donated of t ties skip'), 'rule temple-ranking', [5]);
  });

  it('a changed choice', () => {
    const play = reportedBy(replaceOnce('choose amount from 1 to min(3, coins) as donate', 'choose amount from 1 to min(2, coins) as donate'), 'rule temple');
    expect(play.groups.some((g) => g.kind === 'moves' && g.example.detail.some((d) => d === 'only in the first: donate 3'))).toBe(true);
  });
});

describe('evidence by counterfactuals', () => {
  it('two planted differences: each entry\'s games are played with only its own applied, and counted there alone', () => {
    const m = mutant((t) => replaceOnce('[10, 7, 4][place]', '[10, 6, 4][place]')(replaceOnce('choose amount from 1 to min(3, coins) as donate', 'choose amount from 1 to min(2, coins) as donate')(t)));
    const structure = compareStructure(original, m);
    const entries = entryDeclarations(structure, null);
    expect(entries).toEqual([['rule temple'], ['rule temple-ranking']]);
    const play = counterfactualPlay(original, m, structure, entries, { games: 3, seed: 'm', players: [4, 5] });
    for (const keys of entries) expect(play.groups.some((g) => g.causes.join() === keys.join())).toBe(true);
    for (const g of play.groups) expect(entries.map((k) => k.join())).toContain(g.causes.join());
    expect(play.unreached).toEqual([]);
    const report = comparisonReport({ first: 'a', second: 'b', structure, play, outcomes: null, notes: null });
    const counted = report.entries.flatMap((e) => e.play);
    expect(counted.length).toBe(play.groups.length); // every group in exactly one entry
  });
});

describe('a rule that fails on one side', () => {
  it('is reported as a difference with its trace, and the rest of the report is kept', () => {
    const m = mutant(replaceOnce('  pay amount coins\n  add amount to donated', '  pay amount + 5 coins\n  add amount to donated'));
    const { structure, play } = compare(m, [3], 2);
    const errors = play.groups.filter((g) => g.kind === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.example.detail[1]).toMatch(/^second: .*Cannot pay \d+ coins/);
    expect(errors[0]!.example.moves.length).toBeGreaterThan(0);
    expect(errors[0]!.causes).toEqual(['rule temple']);
    const outcomes = compareOutcomes(original, m, { games: 2, seed: 'm', players: [3] });
    expect(outcomes[0]!.errors?.second?.games).toBeGreaterThan(0);
    expect(outcomes[0]!.first.games).toBe(2);
    const report = comparisonReport({ first: 'a', second: 'b', structure, play, outcomes, notes: null });
    expect(report.entries.map((e) => e.title)).toEqual(['rule temple']);
    expect(report.entries[0]!.play).toContain(errors[0]);
  });
});
