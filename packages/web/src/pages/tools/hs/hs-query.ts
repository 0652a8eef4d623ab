// What a user types into an HS search: a code prefix ("8504.21", "8504 21") or words ("power cable").

export type HsQuery = { kind: 'code'; code: string } | { kind: 'name'; name: string } | { kind: 'empty' };

export function parseHsQuery(input: string): HsQuery {
  const s = input.trim();
  if (!s) return { kind: 'empty' };
  const digits = s.replace(/[.\s-]/g, '');
  if (/^\d+$/.test(digits)) return { kind: 'code', code: digits.slice(0, 10) };
  return { kind: 'name', name: s.replace(/\s+/g, ' ') };
}

/** 85044090 → '8504.40.90' (chapter+heading, then pairs), as tariffs print codes. */
export function formatHs(code: string): string {
  if (code.length <= 4) return code;
  const rest = code.slice(4).match(/.{1,2}/g) ?? [];
  return [code.slice(0, 4), ...rest].join('.');
}
