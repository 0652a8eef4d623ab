// Validation rules and display formats of spec §5 and §9 as plain functions, with no zod: the web's
// public pages (login, register) read them without loading the schema library.

/** Chinese characters (CJK unified ideographs, extension A and the compatibility block). */
export const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

export function hasChinese(value: string): boolean {
  return HAN.test(value);
}

/** Spec §5: 8–16 characters, no Chinese characters, at least 3 of digit/lower/upper/symbol. */
export function isStrongPassword(value: string): boolean {
  if (value.length < 8 || value.length > 16) return false;
  if (HAN.test(value)) return false;
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^\da-zA-Z]/].filter((re) => re.test(value)).length;
  return classes >= 3;
}

/** Spec §5, the labels' reading: a new password is 6–16 characters (both readings hold). */
export function isPasswordLengthOk(value: string): boolean {
  return value.length >= 6 && value.length <= 16;
}

/** Spec §5: 11 digits, starting with 1, second digit 0–9. Empty is allowed by the form rule. */
export const MOBILE_RE = /^1[0-9]\d{9}$/;
export const MOBILE_RE_OLD = /^1[34578]\d{9}$/;
export const EMAIL_RE = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
const IP_PART = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
export const IP_RE = new RegExp(`^${IP_PART}(\\.${IP_PART}){3}$`);

/** Spec §5: a mobile number; empty is allowed (a required rule says so separately). */
export function isMobile(value: string): boolean {
  return value === '' || MOBILE_RE.test(value);
}
export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}
export function isIp(value: string): boolean {
  return value === '' || IP_RE.test(value);
}

/** Spec §5: characters with code 0–255 count 1, others count 4. */
export function byteLength(value: string): number {
  let n = 0;
  for (const ch of value) n += (ch.codePointAt(0) ?? 0) <= 255 ? 1 : 4;
  return n;
}
export function isStrLenWithin(value: string, min: number, max: number): boolean {
  const n = byteLength(value);
  return n >= min && n <= max;
}

/** Spec §9: strings over 14 characters shortened to the first 6 and the last 7. */
export function shorten(value: string): string {
  return value.length > 14 ? `${value.slice(0, 6)}...${value.slice(-7)}` : value;
}

/** Spec §9: timestamps as year-month-day hour:minute:second; 10-digit numbers (or digit strings) are seconds. */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  let date: Date;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n === 'number') date = new Date(String(Math.trunc(n)).length === 10 ? n * 1000 : n);
  else date = new Date(n);
  if (Number.isNaN(date.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

/**
 * An exact decimal amount (money travels as a string) with its thousands grouped for reading:
 * "8400000.00" → "8,400,000.00". Anything that is not a plain decimal comes back as it was.
 */
export function groupThousands(amount: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(amount);
  if (!m) return amount;
  return `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** A byte count as people read it: KB, MB or GB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(2)} GB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** Spec §5: all string fields of a form can be trimmed. */
export function trimStrings<T extends object>(form: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(form)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out as T;
}

// zod pieces whose messages are catalogue codes: the server localizes them.
