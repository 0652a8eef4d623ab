export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** days undefined = a session cookie. */
export function setCookie(name: string, value: string, days?: number): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (days !== undefined) cookie += `; expires=${new Date(Date.now() + days * 864e5).toUTCString()}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not in every browser
  document.cookie = cookie;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
