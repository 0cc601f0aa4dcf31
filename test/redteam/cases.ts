// The bad command lines of the red-team suite, each with the exit codes it may end with: every input
// slot of every command given each damaged file, every write target each place that cannot be
// written, and usage an attacker tries (extra arguments, negative and absurd numbers, values that
// start with a dash, control characters). Built from the fixtures (test/redteam/fixtures.ts).
import { C4, type Fixtures } from './fixtures.js';

export interface Case {
  readonly what: string;
  readonly argv: readonly string[];
  /** The exit codes it may end with: 2 bad input, 1 a ruleset's error; 0 where it is refused nothing. */
  readonly codes: readonly number[];
  /** What its message must say, if anything in particular. */
  readonly says?: RegExp;
}

/** Each place a command reads a file, as the command line that gives it `path`. */
export function inputSlots(f: Fixtures): Record<string, (path: string) => string[]> {
  return {
    'check <ruleset>': (p) => ['check', p],
    'info <ruleset>': (p) => ['info', p],
    'outline <ruleset>': (p) => ['outline', p],
    'play <ruleset>': (p) => ['play', p],
    'fmt --check <ruleset>': (p) => ['fmt', '--check', p],
    'sim <ruleset>': (p) => ['sim', p, '--games', '1', '--workers', '1'],
    'diff <first> <second>': (p) => ['diff', C4, p, '--games', '0'],
    'play --moves': (p) => ['play', C4, '--moves', p],
    'moves --state': (p) => ['moves', C4, '--state', p],
    'replay <ruleset> <game>': (p) => ['replay', C4, p],
    'scenario <file>': (p) => ['scenario', p],
    'diff --notes': (p) => ['diff', C4, f.c4Copy, '--notes', p, '--games', '0'],
    'sim --compare': (p) => ['sim', C4, '--compare', p, '--games', '1', '--workers', '1'],
    'play --agent': (p) => ['play', C4, '--agent', p],
  };
}

/** Each command that writes a file, as the command line that writes `path`. */
const outputSlots: Record<string, (path: string) => string[]> = {
  'play --save': (p) => ['play', C4, '--agents', 'first', '--save', p],
  'moves --save': (p) => ['moves', C4, '--save', p],
  'sim --report': (p) => ['sim', C4, '--games', '2', '--workers', '1', '--report', p],
  'diff --report': (p) => ['diff', C4, '--games', '0', '--report', p],
};

export function damagedInputCases(f: Fixtures): Case[] {
  const cases: Case[] = [];
  for (const [slot, argv] of Object.entries(inputSlots(f))) {
    for (const [kind, path] of Object.entries(f.damaged)) {
      // /dev/null is an empty device: refused like any device, never read as an empty file.
      cases.push({ what: `${slot}: ${kind}`, argv: argv(path), codes: [2] });
    }
  }
  for (const [kind, ruleset] of Object.entries(f.citing)) {
    // A link to nothing is a rulebook not found: check warns (R0502), coverage has nothing to measure.
    const notFound = /broken link|loop of links/.test(kind);
    cases.push({ what: `check: a rulebook that is ${kind}`, argv: ['check', ruleset], codes: notFound ? [0] : [2], ...(notFound ? { says: /warning R0502/ } : {}) });
    cases.push({ what: `coverage: a rulebook that is ${kind}`, argv: ['coverage', ruleset], codes: [2] });
  }
  cases.push({ what: 'a rulebooks library linked out of its tree', argv: ['check', f.linkedLibrary], codes: [2], says: /rulebooks library .* is a link to .*outside/ });
  return cases;
}

export function unwritableCases(f: Fixtures): Case[] {
  const cases: Case[] = [];
  for (const [slot, argv] of Object.entries(outputSlots)) {
    for (const [kind, path] of Object.entries(f.unwritable)) cases.push({ what: `${slot}: ${kind}`, argv: argv(path), codes: [2] });
    cases.push({ what: `${slot}: the ruleset itself`, argv: argv(f.c4Copy).map((a) => (a === C4 ? f.c4Copy : a)), codes: [2], says: /which this command reads/ });
  }
  return cases;
}

