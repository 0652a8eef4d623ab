// A real SMTP server on loopback for the tests that send mail: what it received, raw, and who logged in.
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
  /** The user the client logged in as (when a login was demanded). */
  user?: string;
}

/** Starts the server on a free port; with `login`, only that user and password may send. */
export async function startSmtp(login?: { user: string; pass: string }) {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    ...(login
      ? {
          allowInsecureAuth: true,
          onAuth(auth, _session, done) {
            if (auth.username === login.user && auth.password === login.pass)
              return done(null, { user: auth.username });
            return done(new Error('Invalid username or password'));
          },
        }
      : { authOptional: true }),
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user ? String(session.user) : undefined,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    inbox,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's text body (quoted-printable or base64 transfer encoding), decoded as UTF-8. */
export function bodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head ?? ''))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] as string));
  }
  return Buffer.from(bytes).toString('utf8');
}
