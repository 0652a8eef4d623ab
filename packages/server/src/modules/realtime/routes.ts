// GET /websocket?token=… : the browser's live channel (unread counts, session kicked).
// The only place a token is taken from a URL; a browser page of another origin may not open it.
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSession, websocketToken } from '../../http/auth.ts';
import { realtime } from '../../realtime/hub.ts';
import { unreadCount } from '../messages/service.ts';

/**
 * Browsers always send Origin on a websocket: it must be the page's own (the Host it connects to) or
 * one of WS_ORIGINS. A client without Origin is not a browser page and cannot ride a victim's session.
 */
export function originAllowed(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const page = new URL(origin);
    // The Host header as a URL of the page's scheme, so a default port compares equal (":80" = "").
    const target = new URL(`${page.protocol}//${request.headers.host ?? ''}`);
    if (page.host && page.host === target.host) return true;
  } catch {
    return false;
  }
  return allowed.includes(origin.toLowerCase());
}

export async function realtimeRoutes(app: FastifyInstance) {
  await app.register(websocket);
  app.get(
    '/websocket',
    { websocket: true, config: { public: true }, schema: { hide: true } },
    async (socket, request) => {
      if (!originAllowed(request, app.config.wsOrigins)) {
        socket.close(4403, 'origin not allowed');
        return;
      }
      const token = websocketToken(request);
      const auth = token ? await resolveSession(app.db, app.config, token) : null;
      if (!auth) {
        socket.close(4401, 'unauthorized');
        return;
      }
      realtime.add(auth.userId, auth.sessionId, socket);
      socket.on('close', () => realtime.remove(auth.userId, socket));
      socket.on('message', (data: Buffer) => {
        if (data.toString() === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      });
      socket.send(JSON.stringify({ type: 'unread', count: await unreadCount(app.db, auth) }));
    },
  );
}
