export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** Whole days from today until a date (YYYY-MM-DD, the first day without trial), never below 0. */
export function daysLeft(dateStr: string | null | undefined, now = new Date()): number {
  if (!dateStr) return 0;
  const end = Date.parse(`${dateStr}T00:00:00Z`);
  if (Number.isNaN(end)) return 0;
  const today = Date.parse(`${isoDate(now)}T00:00:00Z`);
  return Math.max(0, Math.round((end - today) / DAY));
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY);
}
