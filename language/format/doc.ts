// A small pretty-printing document and its printer (after Wadler's "prettier printer", as Prettier
// runs it): takes a Doc, gives text at most `width` columns wide wherever a group can be flattened.
// A group prints on one line when it fits, else each of its own `line`s becomes a newline.

export type Doc = string | readonly Doc[] | Line | Group | Indent | LineSuffix | IfBreak | BreakParent | FreshLine | Fill;

interface Line { readonly t: 'line'; readonly soft: boolean; readonly hard: boolean; readonly blank: boolean }
interface Group { readonly t: 'group'; readonly body: Doc; readonly id?: symbol; broken: boolean }
interface Indent { readonly t: 'indent'; readonly body: Doc }
/** Text held back to the end of the line: a trailing comment. */
interface LineSuffix { readonly t: 'lineSuffix'; readonly text: string }
/** One of two docs, by whether the group `id` was broken. */
interface IfBreak { readonly t: 'ifBreak'; readonly broken: Doc; readonly flat: Doc; readonly id: symbol }
/** Contents and lines alternating: each line breaks only when the content after it would not fit. */
interface Fill { readonly t: 'fill'; readonly parts: readonly Doc[] }
/** Breaks every group around it. */
interface BreakParent { readonly t: 'breakParent' }
/** A newline unless the line so far is only indentation: what an own-line comment starts with. */
interface FreshLine { readonly t: 'freshLine' }

/** A space, or a newline when its group breaks. */
export const line: Doc = { t: 'line', soft: false, hard: false, blank: false };
/** Nothing, or a newline when its group breaks. */
export const softline: Doc = { t: 'line', soft: true, hard: false, blank: false };
/** Always a newline (and so its groups break). */
export const hardline: Doc = { t: 'line', soft: false, hard: true, blank: false };
/** Always a newline with an empty line before the next. */
export const blankline: Doc = { t: 'line', soft: false, hard: true, blank: true };
export const breakParent: Doc = { t: 'breakParent' };
export const freshLine: Doc = { t: 'freshLine' };

export const group = (body: Doc, id?: symbol): Doc => ({ t: 'group', body, broken: false, ...(id ? { id } : {}) });
export const indent = (body: Doc): Doc => ({ t: 'indent', body });
export const lineSuffix = (text: string): Doc => ({ t: 'lineSuffix', text });
export const fill = (parts: readonly Doc[]): Doc => ({ t: 'fill', parts });
export const ifBreak = (broken: Doc, flat: Doc, id: symbol): Doc => ({ t: 'ifBreak', broken, flat, id });

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  docs.forEach((d, i) => {
    if (i > 0) out.push(separator);
    out.push(d);
  });
  return out;
}

const INDENT = '  ';
type Mode = 'flat' | 'break';
type Command = [indent: number, mode: Mode, doc: Doc];

/** Marks every group holding a hard line or a breakParent as broken; says whether `doc` holds one. */
function propagateBreaks(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) {
    let found = false;
    for (const d of doc as readonly Doc[]) if (propagateBreaks(d)) found = true;
    return found;
  }
  const d = doc as Exclude<Doc, string | readonly Doc[]>;
  switch (d.t) {
    case 'line': return d.hard;
    case 'breakParent': return true;
    case 'freshLine': return false;
    case 'lineSuffix': return false;
    case 'indent': return propagateBreaks(d.body);
    case 'fill': return propagateBreaks(d.parts);
    case 'ifBreak': {
      const a = propagateBreaks(d.broken);
      const b = propagateBreaks(d.flat);
      return a || b;
    }
    case 'group': {
      if (propagateBreaks(d.body)) d.broken = true;
      return d.broken;
    }
    default: {
      const never: never = d;
      return never;
    }
  }
}

const textWidth = (s: string): number => {
  let n = 0;
  for (const ch of s) if (!/\p{M}/u.test(ch)) n++;
  return n;
};

/** Whether `next`, then the commands after it up to their first newline, fit in `width` columns. */
function fits(next: Command, rest: readonly Command[], width: number, groupModes: Map<symbol, Mode>): boolean {
  const stack: Command[] = [next];
  let restIndex = rest.length;
  let remaining = width;
  while (remaining >= 0) {
    if (stack.length === 0) {
      if (restIndex === 0) return true;
      stack.push(rest[--restIndex]!);
      continue;
    }
    const [ind, mode, doc] = stack.pop()!;
    if (typeof doc === 'string') {
      const nl = doc.indexOf('\n');
      if (nl >= 0) return remaining - textWidth(doc.slice(0, nl)) >= 0;
      remaining -= textWidth(doc);
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) stack.push([ind, mode, (doc as readonly Doc[])[i]!]);
      continue;
    }
    const d = doc as Exclude<Doc, string | readonly Doc[]>;
    switch (d.t) {
      case 'line':
        if (mode === 'break' || d.hard) return true;
        if (!d.soft) remaining -= 1;
        break;
      case 'group':
        stack.push([ind, d.broken ? 'break' : mode, d.body]);
        break;
      case 'indent':
        stack.push([ind + 1, mode, d.body]);
        break;
      case 'fill':
        stack.push([ind, mode, d.parts]);
        break;
      case 'ifBreak':
        stack.push([ind, mode, (groupModes.get(d.id) ?? mode) === 'break' ? d.broken : d.flat]);
        break;
      case 'freshLine':
        return true;
      case 'lineSuffix':
      case 'breakParent':
        break;
      default: {
        const never: never = d;
        return never;
      }
    }
  }
  return false;
}

