// Where the command line prints: results to stdout, diagnostics and messages to stderr. Text from
// input files (a game's name, a move, a line of a ruleset, a path) may hold control characters that
// would drive the terminal (move the cursor, retitle the window, hide text) or reorder what is shown
// (bidirectional overrides): each is printed as its escape, `\u001b`, which JSON reads as the same.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `s` with every control character but the line break and the tab written as `\uXXXX`. */
export const printable = (s: string): string => s.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const out = (s: string) => process.stdout.write(`${printable(s)}\n`);
export const err = (s: string) => process.stderr.write(`${printable(s)}\n`);
