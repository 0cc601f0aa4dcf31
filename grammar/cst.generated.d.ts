// Generated from grammar/parser.ts by scripts/generate-cst-types.ts: do not edit, run `npm run generate:cst`.
// Gives, for each parser rule, the type of its CST node and of its children by label.
import type { CstNode, ICstVisitor, IToken } from "chevrotain";

export interface RulesetCstNode extends CstNode {
  name: "ruleset";
  children: RulesetCstChildren;
}

export type RulesetCstChildren = {
  decl?: DeclCstNode[];
  EOF: IToken[];
};

export interface DeclCstNode extends CstNode {
  name: "decl";
  children: DeclCstChildren;
}

export type DeclCstChildren = {
  gameDecl?: GameDeclCstNode[];
  componentDecl?: ComponentDeclCstNode[];
  tableDecl?: TableDeclCstNode[];
  zoneDecl?: ZoneDeclCstNode[];
  counterDecl?: CounterDeclCstNode[];
  pieceDecl?: PieceDeclCstNode[];
  boardDecl?: BoardDeclCstNode[];
  defineDecl?: DefineDeclCstNode[];
  ruleDecl?: RuleDeclCstNode[];
  eventDecl?: EventDeclCstNode[];
  powersDecl?: PowersDeclCstNode[];
  powerDecl?: PowerDeclCstNode[];
  setupDecl?: SetupDeclCstNode[];
  flowDecl?: FlowDeclCstNode[];
  recountDecl?: RecountDeclCstNode[];
  winnerDecl?: WinnerDeclCstNode[];
  variantDecl?: VariantDeclCstNode[];
};

export interface MetaCstNode extends CstNode {
  name: "meta";
  children: MetaCstChildren;
}

export type MetaCstChildren = {
  citation?: CitationCstNode[];
  ambiguity?: AmbiguityCstNode[];
};

export interface CitationCstNode extends CstNode {
  name: "citation";
  children: CitationCstChildren;
}

export type CitationCstChildren = {
  Kw_cites: IToken[];
  quote: IToken[];
  Kw_in?: IToken[];
  file?: IToken[];
};

export interface AmbiguityCstNode extends CstNode {
  name: "ambiguity";
  children: AmbiguityCstChildren;
}

export type AmbiguityCstChildren = {
  Kw_ambiguous: IToken[];
  quote: IToken[];
  Kw_because?: IToken[];
  note?: IToken[];
};

export interface GameDeclCstNode extends CstNode {
  name: "gameDecl";
  children: GameDeclCstChildren;
}

export type GameDeclCstChildren = {
  Kw_game: IToken[];
  title: IToken[];
  meta: MetaCstNode[];
  LBrace: IToken[];
  Kw_players?: IToken[];
  min?: IToken[];
  Kw_to?: IToken[];
  max?: IToken[];
  Kw_rulebook?: IToken[];
  rulebook?: IToken[];
  RBrace: IToken[];
};

export interface ComponentDeclCstNode extends CstNode {
  name: "componentDecl";
  children: ComponentDeclCstChildren;
}

export type ComponentDeclCstChildren = {
  Kw_component: IToken[];
  name: IToken[];
  meta: MetaCstNode[];
  LBrace: IToken[];
  attr?: AttrCstNode[];
  Comma?: IToken[];
  RBrace: IToken[];
};

export interface AttrCstNode extends CstNode {
  name: "attr";
  children: AttrCstChildren;
}

export type AttrCstChildren = {
  name: IToken[];
  Colon: IToken[];
  values?: (EnumValueCstNode)[];
  Pipe?: IToken[];
  type?: (IToken)[];
};

export interface EnumValueCstNode extends CstNode {
  name: "enumValue";
  children: EnumValueCstChildren;
}

export type EnumValueCstChildren = {
  value?: (IToken)[];
};

export interface TableDeclCstNode extends CstNode {
  name: "tableDecl";
  children: TableDeclCstChildren;
}

