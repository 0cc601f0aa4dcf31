// The language service on the shipped rulesets: completion lists at chosen cursors, hover texts
// (keyword docs from docs/language.md, declarations, a rule's rulebook quotes), definitions,
// references, rename edits and refusals, quick-fix edits, the outline and signature help.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRulebook } from '../../cli/load.js';
import { LanguageService, type Analysis, type Edit } from '../../language/index.js';
import { repoRoot } from '../helpers.js';

const service = new LanguageService({
  docs: readFileSync(join(repoRoot, 'docs/language.md'), 'utf8'),
  readCited: (file, name) => {
    const path = findRulebook(file, name);
    return path ? readFileSync(path, 'utf8') : null;
  },
});

const TOKAIDO = join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules');
const tokaido = readFileSync(TOKAIDO, 'utf8');
const open = (file: string, text = readFileSync(file, 'utf8')) => service.analysis(file, text);

/** The offset of `needle` in the text (it must be there once at least), plus `delta`. */
function at(a: Analysis, needle: string, delta = 0): number {
  const i = a.source.indexOf(needle);
  if (i < 0) throw new Error(`not in the text: ${needle}`);
  return i + delta;
}
const lineOf = (a: Analysis, offset: number) => a.source.slice(0, offset).split('\n').length;
const apply = (text: string, edits: readonly Edit[]) =>
  [...edits].sort((x, y) => y.span.start - x.span.start).reduce((t, e) => t.slice(0, e.span.start) + e.newText + t.slice(e.span.end), text);

describe('completion', () => {
  it('offers counters, and only counters, after `pay amount`', () => {
    const a = open(TOKAIDO);
    const list = service.completion(a, at(a, 'pay amount coins', 'pay amount '.length));
    const names = list.items.filter((i) => i.kind !== 'keyword').map((i) => `${i.kind} ${i.label}`);
    expect(names).toEqual(['counter coins', 'counter points', 'counter donated', 'counter temple-bonus']);
    expect(list.items.map((i) => i.label)).toContain('of'); // `pay amount of …`: the parser's own next words
  });

  it('offers values at the start of an expression: variables in scope, declarations, built-ins, keywords', () => {
    const a = open(TOKAIDO);
    const labels = service.completion(a, at(a, 'pay amount coins', 'pay '.length)).items.map((i) => `${i.kind} ${i.label}`);
    expect(labels).toEqual(expect.arrayContaining([
      'variable amount', 'counter coins', 'zone meals', 'define souvenir-points', 'value player', 'function count', 'keyword count', 'keyword if', 'keyword not',
    ]));
    expect(labels).not.toContain('keyword gain'); // not a statement here
  });

  it('offers the parser\'s statements and snippets at the start of a statement, and what is typed is replaced', () => {
    const a = open(TOKAIDO, tokaido.replace('  pay amount coins\n', '  pay amount coins\n  fo\n'));
    const offset = at(a, '  fo\n', 4);
    const list = service.completion(a, offset);
    expect(list.replace).toEqual({ start: offset - 2, end: offset });
    const labels = list.items.map((i) => `${i.kind} ${i.label}`);
    expect(labels).toEqual(expect.arrayContaining(['keyword for', 'keyword gain', 'keyword choose', 'keyword fire', 'snippet for each', 'snippet choose']));
    expect(labels).not.toContain('keyword zone');
  });

  it('offers events after `fire` and choices after `forbids`, declarations and their snippets at the top level', () => {
    const a = open(TOKAIDO);
    const events = service.completion(a, at(a, 'fire stop(', 'fire '.length)).items;
    expect(events.every((i) => i.kind === 'event')).toBe(true);
    expect(events.map((i) => i.label)).toContain('stop');
    const choices = service.completion(a, at(a, 'forbids advance', 'forbids '.length)).items.filter((i) => i.kind !== 'keyword');
    expect(choices.map((i) => i.label)).toContain('advance');
    expect(choices.every((i) => i.kind === 'choice')).toBe(true);
    const top = service.completion(open('top.rules', 'zone deck\n'), 'zone deck\n'.length).items.map((i) => `${i.kind} ${i.label}`);
    expect(top).toEqual(expect.arrayContaining(['keyword rule', 'keyword counter', 'snippet rule on', 'snippet counter', 'snippet component']));
  });

  it('offers nothing inside a comment or a string', () => {
    const a = open(TOKAIDO);
    expect(service.completion(a, at(a, '// Temple coins belong', 5)).items).toEqual([]);
    expect(service.completion(a, at(a, 'cites "Tyto mince', 10)).items).toEqual([]);
  });
});

