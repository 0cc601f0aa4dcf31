// A board drawn as SVG: takes a BoardInfo (its kind, spaces, connections, per-space counters),
// the pieces on it and what may be clicked, gives the drawing. A track is laid out as a winding
// road, a square grid and a hex grid by their coordinates, a graph by positions worked out
// elsewhere (graph-layout.ts). Spaces are tinted by the attribute that tells them apart; a space's
// first counter is drawn as a stack (layers and its number), its second as a colour.
import type { BoardHints } from './layout-hints.js';
import type { BoardInfo, PieceOnTable, SpaceInfo } from './table-model.js';

export const PLAYER_COLOURS = ['#d64545', '#2f6fd6', '#2e9b57', '#e0a100', '#8e55c9', '#16a3a3', '#c75b9b', '#6b7a3a'];
const TINTS = ['#f4e8c1', '#d9ead3', '#dfe7f5', '#f6d6d6', '#e6dcf2', '#d4eeee', '#f3e0cc', '#e4e4e4', '#fbe3f0', '#e9f2c9'];
const COUNTER_COLOURS = ['#ffffff', '#bfe3a5', '#f2c38b', '#8fc5ef', '#e79a9a', '#c7a6e6', '#f0e38b', '#a9d9c9'];
const NS = 'http://www.w3.org/2000/svg';

type SvgChild = SVGElement | string | null | false | undefined | readonly SvgChild[];

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number | null | undefined> = {}, ...children: SvgChild[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  const add = (c: SvgChild): void => {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else el.append(typeof c === 'string' ? document.createTextNode(c) : (c as SVGElement));
  };
  children.forEach(add);
  return el;
}

/** A seat's colour: the ruleset's own (layout hints) where it gives one, else the table's. */
export const playerColour = (seat: number | null, palette: readonly string[] = []): string =>
  (seat === null ? '#6b7280' : palette[seat] ?? PLAYER_COLOURS[seat % PLAYER_COLOURS.length]!);

/** Whether dark text or light text reads on this colour (#rgb or #rrggbb). */
export function isDark(colour: string): boolean {
  const hex = colour.length === 4 ? colour.slice(1).split('').map((c) => c + c).join('') : colour.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 140;
}

export interface BoardMarks {
  /** Ids (spaces, pieces) the next click may be. */
  readonly targets: ReadonlySet<string>;
  /** Ids already clicked for the move being made. */
  readonly chosen: ReadonlySet<string>;
  /** Graph boards: each node's centre, from the layout. */
  readonly positions?: ReadonlyMap<string, { x: number; y: number }>;
  /** The ruleset's layout hints for this board, if any. */
  readonly hints?: BoardHints;
  /** Colours by seat from the layout hints (the rest are the table's). */
  readonly palette?: readonly string[];
}

interface Placed {
  readonly space: SpaceInfo;
  readonly x: number;
  readonly y: number;
}

interface Layout {
  readonly placed: Placed[];
  /** A grid's cells that are no space (a checkerboard's light squares): drawn plain, so the grid reads whole. */
  readonly gaps: readonly { readonly x: number; readonly y: number }[];
  readonly width: number;
  readonly height: number;
  /** The space's shape around (0, 0). */
  readonly shape: () => SVGElement;
  /** How big a space is: pieces and labels are sized by it. */
  readonly size: number;
  /** Draw the connections (tracks and graphs do; on a grid they are the neighbouring cells). */
  readonly edges: boolean;
}

const WIDTH = 640;
const SQRT3 = Math.sqrt(3);