export type TableDeclCstChildren = {
  Kw_table: IToken[];
  name: IToken[];
  Kw_of: IToken[];
  component: IToken[];
  Kw_in?: IToken[];
  zone?: IToken[];
  meta: MetaCstNode[];
  LBrace: IToken[];
  row?: RowCstNode[];
  tableLine?: TableLineCstNode[];
  RBrace: IToken[];
};

export interface TableLineCstNode extends CstNode {
  name: "tableLine";
  children: TableLineCstChildren;
}

export type TableLineCstChildren = {
  Kw_each?: IToken[];
  column?: (IToken)[];
  Kw_from?: IToken[];
  from?: CellCstNode[];
  Kw_to?: IToken[];
  to?: CellCstNode[];
  Kw_in?: IToken[];
  values?: (CellCstNode)[];
  Comma?: IToken[];
};

export interface RowCstNode extends CstNode {
  name: "row";
  children: RowCstChildren;
}

export type RowCstChildren = {
  Pipe: (IToken)[];
  cell: CellCstNode[];
};

export interface CellCstNode extends CstNode {
  name: "cell";
  children: CellCstChildren;
}

export type CellCstChildren = {
  Number?: (IToken)[];
  Minus?: IToken[];
  String?: IToken[];
  Name?: IToken[];
  Kw_yes?: IToken[];
  Kw_no?: IToken[];
};

export interface ZoneDeclCstNode extends CstNode {
  name: "zoneDecl";
  children: ZoneDeclCstChildren;
}

export type ZoneDeclCstChildren = {
  Kw_zone: IToken[];
  name: IToken[];
  Kw_of?: IToken[];
  component?: IToken[];
  Kw_per?: IToken[];
  per?: IToken[];
  Comma?: IToken[];
  option?: (IToken)[];
  meta: MetaCstNode[];
};

export interface CounterDeclCstNode extends CstNode {
  name: "counterDecl";
  children: CounterDeclCstChildren;
}

export type CounterDeclCstChildren = {
  Kw_counter: IToken[];
  name: IToken[];
  Kw_per?: (IToken)[];
  per?: IToken[];
  perThing?: IToken[];
  Comma?: IToken[];
  visibility?: (IToken)[];
  Kw_from?: IToken[];
  initial?: ExprCstNode[];
  Kw_at?: (IToken)[];
  Kw_least?: IToken[];
  min?: ExprCstNode[];
  Kw_most?: IToken[];
  max?: ExprCstNode[];
  meta: MetaCstNode[];
};

export interface PieceDeclCstNode extends CstNode {
  name: "pieceDecl";
  children: PieceDeclCstChildren;
}

export type PieceDeclCstChildren = {
  Kw_pieces?: IToken[];
  name?: (IToken)[];
  count?: IToken[];
  Kw_per?: IToken[];
  per?: IToken[];
  Kw_piece?: IToken[];
  Kw_in?: IToken[];
  collection?: IToken[];
  meta: MetaCstNode[];
};

export interface BoardDeclCstNode extends CstNode {
  name: "boardDecl";
  children: BoardDeclCstChildren;
}

export type BoardDeclCstChildren = {
  Kw_board: IToken[];
  name: IToken[];
  Colon: IToken[];
  shape?: (IToken)[];
  Kw_of?: (IToken)[];
  of?: (IToken)[];
  Kw_reversed?: IToken[];
  LBrace?: IToken[];
  adjacency?: AdjacencyCstNode[];
  RBrace?: IToken[];
  Kw_grid?: (IToken)[];
  meta: MetaCstNode[];
};

export interface AdjacencyCstNode extends CstNode {
  name: "adjacency";
  children: AdjacencyCstChildren;
}

export type AdjacencyCstChildren = {
  head: IToken[];
  Colon: IToken[];
  targets: IToken[];
  Comma?: IToken[];
};

export interface ParamsCstNode extends CstNode {
  name: "params";
  children: ParamsCstChildren;
}

export type ParamsCstChildren = {
  LParen: IToken[];
  param: IToken[];
  Comma?: IToken[];
  RParen: IToken[];
};

export interface DefineDeclCstNode extends CstNode {
  name: "defineDecl";
  children: DefineDeclCstChildren;
}

