// Zip-bomb guard for every .xlsx the server reads. An .xlsx is a zip: 500 KB can inflate to gigabytes
// (docs/decisions.md). Before any reader sees the file, each part is inflated chunk by chunk into a
// counter (never into memory) and the file is refused once the total passes the limit, or when it has too
// many parts. The declared sizes are checked first (cheap), but never trusted: the count is what inflates.
// Uploads are at most 10 MB, so the compressed file is held in memory; what it inflates to never is.
import { createInflateRaw } from 'node:zlib';
import { AppError } from './errors.ts';

export interface XlsxLimits {
  /** Everything inflated, all parts together. A 50,000-row material list (3.1 MB) inflates to 29 MB. */
  maxUnzippedBytes: number;
  maxEntries: number;
}

export const XLSX_LIMITS: XlsxLimits = { maxUnzippedBytes: 100 * 1024 * 1024, maxEntries: 1000 };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function xlsxTooLarge(limits: XlsxLimits = XLSX_LIMITS) {
  return new AppError(400, 'file.xlsx_too_large', {
    maxMb: Math.round(limits.maxUnzippedBytes / 1024 / 1024),
    maxEntries: limits.maxEntries,
  });
}

interface Entry {
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/** The central directory's entries, or null when the file is not a (readable) zip. */
function centralDirectory(zip: Buffer, limits: XlsxLimits): { entries: Entry[]; directoryAt: number } | null {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = zip.readUInt16LE(eocd + 10);
  const directoryAt = zip.readUInt32LE(eocd + 16);
  let at = directoryAt;
  // 0xffff entries / 0xffffffff offset: a ZIP64 archive, which no spreadsheet of ours needs.
  if (count === 0xffff || at === 0xffffffff) throw xlsxTooLarge(limits);
  if (count > limits.maxEntries) throw xlsxTooLarge(limits);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return { entries, directoryAt };
}

/** Where an entry's data starts, or -1 when no local header is where the directory says. */
function dataStart(zip: Buffer, e: Entry): number {
  const at = e.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) return -1;
  return at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
}

/**
 * The entries tile the file: each starts where the previous ended (after an optional data descriptor),
 * the last ends at the directory. A streaming reader walks local headers, not the directory, so a part
 * hidden between listed ones would be read without having been counted.
 */
function tiles(zip: Buffer, entries: Entry[], directoryAt: number): boolean {
  const sorted = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  for (const e of sorted) {
    const start = dataStart(zip, e);
    if (
      start < 0 ||
      ![0, 12, 16].some((d) => e.localOffset === expected + d) ||
      (expected === 0 && e.localOffset !== 0)
    )
      return false;
    expected = start + e.compressedSize;
  }
  return [0, 12, 16].some((d) => directoryAt === expected + d);
}

/** Inflates one deflated part into a counter; rejects as soon as `budget` bytes are passed. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/**
 * Inflates every part into a counter. Throws the localized 400 when the file inflates past the limit or
 * has too many parts; answers false when it is not a well-formed zip (the caller refuses it as a bad file:
 * a reader might still find parts in it that were never counted).
 */
export async function xlsxWithinLimits(zip: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<boolean> {
  const dir = centralDirectory(zip, limits);
  if (!dir?.entries.length || !tiles(zip, dir.entries, dir.directoryAt)) return false;
  let declared = 0;
  for (const e of dir.entries) declared += e.declaredSize;
  if (declared > limits.maxUnzippedBytes) throw xlsxTooLarge(limits);
  let total = 0;
  for (const e of dir.entries) {
    const start = dataStart(zip, e);
    const data = zip.subarray(start, start + e.compressedSize);
    if (e.method === 0) total += data.length;
    else if (e.method === 8) {
      try {
        total += await inflatedSize(data, limits.maxUnzippedBytes - total);
      } catch {
        return false;
      }
    } else return false;
    if (total > limits.maxUnzippedBytes) throw xlsxTooLarge(limits);
  }
  return true;
}