/** How wide a doc is on one line (comments held back to the line's end not counted). */
function flatWidth(doc: Doc): number {
  if (typeof doc === 'string') return textWidth(doc);
  if (Array.isArray(doc)) return (doc as readonly Doc[]).reduce((n: number, d) => n + flatWidth(d), 0);
  const d = doc as Exclude<Doc, string | readonly Doc[]>;
  switch (d.t) {
    case 'line': return d.soft ? 0 : 1;
    case 'group':
    case 'indent':
      return flatWidth(d.body);
    case 'fill': return flatWidth(d.parts);
    case 'ifBreak': return flatWidth(d.flat);
    default: return 0;
  }
}

/** Prints `doc` within `width` columns where its groups allow; lines carry no trailing spaces. */
export function print(doc: Doc, width: number): string {
  propagateBreaks(doc);
  const groupModes = new Map<symbol, Mode>();
  const out: string[] = [];
  let column = 0;
  let atLineStart = true;
  let suffixes: string[] = [];
  const cmds: Command[] = [[0, 'break', doc]];
  const newline = (ind: number, blank: boolean) => {
    // Trailing spaces go: a line ends where its text ends.
    while (out.length && /^[ ]*$/.test(out[out.length - 1]!)) out.pop();
    if (out.length) out[out.length - 1] = out[out.length - 1]!.replace(/[ ]+$/, '');
    out.push(blank ? '\n\n' : '\n', INDENT.repeat(ind));
    column = ind * INDENT.length;
    atLineStart = true;
  };
  while (cmds.length) {
    const cmd = cmds.pop()!;
    const [ind, mode, doc] = cmd;
    if (typeof doc === 'string') {
      if (doc === '') continue;
      out.push(doc);
      const nl = doc.lastIndexOf('\n');
      column = nl >= 0 ? textWidth(doc.slice(nl + 1)) : column + textWidth(doc);
      atLineStart = false;
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) cmds.push([ind, mode, (doc as readonly Doc[])[i]!]);
      continue;
    }
    const d = doc as Exclude<Doc, string | readonly Doc[]>;
    switch (d.t) {
      case 'group': {
        const flat: Command = [ind, 'flat', d.body];
        const chosen: Mode = mode === 'flat' && !d.broken ? 'flat'
          : !d.broken && fits(flat, cmds, width - column, groupModes) ? 'flat' : 'break';
        if (d.id) groupModes.set(d.id, chosen);
        cmds.push([ind, chosen, d.body]);
        break;
      }
      case 'indent':
        cmds.push([ind + 1, mode, d.body]);
        break;
      case 'ifBreak':
        cmds.push([ind, mode, (groupModes.get(d.id) ?? mode) === 'break' ? d.broken : d.flat]);
        break;
      case 'fill': {
        const [content, separator, next] = d.parts;
        if (content === undefined) break;
        if (separator === undefined || next === undefined) {
          cmds.push([ind, 'flat', content]);
          break;
        }
        const after = column + flatWidth(content);
        const nextFits = fits([ind, 'flat', [separator, next]], [], width - after, groupModes);
        cmds.push([ind, mode, { t: 'fill', parts: d.parts.slice(2) }], [ind, nextFits ? 'flat' : 'break', separator], [ind, 'flat', content]);
        break;
      }
      case 'lineSuffix':
        suffixes.push(d.text);
        break;
      case 'breakParent':
        break;
      case 'freshLine':
        if (!atLineStart) {
          if (suffixes.length) {
            cmds.push(cmd, ...suffixes.reverse().map((s): Command => [ind, mode, s]));
            suffixes = [];
            break;
          }
          newline(ind, false);
        }
        break;
      case 'line':
        if (mode === 'flat' && !d.hard) {
          if (!d.soft) {
            out.push(' ');
            column += 1;
          }
          break;
        }
        if (suffixes.length) {
          cmds.push(cmd, ...suffixes.reverse().map((s): Command => [ind, mode, s]));
          suffixes = [];
          break;
        }
        newline(ind, d.blank);
        break;
      default: {
        const never: never = d;
        return never;
      }
    }
  }
  out.push(...suffixes);
  while (out.length && /^[ ]*$/.test(out[out.length - 1]!)) out.pop();
  return out.join('');
}
