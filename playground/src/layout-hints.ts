// A ruleset's optional layout hints for the table: takes the JSON of `<ruleset>.layout.json` (a
// sidecar beside the `.rules` file, docs/playground.md § Layout hints) and the rules in force,
// gives the hints checked twice — their shape by a JSON Schema (ajv), their names against the
// rules (a board, space, zone or attribute that does not exist) — or the problems found, each
// saying where in the file and why. The table draws tidily without hints; they only refine it.
import { Ajv, type ErrorObject } from 'ajv';
import type { Model } from '../../interpreter/runtime/index.js';

/** How a zone's cards are shown: as cards, as a compact list (a score sheet), as dice, or not at all. */
export type ZoneShow = 'cards' | 'list' | 'dice' | 'none';

export interface BoardHints {
  /** The spaces' colour (a checkerboard's dark squares). */
  readonly colour?: string;
  /** The attribute whose values tint the spaces, instead of the one the table would pick. */
  readonly tint?: string;
  /** A colour per value of the tint attribute. */
  readonly colours?: Readonly<Record<string, string>>;
  /** Space name → its centre [x, y] (any unit: the drawing is scaled to fit), for a track or a graph. */
  readonly positions?: Readonly<Record<string, readonly [number, number]>>;
}

export interface ZoneHints {
  readonly show?: ZoneShow;
  /** With `show: "dice"`: the number attribute that is the face's pips. */
  readonly pips?: string;
  /** Zones are shown in increasing order; those without one keep the rules' order, after them. */
  readonly order?: number;
}

export interface LayoutHints {
  /** Colours by seat, first seat first; seats beyond the list take the table's own colours. */
  readonly players?: readonly string[];
  readonly boards?: Readonly<Record<string, BoardHints>>;
  readonly zones?: Readonly<Record<string, ZoneHints>>;
}

const colour = { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' } as const;

/** The hints' JSON Schema (also in docs/playground.md). */
export const LAYOUT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $comment: { type: 'string' },
    players: { type: 'array', items: colour, minItems: 1 },
    boards: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          colour,
          tint: { type: 'string', minLength: 1 },
          colours: { type: 'object', additionalProperties: colour },
          positions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } },
        },
      },
    },
    zones: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          show: { enum: ['cards', 'list', 'dice', 'none'] },
          pips: { type: 'string', minLength: 1 },
          order: { type: 'number' },
        },
      },
    },
  },
} as const;

const validate = new Ajv({ allErrors: true }).compile<LayoutHints>(LAYOUT_SCHEMA);

export interface CheckedHints {
  readonly hints: LayoutHints;
  /** What is wrong, one line each (`file: where: why`); the hints with problems are left out. */
  readonly problems: readonly string[];
}

const NONE: LayoutHints = {};

/** Reads and checks hints; with problems, nothing of the file is used (half a layout misleads). */
export function checkLayoutHints(text: string, file: string, model: Model): CheckedHints {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { hints: NONE, problems: [`${file}: this is not JSON (${(e as Error).message}).`] };
  }
  if (!validate(data)) return { hints: NONE, problems: (validate.errors ?? []).map((e) => `${file}: ${schemaProblem(e)}`) };
  const problems = namesProblems(data, model).map((p) => `${file}: ${p}`);
  return { hints: problems.length ? NONE : data, problems };
}

function schemaProblem(e: ErrorObject): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the top level';
  if (e.keyword === 'additionalProperties') return `${where}: \`${(e.params as { additionalProperty: string }).additionalProperty}\` is not a layout hint here.`;
  if (e.keyword === 'pattern') return `${where}: a colour is written #rgb or #rrggbb.`;
  if (e.keyword === 'enum') return `${where}: must be one of ${(e.params as { allowedValues: string[] }).allowedValues.join(', ')}.`;
  return `${where}: ${e.message ?? 'is not valid'}.`;
}

const list = (names: Iterable<string>) => [...names].map((n) => `\`${n}\``).join(', ') || 'none';

/** Every name in the hints must be one the rules declare. */
function namesProblems(hints: LayoutHints, model: Model): string[] {
  const out: string[] = [];
  for (const [name, b] of Object.entries(hints.boards ?? {})) {
    const board = model.boards.get(name);
    if (!board) {
      out.push(`boards.${name}: there is no board \`${name}\` in the rules (boards: ${list(model.boards.keys())}).`);
      continue;
    }
    const things = board.order.map((id) => model.things.get(id)!);
    const attrs = new Set(things.flatMap((t) => Object.keys(t.attrs)));
    if (b.tint !== undefined && !attrs.has(b.tint)) out.push(`boards.${name}.tint: the spaces have no attribute \`${b.tint}\` (they have ${list(attrs)}).`);
    const names = new Set(things.flatMap((t, i) => [t.label, board.order[i]!]));
    for (const space of Object.keys(b.positions ?? {})) {
      if (!names.has(space)) out.push(`boards.${name}.positions.${space}: board \`${name}\` has no space \`${space}\`.`);
    }
  }
  for (const [name, z] of Object.entries(hints.zones ?? {})) {
    const zone = model.zones.get(name);
    if (!zone) {
      out.push(`zones.${name}: there is no zone \`${name}\` in the rules (zones: ${list(model.zones.keys())}).`);
      continue;
    }
    if (z.show === 'dice' && z.pips === undefined) out.push(`zones.${name}: dice need \`pips\`, the number attribute their faces show.`);
    if (z.pips !== undefined) {
      const component = zone.component ? model.components.get(zone.component.text) : undefined;
      const fields = component?.attrs.map((a) => a.name.text) ?? [];
      if (!fields.includes(z.pips)) out.push(`zones.${name}.pips: the cards of \`${name}\` have no attribute \`${z.pips}\` (they have ${list(fields)}).`);
    }
  }
  return out;
}

const sidecars = import.meta.glob<string>('../../rulesets/*/*.layout.json', { query: '?raw', import: 'default', eager: true });
const byPath = new Map(Object.entries(sidecars).map(([key, text]) => [key.replace(/^(\.\.\/)+/, ''), text]));

/** The sidecar of a shipped ruleset (`x.rules` → `x.layout.json`), checked against the rules in force. */
export function shippedLayout(model: Model): CheckedHints {
  const path = model.def.source.file.replace(/\.rules$/, '.layout.json');
  const text = byPath.get(path);
  return text === undefined ? { hints: NONE, problems: [] } : checkLayoutHints(text, path, model);
}