/** `natural`: the positions are in the drawing's own units (ELK's, laid out for boxes of this size), never shrunk onto each other. */
function layoutOf(board: BoardInfo, positions?: ReadonlyMap<string, { x: number; y: number }>, natural = false): Layout {
  const spaces = board.spaces;
  if (board.kind === 'square') {
    const cols = Math.max(...spaces.map((s) => s.col)) - Math.min(...spaces.map((s) => s.col)) + 1;
    const rows = Math.max(...spaces.map((s) => s.row)) - Math.min(...spaces.map((s) => s.row)) + 1;
    const minC = Math.min(...spaces.map((s) => s.col));
    const minR = Math.min(...spaces.map((s) => s.row));
    const size = Math.max(24, Math.min(84, Math.floor(WIDTH / cols)));
    const taken = new Set(spaces.map((s) => `${s.col},${s.row}`));
    const gaps = Array.from({ length: cols * rows }, (_, i) => ({ c: minC + (i % cols), r: minR + Math.floor(i / cols) }))
      .filter(({ c, r }) => !taken.has(`${c},${r}`)).map(({ c, r }) => ({ x: (c - minC + 0.5) * size, y: (r - minR + 0.5) * size }));
    return {
      placed: spaces.map((space) => ({ space, x: (space.col - minC + 0.5) * size, y: (space.row - minR + 0.5) * size })), gaps,
      width: cols * size, height: rows * size, size, edges: false,
      // With gaps the cells abut, as on a checkerboard; otherwise each cell stands apart.
      shape: gaps.length ? () => svg('rect', { x: -size / 2, y: -size / 2, width: size, height: size })
        : () => svg('rect', { x: -size / 2 + 1, y: -size / 2 + 1, width: size - 2, height: size - 2, rx: 3 }),
    };
  }
  if (board.kind === 'hex') {
    // Pointy-topped axial coordinates: x = √3 (q + r/2), y = 1.5 r, in units of the hex's radius.
    const unit = spaces.map((s) => ({ space: s, x: SQRT3 * (s.col + s.row / 2), y: 1.5 * s.row }));
    const minX = Math.min(...unit.map((u) => u.x)), maxX = Math.max(...unit.map((u) => u.x));
    const minY = Math.min(...unit.map((u) => u.y)), maxY = Math.max(...unit.map((u) => u.y));
    const r = Math.min(30, WIDTH / (maxX - minX + SQRT3));
    const corners = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${((r - 0.6) * Math.cos(a)).toFixed(2)},${((r - 0.6) * Math.sin(a)).toFixed(2)}`;
    }).join(' ');
    return {
      placed: unit.map((u) => ({ space: u.space, x: (u.x - minX) * r + (SQRT3 * r) / 2, y: (u.y - minY) * r + r })), gaps: [],
      width: (maxX - minX) * r + SQRT3 * r, height: (maxY - minY) * r + 2 * r, size: r * 1.6, edges: false,
      shape: () => svg('polygon', { points: corners }),
    };
  }
  if (board.kind === 'graph' || (positions && board.kind === 'track')) {
    const n = spaces.length;
    const at = (s: SpaceInfo, i: number) => positions?.get(s.id)
      ?? { x: WIDTH / 2 + Math.cos((2 * Math.PI * i) / n) * (WIDTH / 2 - 60), y: 230 + Math.sin((2 * Math.PI * i) / n) * 200 };
    const raw = spaces.map((space, i) => ({ space, ...at(space, i) }));
    const minX = Math.min(...raw.map((p) => p.x)), minY = Math.min(...raw.map((p) => p.y));
    const maxX = Math.max(...raw.map((p) => p.x)), maxY = Math.max(...raw.map((p) => p.y));
    const scale = natural ? 1 : Math.min(1.4, (WIDTH - 110) / Math.max(1, maxX - minX));
    const w = 96, hgt = 34;
    return {
      placed: raw.map((p) => ({ space: p.space, x: (p.x - minX) * scale + w / 2 + 6, y: (p.y - minY) * scale + hgt / 2 + 6 })), gaps: [],
      width: (maxX - minX) * scale + w + 12, height: (maxY - minY) * scale + hgt + 12, size: hgt, edges: true,
      shape: () => svg('rect', { x: -w / 2, y: -hgt / 2, width: w, height: hgt, rx: 10 }),
    };
  }
  // A track: a winding road, ten spaces a row, every other row running back; a short track (a
  // box for taken pieces, a reserve) as a row of wide trays.
  const short = spaces.length <= 3;
  const perRow = short ? spaces.length : Math.min(spaces.length, 11);
  const w = short ? 150 : 54, hgt = short ? 60 : 46, gap = short ? 12 : 4;
  return {
    placed: spaces.map((space, i) => {
      const row = Math.floor(i / perRow);
      const col = row % 2 === 0 ? i % perRow : perRow - 1 - (i % perRow);
      return { space, x: col * (w + gap) + w / 2 + 2, y: row * (hgt + 14) + hgt / 2 + 2 };
    }), gaps: [],
    width: perRow * (w + gap) + 4, height: Math.ceil(spaces.length / perRow) * (hgt + 14) + 4, size: short ? hgt : hgt, edges: !short,
    shape: () => svg('rect', { x: -w / 2, y: -hgt / 2, width: w, height: hgt, rx: 6 }),
  };
}

/** The board, its spaces clickable (`data-space`), its pieces (`data-piece`) in their owners' colours. */
export function boardSvg(board: BoardInfo, piecesAt: ReadonlyMap<string, readonly PieceOnTable[]>, marks: BoardMarks): SVGSVGElement {
  const hinted = hintedPositions(board, marks.hints);
  const layout = layoutOf(board, hinted ?? marks.positions, !hinted && marks.positions !== undefined);
  const byId = new Map(layout.placed.map((p) => [p.space.id, p]));
  const tints = tintColours(board, marks.hints);
  const edges = layout.edges ? board.edges.map(([a, b]) => {
    const p = byId.get(a), q = byId.get(b);
    return p && q ? svg('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'edge' }) : null;
  }) : [];
  const gaps = layout.gaps.map((g) => {
    const cell = layout.shape();
    cell.setAttribute('transform', `translate(${g.x.toFixed(1)} ${g.y.toFixed(1)})`);
    cell.setAttribute('class', 'gap');
    return cell;
  });
  const spaces = layout.placed.map((p) => spaceG(board, p, layout, tints, piecesAt.get(p.space.id) ?? [], marks));
  return svg('svg', {
    class: `board board-${board.kind}`, 'data-board': board.name, viewBox: `0 0 ${layout.width.toFixed(1)} ${layout.height.toFixed(1)}`,
    width: layout.width.toFixed(0), role: 'group', 'aria-label': `board ${board.name}`,
  }, svg('g', { class: 'edges' }, edges), svg('g', { class: 'gaps' }, gaps), spaces);
}

/** The hints' coordinates by space id (a space is named in the hints by its name or its id). */
function hintedPositions(board: BoardInfo, hints?: BoardHints): Map<string, { x: number; y: number }> | undefined {
  if (!hints?.positions) return undefined;
  const out = new Map<string, { x: number; y: number }>();
  for (const s of board.spaces) {
    const at = hints.positions[s.label] ?? hints.positions[s.id];
    if (at) out.set(s.id, { x: at[0], y: at[1] });
  }
  return out.size ? out : undefined;
}

/** The tint's colours by value: the hints' where given, else the table's own in turn. */
function tintColours(board: BoardInfo, hints?: BoardHints): Map<string, string> {
  if (!board.tint) return new Map();
  const kinds = [...new Set(board.spaces.map((s) => String(s.attrs[board.tint!])))];
  return new Map(kinds.map((k, i) => [k, hints?.colours?.[k] ?? TINTS[i % TINTS.length]!]));
}

/** The legend: what the tints, marks, numbers and stacked pieces on the board mean. */
export function boardLegend(board: BoardInfo, piecesAt?: ReadonlyMap<string, readonly PieceOnTable[]>, hints?: BoardHints): { colour: string; text: string; dashed?: boolean }[] {
  const out: { colour: string; text: string; dashed?: boolean }[] = [];
  for (const [kind, colour] of tintColours(board, hints)) out.push({ colour, text: `${board.tint} ${kind}` });
  if (board.flags[0]) out.push({ colour: '#ffffff', text: board.flags[0], dashed: true });
  for (const f of board.flags.slice(1)) out.push({ colour: '#ffffff', text: `${f[0]!.toUpperCase()}: ${f}` });
  const counters = board.spaces.find((s) => s.counters.length)?.counters.map(([n]) => n) ?? [];
  if (counters[0]) out.push({ colour: '#ffffff', text: `number, layers: ${counters[0]}` });
  if (counters[1]) out.push({ colour: COUNTER_COLOURS[1]!, text: `colour: ${counters[1]}` });
  const onPieces = new Set<string>();
  for (const s of board.spaces) for (const piece of piecesAt?.get(s.id) ?? []) for (const [n] of piece.counters) onPieces.add(n);
  for (const n of onPieces) out.push({ colour: '#ffffff', text: `piece drawn stacked, with a ring: ${n}` });
  return out;
}

function spaceG(board: BoardInfo, p: Placed, layout: Layout, tints: Map<string, string>, pieces: readonly PieceOnTable[], marks: BoardMarks): SVGElement {
  const s = p.space;
  const [height, kind] = [s.counters[0]?.[1] ?? 0, s.counters[1]?.[1] ?? 0];
  const fill = kind > 0 ? COUNTER_COLOURS[kind % COUNTER_COLOURS.length]!
    : board.tint ? tints.get(String(s.attrs[board.tint])) ?? '#fff' : marks.hints?.colour ?? '#fdfcf8';
  const dark = isDark(fill);
  const faint = board.flags[0] !== undefined && s.attrs[board.flags[0]] === true;
  const target = marks.targets.has(s.id);
  const chosen = marks.chosen.has(s.id);
  // A stack: one layer per level, each drawn a little higher, so heights read at a glance.
  const layers = Math.min(height, 6);
  const stack = Array.from({ length: Math.max(0, layers - 1) }, (_, i) => {
    const layer = layout.shape();
    layer.setAttribute('transform', `translate(0 ${((layers - 1 - i) * 2.2).toFixed(1)})`);
    layer.setAttribute('class', 'layer');
    return layer;
  });
  const shape = layout.shape();
  shape.setAttribute('class', 'shape');
  shape.setAttribute('fill', fill);
  const font = board.kind === 'graph' ? 11.5 : Math.max(7, Math.min(12, layout.size * 0.24));
  const label = truncate(s.label, board.kind === 'graph' ? 14 : Math.max(3, Math.floor(layout.size / (font * 0.6))));
  const labelY = board.kind === 'graph' ? -layout.size / 2 + font + 1 : board.kind === 'track' && layout.size > 50 ? -layout.size / 2 + font + 2 : -layout.size * 0.3 + font * 0.4;
  const marksText = board.flags.slice(1).filter((f) => s.attrs[f] === true).map((f) => f[0]!.toUpperCase()).join('');
  const title = [s.label, ...Object.entries(s.attrs).filter(([k, v]) => k !== 'name' && v !== false && v !== '').map(([k, v]) => `${k}: ${v === true ? 'yes' : v}`),
    ...s.counters.map(([n, v]) => `${n}: ${v}`)].join('\n');
  const kindText = board.tint && board.kind === 'track' && layout.size > 40 ? truncate(String(s.attrs[board.tint]), 9) : null;
  // A target is named by its <title> (the space's name, then its attributes), which begins as the
  // drawing does: an aria-label differing from the drawn text is what axe calls a name mismatch.
  return svg('g', {
    class: `space${target ? ' target' : ''}${chosen ? ' chosen' : ''}${faint ? ' faint' : ''}${dark ? ' dark' : ''}`,
    transform: `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`, 'data-space': s.id,
    tabindex: target ? 0 : null, role: target ? 'button' : null,
  },
  svg('title', {}, title), stack, shape,
  svg('text', { class: 'space-label', y: labelY.toFixed(1), 'font-size': font.toFixed(1) }, label),
  // Roads and maps have room for the kind of space under its name.
  kindText ? svg('text', { class: 'space-kind', y: (labelY + font + 1).toFixed(1), 'font-size': (font * 0.8).toFixed(1) }, kindText) : null,
  marksText ? svg('text', { class: 'space-mark', x: (layout.size * 0.3).toFixed(1), y: (-layout.size * 0.15).toFixed(1), 'font-size': font.toFixed(1) }, marksText) : null,
  height > 0 ? svg('text', { class: 'space-height', y: (layout.size * 0.32).toFixed(1), 'font-size': (font * 1.25).toFixed(1) }, String(height)) : null,
  piecesG(pieces, layout.size, board.kind, marks));
}

/** A piece's own counters as extra disks under it (a king is a crowned man, two men high), up to three. */
function pieceBody(piece: PieceOnTable, r: number, colour: string): SVGElement[] {
  const extra = Math.min(3, piece.counters.reduce((n, [, v]) => n + Math.max(0, v), 0));
  const lift = r * 0.35;
  const disks = Array.from({ length: extra + 1 }, (_, i) => svg('circle', { r: r.toFixed(1), cy: ((extra / 2 - i) * lift).toFixed(1), fill: colour, class: i ? 'disk' : null }));
  return extra ? [...disks, svg('circle', { class: 'ring', r: (r * 0.55).toFixed(1), cy: ((-extra / 2) * lift).toFixed(1) })] : disks;
}

function piecesG(pieces: readonly PieceOnTable[], size: number, kind: BoardInfo['kind'], marks: BoardMarks): SVGElement | null {
  if (!pieces.length) return null;
  const shown = pieces.slice(0, 6);
  const r = Math.max(4, Math.min(kind === 'graph' ? 7 : 16, size * (shown.length === 1 ? 0.3 : 0.17)));
  const across = Math.min(shown.length, kind === 'track' && size < 50 ? 3 : 6);
  const offsetY = kind === 'graph' ? 8 : kind === 'track' ? 6 : 0;
  return svg('g', { class: 'pieces' }, shown.map((piece, i) => {
    const col = i % across, row = Math.floor(i / across);
    const x = (col - (Math.min(shown.length, across) - 1) / 2) * r * 2.1;
    const y = offsetY + (row - (Math.ceil(shown.length / across) - 1) / 2) * r * 2.1;
    const target = marks.targets.has(piece.id);
    return svg('g', {
      class: `piece${target ? ' target' : ''}${marks.chosen.has(piece.id) ? ' chosen' : ''}`, 'data-piece': piece.id, 'data-owner': piece.owner ?? '',
      'data-marks': piece.counters.map(([n, v]) => `${n}=${v}`).join(' ') || null,
      transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, tabindex: target ? 0 : null, role: target ? 'button' : null,
    },
    svg('title', {}, [`${piece.id}${piece.owner === null ? '' : ` (${piece.label})`}`, ...piece.counters.map(([n, v]) => `${n}: ${v}`)].join('\n')),
    pieceBody(piece, r, playerColour(piece.owner, marks.palette)),
    piece.owner === null && r >= 6 && !piece.counters.length ? svg('text', { class: 'piece-label', 'font-size': (r * 0.9).toFixed(1), y: (r * 0.32).toFixed(1) }, truncate(piece.label, 3)) : null);
  }), pieces.length > shown.length ? svg('text', { class: 'more', x: (size * 0.42).toFixed(1), y: (size * 0.4).toFixed(1), 'font-size': 10 }, `+${pieces.length - shown.length}`) : null);
}

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`);
