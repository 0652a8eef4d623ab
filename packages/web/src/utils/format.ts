/** Strings over 14 characters are shortened to the first 6 and the last 7. */
export function shorten(value: string): string {
  return value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-7)}` : value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** year-month-day hour:minute:second; 10-digit numbers are seconds. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  let v: string | number = value;
  if (typeof v === 'number' || /^\d+$/.test(v)) {
    const n = Number(v);
    v = String(n).length === 10 ? n * 1000 : n;
  }
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A byte count as people read it: KB, MB or GB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(2)} GB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