export type DefineDeclCstChildren = {
  Kw_define: IToken[];
  name: IToken[];
  params?: ParamsCstNode[];
  Eq: IToken[];
  body: ExprCstNode[];
  meta: MetaCstNode[];
};

export interface RuleDeclCstNode extends CstNode {
  name: "ruleDecl";
  children: RuleDeclCstChildren;
}

export type RuleDeclCstChildren = {
  Kw_rule: IToken[];
  name: IToken[];
  Kw_forbids?: IToken[];
  choice?: IToken[];
  Kw_when?: IToken[];
  when?: ExprCstNode[];
  meta?: (MetaCstNode)[];
  params?: ParamsCstNode[];
  Kw_on?: IToken[];
  event?: IToken[];
  Kw_where?: IToken[];
  where?: ExprCstNode[];
  body?: BlockCstNode[];
};

export interface EventDeclCstNode extends CstNode {
  name: "eventDecl";
  children: EventDeclCstChildren;
}

export type EventDeclCstChildren = {
  Kw_event: IToken[];
  name: IToken[];
  params?: ParamsCstNode[];
  meta: MetaCstNode[];
};

export interface PowersDeclCstNode extends CstNode {
  name: "powersDecl";
  children: PowersDeclCstChildren;
}

export type PowersDeclCstChildren = {
  Kw_powers: IToken[];
  Kw_come: IToken[];
  Kw_from: IToken[];
  zone: IToken[];
  meta: MetaCstNode[];
};

export interface PowerDeclCstNode extends CstNode {
  name: "powerDecl";
  children: PowerDeclCstChildren;
}

export type PowerDeclCstChildren = {
  Kw_power: IToken[];
  name: IToken[];
  meta: MetaCstNode[];
  LBrace: IToken[];
  items?: (DefineDeclCstNode | RuleDeclCstNode)[];
  RBrace: IToken[];
};

export interface SetupDeclCstNode extends CstNode {
  name: "setupDecl";
  children: SetupDeclCstChildren;
}

export type SetupDeclCstChildren = {
  Kw_setup: IToken[];
  meta: MetaCstNode[];
  body: BlockCstNode[];
};

export interface FlowDeclCstNode extends CstNode {
  name: "flowDecl";
  children: FlowDeclCstChildren;
}

export type FlowDeclCstChildren = {
  Kw_flow: IToken[];
  meta: MetaCstNode[];
  body: BlockCstNode[];
};

export interface RecountDeclCstNode extends CstNode {
  name: "recountDecl";
  children: RecountDeclCstChildren;
}

export type RecountDeclCstChildren = {
  Kw_recount: IToken[];
  counter: IToken[];
  Kw_as: IToken[];
  expr: ExprCstNode[];
  meta: MetaCstNode[];
};

export interface WinnerDeclCstNode extends CstNode {
  name: "winnerDecl";
  children: WinnerDeclCstChildren;
}

export type WinnerDeclCstChildren = {
  Kw_winner: IToken[];
  Kw_team?: IToken[];
  ordering?: (OrderingCstNode)[];
  Kw_then?: IToken[];
  meta: MetaCstNode[];
};

export interface OrderingCstNode extends CstNode {
  name: "ordering";
  children: OrderingCstChildren;
}

export type OrderingCstChildren = {
  direction?: (IToken)[];
  expr: ExprCstNode[];
};

export interface VariantDeclCstNode extends CstNode {
  name: "variantDecl";
  children: VariantDeclCstChildren;
}

export type VariantDeclCstChildren = {
  Kw_variant: IToken[];
  id: IToken[];
  title: IToken[];
  Kw_when?: IToken[];
  when?: ExprCstNode[];
  Kw_excludes?: IToken[];
  excludes?: IToken[];
  Comma?: IToken[];
  meta: MetaCstNode[];
  LBrace: IToken[];
  overlay?: OverlayCstNode[];
  RBrace: IToken[];
};

export interface OverlayCstNode extends CstNode {
  name: "overlay";
  children: OverlayCstChildren;
}

