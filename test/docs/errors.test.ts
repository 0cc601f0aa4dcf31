// Runs docs/errors.md: every code of the registry (grammar/diagnostics.ts) has its section, which
// quotes the message and has an example; every example gives exactly its code, through the path a
// user takes: `regula check` (loadRuleset) for what the checker finds, setup and apply (as `regula
// play` calls them) for what a running game raises, the file readers for files.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadRuleset } from '../../cli/load.js';
import { main } from '../../cli/main.js';
import { LIMITS, MESSAGES, renderDiagnostic } from '../../grammar/index.js';
import { parseJsonFile, type FileKind } from '../../interpreter/definition/index.js';
import { apply, firstLegalAgent, playGame, setup } from '../../interpreter/runtime/index.js';
import { repoRoot } from '../helpers.js';

const markdown = readFileSync(join(repoRoot, 'docs', 'errors.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'regula-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Example {
  readonly code: string;
  readonly kind: 'check' | 'play' | 'json' | 'file';
  readonly options: ReadonlyMap<string, string>;
  readonly source: string;
  readonly line: number;
}

interface Section {
  readonly code: string;
  readonly text: string;
  readonly examples: Example[];
}

/** `### R0101` sections, each with its text and its example blocks (```regula check R0101 …). */
function sections(md: string): Section[] {
  const lines = md.split('\n');
  const found: Section[] = [];
  for (let i = 0; i < lines.length; i++) {
    const heading = /^### (R\d{4})$/.exec(lines[i]!);
    if (heading) {
      found.push({ code: heading[1]!, text: '', examples: [] });
      continue;
    }
    const section = found.at(-1);
    if (/^#{1,3} /.test(lines[i]!)) continue;
    const fence = /^```(regula (check|play)|json|file) (R\d{4})(.*)$/.exec(lines[i]!);
    if (fence && section) {
      const close = lines.indexOf('```', i + 1);
      const kind = (fence[2] ?? fence[1]) as Example['kind'];
      const options = new Map([...fence[4]!.matchAll(/(\w+)=("[^"]*"|\S+)|(\S+)/g)].map((m) => (m[1] ? [m[1], m[2]!.replace(/^"|"$/g, '')] : ['what', m[3]!])));
      section.examples.push({ code: fence[3]!, kind, options, source: lines.slice(i + 1, close).join('\n') + '\n', line: i + 1 });
      i = close;
      continue;
    }
    if (section) (found[found.length - 1] = { ...section, text: `${section.text}${lines[i]}\n` });
  }
  return found;
}

/** Writes out the long parts the examples of the limits stand for with `@`. */
function expanded(source: string, how: string | undefined): string {
  switch (how) {
    case undefined: return source;
    case 'nesting': return source.replace('@', `${'('.repeat(LIMITS.nesting + 1)}1${')'.repeat(LIMITS.nesting + 1)}`);
    case 'chain': return source.replace('@', Array.from({ length: LIMITS.depth + 2 }, () => '1').join(' + '));
    case 'defines': {
      const n = LIMITS.depth + 1;
      return source.replace('@', Array.from({ length: n }, (_, i) => (i + 1 < n ? `define d${i + 1} = d${i + 2} + 1` : `define d${n} = 1`)).join('\n'));
    }
    case 'size': return source.replace('@', 'x'.repeat(LIMITS.source));
    case 'tokens': return source.replace('@', Array.from({ length: LIMITS.tokens / 2 + 1 }, () => '1').join(', '));
    default: throw new Error(`unknown expansion ${how}`);
  }
}

/** Rulebooks an example may name: any shipped ruleset's, or the shared library's. */
function rulebookFor(name: string): string | null {
  const places = [join(repoRoot, '..', 'shared', 'rulebooks'), ...readdirSync(join(repoRoot, 'rulesets')).map((g) => join(repoRoot, 'rulesets', g))];
  return places.map((p) => join(p, name)).find((p) => existsSync(p)) ?? null;
}

/** The example as a ruleset file in a folder of its own, with the rulebook it names beside it. */
function written(example: Example): string {
  const folder = mkdtempSync(join(dir, `${example.code}-`));
  const source = expanded(example.source, example.options.get('expand'));
  const rulebook = /\brulebook\s+"([^"]+)"/.exec(source)?.[1];
  const found = rulebook ? rulebookFor(rulebook) : null;
  if (rulebook && found) copyFileSync(found, join(folder, rulebook));
  const path = join(folder, 'example.rules');
  writeFileSync(path, source);
  return path;
}

/** The code a thrown failure carries: a rule's diagnostic, or the code of a bad move, setup or file. */
function codeOf(e: unknown): string {
  const failure = e as { diagnostic?: { code: string }; code?: string; message?: string };
  return failure.diagnostic?.code ?? failure.code ?? `no code (${String(failure.message ?? e)})`;
}

/** What the example gives: the codes of `regula check`, or the code a run or a file read fails with. */
function codesOf(example: Example): string[] {
  switch (example.kind) {
    case 'check': {
      const loaded = loadRuleset(written(example));
      const codes = [...new Set(loaded.diagnostics.map((d) => d.code))];
      // Codes that come with this one by necessity are named in the example (`also=R0405`).
      const also = example.options.get('also')?.split(',') ?? [];
      const own = codes.filter((c) => !also.includes(c));
      // Anything else than the one code is shown in full, so a failing example says why.
      return own.length === 1 && own[0] === example.code && also.every((c) => (codes as string[]).includes(c)) ? own : [...codes, ...loaded.diagnostics.map((d) => renderDiagnostic(d, loaded.source))];
    }
    case 'play': {
      const path = written(example);
      const loaded = loadRuleset(path);
      const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length || !loaded.definition) return [`it does not check: ${errors.map((d) => renderDiagnostic(d, loaded.source)).join('\n')}`];
      const def = loaded.definition;
      const players = Number(example.options.get('players') ?? def.players.min);
      const variants = example.options.get('variant')?.split(',') ?? [];
      const move = example.options.get('move');
      try {
        if (move === undefined) {
          playGame(def, { players, variants, seed: 'errors', agents: Array.from({ length: players }, () => firstLegalAgent()), maxMoves: 200 });
        } else {
          apply(def, setup(def, players, 'errors', variants), move);
        }
      } catch (e) {
        return [codeOf(e)];
      }
      return [];
    }
    case 'json':
      try {
        parseJsonFile(example.options.get('what') as FileKind, example.source, 'example.json');
      } catch (e) {
        return [codeOf(e)];
      }
      return [];
    case 'file':
      try {
        loadRuleset(join(dir, example.source.trim()));
      } catch (e) {
        return [codeOf(e)];
      }
      return [];
  }
}

const documented = sections(markdown);

describe('docs/errors.md', () => {
  it('has a section for every code of the registry, and none for a code it does not have', () => {
    const codes = Object.keys(MESSAGES).sort();
    expect(documented.map((s) => s.code).sort()).toEqual(codes);
  });

  it('is where `regula check` sends the reader, to the section of the first code it printed', async () => {
    const example = documented.find((s) => s.code === 'R0201')!.examples[0]!;
    let printed = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((printed += String(s)), true));
    try {
      expect(await main(['check', written(example)])).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(printed).toContain('error R0201:');
    expect(printed).toContain('Each code is explained in docs/errors.md: the first one above at docs/errors.md#r0201.');
    // The section that address names exists: `### R0201` makes the anchor `r0201`.
    expect(markdown).toContain('\n### R0201\n');
  });

  it('lists the sections in the order of their codes, each once', () => {
    const order = documented.map((s) => s.code);
    expect(order).toEqual([...new Set(order)].sort());
  });
});

describe.each(documented)('$code', (section) => {
  it('quotes its message as the registry has it, and has an example of that code', () => {
    const [, template] = MESSAGES[section.code as keyof typeof MESSAGES];
    expect(section.text).toContain(`**${template}**`);
    expect(section.examples.length).toBeGreaterThan(0);
    expect(section.examples.every((e) => e.code === section.code)).toBe(true);
  });

  for (const example of section.examples) {
    it(`docs/errors.md:${example.line}: the example gives exactly ${example.code}`, () => {
      expect(codesOf(example)).toEqual([example.code]);
    });
  }
});
