// The typed AST of a Regula ruleset: what the parser builds from the CST and every later pass reads.
// Discriminated unions on `kind`, readonly, every node with a source span (offsets into the file).

export interface Span {
  readonly start: number; // offset of the first character
  readonly end: number; // offset just past the last character
}

export interface Name {
  readonly kind: 'Name';
  readonly text: string;
  readonly span: Span;
}

/** A rulebook passage a declaration encodes, optionally from another file than the header's. */
export interface Citation {
  readonly kind: 'Citation';
  readonly quote: string;
  readonly file: string | null;
  readonly span: Span;
}

/** Marks a declaration as an interpretation of unclear text: the unclear words and why. */
export interface Ambiguity {
  readonly kind: 'Ambiguity';
  readonly quote: string;
  readonly note: string | null;
  readonly span: Span;
}

export interface Meta {
  readonly cites: readonly Citation[];
  readonly ambiguous: readonly Ambiguity[];
}

// ─── Top level ────────────────────────────────────────────────────────────────

export interface Ruleset {
  readonly kind: 'Ruleset';
  readonly decls: readonly Decl[];
  readonly span: Span;
}

export type Decl =
  | GameDecl
  | ComponentDecl
  | TableDecl
  | ZoneDecl
  | CounterDecl
  | PieceDecl
  | BoardDecl
  | DefineDecl
  | RuleDecl
  | ForbidDecl
  | EventDecl
  | PowersDecl
  | PowerDecl
  | SetupDecl
  | FlowDecl
  | RecountDecl
  | WinnerDecl
  | VariantDecl;

/** `game "Example" { players 2 to 5  rulebook "example.cs.txt" }` */
export interface GameDecl {
  readonly kind: 'Game';
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly rulebook: string | null;
  readonly meta: Meta;
  readonly span: Span;
}

export type AttrType =
  | { readonly kind: 'number' }
  | { readonly kind: 'text' }
  | { readonly kind: 'flag' }
  | { readonly kind: 'enum'; readonly values: readonly string[] };

export interface AttrDecl {
  readonly kind: 'Attr';
  readonly name: Name;
  readonly type: AttrType;
  readonly span: Span;
}

/** `component Card { name: text, cost: number }` */
export interface ComponentDecl {
  readonly kind: 'Component';
  readonly name: Name;
  readonly attrs: readonly AttrDecl[];
  readonly meta: Meta;
  readonly span: Span;
}

export type CellValue = number | string | boolean;

export interface Cell {
  readonly kind: 'Cell';
  readonly value: CellValue;
  readonly span: Span;
}

/** `table cards of Card in deck { | name | cost | copies | … }` — one component per row and copy. */
export interface TableDecl {
  readonly kind: 'Table';
  readonly name: Name;
  readonly component: Name;
  readonly zone: Name | null;
  readonly columns: readonly Name[];
  readonly rows: readonly (readonly Cell[])[];
  readonly meta: Meta;
  readonly span: Span;
}

export type Visibility = 'public' | 'private' | 'hidden';

/** `zone deck of Card, ordered, hidden` / `zone hand of Card per player, private` */
export interface ZoneDecl {
  readonly kind: 'Zone';
  readonly name: Name;
  readonly component: Name | null;
  readonly perPlayer: boolean;
  readonly ordered: boolean;
  readonly visibility: Visibility;
  readonly meta: Meta;
  readonly span: Span;
}

/** Who a counter belongs to: the game, each player, or each piece of a collection / space of a board. */
export type CounterOwner =
  | { readonly kind: 'global' }
  | { readonly kind: 'player' }
  | { readonly kind: 'each'; readonly of: Name }
  /** `counter scored per player per categories`: a value for each player and each thing of a table, pieces or board. */
  | { readonly kind: 'player-each'; readonly of: Name; /** what was written in place of `player`, if not it */ readonly first?: Name };