export type OverlayCstChildren = {
  op?: (IToken)[];
  decl?: (DeclCstNode)[];
  target?: IToken[];
};

export interface BlockCstNode extends CstNode {
  name: "block";
  children: BlockCstChildren;
}

export type BlockCstChildren = {
  LBrace: IToken[];
  stmt?: StmtCstNode[];
  RBrace: IToken[];
};

export interface StmtCstNode extends CstNode {
  name: "stmt";
  children: StmtCstChildren;
}

export type StmtCstChildren = {
  letStmt?: LetStmtCstNode[];
  gainStmt?: GainStmtCstNode[];
  loseStmt?: LoseStmtCstNode[];
  addStmt?: AddStmtCstNode[];
  setStmt?: SetStmtCstNode[];
  moveStmt?: MoveStmtCstNode[];
  drawStmt?: DrawStmtCstNode[];
  shuffleStmt?: ShuffleStmtCstNode[];
  chooseStmt?: ChooseStmtCstNode[];
  ifStmt?: IfStmtCstNode[];
  forEachStmt?: ForEachStmtCstNode[];
  repeatStmt?: RepeatStmtCstNode[];
  turnStmt?: TurnStmtCstNode[];
  phaseStmt?: PhaseStmtCstNode[];
  fireStmt?: FireStmtCstNode[];
  callStmt?: CallStmtCstNode[];
  endStmt?: EndStmtCstNode[];
  rankStmt?: RankStmtCstNode[];
  pickStmt?: PickStmtCstNode[];
  revealStmt?: RevealStmtCstNode[];
  sayStmt?: SayStmtCstNode[];
};

export interface LetStmtCstNode extends CstNode {
  name: "letStmt";
  children: LetStmtCstChildren;
}

export type LetStmtCstChildren = {
  Kw_let: IToken[];
  name: IToken[];
  Eq: IToken[];
  value: ExprCstNode[];
};

export interface GainStmtCstNode extends CstNode {
  name: "gainStmt";
  children: GainStmtCstChildren;
}

export type GainStmtCstChildren = {
  op: IToken[];
  amount: ExprCstNode[];
  counter: IToken[];
  Kw_on?: IToken[];
  thing?: OfExprCstNode[];
  Kw_to?: IToken[];
  target?: ExprCstNode[];
};

export interface LoseStmtCstNode extends CstNode {
  name: "loseStmt";
  children: LoseStmtCstChildren;
}

export type LoseStmtCstChildren = {
  op?: (IToken)[];
  amount: ExprCstNode[];
  counter: IToken[];
  Kw_on?: IToken[];
  thing?: OfExprCstNode[];
  Kw_from?: IToken[];
  target?: ExprCstNode[];
};

export interface AddStmtCstNode extends CstNode {
  name: "addStmt";
  children: AddStmtCstChildren;
}

export type AddStmtCstChildren = {
  op: IToken[];
  amount: ExprCstNode[];
  Kw_to: IToken[];
  counter: IToken[];
  Kw_of?: IToken[];
  target?: ExprCstNode[];
  Kw_on?: IToken[];
  thing?: OfExprCstNode[];
};

export interface SetStmtCstNode extends CstNode {
  name: "setStmt";
  children: SetStmtCstChildren;
}

export type SetStmtCstChildren = {
  op: IToken[];
  counter: IToken[];
  Kw_of?: IToken[];
  target?: ExprCstNode[];
  Kw_on?: IToken[];
  thing?: OfExprCstNode[];
  Kw_to: IToken[];
  amount: ExprCstNode[];
};

export interface MoveStmtCstNode extends CstNode {
  name: "moveStmt";
  children: MoveStmtCstChildren;
}

export type MoveStmtCstChildren = {
  Kw_move: IToken[];
  what: ExprCstNode[];
  Kw_to?: IToken[];
  position?: (IToken)[];
  Kw_of?: IToken[];
  to?: ExprCstNode[];
  off?: IToken[];
  Kw_the?: IToken[];
  Kw_board?: IToken[];
};

export interface DrawStmtCstNode extends CstNode {
  name: "drawStmt";
  children: DrawStmtCstChildren;
}

