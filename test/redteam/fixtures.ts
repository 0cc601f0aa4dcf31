// What the red-team suite attacks with, made in a temporary folder: files damaged in every way an
// input can be (a folder, a device, a FIFO, a file over the size limit, binary data, not UTF-8,
// broken and looping links, a path through a file, a name too long, a NUL in the path), rulesets
// whose rulebook is each of those, a rulebooks library linked out of its tree, and places where a
// file cannot be written.
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUT_LIMIT } from '../../cli/files.js';
import { repoRoot } from '../helpers.js';

export const C4 = join(repoRoot, 'rulesets/connect-four/connect-four.rules');
export const C4_BOOK = join(repoRoot, 'rulesets/connect-four/connect-four.en.txt');

export interface Fixtures {
  readonly dir: string;
  /** Damaged inputs by kind: each a path that no command may read as a file. */
  readonly damaged: Readonly<Record<string, string>>;
  /** Per kind, a ruleset in a folder of its own whose rulebook (book.txt) is damaged that way. */
  readonly citing: Readonly<Record<string, string>>;
  /** A ruleset below a `rulebooks` library that is a link out of its tree. */
  readonly linkedLibrary: string;
  /** A copy of Connect Four (another file, the same game). */
  readonly c4Copy: string;
  /** Where nothing can be written, by kind. */
  readonly unwritable: Readonly<Record<string, string>>;
  /** A module whose agent throws on its first decision, and one whose agent makes a move up. */
  readonly throwingAgent: string;
  readonly lyingAgent: string;
  /** A ruleset whose name and an erroneous line hold terminal escape sequences. */
  readonly escapes: string;
  /** A ruleset of one sum of a million terms (4 MB). */
  readonly hugeSum: string;
  readonly isRoot: boolean;
}

/** A file of `bytes` that takes no room on the disk (a sparse file). */
function sparse(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
}

export function makeFixtures(): Fixtures {
  const dir = mkdtempSync(join(tmpdir(), 'regula-redteam-'));
  const at = (...parts: string[]) => join(dir, ...parts);
  mkdirSync(at('folder'));
  execFileSync('mkfifo', [at('fifo')]);
  sparse(at('huge.txt'), INPUT_LIMIT + 1);
  writeFileSync(at('binary.bin'), Buffer.from([0x67, 0x61, 0x6d, 0x65, 0x00, 0x01, 0x02, 0xff]));
  writeFileSync(at('latin1.txt'), Buffer.from('game "Caf\xe9" { players 2 to 2 }\n', 'latin1'));
  symlinkSync(at('nowhere'), at('dangling'));
  symlinkSync(at('loop-b'), at('loop-a'));
  symlinkSync(at('loop-a'), at('loop-b'));
  writeFileSync(at('plain.txt'), 'a file\n');
  const damaged: Record<string, string> = {
    'a missing file': at('missing.rules'),
    'a folder': at('folder'),
    'a folder with a trailing slash': `${at('folder')}/`,
    '/dev/zero': '/dev/zero',
    '/dev/null': '/dev/null',
    'a FIFO': at('fifo'),
    'a file over the size limit': at('huge.txt'),
    'binary data': at('binary.bin'),
    'text that is not UTF-8': at('latin1.txt'),
    'a broken link': at('dangling'),
    'a loop of links': at('loop-a'),
    'a path through a file': at('plain.txt', 'inside'),
    'a name too long': at('x'.repeat(300)),
    'a path with a NUL': at('nul\0.rules'),
  };

  // A ruleset citing book.txt, beside a book.txt damaged in each way that can sit in its folder.
  const rules = (name: string, book: string) => `game "${name}" { players 2 to 2  rulebook "${book}" }\ncounter score per player\nflow { end the game }\nwinner most score\n`;
  const citing: Record<string, string> = {};
  const inPlace: Record<string, (path: string) => void> = {
    'a folder': (p) => mkdirSync(p),
    'a FIFO': (p) => execFileSync('mkfifo', [p]),
    'a file over the size limit': (p) => sparse(p, INPUT_LIMIT + 1),
    'binary data': (p) => copyFileSync(at('binary.bin'), p),
    'text that is not UTF-8': (p) => copyFileSync(at('latin1.txt'), p),
    'a broken link': (p) => symlinkSync(join(p, '..', 'nowhere'), p),
    'a loop of links': (p) => { symlinkSync(`${p}.b`, p); symlinkSync(p, `${p}.b`); },
    'a link to /dev/zero': (p) => symlinkSync('/dev/zero', p),
    'a link out of its folder': (p) => symlinkSync('/etc/passwd', p),
  };
  Object.entries(inPlace).forEach(([kind, make], i) => {
    const folder = at(`citing-${i}`);
    mkdirSync(folder);
    make(join(folder, 'book.txt'));
    writeFileSync(join(folder, 'game.rules'), rules('Citing', 'book.txt'));
    citing[kind] = join(folder, 'game.rules');
  });

  // tree/rulebooks is a link to a folder outside tree/: a ruleset in tree/game/ must not read through it.
  mkdirSync(at('outside'));
  writeFileSync(at('outside', 'secret.txt'), 'a secret the ruleset must not print\n');
  mkdirSync(at('tree', 'game'), { recursive: true });
  symlinkSync(at('outside'), at('tree', 'rulebooks'));
  writeFileSync(at('tree', 'game', 'game.rules'), rules('Linked', 'secret.txt'));

  const c4Copy = at('c4-copy.rules');
  copyFileSync(C4, c4Copy);
  copyFileSync(C4_BOOK, at('connect-four.en.txt'));

  writeFileSync(at('throws.mjs'), 'export default (seed, seat) => ({ name: "thrower", choose() { throw new Error("the agent broke\\n    at secret (/home/x.js:1:1)"); } });\n');
  writeFileSync(at('lies.mjs'), 'export default () => ({ name: "liar", choose() { return "\\u001b[2Jfly away"; } });\n');
  writeFileSync(at('escapes.rules'), 'game "Esc\x1b[31mRED\x1b]0;pwned\x07" { players 2 to 2 }\ncounter score per player\nflow { gain 1 \x1b[2Jnothing\u202e }\nwinner most score\n');
  writeFileSync(at('huge-sum.rules'), `game "Sum" { players 2 to 2 }\ncounter score per player\ndefine long = 1${' + 1'.repeat(1_000_000)}\nflow { end the game }\nwinner most score\n`);

  const unwritable: Record<string, string> = {
    'a folder': at('folder'),
    'a folder with a trailing slash': `${at('folder')}/`,
    'a missing folder': at('no-such-folder', 'out.html'),
    'a file as the folder': at('plain.txt', 'out.html'),
    'a FIFO': at('fifo'),
    'a full disk (/dev/full)': '/dev/full',
  };
  if (existsSync('/proc/version')) unwritable['a file of /proc'] = '/proc/version';
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    mkdirSync(at('read-only'), { mode: 0o555 });
    writeFileSync(at('read-only.html'), '', { mode: 0o444 });
    unwritable['a read-only folder'] = at('read-only', 'out.html');
    unwritable['a read-only file'] = at('read-only.html');
  }
  return {
    dir, damaged, citing, linkedLibrary: at('tree', 'game', 'game.rules'), c4Copy, unwritable,
    throwingAgent: at('throws.mjs'), lyingAgent: at('lies.mjs'), escapes: at('escapes.rules'), hugeSum: at('huge-sum.rules'), isRoot,
  };
}