describe('hover', () => {
  it('documents a keyword from docs/language.md', () => {
    const a = open(TOKAIDO);
    const h = service.hover(a, at(a, 'pay amount coins', 1))!;
    expect(h.text).toContain('docs/language.md § Counters: `gain`, `lose`, `pay`, `add`, `set`');
    expect(h.text).toContain('`pay` is for costs a rule has already made sure the player can afford');
  });

  it('shows a counter\'s declaration and type, and the rulebook passages it cites with file, line and paragraph', () => {
    const a = open(TOKAIDO);
    const h = service.hover(a, at(a, 'pay amount coins', 'pay amount '.length + 1))!;
    expect(h.text).toContain('counter coins per player, at least 0');
    expect(h.text).toContain('**counter** `coins` — a whole number for each player');
    expect(h.text).toContain('> Hráč může mít ve své zásobě neomezený počet mincí.');
    expect(h.text).toMatch(/tokaido\.cs\.txt:\d+, paragraph \d+/);
  });

  it('on a rule, quotes what it cites from the rulebook, at the line the words are on', () => {
    const a = open(TOKAIDO);
    const h = service.hover(a, at(a, 'rule temple on stop', 'rule '.length))!;
    expect(h.text).toContain('rule temple on stop where type of space = "temple"');
    expect(h.text).toContain('> Hráč může věnovat chrámu 1, 2 nebo 3 mince ze své zásoby');
    const line = /tokaido\.cs\.txt:(\d+)/.exec(h.text)![1]!;
    const rulebook = readFileSync(join(repoRoot, '../shared/rulebooks/tokaido.cs.txt'), 'utf8').split('\n');
    expect(rulebook[Number(line) - 1]).toContain('Hráč může věnovat chrámu 1, 2 nebo 3 mince');
  });

  it('describes variables and built-in functions', () => {
    const a = open(TOKAIDO);
    expect(service.hover(a, at(a, 'choose amount from', 'choose '.length))!.text).toContain('**variable** `amount`');
    expect(service.hover(a, at(a, 'min(3, coins)', 1))!.text).toContain('min(numbers…)');
  });
});

describe('navigation', () => {
  it('goes from a use to the declaration, and finds every use', () => {
    const a = open(TOKAIDO);
    const [def] = service.definition(a, at(a, 'pay amount coins', 'pay amount '.length));
    expect(lineOf(a, def!.start)).toBe(lineOf(a, at(a, 'counter coins per player')));
    const refs = service.references(a, at(a, 'counter coins', 'counter '.length));
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.every((s) => a.source.slice(s.start, s.end) === 'coins')).toBe(true);
    // `coins` the card attribute (hot springs, encounters) is another name: not a use of the counter.
    expect(refs.some((s) => a.source.slice(s.start - 10, s.end + 5).includes('coins of c'))).toBe(false);
  });

  it('resolves a rule\'s parameter within the rule, and a call to the rule', () => {
    const a = open(TOKAIDO);
    const [rule] = service.definition(a, at(a, 'travel(mover)', 1));
    expect(a.source.slice(rule!.start - 5, rule!.end)).toBe('rule travel');
    const param = service.references(a, at(a, 'rule travel(traveller)', 'rule travel('.length));
    expect(param.length).toBeGreaterThan(1);
    expect(Math.max(...param.map((s) => s.start))).toBeLessThan(at(a, 'rule travel(traveller)') + 2000);
  });

  it('renames a counter everywhere, and the renamed ruleset checks clean', () => {
    const a = open(TOKAIDO);
    const result = service.rename(a, at(a, 'counter coins', 'counter '.length), 'mince');
    if (!('edits' in result)) throw new Error(result.refused);
    expect(result.edits.length).toBe(service.references(a, at(a, 'counter coins', 'counter '.length)).length);
    const renamed = open('renamed/tokaido.cs.rules', apply(tokaido, result.edits));
    expect(renamed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(renamed.source).toContain('pay amount mince');
  });

  it('refuses a rename that would clash, and says why', () => {
    const a = open(TOKAIDO);
    expect(service.rename(a, at(a, 'counter coins', 'counter '.length), 'meals')).toEqual({ refused: expect.stringMatching(/^`meals` is already declared as a zone at line \d+\.$/) });
    expect(service.rename(a, at(a, 'counter coins', 'counter '.length), 'where')).toEqual({ refused: '`where` is a keyword of the language.' });
    const local = service.rename(a, at(a, 'choose amount from', 'choose '.length), 'coins');
    expect(local).toEqual({ refused: expect.stringContaining('`coins` is used at line') });
    expect(service.rename(a, at(a, 'pay amount', 1), 'x')).toEqual({ refused: expect.stringContaining('Only a declared name can be renamed') });
  });
});

