// Diagnostics are data: every stage returns them, the CLI renders them as caret text and the
// playground as editor markers. Every message text lives in MESSAGES, keyed by its code.
import type { Span } from './ast.js';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly file?: string;
  readonly notes?: readonly string[];
  readonly suggestion?: string;
}

/** The message registry: code → severity and a template whose `{key}`s are filled by `diag`. */
export const MESSAGES = {
  // R01xx — reading the text
  R0101: ['error', 'Unexpected character `{text}`.'],
  R0102: ['error', 'Expected {expected} but found {found}.'],
  R0103: ['error', 'Unterminated string: a `"` opens it but none closes it.'],
  R0104: ['error', 'Table row has {found} cells but the header has {expected} columns.'],
  R0105: ['error', '{what} may appear only once in a ruleset.'],
  R0106: ['error', '`{word}` is not a keyword, and as a name it does not fit here.'],
  // R02xx — names
  R0201: ['error', '{what} `{name}` is not declared.'],
  R0202: ['error', '{what} `{name}` is already declared at line {line}.'],
  R0203: ['error', '`{name}` is a {actual}, not a {expected}.'],
  R0204: ['error', '`{name}` takes {expected} argument(s) but {found} were given.'],
  R0205: ['error', 'Column `{name}` is not an attribute of component `{component}`.'],
  R0206: ['error', 'Value `{value}` is not one of the values of `{attr}`: {values}.'],
  R0207: ['error', 'The rulebook is not declared: add `rulebook "file"` to the game header.'],
  R0208: ['error', 'Choice `{name}` is not made anywhere: no `choose … as {name}` exists.'],
  R0209: ['error', 'Variant `{name}` overlays `{target}`, but no such declaration exists.'],
  R0210: ['error', '`{name}` cannot be used in a variant\'s condition: only the player count can.'],
  R0211: ['error', 'This row makes a second thing called `{id}`, as the row at line {line} does: give the rows different names (a board\'s spaces take one copy each).'],
  R0212: ['error', 'The choice `{choice}`{where} has no variable `{variable}`, so this forbidding rule cannot be worked out there: give every choice of that name the same variables, or name the choices apart.'],
  R0213: ['warning', 'Define `{name}` has the name of the built-in {builtin}, so {effect}: give it another name, such as `{other}`.'],
  // R03xx — types
  R0301: ['error', 'Expected {expected} here, but this is {found}.'],
  R0302: ['error', 'Cannot take `{property}` of {found}.'],
  R0303: ['error', 'Counter `{name}` belongs to {owner}; {found} has no such counter.'],
  R0304: ['error', '`{property} of {target}[{index}]` reads as `{property} of ({target}[{index}])`, and {found} is not a list: for an item of `{property} of {target}`, write `({property} of {target})[{index}]`.'],
  R0305: ['error', 'Counter `{name}` keeps a value for each player and each of `{of}`: say for which with `on`, as in `{name} of p on x` (or `{name} on x` for the current player).'],
  R0306: ['error', '`on` picks the value a counter keeps for one thing, as in `scored of p on c` for `counter scored per player per categories`; {found} is not such a counter.'],
  R0307: ['error', 'Cannot {verb} a text and a number: {why}. {fix}'],
  // R04xx — structure and reachability
  R0401: ['error', 'The ruleset has no `{what}` block.'],
  R0402: ['warning', 'Rule `{name}` is never reached: nothing calls it and no flow fires `{event}`.'],
  R0403: ['warning', 'Event `{name}` is never fired, so the rules waiting for it never run.'],
  R0404: ['warning', 'This {what} can never run: it comes after `end the game` in the same block.'],
  R0405: ['warning', 'Rule `{name}` is never called.'],
  R0406: ['error', '`{name}` is a name the language reserves for {meaning}.'],
  R0407: ['warning', 'Power `{name}` is not the name of any card: no player can ever hold it.'],
  R0408: ['error', 'No player\'s turn runs here{via}, so nobody could make this choice: put it inside `turn of …`, or say who decides with `by …`.'],
  // R05xx — sources
  R0501: ['warning', 'Cited words are not in {file}: "{quote}".'],
  R0502: ['warning', 'Rulebook file {file} cannot be read: citations are not verified.'],
  // R06xx — running a game
  R0601: ['error', 'Rule `{rule}` ran more than {limit} steps without waiting for a player: it may loop forever.'],
  R0602: ['error', 'Choice `{choice}` in rule `{rule}` has no legal option.'],
  R0603: ['error', 'Counter `{counter}` of {owner} would become {value}, below its least value {min} (rule `{rule}`).'],
  R0604: ['error', 'Cannot pay {amount} {counter}: {owner} has only {have} (rule `{rule}`).'],
  R0605: ['error', '{message} (rule `{rule}`).'],
  R0606: ['error', 'Move `{move}` is not legal now. Legal moves: {legal}.'],
  R0607: ['error', 'The game is over: no more moves can be made.'],
  // R07xx — files
  R0701: ['error', '{file} is not a valid {what}: {problems}'],
  R0702: ['error', '{file} cannot be read: {reason}'],
  R0703: ['error', 'Variant `{name}` does not exist. Variants: {known}.'],
  R0704: ['error', 'This game takes {min} to {max} players, not {players}.'],
  R0705: ['error', 'Variant `{name}` cannot be combined with `{other}`.'],
  // R08xx — limits (docs/language.md § Limits): past them a stage would overflow the stack or never finish
  R0801: ['error', 'Blocks and expressions are nested more than {limit} deep here: move the inner part into a `define`, a `let` or a rule of its own.'],
  R0802: ['error', 'This expression is {depth} levels deep, more than the limit of {limit} (a chain like `a + b + c` is a level per operator): split it into parts with `let` or `define`.'],
  R0803: ['error', 'Number {text} is larger than {limit}, the largest whole number a game counts exactly: use a smaller one.'],
  R0804: ['error', 'The tables make {count} things by this row, more than the limit of {limit}: lower `copies` or use fewer rows.'],
  R0805: ['error', 'Pieces `{name}` are {count} per player, more than the limit of {limit}: use fewer.'],
  R0806: ['error', 'A game takes from 1 to at most {limit} players, and the first number may not exceed the second; this says {min} to {max}.'],
  R0807: ['error', 'Working this out goes {depth} levels deep through the defines it uses ({path}), more than the limit of {limit}: shorten the chain of defines or the expressions in it.'],
  R0808: ['error', 'The ruleset is {size} characters long, more than the limit of {limit}, so it is not read: check that this is the right file, or shorten it (a table row with `copies` stands for many rows).'],
  R0809: ['error', 'The ruleset has {count} tokens (words, numbers and symbols), more than the limit of {limit}, so it is not read past this one: shorten it (`sum(…)` over a list adds up many terms; a table row with `copies` stands for many rows).'],
} as const satisfies Record<string, readonly [Severity, string]>;

