// The Regula CST parser: takes the tokens of tokens.ts, gives one reused `parser` whose `ruleset()`
// builds a concrete syntax tree (read by cst-to-ast.ts). Mirrors docs/grammar.md rule by rule.
import { CstParser, EOF, tokenMatcher, type CstNode, type IOrAlt, type IParserErrorMessageProvider, type IToken, type OrMethodOpts, type ParserMethod, type TokenType } from 'chevrotain';
import { MESSAGES } from './diagnostics.js';
import { LIMITS, NestingTooDeep } from './limits.js';
import { allTokens, CallName, Identifier, K, Name, T } from './tokens.js';

const expectedFound = (expected: string, found: string) =>
  MESSAGES.R0102[1].replace('{expected}', expected).replace('{found}', found);

const describe = (type: TokenType) => (type === EOF ? 'the end of the file' : type.LABEL ?? type.name);

function shown(token: IToken | undefined): string {
  if (!token || token.tokenType === EOF) return 'the end of the file';
  // Long or multi-line strings are cut to their start.
  const [firstLine = ''] = token.image.split(/\r?\n/);
  const cut = firstLine.slice(0, 24);
  return `\`${cut}${cut === token.image ? '' : '…'}\``;
}

function firstTokens(paths: TokenType[][]): string {
  const firsts = [...new Set(paths.map((path) => path[0]).filter((t): t is TokenType => !!t).map(describe))];
  if (firsts.length <= 1) return firsts[0] ?? 'something else';
  return `${firsts.slice(0, -1).join(', ')} or ${firsts[firsts.length - 1]}`;
}

/** Every parse error reads as R0102 "Expected X but found Y." */
export const errorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, ruleName }) {
    // A missing `}` or end of file is also where another statement or declaration could go.
    if (ruleName === 'block' && expected === T.RBrace) return expectedFound('a statement or `}`', shown(actual));
    if (ruleName === 'ruleset' && expected === EOF) return expectedFound('a declaration', shown(actual));
    // A keyword where a name goes is a common slip: say why the word is not a name.
    if ((expected === Name || expected === Identifier || expected === CallName) && actual.tokenType.name.startsWith('Kw_')) {
      return expectedFound('a name', `the keyword ${shown(actual)}, which is reserved: write another name, such as \`my-${actual.image}\``);
    }
    return expectedFound(describe(expected), shown(actual));
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return expectedFound('a declaration', shown(firstRedundant));
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, customUserDescription }) {
    return expectedFound(customUserDescription ?? firstTokens(expectedPathsPerAlt.flat()), shown(actual[0]));
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, customUserDescription }) {
    return expectedFound(customUserDescription ?? firstTokens(expectedIterationPaths), shown(actual[0]));
  },
};

class RegulaParser extends CstParser {
  constructor() {
    super(allTokens, { nodeLocationTracking: 'full', recoveryEnabled: true, maxLookahead: 3, errorMessageProvider: errorMessages });
    this.performSelfAnalysis();
  }

  // Alternatives are built once per call site: rebuilding their closures on every call (and, under
  // tsx, naming each one) costs more than the parsing itself.
  private readonly altCache = new Map<string, IOrAlt<unknown>[] | OrMethodOpts<unknown>>();
  private once<T extends IOrAlt<unknown>[] | OrMethodOpts<unknown>>(key: string, make: () => T): T {
    let alts = this.altCache.get(key) as T | undefined;
    if (!alts) this.altCache.set(key, (alts = make()));
    return alts;
  }

  /** One of several tokens, kept under one label: `most | least`, `+ | -`. */
  private anyOf(label: string, ...types: TokenType[]): void {
    const key = `${label}:${types.map((t) => t.name).join('|')}`;
    this.OR(this.once(key, () => types.map((t) => ({ ALT: () => this.CONSUME(t, { LABEL: label }) }))));
  }

  /** One level of left-associative operators: `operand (op operand)*`, the operands one level tighter. */
  private leftChain(name: string, operand: () => ParserMethod<[], CstNode>, ...ops: TokenType[]): ParserMethod<[], CstNode> {
    const chain = () => {
      this.SUBRULE(operand(), { LABEL: 'operands' });
      this.MANY(() => {
        this.anyOf('ops', ...ops);
        this.SUBRULE2(operand(), { LABEL: 'operands' });
      });
    };
    // Every expression, however it is reached, is one level of nesting (see `nested`).
    return this.RULE(name, name === 'expr' ? () => this.nested(chain) : chain);
  }

  /**
   * How deep blocks and expressions are inside one another. Every cycle of the grammar passes
   * through `nested` (an expression, a block, `not`, a leading `-`, `of`, `else if`, a variant's
   * item), so this bounds the parser's recursion: past LIMITS.nesting the parse stops (R0801)
   * instead of overflowing the stack.
   */
  private depth = 0;
  private nested(inner: () => void): void {
    if (this.depth >= LIMITS.nesting) throw new NestingTooDeep(this.LA(1));
    this.depth++;
    try {
      inner();
    } finally {
      this.depth--;
    }
  }

  /**
   * One level of a prefix operator: `op operand` (the operand this level again) or the next level.
   * The ORs name themselves, so a missing operand reads "Expected an expression".
   */
  private prefixed(name: string, op: TokenType, self: () => ParserMethod<[], CstNode>, next: () => ParserMethod<[], CstNode>): ParserMethod<[], CstNode> {
    return this.RULE(name, () => {
      this.OR(this.once(name, () => ({
        ERR_MSG: 'an expression',
        DEF: [
          {
            ALT: () => {
              this.CONSUME(op);
              this.nested(() => this.SUBRULE(self(), { LABEL: 'operand' }));
            },
          },
          { ALT: () => this.SUBRULE(next(), { LABEL: 'operand' }) },
        ],
      })));
    });
  }

  // ─── Declarations ──────────────────────────────────────────────────────────