export type DrawStmtCstChildren = {
  Kw_draw: IToken[];
  count: ExprCstNode[];
  Kw_from: IToken[];
  from: ExprCstNode[];
  Kw_to: IToken[];
  to: ExprCstNode[];
};

export interface ShuffleStmtCstNode extends CstNode {
  name: "shuffleStmt";
  children: ShuffleStmtCstChildren;
}

export type ShuffleStmtCstChildren = {
  Kw_shuffle: IToken[];
  zone: ExprCstNode[];
};

export interface ChooseStmtCstNode extends CstNode {
  name: "chooseStmt";
  children: ChooseStmtCstChildren;
}

export type ChooseStmtCstChildren = {
  Kw_may?: IToken[];
  Kw_choose: IToken[];
  Kw_any?: IToken[];
  count?: ChooseCountCstNode[];
  variable?: IToken[];
  Kw_from?: IToken[];
  from?: ExprCstNode[];
  Kw_to?: IToken[];
  to?: ExprCstNode[];
  Kw_where?: IToken[];
  where?: ExprCstNode[];
  Kw_as?: IToken[];
  verb?: IToken[];
  template?: (IToken)[];
  Kw_or?: IToken[];
  passLabel?: IToken[];
  Kw_by?: (IToken)[];
  by?: (ExprCstNode)[];
  menuName?: IToken[];
  LBrace?: IToken[];
  menuOption?: MenuOptionCstNode[];
  RBrace?: IToken[];
};

export interface ChooseCountCstNode extends CstNode {
  name: "chooseCount";
  children: ChooseCountCstChildren;
}

export type ChooseCountCstChildren = {
  number?: IToken[];
  name?: IToken[];
  LParen?: IToken[];
  inner?: ExprCstNode[];
  RParen?: IToken[];
};

export interface MenuOptionCstNode extends CstNode {
  name: "menuOption";
  children: MenuOptionCstChildren;
}

export type MenuOptionCstChildren = {
  label: IToken[];
  Kw_for?: IToken[];
  variable?: IToken[];
  Kw_in?: IToken[];
  list?: ExprCstNode[];
  Kw_when?: IToken[];
  when?: ExprCstNode[];
  body: BlockCstNode[];
};

export interface IfStmtCstNode extends CstNode {
  name: "ifStmt";
  children: IfStmtCstChildren;
}

export type IfStmtCstChildren = {
  Kw_if: IToken[];
  cond: ExprCstNode[];
  then: BlockCstNode[];
  Kw_else?: IToken[];
  elseIf?: IfStmtCstNode[];
  else?: BlockCstNode[];
};

export interface ForEachStmtCstNode extends CstNode {
  name: "forEachStmt";
  children: ForEachStmtCstChildren;
}

export type ForEachStmtCstChildren = {
  Kw_simultaneously?: IToken[];
  Kw_for: IToken[];
  Kw_each: IToken[];
  variable: IToken[];
  Kw_in: IToken[];
  list: ExprCstNode[];
  Kw_to?: IToken[];
  to?: ExprCstNode[];
  Kw_where?: IToken[];
  where?: ExprCstNode[];
  body: BlockCstNode[];
};

export interface RepeatStmtCstNode extends CstNode {
  name: "repeatStmt";
  children: RepeatStmtCstChildren;
}

export type RepeatStmtCstChildren = {
  Kw_repeat: IToken[];
  mode?: (IToken)[];
  expr?: (ExprCstNode)[];
  body: BlockCstNode[];
};

export interface TurnStmtCstNode extends CstNode {
  name: "turnStmt";
  children: TurnStmtCstChildren;
}

export type TurnStmtCstChildren = {
  Kw_turn: IToken[];
  Kw_of: IToken[];
  player: ExprCstNode[];
  body: BlockCstNode[];
};

export interface PhaseStmtCstNode extends CstNode {
  name: "phaseStmt";
  children: PhaseStmtCstChildren;
}

export type PhaseStmtCstChildren = {
  level?: (IToken)[];
  title?: (IToken)[];
  Kw_timed?: IToken[];
  timed?: ExprCstNode[];
  body: BlockCstNode[];
};