describe('quick fixes', () => {
  const broken = (from: string, to: string) => open('broken/tokaido.cs.rules', tokaido.replace(from, to));

  it('changes a misspelt name to the one the checker suggests', () => {
    const a = broken('pay amount coins', 'pay amount coin');
    const d = a.diagnostics.find((x) => x.code === 'R0201')!;
    expect(d.suggestion).toBe('coins');
    const [fix] = service.codeActions(a, d.span);
    expect(fix!.title).toBe('Change `coin` to `coins`');
    expect(apply(a.source, fix!.edits)).toBe(tokaido);
  });

  it('declares a missing counter beside the others', () => {
    const a = broken('pay amount coins', 'pay amount zlato');
    const d = a.diagnostics.find((x) => x.code === 'R0201')!;
    const fix = service.codeActions(a, d.span).find((x) => x.title.startsWith('Declare'))!;
    expect(fix.title).toBe('Declare counter `zlato` per player');
    const fixed = open('fixed/tokaido.cs.rules', apply(a.source, fix.edits));
    expect(fixed.source).toContain('\ncounter zlato per player\n');
    expect(fixed.diagnostics.filter((x) => x.code === 'R0201')).toEqual([]);
  });

  it('turns a citation into a flavour mark', () => {
    const a = open(TOKAIDO);
    const quote = 'Hráč může mít ve své zásobě neomezený počet mincí.';
    const action = service.codeActions(a, { start: at(a, quote), end: at(a, quote) }).find((x) => x.title.startsWith('Mark'))!;
    const text = apply(a.source, action.edits);
    expect(text).toContain(`// flavour "${quote}"\ncounter coins per player, at least 0`);
    expect(text).not.toContain(`cites "${quote}"`);
    expect(open('flavour/tokaido.cs.rules', text).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('outline, folding, tokens, signatures', () => {
  it('lists the declarations of every shipped ruleset, without errors from the service', () => {
    for (const file of ['tokaido/tokaido.cs.rules', 'java/java.cs.rules', 'thurn-und-taxis/thurn-und-taxis.cs.rules', 'kudy-tudy/kudy-tudy.cs.rules', 'connect-four/connect-four.rules', 'breakthrough/breakthrough.rules', 'draughts/draughts.rules', 'hearts/hearts.rules', 'yacht/yacht.rules']) {
      const a = open(join(repoRoot, 'rulesets', file));
      expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const symbols = service.outline(a);
      expect(symbols.length).toBeGreaterThan(5);
      expect(service.foldingRanges(a).length).toBeGreaterThan(3);
      expect(service.semanticTokens(a).length).toBeGreaterThan(symbols.length);
      // Every use resolves to something declared.
      const keys = new Set(a.declared.map((d) => d.key));
      expect(a.uses.filter((u) => !keys.has(u.key)).map((u) => a.source.slice(u.span.start, u.span.end))).toEqual([]);
    }
    const a = open(TOKAIDO);
    expect(service.outline(a).map((s) => `${s.kind} ${s.name}`)).toEqual(expect.arrayContaining(['game Tokaido', 'counter coins', 'rule temple', 'flow flow']));
  });

  it('helps with the arguments of a built-in and of a define', () => {
    const a = open(TOKAIDO);
    const builtin = service.signatureHelp(a, at(a, 'min(3, coins)', 'min(3, '.length))!;
    expect(builtin).toMatchObject({ label: 'min(numbers…)', active: 1 });
    const define = service.signatureHelp(a, at(a, 'souvenir-points(souvenirs)', 'souvenir-points('.length))!;
    expect(define).toMatchObject({ label: 'souvenir-points(cards)', parameters: ['cards'], active: 0 });
  });
});
