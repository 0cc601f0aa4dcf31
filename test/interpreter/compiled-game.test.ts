// The compiled tier (interpreter/runtime/compiled-game.ts) plays a playout exactly as the machine
// does: the same moves and the same result for the same seeds, on every shipped ruleset it covers;
// the machine plays whatever it does not cover or gives up, and gives the true errors; no text of a
// ruleset becomes code; and where source is forbidden the machine plays everything.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  playGame, playout, randomAgent, RuleError, useGeneratedCode, watchCompiledGames, whyNotCompiled, type Agent,
} from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { compileFile, compileText } from '../helpers.js';
import { HOSTILE } from './hostile.js';

afterEach(() => {
  watchCompiledGames(undefined);
  vi.unstubAllGlobals();
  useGeneratedCode(true);
});

/** A playout and the machine's game for the same seeds, as the moves and result each gives. */
function bothWays(def: GameDefinition, players: number, seed: string) {
  const p = playout(def, { players, seed, agents: (seat) => randomAgent(`${seed}:${seat}`) });
  const state = playGame(def, { players, seed, engine: 'machine', agents: Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`)) });
  return { tier: p.tier, compiled: JSON.stringify([p.moves, p.result]), machine: JSON.stringify([state.moves, state.result]) };
}

/** Plays `games` seeded games both ways: the compiled tier plays every one, move for move as the machine does. */
function expectSameGames(def: GameDefinition, players: number, name: string, games: number) {
  expect(whyNotCompiled(def, players)).toBeNull();
  for (let g = 0; g < games; g++) {
    const { tier, compiled, machine } = bothWays(def, players, `${name}-${g}`);
    expect(tier).toBe('compiled');
    expect(compiled, `game ${g}`).toBe(machine);
  }
}

const SHIPPED: readonly [string, number[], number][] = [
  ['rulesets/connect-four/connect-four.rules', [2], 80],
  ['rulesets/connect-four/connect-four.obvious.rules', [2], 10],
  ['rulesets/breakthrough/breakthrough.rules', [2], 40],
  ['rulesets/draughts/draughts.rules', [2], 12],
  ['rulesets/yacht/yacht.rules', [1, 2, 4], 8],
  ['rulesets/hearts/hearts.rules', [4], 10],
  ['rulesets/tokaido/tokaido.cs.rules', [2, 3, 4, 5], 8],
  ['rulesets/tokaido/tokaido.ru.rules', [2, 3, 4, 5], 4],
  ['rulesets/java/java.cs.rules', [2, 3, 4], 5],
  ['rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', [2, 3, 4], 5],
  ['rulesets/kudy-tudy/kudy-tudy.cs.rules', [2, 3, 4], 4],
];

describe('the compiled tier', () => {
  it('plays every shipped ruleset as the machine does, move for move, where it covers the rules', () => {
    for (const [file, counts, games] of SHIPPED) {
      const def = compileFile(file);
      for (const players of counts) {
        const why = whyNotCompiled(def, players);
        for (let g = 0; g < games; g++) {
          const { tier, compiled, machine } = bothWays(def, players, `tier-${g}`);
          expect(compiled, `${file}, ${players} players, game ${g}`).toBe(machine);
          // A shipped game it covers is never given up: that would hide a gap as slowness.
          expect(tier, `${file}, ${players} players: ${why}`).toBe(why === null ? 'compiled' : 'machine');
        }
      }
    }
  });

  it('covers every shipped game, of pieces and of cards', () => {
    for (const [file, players] of [['connect-four/connect-four', 2], ['connect-four/connect-four.obvious', 2], ['breakthrough/breakthrough', 2],
      ['draughts/draughts', 2], ['hearts/hearts', 4], ['thurn-und-taxis/thurn-und-taxis.cs', 3], ['kudy-tudy/kudy-tudy.cs', 3],
      ['tokaido/tokaido.cs', 4], ['tokaido/tokaido.ru', 3], ['java/java.cs', 3], ['yacht/yacht', 1]] as const) {
      expect(whyNotCompiled(compileFile(`rulesets/${file}.rules`), players), file).toBeNull();
    }
  });

  it('answers as the machine on statements and expressions a board game writes', () => {
    const def = compileText(`
game "Tour" { players 2 to 3 }
component Cell { name: text, x: number, y: number, kind: plain | hill }
table cells of Cell {
  | name | x | y | kind  |
  | a1   | 0 | 0 | plain |
  | b1   | 1 | 0 | hill  |
  | c1   | 2 | 0 | plain |
  | d1   | 3 | 0 | plain |
  | a2   | 0 | 1 | hill  |
  | b2   | 1 | 1 | plain |
  | c2   | 2 | 1 | plain |
  | d2   | 3 | 1 | hill  |
  | a3   | 0 | 2 | plain |
  | b3   | 1 | 2 | plain |
  | c3   | 2 | 2 | hill  |
  | d3   | 3 | 2 | plain |
}
board field: square grid of cells
pieces walkers 2 per player
piece flag in walkers
counter score per player
counter trodden per field
counter moved per walkers
counter rounds-left, from 6
define hills = all c in field where kind of c = "hill"
define mine = all w in walkers where owner of w = player
define free(c) = count(pieces-at(c)) = 0
define reach(c) = each t for t in [toward(c, "east"), toward(c, "south"), toward(c, "north-west")] where t is not none
define top-score = max score of p for p in players
define total = sum s for s in (each score of p for p in players)
define walked = count w in walkers where space of w is not none and moved of w > 0
setup {
  for each p in players {
    repeat 2 times {
      move (first w in walkers where owner of w = p and space of w is none) to first c in field where free(c)
    }
  }
  move flag to last c in field where free(c)
}
flow {
  repeat while rounds-left > 0 {
    phase "Round" {
      for each p in players {
        turn of p { walk(p) }
      }
    }
    lose 1 rounds-left
  }
  if top-score >= 3 and total > 0 { say "a good game" } else if walked = 0 { say "nobody walked" } else { say "a quiet game" }
}
rule walk(p) {
  choose w from mine + mine where count(reach(space of w)) > 0 as pick
  may choose c from reach(space of w) as go
  if c is not none {
    move w to c
    gain 1 moved to w
    gain 1 trodden to c
    if c in hills or space of flag = c { gain 2 score } else { gain 1 score }
    if c = space of flag { move flag off the board }
  }
}
rule blocked forbids go when not free(c) and c != space of flag and owner of w = player
winner most score then least walked
`);
    for (const players of [2, 3]) {
      expect(whyNotCompiled(def, players)).toBeNull();
      for (let g = 0; g < 30; g++) {
        const { tier, compiled, machine } = bothWays(def, players, `tour-${g}`);
        expect(tier).toBe('compiled');
        expect(compiled, `game ${g}`).toBe(machine);
        expect(JSON.parse(compiled)[0].length, `game ${g}`).toBeGreaterThan(6);
      }
    }
  });

  it('offers a choice over lists joined by + as the machine offers the joined list, identical options once', () => {
    // Choices over sums of `each` and `all` are walked part by part with no joined list made
    // (writer.ts, chooseStreamed): pairs written out, things, texts, a pair read whole, options
    // repeated across parts, an optional choice, a part whose items are not all things, and labels
    // with text after the option's own.
    const def = compileText(`
game "Steps" { players 2 }
component Cell { name: text, x: number, y: number }
table cells of Cell {
  | name | x | y |
  | a1   | 0 | 0 |
  | b1   | 1 | 0 |
  | c1   | 2 | 0 |
  | a2   | 0 | 1 |
  | b2   | 1 | 1 |
  | c2   | 2 | 1 |
  | a3   | 0 | 2 |
  | b3   | 1 | 2 |
  | c3   | 2 | 2 |
}
board field: square grid of cells
pieces stones 2 per player
counter score per player
counter rounds-left, from 5
define mine = all s in stones where owner of s = player
define east-steps = each [space of s, toward(space of s, "east")] for s in mine
define steps = east-steps + (each [space of s, toward(space of s, "south")] for s in mine where space of s is not none) + east-steps
define spots = (all c in field) + (all c in field)
define names = (each name of c for c in field where x of c = 0) + (each name of c for c in field where y of c = 0)
define mixed = (each toward(c, "north") for c in field) + (all c in field)
setup {
  for each p in players {
    repeat 2 times {
      move (first s in stones where owner of s = p and space of s is none) to first c in field where count(pieces-at(c)) = 0
    }
  }
}
flow {
  repeat while rounds-left > 0 {
    for each p in players { turn of p { walk() } }
    lose 1 rounds-left
  }
}
rule walk {
  may choose st from steps where st[2] is not none and count(pieces-at(st[2])) = 0 as go
  if st is not none { move (first s in stones where space of s = st[1]) to st[2] }
  choose c from spots where st is none or c != st[2] as mark
  choose t from names as call
  if t = name of c { gain 2 score }
  may choose w from steps where w in east-steps as again
  if w is not none { gain 1 score }
  choose m from mixed as look
  if m is none { gain 1 score }
  choose d from spots where d != c as "then {d} too"
  choose e from field where e != d as "see {e}!"
  if x of e = x of d { gain 1 score }
}
rule crowded forbids mark when st is not none and x of c = x of st[2] and y of c = y of st[1]
winner most score
`);
    const sources: string[] = [];
    watchCompiledGames((source) => sources.push(source));
    expectSameGames(def, 2, 'steps', 40);
    // The pairs are offered as their two parts, with no list of the steps built for the choice (a pair is made only if chosen).
    expect(sources.join('\n')).toMatch(/offerPair\(a, b\)/);
  });

  it('keeps the pieces in supply as they leave the board and come back, as the machine finds them', () => {
    const def = compileText(`
game "Tides" { players 2 }
component Cell { name: text, x: number, y: number }
table cells of Cell {
  | name | x | y |
  | a1   | 0 | 0 |
  | b1   | 1 | 0 |
  | c1   | 2 | 0 |
}
board shore: square grid of cells
pieces shells 1 per player
counter score per player
counter rounds-left, from 6
define ashore(c) = first s in shells where space of s = c
flow {
  repeat while rounds-left > 0 {
    for each p in players { turn of p { tide() } }
    lose 1 rounds-left
  }
}
rule tide {
  choose c from shore as pick
  if ashore(c) is not none { move ashore(c) off the board } else if ashore(none) is not none { move ashore(none) to c }
  if every s in shells where space of s is not none { gain 3 score }
  gain count(all s in shells where space of s = none) score
  if (first s in shells where owner of s = player and space of s is none) is not none { gain 1 score }
}
winner most score
`);
    expectSameGames(def, 2, 'tides', 30);
  });

  it('finds the first piece on a space in the collection\'s order, and a player\'s pieces on the board, as the machine does', () => {
    // Stones come onto the board last first, so a cell's pieces lie in another order than the
    // collection's; \`first s in stones where space of s = c\` is found in place (firstOn).
    const def = compileText(`
game "Stacks" { players 2 }
component Cell { name: text, x: number, y: number }
table cells of Cell {
  | name | x | y |
  | a1   | 0 | 0 |
  | b1   | 1 | 0 |
}
board row: square grid of cells
pieces stones 4 per player
counter score per player
counter rounds-left, from 10
define earliest(c) = first s in stones where space of s = c
define placed(s) = space of s is not none
flow {
  repeat while rounds-left > 0 {
    for each p in players { turn of p { stack() } }
    lose 1 rounds-left
  }
}
rule stack {
  choose c from row as put
  let next = last s in stones where space of s is none
  if next is not none { move next to c } else if earliest(c) is not none { move earliest(c) off the board }
  if earliest(c) is not none and owner of earliest(c) = player { gain 1 score }
  if earliest(none) is not none { gain 1 score }
  gain count(all s in stones where owner of s = player and placed(s)) score
  if (last s in stones where owner of s = player and space of s is not none) is not none { gain 1 score }
}
winner most score
`);
    const sources: string[] = [];
    watchCompiledGames((source) => sources.push(source));
    expectSameGames(def, 2, 'stacks', 30);
    expect(sources.join('\n')).toMatch(/firstOn\(\d+, /);
    // A player's stones on the board, kept between the moves that bring one on or take one off.
    expect(sources.join('\n').match(/onBoard\(\d+, /g)).toHaveLength(2);
  });

  it('finds a cell by two of its attributes at once, as trying every cell finds it', () => {
    // `x of s = a and y of s = b` is one lookup by both: in arrays by number where every value is a
    // small whole number (byNumbers, byNumber), else in maps (withValues). Values no cell has, a
    // negative number, a text where numbers are kept and a third test judged on what is found all
    // answer as the machine's.
    const def = compileText(`
game "Coordinates" { players 2 }
component Cell { name: text, x: number, y: number, shade: light | dark, ground: plain | rough }
table cells of Cell {
  | name | x | y | shade | ground |
  | a1   | 0 | 0 | dark  | plain  |
  | b1   | 1 | 0 | light | rough  |
  | a2   | 0 | 1 | light | plain  |
  | b2   | 1 | 1 | dark  | rough  |
  | c2   | 2 | 1 | dark  | plain  |
}
board field: square grid of cells
counter score per player
counter rounds-left, from 8
define cell(a, b) = first s in field where x of s = a and y of s = b
define dark-at(a, b) = count s in field where y of s = b and x of s = a and shade of s = "dark"
define patch(c) = first s in field where shade of s = shade of c and ground of s = "rough" and s != c
define column(a) = all s in field where x of s = a
flow {
  repeat while rounds-left > 0 {
    for each p in players { turn of p { aim() } }
    lose 1 rounds-left
  }
}
rule aim {
  choose c from field as at
  if cell(x of c + 1, y of c) is not none { gain 1 score }
  if cell(x of c - 1, y of c) is none { gain 1 score }
  if cell(y of c, x of c) is none { gain 2 score }
  if cell("0", y of c) is none { gain 1 score }
  gain dark-at(x of c, 1 - y of c) score
  if patch(c) is not none { gain 1 score }
  gain count(column(y of c + 1)) score
}
winner most score
`);
    const sources: string[] = [];
    watchCompiledGames((source) => sources.push(source));
    expectSameGames(def, 2, 'coordinates', 30);
    const program = sources.join('\n');
    expect(program.match(/byNumbers\(K\[\d+\], /g)).toHaveLength(2);
    expect(program.match(/byNumber\(K\[\d+\], /g)).toHaveLength(1);
    expect(program.match(/withValues\(K\[\d+\], /g)).toHaveLength(1);
  });

  it('finds spaces along a track by their positions as the machine does, the bounding tests judged once', () => {
    // Leading tests of position bound a range of the track; with nothing else to judge, a count,
    // a list, a first and a choice are the range itself (writer.ts, positionRange and condition).
    const def = compileText(`
game "Track" { players 2 }
component Stop { name: text, kind: plain | inn }
table stops of Stop {
  | name | kind  |
  | s1   | plain |
  | s2   | plain |
  | s3   | inn   |
  | s4   | plain |
  | s5   | plain |
  | s6   | plain |
  | s7   | inn   |
  | s8   | plain |
}
board road: track of stops
pieces walkers 1 per player
counter score per player
counter rounds-left, from 6
define ahead(w) = all s in road where position of s > position of w
define near(w) = count s in road where position of s > position of w and position of s <= position of w + 3
define next-inn(w) = first s in road where position of s > position of w and kind of s = "inn"
define behind(w) = count s in road where position of s < position of w
setup {
  for each p in players { move (first w in walkers where owner of w = p) to first s in road }
}
flow {
  repeat while rounds-left > 0 {
    for each p in players { turn of p { walk(first w in walkers where owner of w = p) } }
    lose 1 rounds-left
  }
}
rule walk(w) {
  may choose s from road where position of s > position of w and position of s <= position of w + 2 as go
  if s is not none { move w to s }
  gain count(ahead(w)) + near(w) + behind(w) score
  if next-inn(w) is not none { gain 1 score }
}
winner most score
`);
    expectSameGames(def, 2, 'track', 30);
  });

  it('gives a game up to the machine, which gives the true error, where the rules go wrong mid-game', () => {
    const errorOf = (rules: string) => {
      const def = compileText(rules);
      expect(whyNotCompiled(def, 2)).toBeNull();
      const run = () => playout(def, { players: 2, seed: 1, agents: (seat) => randomAgent(seat) });
      try {
        run();
      } catch (e) {
        return e;
      }
      return null;
    };
    const none = errorOf(`
game "Stuck" { players 2 }
counter n per player
flow { turn of players[1] { choose k from [1, 2, 3] where k > 5 as take gain k n } }
winner most n
`);
    expect(none).toBeInstanceOf(RuleError);
    expect((none as RuleError).diagnostic.code).toBe('R0602');
    const runaway = errorOf(`
game "Forever" { players 2 }
counter n
flow { repeat until n < 0 { gain 1 n } }
`);
    expect((runaway as RuleError).diagnostic.code).toBe('R0601');
    // Few rounds of many statements: the machine's step limit, not the number of rounds, decides.
    const long = errorOf(`
game "Long" { players 2 }
counter n
flow { repeat 15000 times { ${'gain 1 n '.repeat(14)}} }
`);
    expect((long as RuleError).diagnostic.code).toBe('R0601');
    const deep = errorOf(`
game "Deep" { players 2 }
counter n
rule down(k) { if k > 0 { gain 1 n down(k - 1) } }
flow { down(3000) }
`);
    expect((deep as RuleError).message).toMatch(/5,000 deep/);
    const division = errorOf(`
game "Halves" { players 2 }
counter n
define half(k) = k / (k - k)
flow { set n to half(4) }
`);
    expect((division as RuleError).message).toMatch(/Division by zero/);
    // A value known to be a space or none, read as a space where it is none (off the board's edge).
    const edge = errorOf(`
game "Edge" { players 2 }
component Cell { name: text, x: number, y: number }
table cells of Cell {
  | name | x | y |
  | a1   | 0 | 0 |
  | b1   | 1 | 0 |
}
board row: square grid of cells
pieces stones 1 per player
counter n per player
define placed = first s in stones where space of s is not none
define ahead(c) = toward(c, "east")
flow {
  move (first s in stones where owner of s = players[1]) to first c in row
  let next = ahead(space of placed)
  set n of players[1] to x of next
  let beyond = ahead(next)
  set n of players[2] to x of beyond
}
winner most n
`);
    expect((edge as RuleError).diagnostic.code).toBe('R0605');
    // A define written in place where it is called on a thing, calling itself on it forever.
    const spin = errorOf(`
game "Spin" { players 2 }
component Cell { name: text, x: number, y: number }
table cells of Cell {
  | name | x | y |
  | a1   | 0 | 0 |
  | b1   | 1 | 0 |
}
board row: square grid of cells
counter n per player
define spin(s) = if x of s > 5 then 1 else spin(s)
flow { for each c in row { set n of players[1] to spin(c) } }
winner most n
`);
    expect((spin as RuleError).message).toMatch(/calls defines more than 1000 deep/);
  });

  it('plays a define that calls one a power overrides, whichever is written first', () => {
    const def = compileText(`
game "Gifts" { players 2 }
component Gift { name: text }
table gifts of Gift in pile {
  | name  |
  | Lucky |
  | Plain |
}
zone pile of Gift, public
zone gift of Gift per player, public
powers come from gift
power Lucky {
  define bonus = 2
}
counter score per player
define bonus = 1
define worth = bonus + 1
flow {
  for each p in players { turn of p { choose c from pile as take  move c to gift } }
  repeat 2 times { for each p in players { turn of p { choose k from [1, 2] as add  gain k + worth score } } }
}
winner most score
`);
    for (let g = 0; g < 10; g++) {
      const { tier, compiled, machine } = bothWays(def, 2, `gifts-${g}`);
      expect(tier).toBe('compiled');
      expect(compiled).toBe(machine);
    }
  });

  it('plays long runs without a decision, as the machine does, when they stay within its limits', () => {
    const def = compileText(`
game "Count" { players 2 }
counter n per player
flow {
  repeat 10000 times { gain 1 n to players[1] }
  for each p in players { turn of p { choose k from [1, 2] as take  gain k n } }
}
winner most n
`);
    for (let g = 0; g < 3; g++) {
      const { tier, compiled, machine } = bothWays(def, 2, `count-${g}`);
      expect(tier).toBe('compiled');
      expect(compiled).toBe(machine);
    }
  });

  it('plays on the machine for agents that cannot pick by index', () => {
    const def = compileFile('rulesets/connect-four/connect-four.rules');
    const byIdOnly = (seat: number): Agent => ({ name: 'ids', choose: (moves) => moves[seat % moves.length]! });
    expect(playout(def, { players: 2, seed: 3, agents: byIdOnly }).tier).toBe('machine');
  });

  it('never writes a ruleset\'s texts or names into the program', () => {
    const hostile = HOSTILE;
    const def = compileText(`
game "Hostile" { players 2 }
counter hits per player
${hostile.map((t, i) => `define text${i} = "${t}"`).join('\n')}
flow {
  repeat 3 times {
    for each p in players {
      turn of p {
        choose t from [${hostile.map((_, i) => `text${i}`).join(', ')}] as shout
        if t + "!" != t and t = text2 { gain 1 hits }
      }
    }
  }
}
winner most hits
`);
    const sources: string[] = [];
    watchCompiledGames((s) => sources.push(s));
    for (let g = 0; g < 10; g++) {
      const { tier, compiled, machine } = bothWays(def, 2, `hostile-${g}`);
      expect(tier).toBe('compiled');
      expect(compiled).toBe(machine);
    }
    expect((globalThis as Record<string, unknown>).__regulaInjected).toBeUndefined();
    const source = sources.join('\n');
    expect(source).toContain('function play');
    for (const fragment of ['__regulaInjected', 'script', '`', 'shout', 'hits', 'text0']) expect(source).not.toContain(fragment);
  });

  it('leaves every game to the machine where making code from source is forbidden', () => {
    vi.stubGlobal('Function', function forbidden() {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source");
    });
    useGeneratedCode(true); // the machine's expressions learn it too, and are closures
    // A definition of its own: what the tier made of the shipped one is kept with it.
    const def = compileText(`
game "Plain" { players 2 }
counter n per player
flow { for each p in players { turn of p { choose k from [1, 2] as take gain k n } } }
winner most n
`);
    expect(whyNotCompiled(def, 2)).toMatch(/forbids/);
    const p = playout(def, { players: 2, seed: 5, agents: (seat) => randomAgent(seat) });
    expect(p.tier).toBe('machine');
    expect(p.moves).toHaveLength(2);
  });
});
