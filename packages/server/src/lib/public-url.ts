// Links that leave the product — printed on labels, written in mails — point at PUBLIC_URL, the address
// the administrator configured, never at the Host a request came with (anyone can send any Host).

/** `path` (from `/`) under the configured public address. */
export const publicLink = (publicUrl: string, path: string) =>
  `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