export interface FireStmtCstNode extends CstNode {
  name: "fireStmt";
  children: FireStmtCstChildren;
}

export type FireStmtCstChildren = {
  Kw_fire: IToken[];
  event: IToken[];
  args?: ArgsCstNode[];
};

export interface CallStmtCstNode extends CstNode {
  name: "callStmt";
  children: CallStmtCstChildren;
}

export type CallStmtCstChildren = {
  rule: IToken[];
  args: ArgsCstNode[];
};

export interface EndStmtCstNode extends CstNode {
  name: "endStmt";
  children: EndStmtCstChildren;
}

export type EndStmtCstChildren = {
  Kw_end: IToken[];
  Kw_the: IToken[];
  Kw_game: IToken[];
  Kw_after?: IToken[];
  Kw_this?: IToken[];
  Kw_round?: IToken[];
};

export interface RankStmtCstNode extends CstNode {
  name: "rankStmt";
  children: RankStmtCstChildren;
}

export type RankStmtCstChildren = {
  Kw_rank: IToken[];
  variable: IToken[];
  Kw_in: IToken[];
  list: ExprCstNode[];
  Kw_by: IToken[];
  by: ExprCstNode[];
  Kw_ties?: IToken[];
  ties?: (IToken)[];
  body: BlockCstNode[];
};

export interface PickStmtCstNode extends CstNode {
  name: "pickStmt";
  children: PickStmtCstChildren;
}

export type PickStmtCstChildren = {
  Kw_pick: IToken[];
  Kw_random: IToken[];
  variable: IToken[];
  Kw_from: IToken[];
  from: ExprCstNode[];
  Kw_where?: IToken[];
  where?: ExprCstNode[];
};

export interface RevealStmtCstNode extends CstNode {
  name: "revealStmt";
  children: RevealStmtCstChildren;
}

export type RevealStmtCstChildren = {
  Kw_reveal: IToken[];
  what: ExprCstNode[];
};

export interface SayStmtCstNode extends CstNode {
  name: "sayStmt";
  children: SayStmtCstChildren;
}

export type SayStmtCstChildren = {
  Kw_say: IToken[];
  text: IToken[];
};

export interface ArgsCstNode extends CstNode {
  name: "args";
  children: ArgsCstChildren;
}

export type ArgsCstChildren = {
  LParen: IToken[];
  arg?: ExprCstNode[];
  Comma?: IToken[];
  RParen: IToken[];
};

export interface ExprCstNode extends CstNode {
  name: "expr";
  children: ExprCstChildren;
}

export type ExprCstChildren = {
  operands: (AndExprCstNode)[];
  ops?: IToken[];
};

export interface AndExprCstNode extends CstNode {
  name: "andExpr";
  children: AndExprCstChildren;
}

export type AndExprCstChildren = {
  operands: (NotExprCstNode)[];
  ops?: IToken[];
};

export interface NotExprCstNode extends CstNode {
  name: "notExpr";
  children: NotExprCstChildren;
}

export type NotExprCstChildren = {
  Kw_not?: IToken[];
  operand?: (NotExprCstNode | CompareExprCstNode)[];
};

export interface CompareExprCstNode extends CstNode {
  name: "compareExpr";
  children: CompareExprCstChildren;
}

export type CompareExprCstChildren = {
  operands: (SumExprCstNode)[];
  op?: (IToken)[];
};

export interface SumExprCstNode extends CstNode {
  name: "sumExpr";
  children: SumExprCstChildren;
}

export type SumExprCstChildren = {
  operands: (ProductExprCstNode)[];
  ops?: (IToken)[];
};

export interface ProductExprCstNode extends CstNode {
  name: "productExpr";
  children: ProductExprCstChildren;
}

export type ProductExprCstChildren = {
  operands: (UnaryExprCstNode)[];
  ops?: (IToken)[];
};

export interface UnaryExprCstNode extends CstNode {
  name: "unaryExpr";
  children: UnaryExprCstChildren;
}

