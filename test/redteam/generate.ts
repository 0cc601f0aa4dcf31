// Command lines made up by fast-check from the pieces an attacker combines: a command, files that
// are damaged or fine, flags with values that are absurd, negative, empty, dash-led or full of
// escape sequences. Small enough to finish fast (few games, tiny searches); never `fmt` without
// --check (it would rewrite a file), never `lsp` or `bench`.
import fc from 'fast-check';
import { C4, type Fixtures } from './fixtures.js';

export function commandLine(f: Fixtures): fc.Arbitrary<string[]> {
  const files = fc.constantFrom(C4, f.c4Copy, f.escapes, f.linkedLibrary, ...Object.values(f.damaged), ...Object.values(f.citing));
  const outputs = fc.constantFrom(...Object.values(f.unwritable), `${f.dir}/out-${process.pid}.json`, C4);
  const text = fc.oneof(
    fc.constantFrom('', '-1', '0', '1', '2', '3', '7', '1e3', '0x10', 'NaN', '99999999999999999999', '-', '--', 'P1', 'P3', '\x1b[2J', '\u202e', 'drop a'),
    fc.string({ maxLength: 8 }),
  );
  const number = fc.oneof(fc.integer({ min: -3, max: 4 }).map(String), text);
  const agents = fc.constantFrom('random', 'first', 'mcts:iterations=5', 'greedy', 'random,first', 'genius', f.throwingAgent, f.lyingAgent, `first,${f.lyingAgent}`, '', ',');
  const flag: fc.Arbitrary<readonly string[]> = fc.oneof(
    fc.tuple(fc.constantFrom('--players', '--games', '--workers', '--max-moves', '--seed'), number),
    fc.tuple(fc.constantFrom('--moves', '--state', '--notes', '--compare'), files),
    fc.tuple(fc.constantFrom('--save', '--report'), outputs),
    fc.tuple(fc.constantFrom('--agents', '--agent'), agents),
    fc.tuple(fc.constantFrom('--as', '--variant', '--move', '--first-variant', '--second-variant', '--compare'), text),
    fc.constantFrom<readonly string[]>(['--json'], ['--help'], ['--json=1'], ['--frobnicate'], ['-x']),
  );
  const command = fc.constantFrom('check', 'info', 'coverage', 'outline', 'play', 'state', 'moves', 'why', 'replay', 'scenario', 'sim', 'diff', 'fmt', 'nonsense');
  return fc.tuple(command, fc.array(files, { maxLength: 3 }), fc.array(flag, { maxLength: 4 })).map(([name, positional, flags]) => {
    const argv = [name, ...(name === 'fmt' ? ['--check'] : []), ...positional, ...flags.flat()];
    // A simulation or comparison of the default size is slow, not wrong: keep them small.
    if ((name === 'sim' || name === 'diff') && !argv.includes('--games')) argv.push('--games', '2');
    if (name === 'sim' && !argv.includes('--workers')) argv.push('--workers', '1');
    return argv;
  });
}
