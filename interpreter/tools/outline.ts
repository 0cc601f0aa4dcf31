// A game's structure at a glance, for teaching it: what there is (zones, counters, boards,
// pieces, variants) and how play runs — the flow's phases, rounds, turns, loops, decisions and
// the rules they call — as a tree whose nodes point back at the ruleset's text.
import type { Block, Expr, Span, Stmt } from '../../grammar/ast.js';
import { locate, type GameDefinition } from '../definition/index.js';
import { modelFor, type Model } from '../runtime/index.js';
import type { GameState } from '../runtime/index.js';

export type OutlineKind = 'phase' | 'turn' | 'loop' | 'branch' | 'choice' | 'option' | 'call' | 'event' | 'chance' | 'rank' | 'end';

export interface OutlineNode {
  readonly kind: OutlineKind;
  /** The statement's head as written, on one line: `repeat until count(deck) = 0`, `choose card from hand as play`. */
  readonly text: string;
  readonly span: Span;
  /** `file:line:col`. */
  readonly at: string;
  /** For a choice: the forbidding rules that can refuse its options. */
  readonly forbiddenBy?: readonly string[];
  /** For a rule called again: its body is shown where it was first called. */
  readonly shownAbove?: boolean;
  readonly children: readonly OutlineNode[];
}

export interface GameOutline {
  readonly name: string;
  readonly players: { readonly min: number; readonly max: number };
  readonly rulebook: string | null;
  /** The player count and variants the outline was made for (rules may differ by them). */
  readonly playerCount: number;
  readonly variants: readonly string[];
  readonly zones: readonly { name: string; of: string | null; owner: 'game' | 'each player'; ordered: boolean; visibility: string; cards: number; at: string }[];
  readonly counters: readonly { name: string; owner: string; from: string | null; atLeast: string | null; atMost: string | null; visibility: string; at: string }[];
  readonly boards: readonly { name: string; shape: string; spaces: number; at: string }[];
  readonly pieces: readonly { name: string; owner: string; count: number; at: string }[];
  readonly choosable: readonly { id: string; title: string }[];
  readonly setup: readonly OutlineNode[];
  readonly flow: readonly OutlineNode[];
}

/** The outline of a game as played by `players` with `variants` (by default the fewest players, no variants). */
export function outline(def: GameDefinition, players = def.players.min, variants: readonly string[] = []): GameOutline {
  const model = modelFor(def, players, variants);
  const at = (span: Span) => locate(def, span.start);
  const expr = (e: { span: Span } | null) => (e ? oneLine(def.source.text.slice(e.span.start, e.span.end)) : null);
  const cardsIn = (zone: string) => [...model.things.values()].filter((t) => t.zone === zone).length;
  return {
    name: def.name, players: def.players, rulebook: def.rulebook, playerCount: players, variants: model.variants,
    zones: [...model.zones.values()].map((z) => ({
      name: z.name.text, of: z.component?.text ?? null, owner: z.perPlayer ? 'each player' : 'game', ordered: z.ordered,
      visibility: z.visibility, cards: cardsIn(z.name.text), at: at(z.span),
    })),
    counters: [...model.counters.values()].map((c) => ({
      name: c.name.text, owner: c.owner.kind === 'global' ? 'game' : c.owner.kind === 'player' ? 'each player' : `each of ${c.owner.of.text}`,
      from: expr(c.initial), atLeast: expr(c.min), atMost: expr(c.max), visibility: c.visibility, at: at(c.span),
    })),
    boards: [...model.boards.entries()].map(([name, b]) => ({ name, shape: b.decl.shape.kind, spaces: b.order.length, at: at(b.decl.span) })),
    pieces: [...model.pieceDecls.values()].map((p) => ({
      name: p.name.text, owner: p.collection ? `joins ${p.collection.text}` : p.perPlayer ? 'each player' : 'game', count: p.collection ? 1 : p.count, at: at(p.span),
    })),
    choosable: def.variants.filter((v) => v.when === null).map((v) => ({ id: v.id, title: v.title })),
    setup: model.setup ? new Tree(model, def).block(model.setup.body) : [],
    flow: model.flow ? new Tree(model, def).block(model.flow.body) : [],
  };
}

const oneLine = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

/** Builds the flow's tree; each rule's body is expanded where it is first called. */
class Tree {
  private readonly expanded = new Set<string>();
  constructor(private readonly model: Model, private readonly def: GameDefinition) {}

  private node(kind: OutlineKind, span: Span, text: string, children: OutlineNode[], extra: Partial<OutlineNode> = {}): OutlineNode {
    return { kind, text, span, at: locate(this.def, span.start), ...extra, children };
  }

