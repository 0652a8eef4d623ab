// One rule for the times a file shows (workbooks and PDFs alike): the wall-clock time of the reader's
// company (its tenant's IANA zone, Asia/Shanghai unless the company sets another), and the file says which
// zone that is. A calendar date (a planned date, a B/L's date of issue) has no zone and is never shifted.
import { z } from 'zod';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Whether the runtime knows an IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const zTimeZone = z.string().trim().max(64).refine(isTimeZone, { message: 'validation.time_zone' });

/** Zones a company picks from (the web's list); any IANA name is accepted on the wire. */
export const commonTimeZones = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Jakarta',
  'Asia/Makassar',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Kuala_Lumpur',
  'Asia/Singapore',
  'Asia/Manila',
  'Asia/Dhaka',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Tashkent',
  'Asia/Almaty',
  'Asia/Dubai',
  'Asia/Riyadh',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Africa/Cairo',
  'Africa/Nairobi',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Europe/London',
  'Europe/Berlin',
  'America/Sao_Paulo',
  'America/Mexico_City',
  'America/New_York',
  'UTC',
] as const;

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string) {
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, f);
  }
  return f;
}

/** Milliseconds the zone is ahead of UTC at an instant (DST included). */
export function zoneOffsetMs(at: Date, zone: string): number {
  const p = Object.fromEntries(
    formatter(zone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant as the zone's wall clock, carried in a Date's UTC fields: what a spreadsheet cell holds
 * (Excel has no zones; the serial is the wall-clock time the reader expects to see).
 */
export function wallClock(at: Date, zone: string): Date {
  return new Date(at.getTime() + zoneOffsetMs(at, zone));
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** `2026-05-01 14:03:09` (or `2026-05-01 14:03` without seconds) on the zone's wall clock. */
export function formatInZone(at: Date, zone: string, seconds = true): string {
  const w = wallClock(at, zone);
  const day = `${w.getUTCFullYear()}-${p2(w.getUTCMonth() + 1)}-${p2(w.getUTCDate())}`;
  const time = `${p2(w.getUTCHours())}:${p2(w.getUTCMinutes())}`;
  return `${day} ${time}${seconds ? `:${p2(w.getUTCSeconds())}` : ''}`;
}

/** The zone's calendar date of an instant: `2026-05-01`. */
export const dateInZone = (at: Date, zone: string) => formatInZone(at, zone).slice(0, 10);

function offsetText(ms: number): string {
  const m = Math.round(ms / 60_000);
  const sign = m < 0 ? '-' : '+';
  return `UTC${sign}${p2(Math.floor(Math.abs(m) / 60))}:${p2(Math.abs(m) % 60)}`;
}

/**
 * How a file names its zone: `UTC+08:00` for a zone with one offset all year, else the IANA name with the
 * offset at `at` (`Europe/Berlin, UTC+02:00`), so a reader can tell summer from winter time.
 */
export function zoneLabel(zone: string, at = new Date()): string {
  const y = at.getUTCFullYear();
  const jan = zoneOffsetMs(new Date(Date.UTC(y, 0, 1)), zone);
  const jul = zoneOffsetMs(new Date(Date.UTC(y, 6, 1)), zone);
  return jan === jul ? offsetText(jan) : `${zone}, ${offsetText(zoneOffsetMs(at, zone))}`;
}

/** The note a file carries: "时间为 UTC+08:00" / "Times in UTC+08:00". */
export function zoneNote(zone: string, lang: 'zh' | 'en', at = new Date()): string {
  return lang === 'en' ? `Times in ${zoneLabel(zone, at)}` : `时间为 ${zoneLabel(zone, at)}`;
}