export type Code = keyof typeof MESSAGES;

/** Builds a diagnostic from the registry, filling `{key}` placeholders from `args`. */
export function diag(
  code: Code,
  span: Span,
  args: Record<string, string | number> = {},
  extra: { file?: string; notes?: readonly string[]; suggestion?: string } = {},
): Diagnostic {
  const [severity, template] = MESSAGES[code];
  const message = template.replace(/\{(\w+)\}/g, (_, key: string) => String(args[key] ?? `{${key}}`));
  return { code, severity, message, span, ...extra };
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** The closest of `candidates` to `name`, if it is close enough to be a likely typo. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const typed = name.toLowerCase();
  const near = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // Names whose lengths differ by more than `near` are further apart than that: not worth measuring.
    if (Math.abs(candidate.length - name.length) > near) continue;
    const d = editDistance(typed, candidate.toLowerCase());
    // On a tie, a name the typed text begins (an unfinished word: `plac` → `place`, not `play`) wins.
    const better = d < bestDistance || (d === bestDistance && best !== undefined
      && candidate.toLowerCase().startsWith(typed) && !best.toLowerCase().startsWith(typed));
    if (better) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= near ? best : undefined;
}

/**
 * Offsets where the lines of `source` start, worked out once per text: the last text asked about
 * is kept, so rendering or locating many diagnostics in one file costs one pass over it, not one each.
 */
let lastLines: { readonly source: string; readonly starts: readonly number[] } | null = null;
export function lineStarts(source: string): readonly number[] {
  if (lastLines?.source !== source) {
    const starts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
    lastLines = { source, starts };
  }
  return lastLines.starts;
}

/** How many of the sorted `starts` are at or before `offset` (binary search: errors may be many). */
export function countAtOrBefore(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Line and column (both from 1) of an offset. */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  const starts = lineStarts(source);
  // The lines that start at or before the offset (binary search); past the end counts as the end.
  const line = Math.max(1, countAtOrBefore(starts, Math.min(offset, source.length)));
  return { line, column: offset - starts[line - 1]! + 1 };
}

/** The text of line `line` (from 1), without its line break. */
function lineText(source: string, line: number): string {
  const starts = lineStarts(source);
  const start = starts[line - 1];
  if (start === undefined) return '';
  const next = starts[line];
  // Without the `\r` of a CRLF line end, which would send the terminal's cursor back over the line.
  return (next === undefined ? source.slice(start) : source.slice(start, next - 1)).replace(/\r$/, '');
}

/** Characters of a source line shown under a message: a longer line is cut around the column. */
const SHOWN_LINE = 200;

/** The part of a long line around `column`, with `…` where it is cut, and the column within it. */
function around(line: string, column: number): { text: string; column: number } {
  if (line.length <= SHOWN_LINE) return { text: line, column };
  const from = Math.max(0, Math.min(column - 1 - SHOWN_LINE / 2, line.length - SHOWN_LINE));
  const head = from > 0 ? '…' : '';
  const tail = from + SHOWN_LINE < line.length ? '…' : '';
  return { text: `${head}${line.slice(from, from + SHOWN_LINE)}${tail}`, column: column - from + head.length };
}

/**
 * Caret text, as the CLI and tests show it:
 *   path:3:7: error R0201: Zone `hand` is not declared. Did you mean `hands`?
 *     3 | move card to hand
 *       |              ^^^^
 */
export function renderDiagnostic(d: Diagnostic, source: string, path = d.file ?? '<input>'): string {
  const { line, column } = lineColumn(source, d.span.start);
  const whole = lineText(source, line);
  const { text, column: shownColumn } = around(whole, column);
  const width = Math.max(1, Math.min(d.span.end - d.span.start, text.length - shownColumn + 1));
  const gutter = String(line).length;
  const hint = d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : '';
  const out = [
    `${path}:${line}:${column}: ${d.severity} ${d.code}: ${d.message}${hint}`,
    `${' '.repeat(gutter + 1)}|`,
    `${line} | ${text}`,
    `${' '.repeat(gutter + 1)}| ${' '.repeat(Math.max(0, shownColumn - 1))}${'^'.repeat(width)}`,
  ];
  for (const note of d.notes ?? []) out.push(`${' '.repeat(gutter + 1)}= note: ${note}`);
  return out.join('\n');
}