  // Consuming EOF explicitly lets recovery skip junk between declarations and carry on.
  ruleset = this.RULE('ruleset', () => {
    this.MANY(() => this.SUBRULE(this.decl));
    this.CONSUME(EOF);
  });

  decl = this.RULE('decl', () => {
    this.OR(this.once('decl', () => ({
      ERR_MSG: 'a declaration',
      DEF: [
        { ALT: () => this.SUBRULE(this.gameDecl) },
        { ALT: () => this.SUBRULE(this.componentDecl) },
        { ALT: () => this.SUBRULE(this.tableDecl) },
        { ALT: () => this.SUBRULE(this.zoneDecl) },
        { ALT: () => this.SUBRULE(this.counterDecl) },
        { ALT: () => this.SUBRULE(this.pieceDecl) },
        { ALT: () => this.SUBRULE(this.boardDecl) },
        { ALT: () => this.SUBRULE(this.defineDecl) },
        { ALT: () => this.SUBRULE(this.ruleDecl) },
        { ALT: () => this.SUBRULE(this.eventDecl) },
        { ALT: () => this.SUBRULE(this.powersDecl) },
        { ALT: () => this.SUBRULE(this.powerDecl) },
        { ALT: () => this.SUBRULE(this.setupDecl) },
        { ALT: () => this.SUBRULE(this.flowDecl) },
        { ALT: () => this.SUBRULE(this.recountDecl) },
        { ALT: () => this.SUBRULE(this.winnerDecl) },
        { ALT: () => this.SUBRULE(this.variantDecl) },
      ],
    })));
  });

  meta = this.RULE('meta', () => {
    this.MANY(() =>
      this.OR(this.once('meta', () => [
        { ALT: () => this.SUBRULE(this.citation) },
        { ALT: () => this.SUBRULE(this.ambiguity) },
      ])),
    );
  });

  citation = this.RULE('citation', () => {
    this.CONSUME(K.cites);
    this.CONSUME(T.String, { LABEL: 'quote' });
    this.OPTION(() => {
      this.CONSUME(K.in);
      this.CONSUME2(T.String, { LABEL: 'file' });
    });
  });

  ambiguity = this.RULE('ambiguity', () => {
    this.CONSUME(K.ambiguous);
    this.CONSUME(T.String, { LABEL: 'quote' });
    this.OPTION(() => {
      this.CONSUME(K.because);
      this.CONSUME2(T.String, { LABEL: 'note' });
    });
  });

