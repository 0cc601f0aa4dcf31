// The JSON the commands print (docs/formats.md), as a user gets it: `regula play --json` (a saved
// game, its log included), `regula play|state --as P --json` (a player's view) and `regula state
// --json` (the machine's state) for every shipped ruleset, each checked against its schema; and
// the schemas refuse what is not of the format, so they would catch output that drifts from them.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { loadRuleset } from '../../cli/load.js';
import { InvalidFileError, validate, type FileKind } from '../../interpreter/definition/index.js';
import { docExample } from '../features/docs-example.js';
import { repoRoot } from '../helpers.js';

const files = readdirSync(join(repoRoot, 'rulesets'), { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(repoRoot, 'rulesets', d.name)).filter((f) => f.endsWith('.rules')).map((f) => join('rulesets', d.name, f)));
const dir = mkdtempSync(join(tmpdir(), 'regula-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runCli;

/** The problems the schema of `kind` finds in `data`, none when it fits. */
function problems(kind: FileKind, data: unknown): readonly string[] {
  try {
    validate(kind, data);
    return [];
  } catch (e) {
    if (e instanceof InvalidFileError) return e.problems;
    throw e;
  }
}

interface Saved { moves: { player: number; move: string; forced?: true }[]; log: { text: string }[] }

describe.each(files)('%s', (file) => {
  const path = join(repoRoot, file);
  const def = loadRuleset(path).definition;
  const players = def ? String(Math.min(Math.max(def.players.min, 3), def.players.max)) : '2';

  it('prints a saved game that fits its schema and replays', async () => {
    if (!def) return; // a ruleset kept to show errors
    const { code, out } = await run('play', path, '--players', players, '--seed', 'formats', '--json');
    expect(code).toBe(0);
    const saved = JSON.parse(out) as Saved;
    expect(problems('saved game', saved)).toEqual([]);
    const at = join(dir, `${file.replaceAll('/', '-')}.json`);
    writeFileSync(at, out);
    expect((await run('replay', path, at)).code).toBe(0);
  }, 120_000);

  it('prints a player\'s view that fits its schema, at a decision and at the end, and the whole state', async () => {
    if (!def) return;
    const start = await run('state', path, '--players', players, '--seed', 'formats', '--as', 'P2', '--json');
    expect(start.code).toBe(0);
    const first = JSON.parse(start.out) as { view: { decision: unknown } };
    expect(problems('player view', first)).toEqual([]);
    expect(first.view.decision).not.toBeNull();
    const whole = await run('state', path, '--players', players, '--seed', 'formats', '--json');
    expect(problems('saved state', JSON.parse(whole.out))).toEqual([]);
    const end = await run('play', path, '--players', players, '--seed', 'formats', '--as', 'P1', '--json');
    const last = JSON.parse(end.out) as { view: { over: boolean } };
    expect(problems('player view', last)).toEqual([]);
    expect(last.view.over).toBe(true);
  }, 120_000);
});

describe('docs/formats.md', () => {
  const text = readFileSync(join(repoRoot, 'docs', 'formats.md'), 'utf8');
  const kinds: Record<string, FileKind> = { 'saved-game': 'saved game', 'player-view': 'player view' };
  const blocks = [...text.matchAll(/^```json ([\w-]+)\n([\s\S]*?)^```$/gm)].map((m) => ({ kind: m[1]!, json: m[2]! }));

  it('shows an example of each format it describes', () => {
    expect(blocks.map((b) => b.kind).sort()).toEqual(Object.keys(kinds).sort());
  });

  it.each(blocks)('its $kind example fits the schema', ({ kind, json }) => {
    expect(problems(kinds[kind]!, JSON.parse(json))).toEqual([]);
  });
});

describe('the schemas', () => {
  it('list every decision in `moves`, those with one option marked forced', async () => {
    // docs/language.md's everyday words: two rounds of two cards a hand, so each second choice has one option.
    const path = join(dir, 'everyday.rules');
    writeFileSync(path, docExample('Everyday words as names'));
    const { code, out } = await run('play', path, '--seed', '3', '--json');
    expect(code).toBe(0);
    const saved = JSON.parse(out) as Saved;
    expect(problems('saved game', saved)).toEqual([]);
    expect(saved.moves.map((m) => [m.player, m.forced === true])).toEqual([[0, false], [1, false], [0, true], [1, true]]);
    for (const m of saved.moves) expect(m.move).toMatch(/^play (ace|two|three|four)$/);
    // A reader of the older output, chosen moves only and no format, still gets the same game.
    const older = { game: 'Everyday words', players: 2, seed: 3, variants: [], moves: saved.moves.filter((m) => !m.forced), final: (saved as unknown as { final: unknown }).final };
    expect(problems('move log', older)).toEqual([]);
    const at = join(dir, 'older.json');
    writeFileSync(at, JSON.stringify(older));
    const replay = await run('replay', path, at);
    expect(replay.code).toBe(0);
    expect(replay.err).toContain('older');
  });

  it('refuse a log entry, a view or a zone with a field the format does not have', async () => {
    const path = join(repoRoot, 'rulesets/hearts/hearts.rules');
    const view = JSON.parse((await run('state', path, '--players', '4', '--as', 'P1', '--json')).out) as { view: Record<string, unknown> & { zones: Record<string, Record<string, unknown>>; log: Record<string, unknown>[] } };
    expect(problems('player view', view)).toEqual([]);
    const extra = structuredClone(view);
    extra.view.hidden = ['a card'];
    expect(problems('player view', extra)).toEqual(['at /view: unknown field `hidden`']);
    const zone = structuredClone(view);
    Object.values(zone.view.zones)[0]!.secret = true;
    expect(problems('player view', zone).join()).toContain('unknown field `secret`');
    const entry = structuredClone(view);
    entry.view.log[0]!.seat = 1;
    expect(problems('player view', entry)).toEqual(['at /view/log/0: unknown field `seat`']);
    const missing = structuredClone(view);
    delete missing.view.position;
    expect(problems('player view', missing)).toEqual(['at /view: missing field `position`']);
  });
});
