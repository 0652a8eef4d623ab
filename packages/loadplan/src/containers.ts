import type { ContainerSpec } from './types.ts';

export interface ContainerType extends ContainerSpec {
  id: string;
  nameEn: string;
  nameZh: string;
  tare?: number;
  /** Door opening (mm) where the source gives one: every box goes in through it. */
  doorW?: number;
  doorH?: number;
}

/**
 * Standard container types (inner size in mm, payload in kg), copied from the shared
 * equipment/containers.csv. Figures are nominal and owners differ: callers should let users edit them.
 * 20RF has no clean inner height there; its loading line (2,198 mm) is used. 40RF has no payload there.
 */
export const STANDARD_CONTAINERS: readonly ContainerType[] = [
  {
    id: '20GP',
    nameEn: '20ft dry (general purpose)',
    nameZh: '20英尺普柜',
    l: 5896,
    w: 2350,
    h: 2393,
    tare: 2300,
    maxPayload: 28180,
    doorW: 2340,
    doorH: 2274,
  },
  {
    id: '40GP',
    nameEn: '40ft dry (general purpose)',
    nameZh: '40英尺普柜',
    l: 12032,
    w: 2350,
    h: 2392,
    tare: 3750,
    maxPayload: 26730,
    doorW: 2340,
    doorH: 2274,
  },
  {
    id: '40HQ',
    nameEn: '40ft high cube',
    nameZh: '40英尺高柜',
    l: 12032,
    w: 2350,
    h: 2697,
    tare: 3940,
    maxPayload: 26540,
    doorW: 2340,
    doorH: 2577,
  },
  {
    id: '45HQ',
    nameEn: '45ft high cube',
    nameZh: '45英尺高柜',
    l: 13556,
    w: 2347,
    h: 2696,
    tare: 4820,
    maxPayload: 25660,
    doorW: 2340,
    doorH: 2584,
  },
  {
    id: '20RF',
    nameEn: '20ft reefer (integral)',
    nameZh: '20英尺冷柜',
    l: 5456,
    w: 2294,
    h: 2198,
    tare: 3000,
    maxPayload: 27480,
    doorW: 2290,
    doorH: 2264,
  },
  {
    id: '40RF',
    nameEn: '40ft high-cube reefer (integral)',
    nameZh: '40英尺冷高柜',
    l: 11585,
    w: 2290,
    h: 2544,
  },
  {
    id: '20OT',
    nameEn: '20ft open top',
    nameZh: '20英尺开顶柜',
    l: 5888,
    w: 2345,
    h: 2365,
    tare: 2250,
    maxPayload: 28230,
  },
  {
    id: '40OT',
    nameEn: '40ft open top',
    nameZh: '40英尺开顶柜',
    l: 12027,
    w: 2344,
    h: 2347,
    tare: 3800,
    maxPayload: 26680,
    doorW: 2336,
    doorH: 2275,
  },
  {
    id: '20FR',
    nameEn: '20ft flat rack',
    nameZh: '20英尺框架柜',
    l: 5830,
    w: 2340,
    h: 2280,
    tare: 2740,
    maxPayload: 27740,
  },
  {
    id: '40FR',
    nameEn: '40ft flat rack (collapsible)',
    nameZh: '40英尺框架柜',
    l: 11960,
    w: 2340,
    h: 2280,
    tare: 5000,
    maxPayload: 25480,
  },
];

/** Split one CSV line, honouring double-quoted fields with commas and doubled quotes. */
function csvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/**
 * Container types from CSV text in the layout of equipment/containers.csv (pure: the caller reads the
 * file). Without text, the built-in table. Rows without a full inner size are skipped.
 */
export function loadContainerTypes(csvText?: string): ContainerType[] {
  if (csvText === undefined) return STANDARD_CONTAINERS.map((c) => ({ ...c }));
  const lines = csvText.split(/\r?\n/).filter((l) => l.trim().length > 0);
  const header = csvLine(lines[0] ?? '');
  const col = (name: string) => header.indexOf(name);
  const num = (row: string[], name: string): number | undefined => {
    const i = col(name);
    const t = i >= 0 ? row[i]?.trim() : undefined;
    if (!t) return undefined;
    const n = Number(t.replace(/,/g, ''));
    return Number.isFinite(n) ? n : undefined;
  };
  const out: ContainerType[] = [];
  for (const line of lines.slice(1)) {
    const row = csvLine(line);
    const l = num(row, 'internal_length_mm');
    const w = num(row, 'internal_width_mm');
    const h = num(row, 'internal_height_mm');
    if (l === undefined || w === undefined || h === undefined) continue;
    const c: ContainerType = {
      id: row[col('code')] ?? '',
      nameEn: row[col('name_en')] ?? '',
      nameZh: row[col('name_zh')] ?? '',
      l,
      w,
      h,
    };
    const payload = num(row, 'max_payload_kg');
    if (payload !== undefined) c.maxPayload = payload;
    const tare = num(row, 'tare_kg');
    if (tare !== undefined) c.tare = tare;
    const doorW = num(row, 'door_width_mm');
    const doorH = num(row, 'door_height_mm');
    if (doorW !== undefined) c.doorW = doorW;
    if (doorH !== undefined) c.doorH = doorH;
    out.push(c);
  }
  return out;
}
