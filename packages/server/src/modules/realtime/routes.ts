// GET /websocket?token=… : the browser's live channel (unread counts, session kicked).
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { resolveSession, tokenFromRequest } from '../../http/auth.ts';
import { unreadCount } from '../messages/service.ts';
import { realtime } from './hub.ts';

export async function realtimeRoutes(app: FastifyInstance) {
  await app.register(websocket);
  app.get(
    '/websocket',
    { websocket: true, config: { public: true }, schema: { hide: true } },
    async (socket, request) => {
      const token = tokenFromRequest(request);
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