/** `counter coins per player, from 0, at least 0` */
export interface CounterDecl {
  readonly kind: 'Counter';
  readonly name: Name;
  readonly owner: CounterOwner;
  readonly initial: Expr | null;
  readonly min: Expr | null;
  readonly max: Expr | null;
  /** Who sees its values in their view: everyone, only the owning player, or nobody. */
  readonly visibility: Visibility;
  readonly meta: Meta;
  readonly span: Span;
}

/** `pieces pawns per player` (one owned piece per seat, or `pieces houses 20 per player`) or `piece neutral in pawns` (one unowned). */
export interface PieceDecl {
  readonly kind: 'Piece';
  readonly name: Name;
  readonly perPlayer: boolean;
  /** How many each player has: `pieces houses 20 per player`. */
  readonly count: number;
  readonly collection: Name | null; // for a single piece: the collection it joins
  readonly meta: Meta;
  readonly span: Span;
}

export type BoardShape =
  | { readonly kind: 'track'; readonly spaces: Name; readonly reversed: boolean }
  | { readonly kind: 'graph'; readonly nodes: Name; readonly edges: readonly Edge[] }
  | { readonly kind: 'hex'; readonly cells: Name }
  | { readonly kind: 'square'; readonly cells: Name };

export interface Edge {
  readonly kind: 'Edge';
  readonly from: Name;
  readonly to: Name;
  readonly span: Span;
}

/** `board road: track of spaces` / `board map: graph of cities { A: B, C … }` / `hex grid of cells` / `square grid of places` */
export interface BoardDecl {
  readonly kind: 'Board';
  readonly name: Name;
  readonly shape: BoardShape;
  readonly meta: Meta;
  readonly span: Span;
}

/** `define price(card) = cost of card` — a named formula; powers may override it. */
export interface DefineDecl {
  readonly kind: 'Define';
  readonly name: Name;
  readonly params: readonly Name[];
  readonly body: Expr;
  readonly meta: Meta;
  readonly span: Span;
}

export interface Trigger {
  readonly event: Name;
  readonly where: Expr | null;
}

/** `rule walk(pawn) { … }` (called) or `rule shop on stop where … { … }` (triggered). */
export interface RuleDecl {
  readonly kind: 'Rule';
  readonly name: Name;
  readonly params: readonly Name[];
  readonly trigger: Trigger | null;
  readonly body: Block;
  readonly meta: Meta;
  readonly span: Span;
}

/** `rule full-space forbids advance when …` — a cited restriction on the options of a named choice. */
export interface ForbidDecl {
  readonly kind: 'Forbid';
  readonly name: Name;
  readonly choice: Name;
  readonly when: Expr;
  readonly meta: Meta;
  readonly span: Span;
}

/** `event stop(pawn, space)` */
export interface EventDecl {
  readonly kind: 'Event';
  readonly name: Name;
  readonly params: readonly Name[];
  readonly meta: Meta;
  readonly span: Span;
}

/** `powers come from character` — a player holds the power named by each card in that zone. */
export interface PowersDecl {
  readonly kind: 'Powers';
  readonly zone: Name;
  readonly meta: Meta;
  readonly span: Span;
}

/** `power Miser { define price(card) = … }` — overrides, rules and forbids for the power's holder. */
export interface PowerDecl {
  readonly kind: 'Power';
  readonly name: Name;
  readonly items: readonly (DefineDecl | RuleDecl | ForbidDecl)[];
  readonly meta: Meta;
  readonly span: Span;
}

export interface SetupDecl {
  readonly kind: 'Setup';
  readonly body: Block;
  readonly meta: Meta;
  readonly span: Span;
}

export interface FlowDecl {
  readonly kind: 'Flow';
  readonly body: Block;
  readonly meta: Meta;
  readonly span: Span;
}

/** `recount points as …` — the formula a player's counter must always equal (checked by tests). */
export interface RecountDecl {
  readonly kind: 'Recount';
  readonly counter: Name;
  readonly expr: Expr;
  readonly meta: Meta;
  readonly span: Span;
}

