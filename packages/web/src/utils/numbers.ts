// Numbers as the lists show them (1,234,567.5; en-US grouping in both languages, as the spec's screens do).
// One formatter per number of decimals, made once: `toLocaleString` with options builds a new
// Intl.NumberFormat on every call, and a list of 50 rows formats a few hundred numbers each render
// (42 ms of one contract list's first render, of its amounts alone).

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(key, f);
  }
  return f;
}

/** At most `digits` decimals: 1234.5 → '1,234.5'. */
export const upTo = (n: number, digits: number): string => formatter(0, digits).format(n);

/** Exactly `digits` decimals: 1234.5 → '1,234.50'. */
export const fixed = (n: number, digits: number): string => formatter(digits, digits).format(n);
