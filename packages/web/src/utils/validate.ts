// Client-side validators of spec §5. Each returns true when the value is acceptable.

/** Four parts of 0-255. Empty is allowed. */
export function isValidIp(value: string): boolean {
  if (value === '') return true;
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** 11 digits, starting with 1, second digit 0-9. Empty is allowed. */
export function isValidMobile(value: string): boolean {
  if (value === '') return true;
  return /^1[0-9]\d{9}$/.test(value);
}

/** The older pattern: prefixes 13, 14, 15, 17, 18. */
export function isValidMobileLegacy(value: string): boolean {
  return /^1[34578]\d{9}$/.test(value);
}

export function isValidEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value);
}

/** Characters with code 0-255 count 1, others 4. */
export function byteLength(value: string): number {
  let n = 0;
  for (const ch of value) n += (ch.codePointAt(0) ?? 0) <= 255 ? 1 : 4;
  return n;
}

export function isValidStringLength(value: string, min: number, max: number): boolean {
  const n = byteLength(value);
  return n >= min && n <= max;
}

/** 8-16 characters, no Chinese characters, at least 3 of: digit, lowercase, uppercase, symbol. */
export function isStrongPassword(value: string): boolean {
  if (value.length < 8 || value.length > 16) return false;
  if (/[\u4e00-\u9fa5]/.test(value)) return false;
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^\dA-Za-z]/].filter((re) => re.test(value)).length;
  return classes >= 3;
}

/** The labels' reading: a new password is 6-16 characters. */
export function isPasswordLengthOk(value: string): boolean {
  return value.length >= 6 && value.length <= 16;
}

/** Feedback text: 1-500 characters. */
export function isValidFeedbackLength(value: string): boolean {
  return value.length >= 1 && value.length <= 500;
}

export function trimStrings<T extends object>(form: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(form)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out as T;
}

export function hasChinese(value: string): boolean {
  return /[\u4e00-\u9fa5]/.test(value);
}
