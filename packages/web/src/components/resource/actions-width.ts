// The width of a list's actions column, from the links its rows really show (their labels in the user's
// language), so that a list fits its page without scrolling sideways when its links do.

/** Roughly how wide a text is in the table's 14 px font: a CJK character 14 px, any other 7.5 px. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 7.5;
  return w;
}

/** A small link button's own padding (7 px each side) and the cell's padding, per table size. */
const LINK = 14;
const CELL: Record<string, number> = { small: 16, middle: 24, large: 32 };

/**
 * The column's width: the widest row's links side by side (a row with none still shows the header), so
 * no row wraps its links and no list is made wider than its links need.
 */
export function actionsColumnWidth(
  rows: readonly (readonly string[])[],
  header: string,
  size = 'middle',
): number {
  const cell = CELL[size] ?? CELL.middle;
  const widest = Math.max(
    textWidth(header),
    ...rows.map((labels) => labels.reduce((w, l) => w + textWidth(l) + LINK, 0)),
  );
  return Math.ceil(widest + cell + 2);
}

/** A sort button's room beside a header's text. */
const SORTER = 22;

/**
 * The narrowest a column may be so that its header breaks only between words ("Currency", never
 * "Curren / cy"): its longest word plus the cell's padding (and the sort button's room).
 */
export function headerMinWidth(header: string, sortable = false, size = 'middle'): number {
  // Headers are set in a bolder weight: a little wider than the cells' text.
  const longest = 1.12 * Math.max(0, ...header.split(/\s+/).map(textWidth));
  return Math.ceil(longest + (CELL[size] ?? CELL.middle) + (sortable ? SORTER : 0) + 2);
}

/** A declared width, widened to its header's narrowest (an undeclared width stays undeclared). */
export function columnWidth(
  width: number | undefined,
  header: string,
  sortable = false,
  size = 'middle',
): number | undefined {
  return width === undefined ? undefined : Math.max(width, headerMinWidth(header, sortable, size));
}