  /** A statement's head: its text up to the block it opens. */
  private head(s: { span: Span }, body: { span: Span } | null): string {
    const end = body ? body.span.start : s.span.end;
    return oneLine(this.def.source.text.slice(s.span.start, end).replace(/\{\s*$/, ''));
  }

  block(b: Block): OutlineNode[] {
    return b.stmts.flatMap((s) => this.stmt(s));
  }

  private stmt(s: Stmt): OutlineNode[] {
    switch (s.kind) {
      case 'Phase': return [this.node('phase', s.span, this.head(s, s.body), this.block(s.body))];
      case 'Turn': return [this.node('turn', s.span, this.head(s, s.body), this.block(s.body))];
      case 'Repeat': case 'ForEach': return [this.node('loop', s.span, this.head(s, s.body), this.block(s.body))];
      case 'Rank': return [this.node('rank', s.span, this.head(s, s.body), this.block(s.body))];
      case 'If': {
        const branches: OutlineNode[] = [];
        let branch: Stmt | Block | null = s;
        while (branch && branch.kind === 'If') {
          const inside = this.block(branch.then);
          if (inside.length) branches.push(this.node('branch', branch.span, `if ${oneLine(this.def.source.text.slice(branch.cond.span.start, branch.cond.span.end))}`, inside));
          branch = branch.else;
        }
        if (branch) {
          const inside = this.block(branch);
          if (inside.length) branches.push(this.node('branch', branch.span, 'otherwise', inside));
        }
        return branches;
      }
      case 'Choose': {
        const forbids = (this.model.forbids.get(s.name.text) ?? []).map((f) => f.decl.name.text);
        return [this.node('choice', s.span, this.head(s, null), [], forbids.length ? { forbiddenBy: forbids } : {})];
      }
      case 'Menu': {
        const forbids = s.name ? (this.model.forbids.get(s.name.text) ?? []).map((f) => f.decl.name.text) : [];
        const text = (e: Expr) => oneLine(this.def.source.text.slice(e.span.start, e.span.end));
        return [this.node('choice', s.span, `${s.optional ? 'may choose' : 'choose'}${s.name ? ` ${s.name.text}` : ''} one of`, s.options.map((o) =>
          this.node('option', o.span, `"${o.label}"${o.each ? ` for ${o.each.variable.text} in ${text(o.each.list)}` : ''}${o.when ? ` when ${text(o.when)}` : ''}`, this.block(o.body))),
        forbids.length ? { forbiddenBy: forbids } : {})];
      }
      case 'Call': return [this.call(s.rule.text, s.span, this.head(s, null))];
      case 'Fire': {
        const handlers = this.model.handlers.get(s.event.text) ?? [];
        return [this.node('event', s.span, this.head(s, null), handlers.map((h) => this.call(h.rule.name.text, h.rule.span, `rule ${h.rule.name.text}${h.power ? ` (for who holds ${h.power})` : ''}`)))];
      }
      case 'Random': case 'Shuffle': return [this.node('chance', s.span, this.head(s, null), [])];
      case 'EndGame': return [this.node('end', s.span, this.head(s, null), [])];
      default: return [];
    }
  }

  private call(name: string, span: Span, text: string): OutlineNode {
    const rule = this.model.rules.get(name);
    if (!rule) return this.node('call', span, text, []);
    if (this.expanded.has(name)) return this.node('call', span, text, [], { shownAbove: true });
    this.expanded.add(name);
    return this.node('call', span, text, this.block(rule.body));
  }
}

/**
 * The statements the game is inside now, outermost first: each rule's statement that is running
 * (a loop, a turn, a call…) down to the decision waiting for a player. The outline's nodes with
 * these spans are where the game is.
 */
export function runningStatements(def: GameDefinition, state: GameState): Span[] {
  const model = modelFor(def, state.players, state.variants);
  const spans: Span[] = [];
  const top = state.stack.length - 1;
  state.stack.forEach((f, i) => {
    let s: Stmt | undefined;
    // A block's pc has moved past the statement whose body runs above it; the top one's waits on its statement.
    if (f.k === 'block') s = model.blocks[f.b]?.stmts[i === top ? f.pc : f.pc - 1];
    else if (f.k === 'each' || f.k === 'repeat' || f.k === 'rank') s = model.blocks[f.s.b]?.stmts[f.s.pc];
    if (s && !spans.some((x) => x.start === s.span.start)) spans.push(s.span);
  });
  return spans;
}
