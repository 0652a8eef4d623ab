// What a file really is, from its first bytes — never from its name or the browser's say-so.
export interface Sniffed {
  mime: string;
  ext: string;
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);

export function sniff(buf: Buffer): Sniffed | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38])) return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(buf, [0x42, 0x4d]) && buf.length > 14) return { mime: 'image/bmp', ext: 'bmp' };
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8))
    return { mime: 'image/webp', ext: 'webp' };
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const head = buf.subarray(0, Math.min(buf.length, 4096)).toString('latin1');
    if (head.includes('word/'))
      return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' };
    if (head.includes('xl/'))
      return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' };
    return { mime: 'application/zip', ext: 'zip' };
  }
  if (startsWith(buf, [0x1f, 0x8b, 0x08])) return { mime: 'application/gzip', ext: 'gz' };
  const text = buf.subarray(0, Math.min(buf.length, 1024)).toString('utf8').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text))
    return { mime: 'image/svg+xml', ext: 'svg' };
  return null;
}

/** Which sniffed types each kind of upload accepts (spec §5: images png, gif, jpg, jpeg, bmp, svg). */
export const uploadKinds = {
  image: { exts: ['png', 'gif', 'jpg', 'bmp', 'svg'], max: 10 * 1024 * 1024 },
  avatar: { exts: ['png', 'jpg', 'bmp'], max: 2 * 1024 * 1024 },
  certification: { exts: ['png', 'gif', 'jpg', 'bmp', 'pdf'], max: 10 * 1024 * 1024 },
  document: {
    exts: ['png', 'gif', 'jpg', 'bmp', 'svg', 'webp', 'pdf', 'docx', 'xlsx', 'zip'],
    max: 10 * 1024 * 1024,
  },
  /** A file of a trade document (invoice, B/L, certificates…): up to 50 MB each. */
  paper: {
    exts: ['png', 'gif', 'jpg', 'bmp', 'webp', 'pdf', 'docx', 'xlsx', 'zip'],
    max: 50 * 1024 * 1024,
  },
} as const;

/** Types a browser may show inline from our origin: plain raster images and PDF. Anything else
 * (SVG, HTML, office files…) is only ever a download. */
export const inlineMimes: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'application/pdf',
];
export type UploadKind = keyof typeof uploadKinds;