export interface Ordering {
  readonly direction: 'most' | 'least';
  readonly expr: Expr;
}

/** `winner most points then most count(cards)`, or `winner team [most team-score]` (cooperative). */
export interface WinnerDecl {
  readonly kind: 'Winner';
  readonly team: boolean;
  readonly order: readonly Ordering[];
  readonly meta: Meta;
  readonly span: Span;
}

export type OverlayItem =
  | { readonly kind: 'Add'; readonly decl: Decl; readonly span: Span }
  | { readonly kind: 'Replace'; readonly decl: Decl; readonly span: Span }
  | { readonly kind: 'Remove'; readonly target: Name; readonly span: Span };

/** `variant gourmet "Zabužnická varianta" { replace define … }`; `when players = 2` applies it by itself. */
export interface VariantDecl {
  readonly kind: 'Variant';
  readonly id: Name;
  readonly title: string;
  readonly when: Expr | null;
  readonly excludes: readonly Name[];
  readonly items: readonly OverlayItem[];
  readonly meta: Meta;
  readonly span: Span;
}

// ─── Statements ───────────────────────────────────────────────────────────────

export interface Block {
  readonly kind: 'Block';
  readonly stmts: readonly Stmt[];
  readonly span: Span;
}

export type Stmt =
  | LetStmt
  | ChangeStmt
  | MoveStmt
  | DrawStmt
  | ShuffleStmt
  | ChooseStmt
  | MenuStmt
  | IfStmt
  | ForEachStmt
  | RepeatStmt
  | TurnStmt
  | PhaseStmt
  | FireStmt
  | CallStmt
  | EndGameStmt
  | RankStmt
  | RandomStmt
  | RevealStmt
  | SayStmt;

export interface LetStmt {
  readonly kind: 'Let';
  readonly name: Name;
  readonly value: Expr;
  readonly span: Span;
}

/** `gain 3 coins`, `lose 1 points from p`, `pay price coins`, `add 1 to donated of t`, `set round to 1` */
export interface ChangeStmt {
  readonly kind: 'Change';
  readonly op: 'gain' | 'lose' | 'pay' | 'add' | 'set';
  readonly amount: Expr;
  readonly counter: Name;
  readonly target: Expr | null; // defaults to the current player
  /** `gain 3 scored on c`: the thing, for a counter kept per player per thing. */
  readonly on: Expr | null;
  readonly span: Span;
}

/** `move card to hand`, `move offer to bottom of deck`, `move pawn to destination` */
export interface MoveStmt {
  readonly kind: 'Move';
  readonly what: Expr;
  readonly to: Expr;
  readonly position: 'top' | 'bottom' | null;
  readonly span: Span;
}

/** `draw 3 from deck to offer` — top cards of an ordered zone. */
export interface DrawStmt {
  readonly kind: 'Draw';
  readonly count: Expr;
  readonly from: Expr;
  readonly to: Expr;
  readonly span: Span;
}

export interface ShuffleStmt {
  readonly kind: 'Shuffle';
  readonly zone: Expr;
  readonly span: Span;
}

/** Where a choice's label comes from: a verb (`as advance`) or a template (`as "buy {card}"`). */
export type Label =
  | { readonly kind: 'verb'; readonly verb: Name }
  | { readonly kind: 'template'; readonly text: string; readonly span: Span };

/**
 * `[may] choose [any | N] x from LIST [where COND] as LABEL [or "pass label"] [by PLAYER]`
 * `any` picks a subset, `N` a subset of exactly N things; `may` adds a pass option. The chosen
 * value (a list, for a subset) is bound to `x`.
 */
export interface ChooseStmt {
  readonly kind: 'Choose';
  readonly name: Name; // the choice's name: the verb, or the template's first word
  readonly optional: boolean;
  readonly subset: boolean;
  /** `choose 3 cards from hand`: how many things each option holds (with `subset` false). */
  readonly count: Expr | null;
  readonly variable: Name;
  readonly from: Expr;
  readonly where: Expr | null;
  readonly label: Label;
  readonly passLabel: string | null;
  readonly by: Expr | null;
  readonly span: Span;
}

