// The Content-Disposition of every download: the UTF-8 name in `filename*=` (RFC 6266 / 8187) and, beside
// it, an ASCII `filename=` for the clients that read only that one (some mail clients, download managers,
// older HTTP libraries) and would otherwise save the file under the last segment of its URL.

/** Characters RFC 8187's attr-char does not allow unescaped, beyond what encodeURIComponent escapes. */
const encodeExt = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * An ASCII stand-in for a file name: accents and full-width forms folded to ASCII, other characters
 * dropped, quotes, backslashes and path characters never kept; `fallback` (then `download`) when nothing
 * readable is left of the name itself. The extension is kept.
 */
export function asciiFilename(name: string, fallback = 'download'): string {
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const plain = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\/:*?<>|;]/g, '-')
      .replace(/\s+/g, ' ')
      .replace(/^[\s._-]+|[\s._-]+$/g, '');
  const asciiExt = plain(ext.slice(1));
  return `${plain(base) || plain(fallback) || 'download'}${asciiExt ? `.${asciiExt}` : ''}`;
}

/** `attachment` (or `inline`) with both names; `fallback` names the ASCII one when the name has no ASCII. */
export function contentDisposition(name: string, opts: { inline?: boolean; fallback?: string } = {}): string {
  return `${opts.inline ? 'inline' : 'attachment'}; filename="${asciiFilename(name, opts.fallback)}"; filename*=UTF-8''${encodeExt(name)}`;
}
