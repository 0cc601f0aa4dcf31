// A table whose rows are made by lines instead of written out: takes the `tableLine`s of one table,
// gives its columns and rows as if they had been written (`each suit in …` times `each rank from
// 2 to 14` is 52 rows), so every later stage sees an ordinary table.
import type * as A from './ast.js';
import type * as C from './cst.generated.js';
import { childrenOf, join, nameOf, need, spanOf, sub, subs, tok } from './cst-read.js';
import { diag, type Diagnostic } from './diagnostics.js';
import { LIMITS } from './limits.js';

interface Made {
  readonly columns: A.Name[];
  readonly rows: A.Cell[][];
}

/**
 * Every combination of the `each` lines is a row, the first line's values outermost; `ATTR V`
 * gives every row that value. The first column, `name`, is `name "…"` with `{attr}`s filled in,
 * the values of `each name …` as they are, or else the row's `each` values joined by `-` (one `each`
 * line: its value as it is).
 * Past LIMITS.things rows no more are made: the checker then reports R0804 on the table.
 */
export function tableFromLines(
  lines: readonly C.TableLineCstNode[], cellOf: (c: C.CellCstNode) => A.Cell, report: (d: Diagnostic) => void, component: A.ComponentDecl | undefined,
): Made {
  const each: { column: A.Name; values: A.Cell[] }[] = [];
  const fixed: { column: A.Name; cell: A.Cell }[] = [];
  for (const line of lines) {
    const parts = childrenOf(line);
    const column = nameOf(need(tok(parts.column)));
    if (!parts.Kw_each) {
      fixed.push({ column, cell: cellOf(need(sub(parts.values))) });
      continue;
    }
    const from = sub(parts.from);
    const to = sub(parts.to);
    if (from && to) {
      const [a, b] = [cellOf(from), cellOf(to)];
      if (typeof a.value !== 'number' || typeof b.value !== 'number') {
        report(diag('R0301', join(a.span, b.span), { expected: 'two whole numbers', found: 'something else' }));
        continue;
      }
      const span = join(a.span, b.span);
      const values: A.Cell[] = [];
      for (let n = a.value; n <= b.value && values.length <= LIMITS.things; n++) values.push({ kind: 'Cell', value: n, span });
      each.push({ column, values });
    } else if (parts.Kw_in) {
      each.push({ column, values: subs(parts.values).map(cellOf) });
    } else {
      // `each suit`: the values the component lists for the attribute, in its order.
      const type = component?.attrs.find((a) => a.name.text === column.text)?.type;
      if (type?.kind !== 'enum') {
        report(diag('R0102', column.span, { expected: `the values of \`${column.text}\` (\`in a, b\` or \`from 1 to 6\`)`, found: `none: \`each ${column.text}\` alone takes the values an attribute lists (\`${column.text}: a | b\`)` }));
        continue;
      }
      each.push({ column, values: type.values.map((value) => ({ kind: 'Cell', value, span: column.span })) });
    }
  }

  const template = fixed.find((f) => f.column.text === 'name');
  const others = fixed.filter((f) => f !== template);
  const span = spanOf(need(lines[0]));
  // `each name from 1 to 9`: the names are that line's values, as they are (numbers stay numbers).
  const eachName = template ? -1 : each.findIndex((e) => e.column.text === 'name');
  const columns: A.Name[] = [
    eachName >= 0 ? each[eachName]!.column : { kind: 'Name', text: 'name', span: template?.column.span ?? span },
    ...each.filter((_, k) => k !== eachName).map((e) => e.column),
    ...others.map((f) => f.column),
  ];
  const rows: A.Cell[][] = [];
  const combine = (i: number, picked: A.Cell[]): void => {
    if (rows.length > LIMITS.things) return;
    if (i < each.length) {
      for (const v of each[i]!.values) combine(i + 1, [...picked, v]);
      return;
    }
    const name = eachName >= 0 ? picked[eachName]! : nameCell(template?.cell, each, picked, span);
    rows.push([name, ...picked.filter((_, k) => k !== eachName), ...others.map((f) => f.cell)]);
  };
  combine(0, []);
  return { columns, rows };
}

function nameCell(template: A.Cell | undefined, each: readonly { column: A.Name }[], picked: readonly A.Cell[], span: A.Span): A.Cell {
  const text = (v: A.CellValue) => (v === true ? 'yes' : v === false ? 'no' : String(v));
  if (template) {
    if (typeof template.value !== 'string') return template;
    const filled = template.value.replace(/\{([^}]+)\}/g, (whole, attr: string) => {
      const at = each.findIndex((e) => e.column.text === attr);
      return at < 0 ? whole : text(picked[at]!.value);
    });
    return { kind: 'Cell', value: filled, span: template.span };
  }
  if (picked.length === 1) return { kind: 'Cell', value: picked[0]!.value, span };
  return { kind: 'Cell', value: picked.map((c) => text(c.value)).join('-'), span };
}