export interface MenuOption {
  readonly kind: 'MenuOption';
  readonly label: string;
  /** `for x in LIST`: one option per item, x bound in the label, `when`, forbidding rules and body. */
  readonly each: { readonly variable: Name; readonly list: Expr } | null;
  readonly when: Expr | null;
  readonly body: Block;
  readonly span: Span;
}

/** `[may] choose [NAME] [by P] { "take a card" when … { … }  "play {c}" for c in hand { … }  "pass" { … } }` */
export interface MenuStmt {
  readonly kind: 'Menu';
  /** `choose lay { … }`: the choice's name (forbidding rules, `regula moves`); `menu` when absent. */
  readonly name: Name | null;
  readonly optional: boolean;
  readonly by: Expr | null;
  readonly options: readonly MenuOption[];
  readonly span: Span;
}

export interface IfStmt {
  readonly kind: 'If';
  readonly cond: Expr;
  readonly then: Block;
  readonly else: Block | IfStmt | null;
  readonly span: Span;
}

/** `for each x in LIST [where COND] { … }`; `simultaneously for each …` keeps each one's choices secret. */
export interface ForEachStmt {
  readonly kind: 'ForEach';
  readonly variable: Name;
  readonly list: Expr;
  readonly where: Expr | null;
  readonly simultaneous: boolean;
  readonly body: Block;
  readonly span: Span;
}

/** `repeat until COND { … }`, `repeat while COND { … }`, `repeat N times { … }` */
export interface RepeatStmt {
  readonly kind: 'Repeat';
  readonly mode: 'until' | 'while' | 'times';
  readonly expr: Expr;
  readonly body: Block;
  readonly span: Span;
}

/** `turn of PLAYER { … }` — PLAYER decides and is `player` inside. */
export interface TurnStmt {
  readonly kind: 'Turn';
  readonly player: Expr;
  readonly body: Block;
  readonly span: Span;
}

/** `phase "Planning" { … }`, `step "Take a card" { … }`, `round { … }` — named structure for people. */
export interface PhaseStmt {
  readonly kind: 'Phase';
  readonly level: 'phase' | 'step' | 'round';
  readonly title: string;
  readonly timeLimit: Expr | null; // `phase "Planning" timed 60 { … }`: seconds a person may take
  readonly body: Block;
  readonly span: Span;
}

/** `fire stop(pawn, destination)` — runs every rule triggered by that event. */
export interface FireStmt {
  readonly kind: 'Fire';
  readonly event: Name;
  readonly args: readonly Expr[];
  readonly span: Span;
}

/** `travel(mover)` — runs a named rule. */
export interface CallStmt {
  readonly kind: 'Call';
  readonly rule: Name;
  readonly args: readonly Expr[];
  readonly span: Span;
}

/** `end the game` (now) or `end the game after this round`. */
export interface EndGameStmt {
  readonly kind: 'EndGame';
  readonly afterRound: boolean;
  readonly span: Span;
}

/** `rank x in LIST by EXPR [ties share|ties skip] { … place … }` — highest first; `place` counts from 1. */
export interface RankStmt {
  readonly kind: 'Rank';
  readonly variable: Name;
  readonly list: Expr;
  readonly by: Expr;
  readonly ties: 'share' | 'skip';
  readonly body: Block;
  readonly span: Span;
}

/** `pick random x from LIST [where COND]` — a chance outcome, recorded in the log. */
export interface RandomStmt {
  readonly kind: 'Random';
  readonly variable: Name;
  readonly from: Expr;
  readonly where: Expr | null;
  readonly span: Span;
}

/** `reveal EXPR` — cards become visible to everyone until they leave their zone. */
export interface RevealStmt {
  readonly kind: 'Reveal';
  readonly what: Expr;
  readonly span: Span;
}