export type UnaryExprCstChildren = {
  Minus?: IToken[];
  operand?: (UnaryExprCstNode | OnExprCstNode)[];
};

export interface OnExprCstNode extends CstNode {
  name: "onExpr";
  children: OnExprCstChildren;
}

export type OnExprCstChildren = {
  target: OfExprCstNode[];
  Kw_on?: IToken[];
  thing?: OfExprCstNode[];
};

export interface OfExprCstNode extends CstNode {
  name: "ofExpr";
  children: OfExprCstChildren;
}

export type OfExprCstChildren = {
  property?: IToken[];
  Kw_of?: IToken[];
  target?: (OfExprCstNode | PostfixExprCstNode)[];
};

export interface PostfixExprCstNode extends CstNode {
  name: "postfixExpr";
  children: PostfixExprCstChildren;
}

export type PostfixExprCstChildren = {
  primary: PrimaryCstNode[];
  LBracket?: IToken[];
  index?: ExprCstNode[];
  close?: IToken[];
};

export interface PrimaryCstNode extends CstNode {
  name: "primary";
  children: PrimaryCstChildren;
}

export type PrimaryCstChildren = {
  literal?: (IToken)[];
  listExpr?: ListExprCstNode[];
  LParen?: IToken[];
  inner?: ExprCstNode[];
  RParen?: IToken[];
  ifExpr?: IfExprCstNode[];
  filterQuant?: FilterQuantCstNode[];
  foldQuant?: FoldQuantCstNode[];
  sortQuant?: SortQuantCstNode[];
  connectedQuant?: ConnectedQuantCstNode[];
  name?: IToken[];
  args?: ArgsCstNode[];
};

export interface ListExprCstNode extends CstNode {
  name: "listExpr";
  children: ListExprCstChildren;
}

export type ListExprCstChildren = {
  LBracket: IToken[];
  items?: ExprCstNode[];
  Comma?: IToken[];
  RBracket: IToken[];
};

export interface IfExprCstNode extends CstNode {
  name: "ifExpr";
  children: IfExprCstChildren;
}

export type IfExprCstChildren = {
  Kw_if: IToken[];
  cond: ExprCstNode[];
  Kw_then: IToken[];
  then: ExprCstNode[];
  Kw_else: IToken[];
  else: ExprCstNode[];
};

export interface FilterQuantCstNode extends CstNode {
  name: "filterQuant";
  children: FilterQuantCstChildren;
}

export type FilterQuantCstChildren = {
  quantifier?: (IToken)[];
  args?: ArgsCstNode[];
  variable?: IToken[];
  Kw_in?: IToken[];
  list?: ExprCstNode[];
  filter?: (IToken)[];
  where?: ExprCstNode[];
};

export interface FoldQuantCstNode extends CstNode {
  name: "foldQuant";
  children: FoldQuantCstChildren;
}

export type FoldQuantCstChildren = {
  quantifier?: (IToken)[];
  args?: ArgsCstNode[];
  key?: ExprCstNode[];
  Kw_for?: IToken[];
  variable?: IToken[];
  Kw_in?: IToken[];
  list?: ExprCstNode[];
  filter?: (IToken)[];
  where?: ExprCstNode[];
};

export interface ConnectedQuantCstNode extends CstNode {
  name: "connectedQuant";
  children: ConnectedQuantCstChildren;
}

export type ConnectedQuantCstChildren = {
  quantifier: IToken[];
  variable: IToken[];
  Kw_from: IToken[];
  list: ExprCstNode[];
  Kw_where?: IToken[];
  where?: ExprCstNode[];
};

export interface SortQuantCstNode extends CstNode {
  name: "sortQuant";
  children: SortQuantCstChildren;
}

export type SortQuantCstChildren = {
  quantifier?: (IToken)[];
  args?: ArgsCstNode[];
  variable?: IToken[];
  Kw_in?: IToken[];
  list?: ExprCstNode[];
  Kw_where?: IToken[];
  where?: ExprCstNode[];
  Kw_by?: IToken[];
  key?: (ExprCstNode)[];
  Kw_then?: IToken[];
};