export function usageCases(f: Fixtures): Case[] {
  const bad = (what: string, argv: string[], says?: RegExp, codes: number[] = [2]): Case => ({ what, argv, codes, ...(says ? { says } : {}) });
  const extra = /left over/;
  return [
    // One argument too many, for every command that takes a fixed number.
    ...['info', 'coverage', 'outline', 'play', 'state', 'moves', 'sim'].map((c) => bad(`${c} with a second file`, [c, C4, f.c4Copy], extra)),
    bad('why with a second file', ['why', C4, f.c4Copy, '--move', 'drop a'], extra),
    bad('replay with a third file', ['replay', C4, f.c4Copy, f.c4Copy], extra),
    bad('diff with a third file', ['diff', C4, f.c4Copy, C4, '--games', '0'], extra),
    bad('lsp with a file', ['lsp', C4], extra),
    bad('bench with a file', ['bench', C4], extra),
    bad('play with a stray word', ['play', C4, '3'], extra),
    // Negative, zero and absurd numbers.
    ...['play', 'state', 'moves', 'outline'].map((c) => bad(`${c} --players -1`, [c, C4, '--players', '-1'], /takes 2 to 2 players, not -1/)),
    bad('sim --players -1', ['sim', C4, '--players', '-1', '--games', '1'], /not -1/),
    bad('diff --players -1', ['diff', C4, '--players', '-1', '--games', '1'], /--players -1/),
    bad('sim --games -1', ['sim', C4, '--games', '-1'], /--games takes 1 or more, not -1/),
    bad('sim --workers -2', ['sim', C4, '--games', '1', '--workers', '-2'], /--workers takes 1 or more/),
    bad('play --max-moves -5', ['play', C4, '--max-moves', '-5'], /--max-moves takes 1 or more/),
    bad('bench --budget-ms -1', ['bench', '--budget-ms', '-1'], /--budget-ms/),
    bad('diff --games -1', ['diff', C4, '--games', '-1'], /--games takes 0 or more/),
    bad('play --players with nothing', ['play', C4, '--players', ''], /whole number/),
    bad('play --players 1e3', ['play', C4, '--players', '1e3'], /whole number/),
    bad('play --players 0x10', ['play', C4, '--players', '0x10'], /whole number/),
    bad('play --players past 2^53', ['play', C4, '--players', '99999999999999999999'], /whole number/),
    bad('sim --games Infinity', ['sim', C4, '--games', 'Infinity'], /whole number/),
    bad('sim --games NaN', ['sim', C4, '--games', 'NaN'], /whole number/),
    bad('play --players 3.0', ['play', C4, '--players', '3.0'], /whole number/),
    // Values that start with a dash, flags in the wrong form.
    bad('play --moves -x', ['play', C4, '--moves', '-x'], /--moves needs a value/),
    bad('play --state --json', ['play', C4, '--state', '--json'], /--state needs a value/),
    bad('play --json=yes', ['play', C4, '--json=yes'], /does not take an argument/),
    bad('play -p 2', ['play', C4, '-p', '2'], /Unknown option '-p'/),
    bad('play ---players 2', ['play', C4, '---players', '2']),
    bad('play --players', ['play', C4, '--players'], /--players/),
    bad('a command in capitals', ['PLAY', C4], /Unknown command/),
    bad('an empty command', ['', C4], /Unknown command/),
    // Seats, variants, agents, comparisons.
    bad('--as P0', ['play', C4, '--as', 'P0'], /--as P0/),
    bad('--as with nothing', ['state', C4, '--as', ''], /--as/),
    bad('--as -1', ['state', C4, '--as', '-1'], /--as -1/),
    bad('--variant with nothing', ['play', C4, '--variant', '']),
    bad('--agents with nothing', ['play', C4, '--agents', '']),
    bad('--agents for three seats of two', ['play', C4, '--agents', 'random,random,random']),
    bad('--agents of commas', ['play', C4, '--agents', ',']),
    bad('--agents mcts with a negative option', ['play', C4, '--agents', 'mcts:iterations=-1']),
    bad('--agents mcts with an unknown option', ['play', C4, '--agents', 'mcts:bogus=1']),
    bad('--agent and --agents', ['play', C4, '--agent', 'random', '--agents', 'first']),
    bad('--compare variants of none', ['sim', C4, '--compare', 'variants=nope', '--games', '1']),
    bad('--compare with nothing', ['sim', C4, '--compare', '', '--games', '1']),
    bad('--compare the same side', ['sim', C4, '--compare', C4, '--games', '1'], /same ruleset with the same variants/),
    bad('--second-variant of none', ['diff', C4, '--second-variant', 'nope', '--games', '0'], /no variant `nope`/),
    bad('why --move of nothing', ['why', C4, '--move', ''], /--move/),
    bad('bench --only of nothing', ['bench', '--only', 'no-such-ruleset'], /no shipped ruleset matches/),
    // Agents that throw or make moves up: the agent's error, with its seat and decision.
    bad('an agent that throws', ['play', C4, '--agent', f.throwingAgent], /the agent .*throws\.mjs of P1 failed on its decision 1 .*the agent broke/),
    bad('an agent that makes a move up', ['play', C4, '--agents', `first,${f.lyingAgent}`], /the agent .*lies\.mjs of P2 chose `\\u001b\[2Jfly away` on its decision 1, which is not one of the moves offered/),
    bad('sim with an agent that throws', ['sim', C4, '--games', '1', '--agents', f.throwingAgent], /of P1 failed on its decision 1/),
    // Control characters in what is printed: escaped, never raw.
    bad('a ruleset path with escape sequences', ['check', `${f.dir}/\x1b]0;pwned\x07\x1b[2J.rules`], /\\u001b\]0;pwned\\u0007/),
    bad('a variant with escape sequences', ['play', C4, '--variant', '\x1b[31mred\x9b'], /\\u001b\[31mred\\u009b/),
    bad('an unknown command with escape sequences', ['\x1b[2Jplay', C4], /Unknown command `\\u001b\[2Jplay`/),
    bad('a flag with escape sequences', ['play', C4, '--\x1b[8m'], /\\u001b\[8m/),
    { what: 'a ruleset whose name and lines hold escape sequences', argv: ['check', f.escapes], codes: [1], says: /\\u001b\[2Jnothing\\u202e/ },
    { what: 'the game name of a ruleset with escape sequences', argv: ['info', f.escapes], codes: [1] },
    { what: 'check of three files, the second a device', argv: ['check', C4, '/dev/zero', f.c4Copy], codes: [2], says: /^(?=[\s\S]*connect-four\.rules: ok)(?=[\s\S]*\/dev\/zero cannot be read: it is a device)(?=[\s\S]*c4-copy\.rules: ok)/ },
    { what: 'fmt --check of three files, the second a FIFO', argv: ['fmt', '--check', C4, f.damaged['a FIFO']!, f.c4Copy], codes: [2], says: /fifo cannot be read: it is a named pipe/ },
    // Rulesets past the limits: a diagnostic, quickly.
    { what: 'a ruleset of one 4 MB sum', argv: ['check', f.hugeSum], codes: [1], says: /R0808/ },
    { what: 'a ruleset of one 4 MB sum, played', argv: ['play', f.hugeSum], codes: [1], says: /R0808/ },
  ];
}