/** `say "{player} goes hungry"` — a line in the game log. */
export interface SayStmt {
  readonly kind: 'Say';
  readonly text: string;
  readonly span: Span;
}

// ─── Expressions ──────────────────────────────────────────────────────────────

export type Expr =
  | NumberLit
  | TextLit
  | FlagLit
  | ListLit
  | NoneLit
  | Ref
  | OfExpr
  | CallExpr
  | Binary
  | Unary
  | IfExpr
  | IndexExpr
  | RangeExpr
  | Comprehension;

export interface NumberLit {
  readonly kind: 'Number';
  readonly value: number;
  readonly span: Span;
}
export interface TextLit {
  readonly kind: 'Text';
  readonly value: string;
  readonly span: Span;
}
export interface FlagLit {
  readonly kind: 'Flag';
  readonly value: boolean;
  readonly span: Span;
}
export interface NoneLit {
  readonly kind: 'None';
  readonly span: Span;
}
export interface ListLit {
  readonly kind: 'List';
  readonly items: readonly Expr[];
  readonly span: Span;
}

/** A bare name: a variable, counter, zone, define, table, collection, board, or built-in value. */
export interface Ref {
  readonly kind: 'Ref';
  readonly name: Name;
  readonly span: Span;
}

/** `coins of p`, `cost of card`, `space of pawn` — a property of a thing. */
export interface OfExpr {
  readonly kind: 'Of';
  readonly property: Name;
  readonly target: Expr;
  /**
   * `scored of p on c`: for a counter kept per player per thing, which thing. `scored on c` (the
   * current player's) reads as `scored of player on c`.
   */
  readonly on?: Expr;
  readonly span: Span;
}

/** `count(hand)`, `price(card)` — a built-in function or a define. */
export interface CallExpr {
  readonly kind: 'Call';
  readonly callee: Name;
  readonly args: readonly Expr[];
  readonly span: Span;
}

export type BinaryOp =
  | '+' | '-' | '*' | '/' | 'mod' | '='
  | '!=' | '<' | '<=' | '>' | '>='
  | 'and' | 'or' | 'in' | 'is' | 'is not' | 'not in';

export interface Binary {
  readonly kind: 'Binary';
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
  readonly span: Span;
}

export interface Unary {
  readonly kind: 'Unary';
  readonly op: 'not' | '-';
  readonly operand: Expr;
  readonly span: Span;
}

export interface IfExpr {
  readonly kind: 'IfExpr';
  readonly cond: Expr;
  readonly then: Expr;
  readonly else: Expr;
  readonly span: Span;
}

/** `[10, 7, 4, 2][place]` — 1-based. */
export interface IndexExpr {
  readonly kind: 'Index';
  readonly target: Expr;
  readonly index: Expr;
  readonly span: Span;
}

/** `1 to 3` — the whole numbers from one to the other. */
export interface RangeExpr {
  readonly kind: 'Range';
  readonly from: Expr;
  readonly to: Expr;
  readonly span: Span;
}

export type Quantifier =
  | 'count' | 'sum' | 'max' | 'min' | 'each' | 'any' | 'every' | 'all' | 'first' | 'last'
  | 'best' | 'worst' | 'sorted' | 'connected';

/**
 * count/any/every/all/first/last x in LIST [where COND] filter; `sum/max/min/each EXPR for x in LIST`
 * fold or map (EXPR is keys[0]); best/worst (all tied for highest/lowest) and sorted (ascending)
 * take `by EXPR then …`; `connected x from START [where COND]` floods through neighbours.
 */
export interface Comprehension {
  readonly kind: 'Comprehension';
  readonly quantifier: Quantifier;
  readonly variable: Name;
  readonly list: Expr;
  readonly where: Expr | null;
  /** `while COND` rather than `where COND`: the items up to the first for which COND fails. */
  readonly stops?: true;
  readonly keys: readonly Expr[];
  readonly span: Span;
}