  gameDecl = this.RULE('gameDecl', () => {
    this.CONSUME(K.game);
    this.CONSUME(T.String, { LABEL: 'title' });
    this.SUBRULE(this.meta);
    this.CONSUME(T.LBrace);
    this.MANY(() =>
      this.OR(this.once('gameDecl', () => [
        {
          ALT: () => {
            this.CONSUME(K.players);
            this.CONSUME(T.Number, { LABEL: 'min' });
            this.OPTION(() => {
              this.CONSUME(K.to);
              this.CONSUME2(T.Number, { LABEL: 'max' });
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.rulebook);
            this.CONSUME2(T.String, { LABEL: 'rulebook' });
          },
        },
      ])),
    );
    this.CONSUME(T.RBrace);
  });

  componentDecl = this.RULE('componentDecl', () => {
    this.CONSUME(K.component);
    this.CONSUME(Name, { LABEL: 'name' });
    this.SUBRULE(this.meta);
    this.CONSUME(T.LBrace);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.attr) });
    this.CONSUME(T.RBrace);
  });

  attr = this.RULE('attr', () => {
    this.CONSUME(Name, { LABEL: 'name' });
    this.CONSUME(T.Colon);
    // Values first: `number | text` is a list of values named by contextual keywords, `number` a type.
    this.OR(this.once('attr', () => [
      {
        ALT: () => {
          this.SUBRULE(this.enumValue, { LABEL: 'values' });
          this.AT_LEAST_ONE(() => {
            this.CONSUME(T.Pipe);
            this.SUBRULE2(this.enumValue, { LABEL: 'values' });
          });
        },
      },
      { ALT: () => this.CONSUME(K.number, { LABEL: 'type' }) },
      { ALT: () => this.CONSUME(K.text, { LABEL: 'type' }) },
      { ALT: () => this.CONSUME(K.flag, { LABEL: 'type' }) },
    ]));
  });

  enumValue = this.RULE('enumValue', () => {
    this.anyOf('value', Name, T.String);
  });

  tableDecl = this.RULE('tableDecl', () => {
    this.CONSUME(K.table);
    this.CONSUME(Name, { LABEL: 'name' });
    this.CONSUME(K.of);
    this.CONSUME2(Name, { LABEL: 'component' });
    this.OPTION(() => {
      this.CONSUME(K.in);
      this.CONSUME3(Name, { LABEL: 'zone' });
    });
    this.SUBRULE(this.meta);
    this.CONSUME(T.LBrace);
    // Rows written out, or lines that make them: `each rank from 1 to 13`, `each suit in a, b`, `copies 2`.
    this.OR(this.once('tableDecl', () => [
      { ALT: () => this.AT_LEAST_ONE(() => this.SUBRULE(this.row)) },
      { ALT: () => this.AT_LEAST_ONE2(() => this.SUBRULE(this.tableLine)) },
    ]));
    this.CONSUME(T.RBrace);
  });

  /** `each ATTR from A to B`, `each ATTR in V, V, …` (every combination is a row), or `ATTR V` (in every row). */
  tableLine = this.RULE('tableLine', () => {
    this.OR(this.once('tableLine', () => [
      {
        ALT: () => {
          this.CONSUME(K.each);
          this.CONSUME(Name, { LABEL: 'column' });
          // `each suit` alone: every value the component's attribute lists.
          this.OPTION(() => this.OR2(this.once('tableLine#values', () => [
            {
              ALT: () => {
                this.CONSUME(K.from);
                this.SUBRULE(this.cell, { LABEL: 'from' });
                this.CONSUME(K.to);
                this.SUBRULE2(this.cell, { LABEL: 'to' });
              },
            },
            {
              ALT: () => {
                this.CONSUME(K.in);
                this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE3(this.cell, { LABEL: 'values' }) });
              },
            },
          ])));
        },
      },
      {
        ALT: () => {
          this.CONSUME2(Name, { LABEL: 'column' });
          this.SUBRULE4(this.cell, { LABEL: 'values' });
        },
      },
    ]));
  });

  // `| a | b |` then `| c | d |`: a row ends where a `|` is not followed by a cell.
  row = this.RULE('row', () => {
    this.CONSUME(T.Pipe);
    this.AT_LEAST_ONE(() => {
      this.SUBRULE(this.cell);
      this.CONSUME2(T.Pipe);
    });
  });

  cell = this.RULE('cell', () => {
    this.OR(this.once('cell', () => [
      { ALT: () => this.CONSUME(T.Number) },
      {
        ALT: () => {
          this.CONSUME(T.Minus);
          this.CONSUME2(T.Number);
        },
      },
      { ALT: () => this.CONSUME(T.String) },
      { ALT: () => this.CONSUME(Name) },
      { ALT: () => this.CONSUME(K.yes) },
      { ALT: () => this.CONSUME(K.no) },
    ]));
  });

  // `per player`: `player` is a name, checked by its text when building the AST.
  zoneDecl = this.RULE('zoneDecl', () => {
    this.CONSUME(K.zone);
    this.CONSUME(Name, { LABEL: 'name' });
    this.OPTION(() => {
      this.CONSUME(K.of);
      this.CONSUME2(Name, { LABEL: 'component' });
    });
    this.OPTION2(() => {
      this.CONSUME(K.per);
      this.CONSUME3(Name, { LABEL: 'per' });
    });
    this.MANY(() => {
      this.CONSUME(T.Comma);
      this.anyOf('option', K.ordered, K.public, K.private, K.hidden);
    });
    this.SUBRULE(this.meta);
  });

  counterDecl = this.RULE('counterDecl', () => {
    this.CONSUME(K.counter);
    this.CONSUME(Name, { LABEL: 'name' });
    this.OPTION(() => {
      this.CONSUME(K.per);
      this.CONSUME2(Name, { LABEL: 'per' });
      // `counter scored per player per categories`: one value for each player and each thing.
      this.OPTION2(() => {
        this.CONSUME2(K.per);
        this.CONSUME3(Name, { LABEL: 'perThing' });
      });
    });
    this.MANY(() => {
      this.CONSUME(T.Comma);
      this.OR(this.once('counterDecl', () => [
        { ALT: () => this.CONSUME(K.public, { LABEL: 'visibility' }) },
        { ALT: () => this.CONSUME(K.private, { LABEL: 'visibility' }) },
        { ALT: () => this.CONSUME(K.hidden, { LABEL: 'visibility' }) },
        {
          ALT: () => {
            this.CONSUME(K.from);
            this.SUBRULE(this.expr, { LABEL: 'initial' });
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.at);
            this.CONSUME(K.least);
            this.SUBRULE2(this.expr, { LABEL: 'min' });
          },
        },
        {
          ALT: () => {
            this.CONSUME2(K.at);
            this.CONSUME(K.most);
            this.SUBRULE3(this.expr, { LABEL: 'max' });
          },
        },
      ]));
    });
    this.SUBRULE(this.meta);
  });

  pieceDecl = this.RULE('pieceDecl', () => {
    this.OR(this.once('pieceDecl', () => [
      {
        ALT: () => {
          this.CONSUME(K.pieces);
          this.CONSUME(Name, { LABEL: 'name' });
          this.OPTION(() => this.CONSUME(T.Number, { LABEL: 'count' }));
          this.CONSUME(K.per);
          this.CONSUME2(Name, { LABEL: 'per' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.piece);
          this.CONSUME3(Name, { LABEL: 'name' });
          this.CONSUME(K.in);
          this.CONSUME4(Name, { LABEL: 'collection' });
        },
      },
    ]));
    this.SUBRULE(this.meta);
  });

  boardDecl = this.RULE('boardDecl', () => {
    this.CONSUME(K.board);
    this.CONSUME(Name, { LABEL: 'name' });
    this.CONSUME(T.Colon);
    this.OR(this.once('boardDecl', () => [
      {
        ALT: () => {
          this.CONSUME(K.track, { LABEL: 'shape' });
          this.CONSUME(K.of);
          this.CONSUME2(Name, { LABEL: 'of' });
          this.OPTION(() => this.CONSUME(K.reversed));
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.graph, { LABEL: 'shape' });
          this.CONSUME2(K.of);
          this.CONSUME3(Name, { LABEL: 'of' });
          this.CONSUME(T.LBrace);
          this.MANY(() => this.SUBRULE(this.adjacency));
          this.CONSUME(T.RBrace);
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.hex, { LABEL: 'shape' });
          this.CONSUME(K.grid);
          this.CONSUME3(K.of);
          this.CONSUME4(Name, { LABEL: 'of' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.square, { LABEL: 'shape' });
          this.CONSUME2(K.grid);
          this.CONSUME4(K.of);
          this.CONSUME5(Name, { LABEL: 'of' });
        },
      },
    ]));
    this.SUBRULE(this.meta);
  });

  adjacency = this.RULE('adjacency', () => {
    this.CONSUME(Name, { LABEL: 'head' });
    this.CONSUME(T.Colon);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(Name, { LABEL: 'targets' }) });
  });

  params = this.RULE('params', () => {
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(Name, { LABEL: 'param' }) });
    this.CONSUME(T.RParen);
  });

  defineDecl = this.RULE('defineDecl', () => {
    this.CONSUME(K.define);
    this.CONSUME(Name, { LABEL: 'name' });
    this.OPTION(() => this.SUBRULE(this.params));
    this.CONSUME(T.Eq);
    this.SUBRULE(this.expr, { LABEL: 'body' });
    this.SUBRULE(this.meta);
  });

  // `rule X forbids …` and `rule X(…) on …` share their first two tokens, so they share a rule.
  ruleDecl = this.RULE('ruleDecl', () => {
    this.CONSUME(K.rule);
    this.CONSUME(Name, { LABEL: 'name' });
    this.OR(this.once('ruleDecl', () => [
      {
        ALT: () => {
          this.CONSUME(K.forbids);
          this.CONSUME2(Name, { LABEL: 'choice' });
          this.CONSUME(K.when);
          this.SUBRULE(this.expr, { LABEL: 'when' });
          this.SUBRULE(this.meta);
        },
      },
      {
        ALT: () => {
          this.OPTION(() => this.SUBRULE(this.params));
          this.OPTION2(() => {
            this.CONSUME(K.on);
            this.CONSUME3(Name, { LABEL: 'event' });
            this.OPTION3(() => {
              this.CONSUME(K.where);
              this.SUBRULE2(this.expr, { LABEL: 'where' });
            });
          });
          this.SUBRULE2(this.meta);
          this.SUBRULE(this.block, { LABEL: 'body' });
        },
      },
    ]));
  });

  eventDecl = this.RULE('eventDecl', () => {
    this.CONSUME(K.event);
    this.CONSUME(Name, { LABEL: 'name' });
    this.OPTION(() => this.SUBRULE(this.params));
    this.SUBRULE(this.meta);
  });

  powersDecl = this.RULE('powersDecl', () => {
    this.CONSUME(K.powers);
    this.CONSUME(K.come);
    this.CONSUME(K.from);
    this.CONSUME(Name, { LABEL: 'zone' });
    this.SUBRULE(this.meta);
  });

  powerDecl = this.RULE('powerDecl', () => {
    this.CONSUME(K.power);
    this.CONSUME(Name, { LABEL: 'name' });
    this.SUBRULE(this.meta);
    this.CONSUME(T.LBrace);
    this.MANY(() =>
      this.OR(this.once('powerDecl', () => [
        { ALT: () => this.SUBRULE(this.defineDecl, { LABEL: 'items' }) },
        { ALT: () => this.SUBRULE(this.ruleDecl, { LABEL: 'items' }) },
      ])),
    );
    this.CONSUME(T.RBrace);
  });

  setupDecl = this.RULE('setupDecl', () => {
    this.CONSUME(K.setup);
    this.SUBRULE(this.meta);
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  flowDecl = this.RULE('flowDecl', () => {
    this.CONSUME(K.flow);
    this.SUBRULE(this.meta);
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  recountDecl = this.RULE('recountDecl', () => {
    this.CONSUME(K.recount);
    this.CONSUME(Name, { LABEL: 'counter' });
    this.CONSUME(K.as);
    this.SUBRULE(this.expr);
    this.SUBRULE(this.meta);
  });

  winnerDecl = this.RULE('winnerDecl', () => {
    this.CONSUME(K.winner);
    this.OR(this.once('winnerDecl', () => [
      {
        // `winner team` alone, or `winner team most team-score`: the team's result as everyone's score.
        ALT: () => {
          this.CONSUME(K.team);
          this.OPTION(() => this.SUBRULE3(this.ordering));
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.ordering);
          this.MANY(() => {
            this.CONSUME(K.then);
            this.SUBRULE2(this.ordering);
          });
        },
      },
    ]));
    this.SUBRULE(this.meta);
  });

  ordering = this.RULE('ordering', () => {
    this.anyOf('direction', K.most, K.least);
    this.SUBRULE(this.expr);
  });

  variantDecl = this.RULE('variantDecl', () => {
    this.CONSUME(K.variant);
    this.CONSUME(Name, { LABEL: 'id' });
    this.CONSUME(T.String, { LABEL: 'title' });
    this.OPTION(() => {
      this.CONSUME(K.when);
      this.SUBRULE(this.expr, { LABEL: 'when' });
    });
    this.OPTION2(() => {
      this.CONSUME(K.excludes);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(Name, { LABEL: 'excludes' }) });
    });
    this.SUBRULE(this.meta);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.overlay));
    this.CONSUME(T.RBrace);
  });

  overlay = this.RULE('overlay', () => {
    this.OR(this.once('overlay', () => [
      {
        ALT: () => {
          this.CONSUME(K.add, { LABEL: 'op' });
          this.nested(() => this.SUBRULE(this.decl));
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.replace, { LABEL: 'op' });
          this.nested(() => this.SUBRULE2(this.decl));
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.remove, { LABEL: 'op' });
          this.CONSUME(Name, { LABEL: 'target' });
        },
      },
    ]));
  });

  // ─── Statements ────────────────────────────────────────────────────────────

  block = this.RULE('block', () => {
    this.nested(() => {
      this.CONSUME(T.LBrace);
      this.MANY(() => this.SUBRULE(this.stmt));
      this.CONSUME(T.RBrace);
    });
  });

  stmt = this.RULE('stmt', () => {
    this.OR(this.once('stmt', () => ({
      ERR_MSG: 'a statement',
      DEF: [
        { ALT: () => this.SUBRULE(this.letStmt) },
        { ALT: () => this.SUBRULE(this.gainStmt) },
        { ALT: () => this.SUBRULE(this.loseStmt) },
        { ALT: () => this.SUBRULE(this.addStmt) },
        { ALT: () => this.SUBRULE(this.setStmt) },
        { ALT: () => this.SUBRULE(this.moveStmt) },
        { ALT: () => this.SUBRULE(this.drawStmt) },
        { ALT: () => this.SUBRULE(this.shuffleStmt) },
        { ALT: () => this.SUBRULE(this.chooseStmt) },
        { ALT: () => this.SUBRULE(this.ifStmt) },
        { ALT: () => this.SUBRULE(this.forEachStmt) },
        { ALT: () => this.SUBRULE(this.repeatStmt) },
        { ALT: () => this.SUBRULE(this.turnStmt) },
        { ALT: () => this.SUBRULE(this.phaseStmt) },
        { ALT: () => this.SUBRULE(this.fireStmt) },
        { ALT: () => this.SUBRULE(this.callStmt) },
        { ALT: () => this.SUBRULE(this.endStmt) },
        { ALT: () => this.SUBRULE(this.rankStmt) },
        { ALT: () => this.SUBRULE(this.pickStmt) },
        { ALT: () => this.SUBRULE(this.revealStmt) },
        { ALT: () => this.SUBRULE(this.sayStmt) },
      ],
    })));
  });

  letStmt = this.RULE('letStmt', () => {
    this.CONSUME(K.let);
    this.CONSUME(Name, { LABEL: 'name' });
    this.CONSUME(T.Eq);
    this.SUBRULE(this.expr, { LABEL: 'value' });
  });

  gainStmt = this.RULE('gainStmt', () => {
    this.CONSUME(K.gain, { LABEL: 'op' });
    this.SUBRULE(this.expr, { LABEL: 'amount' });
    this.CONSUME(Name, { LABEL: 'counter' });
    this.OPTION2(() => this.onClause());
    this.OPTION(() => {
      this.CONSUME(K.to);
      this.SUBRULE2(this.expr, { LABEL: 'target' });
    });
  });

  loseStmt = this.RULE('loseStmt', () => {
    this.anyOf('op', K.lose, K.pay);
    this.SUBRULE(this.expr, { LABEL: 'amount' });
    this.CONSUME(Name, { LABEL: 'counter' });
    this.OPTION2(() => this.onClause());
    this.OPTION(() => {
      this.CONSUME(K.from);
      this.SUBRULE2(this.expr, { LABEL: 'target' });
    });
  });

  addStmt = this.RULE('addStmt', () => {
    this.CONSUME(K.add, { LABEL: 'op' });
    this.SUBRULE(this.expr, { LABEL: 'amount' });
    this.CONSUME(K.to);
    this.CONSUME(Name, { LABEL: 'counter' });
    this.OPTION(() => {
      this.CONSUME(K.of);
      this.SUBRULE2(this.expr, { LABEL: 'target' });
    });
    this.OPTION2(() => this.onClause());
  });

  setStmt = this.RULE('setStmt', () => {
    this.CONSUME(K.set, { LABEL: 'op' });
    this.CONSUME(Name, { LABEL: 'counter' });
    this.OPTION(() => {
      this.CONSUME(K.of);
      this.SUBRULE(this.expr, { LABEL: 'target' });
    });
    this.OPTION2(() => this.onClause());
    this.CONSUME(K.to);
    this.SUBRULE2(this.expr, { LABEL: 'amount' });
  });

  // `move X to [top of | bottom of] Z`, or `move P off the board` (a piece back to its owner's supply).
  moveStmt = this.RULE('moveStmt', () => {
    this.CONSUME(K.move);
    this.SUBRULE(this.expr, { LABEL: 'what' });
    this.OR(this.once('moveStmt', () => [
      {
        ALT: () => {
          this.CONSUME(K.to);
          this.OPTION(() => {
            this.OR2(this.once('moveStmt#position', () => [
              { ALT: () => this.CONSUME(K.top, { LABEL: 'position' }) },
              { ALT: () => this.CONSUME(K.bottom, { LABEL: 'position' }) },
            ]));
            this.CONSUME(K.of);
          });
          this.SUBRULE2(this.expr, { LABEL: 'to' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.off, { LABEL: 'off' });
          this.CONSUME(K.the);
          this.CONSUME(K.board);
        },
      },
    ]));
  });

  drawStmt = this.RULE('drawStmt', () => {
    this.CONSUME(K.draw);
    this.SUBRULE(this.expr, { LABEL: 'count' });
    this.CONSUME(K.from);
    this.SUBRULE2(this.expr, { LABEL: 'from' });
    this.CONSUME(K.to);
    this.SUBRULE3(this.expr, { LABEL: 'to' });
  });

  shuffleStmt = this.RULE('shuffleStmt', () => {
    this.CONSUME(K.shuffle);
    this.SUBRULE(this.expr, { LABEL: 'zone' });
  });

  // After `[may] choose`: a name, `any` or a number of things starts a choice from a list, `by`
  // or `{` a menu.
  chooseStmt = this.RULE('chooseStmt', () => {
    this.OPTION(() => this.CONSUME(K.may));
    this.CONSUME(K.choose);
    this.OR(this.once('chooseStmt', () => [
      {
        ALT: () => {
          // `choose any cards from …` (a subset of any size) or `choose 3 cards from …` (exactly 3).
          this.OPTION2({
            GATE: () => [K.any, T.Number, T.LParen].includes(this.LA(1).tokenType) || this.nameIsCount(),
            DEF: () => this.OR3(this.once('chooseStmt#size', () => [
              { ALT: () => this.CONSUME(K.any) },
              { ALT: () => this.SUBRULE6(this.chooseCount, { LABEL: 'count' }) },
            ])),
          });
          this.CONSUME(Name, { LABEL: 'variable' });
          this.CONSUME(K.from);
          this.SUBRULE(this.expr, { LABEL: 'from' });
          this.OPTION3(() => {
            this.CONSUME(K.to);
            this.SUBRULE2(this.expr, { LABEL: 'to' });
          });
          this.OPTION4(() => {
            this.CONSUME(K.where);
            this.SUBRULE3(this.expr, { LABEL: 'where' });
          });
          this.CONSUME(K.as);
          this.OR2(
            this.once('chooseStmt#label', () => [
              {
                // `as lay "play {spot} at end"`: the choice's name, then the template of its ids.
                ALT: () => {
                  this.CONSUME2(Name, { LABEL: 'verb' });
                  this.OPTION8(() => this.CONSUME3(T.String, { LABEL: 'template' }));
                },
              },
              { ALT: () => this.CONSUME(T.String, { LABEL: 'template' }) },
            ]),
          );
          this.OPTION5(() => {
            this.CONSUME(K.or);
            this.CONSUME2(T.String, { LABEL: 'passLabel' });
          });
          this.OPTION6(() => {
            this.CONSUME(K.by);
            this.SUBRULE4(this.expr, { LABEL: 'by' });
          });
        },
      },
      {
        ALT: () => {
          // `choose lay { … }`: a menu named for forbidding rules and `regula moves` (else `menu`).
          this.OPTION9(() => this.CONSUME4(Name, { LABEL: 'menuName' }));
          this.OPTION7(() => {
            this.CONSUME2(K.by);
            this.SUBRULE5(this.expr, { LABEL: 'by' });
          });
          this.CONSUME(T.LBrace);
          this.AT_LEAST_ONE(() => this.SUBRULE(this.menuOption));
          this.CONSUME(T.RBrace);
        },
      },
    ]));
  });

  // How many things `choose N xs from …` takes: a number, a name (`choose passed cards from …`) or
  // an expression in brackets; a name is told from the chosen variable by the name after it.
  chooseCount = this.RULE('chooseCount', () => {
    this.OR(this.once('chooseCount', () => [
      { ALT: () => this.CONSUME(T.Number, { LABEL: 'number' }) },
      { GATE: () => this.nameIsCount(), ALT: () => this.CONSUME(Name, { LABEL: 'name' }) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.SUBRULE(this.expr, { LABEL: 'inner' });
          this.CONSUME(T.RParen);
        },
      },
    ]));
  });

  // `"play {card}" for card in hand when … { … }`: one option per item, its label filled in.
  menuOption = this.RULE('menuOption', () => {
    this.CONSUME(T.String, { LABEL: 'label' });
    this.OPTION2(() => {
      this.CONSUME(K.for);
      this.CONSUME(Name, { LABEL: 'variable' });
      this.CONSUME(K.in);
      this.SUBRULE2(this.expr, { LABEL: 'list' });
    });
    this.OPTION(() => {
      this.CONSUME(K.when);
      this.SUBRULE(this.expr, { LABEL: 'when' });
    });
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  ifStmt = this.RULE('ifStmt', () => {
    this.CONSUME(K.if);
    this.SUBRULE(this.expr, { LABEL: 'cond' });
    this.SUBRULE(this.block, { LABEL: 'then' });
    this.OPTION(() => {
      this.CONSUME(K.else);
      this.OR(this.once('ifStmt', () => [
        { ALT: () => this.nested(() => this.SUBRULE(this.ifStmt, { LABEL: 'elseIf' })) },
        { ALT: () => this.SUBRULE2(this.block, { LABEL: 'else' }) },
      ]));
    });
  });

  forEachStmt = this.RULE('forEachStmt', () => {
    this.OPTION(() => this.CONSUME(K.simultaneously));
    this.CONSUME(K.for);
    this.CONSUME(K.each);
    this.CONSUME(Name, { LABEL: 'variable' });
    this.CONSUME(K.in);
    this.SUBRULE(this.expr, { LABEL: 'list' });
    this.OPTION2(() => {
      this.CONSUME(K.to);
      this.SUBRULE2(this.expr, { LABEL: 'to' });
    });
    this.OPTION3(() => {
      this.CONSUME(K.where);
      this.SUBRULE3(this.expr, { LABEL: 'where' });
    });
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  repeatStmt = this.RULE('repeatStmt', () => {
    this.CONSUME(K.repeat);
    this.OR(this.once('repeatStmt', () => [
      {
        ALT: () => {
          this.CONSUME(K.until, { LABEL: 'mode' });
          this.SUBRULE(this.expr);
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.while, { LABEL: 'mode' });
          this.SUBRULE2(this.expr);
        },
      },
      {
        ALT: () => {
          this.SUBRULE3(this.expr);
          this.CONSUME(K.times, { LABEL: 'mode' });
        },
      },
    ]));
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  turnStmt = this.RULE('turnStmt', () => {
    this.CONSUME(K.turn);
    this.CONSUME(K.of);
    this.SUBRULE(this.expr, { LABEL: 'player' });
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  phaseStmt = this.RULE('phaseStmt', () => {
    this.OR(this.once('phaseStmt', () => [
      {
        ALT: () => {
          this.CONSUME(K.phase, { LABEL: 'level' });
          this.CONSUME(T.String, { LABEL: 'title' });
          this.OPTION(() => {
            this.CONSUME(K.timed);
            this.SUBRULE(this.expr, { LABEL: 'timed' });
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.step, { LABEL: 'level' });
          this.CONSUME2(T.String, { LABEL: 'title' });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.round, { LABEL: 'level' });
          this.OPTION2(() => this.CONSUME3(T.String, { LABEL: 'title' }));
        },
      },
    ]));
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  fireStmt = this.RULE('fireStmt', () => {
    this.CONSUME(K.fire);
    this.CONSUME(Name, { LABEL: 'event' });
    this.OPTION(() => this.SUBRULE(this.args));
  });

  callStmt = this.RULE('callStmt', () => {
    this.CONSUME(CallName, { LABEL: 'rule' });
    this.SUBRULE(this.args);
  });

  endStmt = this.RULE('endStmt', () => {
    this.CONSUME(K.end);
    this.CONSUME(K.the);
    this.CONSUME(K.game);
    this.OPTION(() => {
      this.CONSUME(K.after);
      this.CONSUME(K.this);
      this.CONSUME(K.round);
    });
  });

  rankStmt = this.RULE('rankStmt', () => {
    this.CONSUME(K.rank);
    this.CONSUME(Name, { LABEL: 'variable' });
    this.CONSUME(K.in);
    this.SUBRULE(this.expr, { LABEL: 'list' });
    this.CONSUME(K.by);
    this.SUBRULE2(this.expr, { LABEL: 'by' });
    this.OPTION(() => {
      this.CONSUME(K.ties);
      this.anyOf('ties', K.share, K.skip);
    });
    this.SUBRULE(this.block, { LABEL: 'body' });
  });

  pickStmt = this.RULE('pickStmt', () => {
    this.CONSUME(K.pick);
    this.CONSUME(K.random);
    this.CONSUME(Name, { LABEL: 'variable' });
    this.CONSUME(K.from);
    this.SUBRULE(this.expr, { LABEL: 'from' });
    this.OPTION(() => {
      this.CONSUME(K.where);
      this.SUBRULE2(this.expr, { LABEL: 'where' });
    });
  });

  revealStmt = this.RULE('revealStmt', () => {
    this.CONSUME(K.reveal);
    this.SUBRULE(this.expr, { LABEL: 'what' });
  });

  sayStmt = this.RULE('sayStmt', () => {
    this.CONSUME(K.say);
    this.CONSUME(T.String, { LABEL: 'text' });
  });

  /** `( [Expr (',' Expr)*] )` */
  args = this.RULE('args', () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expr, { LABEL: 'arg' }) });
    this.CONSUME(T.RParen);
  });

  // ─── Expressions, loosest first ────────────────────────────────────────────

  expr = this.leftChain('expr', () => this.andExpr, K.or);
  andExpr = this.leftChain('andExpr', () => this.notExpr, K.and);
  notExpr = this.prefixed('notExpr', K.not, () => this.notExpr, () => this.compareExpr);

  compareExpr = this.RULE('compareExpr', () => {
    this.SUBRULE(this.sumExpr, { LABEL: 'operands' });
    this.OPTION(() => {
      this.OR(this.once('compareExpr', () => [
        { ALT: () => this.CONSUME(T.Eq, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(T.NotEq, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(T.LtEq, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(T.GtEq, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(T.Lt, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(T.Gt, { LABEL: 'op' }) },
        { ALT: () => this.CONSUME(K.in, { LABEL: 'op' }) },
        {
          ALT: () => {
            this.CONSUME(K.not, { LABEL: 'op' });
            this.CONSUME2(K.in, { LABEL: 'op' });
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.is, { LABEL: 'op' });
            this.OPTION2(() => this.CONSUME2(K.not, { LABEL: 'op' }));
          },
        },
      ]));
      this.SUBRULE2(this.sumExpr, { LABEL: 'operands' });
    });
  });

  sumExpr = this.leftChain('sumExpr', () => this.productExpr, T.Plus, T.Minus);
  productExpr = this.leftChain('productExpr', () => this.unaryExpr, T.Star, T.Slash, K.mod);
  unaryExpr = this.prefixed('unaryExpr', T.Minus, () => this.unaryExpr, () => this.onExpr);

  // `scored of p on c`, `scored on c`: a counter kept per player per thing, for one of its things.
  onExpr = this.RULE('onExpr', () => {
    this.SUBRULE(this.ofExpr, { LABEL: 'target' });
    this.OPTION(() => {
      this.CONSUME(K.on);
      this.SUBRULE2(this.ofExpr, { LABEL: 'thing' });
    });
  });

  ofExpr = this.RULE('ofExpr', () => {
    this.OR(this.once('ofExpr', () => ({
      ERR_MSG: 'an expression',
      DEF: [
        {
          ALT: () => {
            this.CONSUME(Name, { LABEL: 'property' });
            this.CONSUME(K.of);
            this.nested(() => this.SUBRULE(this.ofExpr, { LABEL: 'target' }));
          },
        },
        { ALT: () => this.SUBRULE(this.postfixExpr, { LABEL: 'target' }) },
      ],
    })));
  });

  postfixExpr = this.RULE('postfixExpr', () => {
    this.SUBRULE(this.primary);
    this.MANY(() => {
      this.CONSUME(T.LBracket);
      this.SUBRULE(this.expr, { LABEL: 'index' });
      this.CONSUME(T.RBracket, { LABEL: 'close' });
    });
  });

  primary = this.RULE('primary', () => {
    this.OR(this.once('primary', () => ({
      ERR_MSG: 'an expression',
      DEF: [
        { ALT: () => this.CONSUME(T.Number, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(T.String, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(K.yes, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(K.no, { LABEL: 'literal' }) },
        { ALT: () => this.CONSUME(K.none, { LABEL: 'literal' }) },
        { ALT: () => this.SUBRULE(this.listExpr) },
        {
          ALT: () => {
            this.CONSUME(T.LParen);
            this.SUBRULE(this.expr, { LABEL: 'inner' });
            this.CONSUME(T.RParen);
          },
        },
        { ALT: () => this.SUBRULE(this.ifExpr) },
        { GATE: () => this.quantifierAhead(), ALT: () => this.SUBRULE(this.filterQuant) },
        { ALT: () => this.SUBRULE(this.foldQuant) },
        { ALT: () => this.SUBRULE(this.sortQuant) },
        { ALT: () => this.SUBRULE(this.connectedQuant) },
        {
          ALT: () => {
            this.CONSUME(Name, { LABEL: 'name' });
            this.OPTION(() => this.SUBRULE(this.args));
          },
        },
      ],
    })));
  });

  listExpr = this.RULE('listExpr', () => {
    this.CONSUME(T.LBracket);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expr, { LABEL: 'items' }) });
    this.CONSUME(T.RBracket);
  });

  ifExpr = this.RULE('ifExpr', () => {
    this.CONSUME(K.if);
    this.SUBRULE(this.expr, { LABEL: 'cond' });
    this.CONSUME(K.then);
    this.SUBRULE2(this.expr, { LABEL: 'then' });
    this.CONSUME(K.else);
    this.SUBRULE3(this.expr, { LABEL: 'else' });
  });

  /** `count x in L [where C]` or the built-in call `count(…)`; likewise any/every/all/first/last. */
  filterQuant = this.RULE('filterQuant', () => {
    this.anyOf('quantifier', K.count, K.any, K.every, K.all, K.first, K.last);
    this.OR2(this.once('filterQuant', () => [
      { ALT: () => this.SUBRULE(this.args) },
      {
        ALT: () => {
          this.CONSUME(Name, { LABEL: 'variable' });
          this.CONSUME(K.in);
          this.SUBRULE(this.expr, { LABEL: 'list' });
          // `where C` keeps the items for which C holds; `while C` keeps them up to the first that fails.
          this.OPTION(() => {
            this.OR3(this.once('filterQuant#filter', () => [
              { ALT: () => this.CONSUME(K.where, { LABEL: 'filter' }) },
              { ALT: () => this.CONSUME(K.while, { LABEL: 'filter' }) },
            ]));
            this.SUBRULE2(this.expr, { LABEL: 'where' });
          });
        },
      },
    ]));
  });

  /**
   * `sum EXPR for x in L [where C]` or the call `sum(…)`: both may start with `(`, so `(…)` is a
   * call unless it holds one expression and `for` follows its `)` (`sum (a + b) for x in …`).
   */
  foldQuant = this.RULE('foldQuant', () => {
    this.anyOf('quantifier', K.sum, K.max, K.min, K.each);
    this.OR2(this.once('foldQuant', () => ({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.parenIsCall(), ALT: () => this.SUBRULE(this.args) },
        {
          ALT: () => {
            this.SUBRULE(this.expr, { LABEL: 'key' });
            this.CONSUME(K.for);
            this.CONSUME(Name, { LABEL: 'variable' });
            this.CONSUME(K.in);
            this.SUBRULE2(this.expr, { LABEL: 'list' });
            this.OPTION(() => {
              this.OR3(this.once('foldQuant#filter', () => [
              { ALT: () => this.CONSUME(K.where, { LABEL: 'filter' }) },
              { ALT: () => this.CONSUME(K.while, { LABEL: 'filter' }) },
            ]));
              this.SUBRULE3(this.expr, { LABEL: 'where' });
            });
          },
        },
      ],
    })));
  });

  /** `connected x from START [where C]`: the spaces reachable from START through neighbours where C holds. */
  connectedQuant = this.RULE('connectedQuant', () => {
    this.CONSUME(K.connected, { LABEL: 'quantifier' });
    this.CONSUME(Name, { LABEL: 'variable' });
    this.CONSUME(K.from);
    this.SUBRULE(this.expr, { LABEL: 'list' });
    this.OPTION(() => {
      this.CONSUME(K.where);
      this.SUBRULE2(this.expr, { LABEL: 'where' });
    });
  });

  sortQuant = this.RULE('sortQuant', () => {
    this.anyOf('quantifier', K.best, K.worst, K.sorted);
    this.OR2(this.once('sortQuant', () => [
      { ALT: () => this.SUBRULE(this.args) },
      {
        ALT: () => {
          this.CONSUME(Name, { LABEL: 'variable' });
          this.CONSUME(K.in);
          this.SUBRULE(this.expr, { LABEL: 'list' });
          this.OPTION(() => {
            this.CONSUME(K.where);
            this.SUBRULE2(this.expr, { LABEL: 'where' });
          });
          this.CONSUME(K.by);
          this.SUBRULE3(this.expr, { LABEL: 'key' });
          this.MANY(() => {
            this.CONSUME(K.then);
            this.SUBRULE4(this.expr, { LABEL: 'key' });
          });
        },
      },
    ]));
  });

  /** `… on THING` after a counter changed by a statement: which of its things (`gain 3 scored on c`). */
  private onClause(): void {
    this.CONSUME3(K.on);
    this.SUBRULE3(this.ofExpr, { LABEL: 'thing' });
  }

  /** After `choose`: is the name ahead a number of things (`choose n cards from`), not the variable (`choose c from`)? */
  private nameIsCount(): boolean {
    return tokenMatcher(this.LA(1), Name) && tokenMatcher(this.LA(2), Name) && this.LA(2).tokenType !== K.from && this.LA(3).tokenType === K.from;
  }

  /**
   * Does a quantifier start here? `first` and `last` are names too (a variable `last`, a define
   * `first(xs)`): they start `first x in L` only when a name and `in` follow them.
   */
  private quantifierAhead(): boolean {
    const word = this.LA(1).tokenType;
    if (word !== K.first && word !== K.last) return true;
    return tokenMatcher(this.LA(2), Name) && this.LA(3).tokenType === K.in;
  }

  /** After `sum`/`max`/`min`: is the `(` ahead an argument list rather than a parenthesised key? */
  private parenIsCall(): boolean {
    if (this.LA(1).tokenType !== T.LParen) return false;
    if (this.LA(2).tokenType === T.RParen) return true;
    let depth = 0;
    for (let i = 1; ; i++) {
      const type = this.LA(i).tokenType;
      if (type === EOF) return true;
      if (type === T.LParen || type === T.LBracket) depth++;
      else if (type === T.RBracket) depth--;
      // A comma between the outer parentheses only fits an argument list: `max(a, b) for …`.
      else if (type === T.Comma && depth === 1) return true;
      else if (type === T.RParen && --depth === 0) return this.LA(i + 1).tokenType !== K.for;
    }
  }
}

/** The one parser: set `parser.input` to a token vector, then call `parser.ruleset()`. */
export const parser = new RegulaParser();
