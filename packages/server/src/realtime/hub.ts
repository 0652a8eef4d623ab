// Websocket fan-out: sockets by user on this node. With PostgreSQL, events also go through
// LISTEN/NOTIFY so that every API node delivers to its own sockets (docs/operations.md).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUSH_KIND } from '../workflow/notify.ts';

export type RealtimeEvent =
  | { type: 'unread'; count: number }
  | { type: 'kicked' }
  | { type: 'ended' }
  | { type: string; [k: string]: unknown };

interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readyState: number;
}

type Publisher = (payload: string) => Promise<void>;

class Hub {
  readonly nodeId = randomUUID();
  private sockets = new Map<number, Map<Socket, { sessionId: number }>>();
  private remote: Publisher | null = null;

  add(userId: number, sessionId: number, socket: Socket) {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Map();
      this.sockets.set(userId, set);
    }
    set.set(socket, { sessionId });
  }

  remove(userId: number, socket: Socket) {
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set && set.size === 0) this.sockets.delete(userId);
  }

  isConnected(userId: number): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0 || this.remote !== null;
  }

  connections(): number {
    let n = 0;
    for (const s of this.sockets.values()) n += s.size;
    return n;
  }

  /** Deliver to this node's sockets of a user, optionally only one session's. */
  deliver(userId: number, event: RealtimeEvent, sessionId?: number) {
    const set = this.sockets.get(userId);
    if (!set) return;
    const text = JSON.stringify(event);
    for (const [socket, meta] of set) {
      if (sessionId !== undefined && meta.sessionId !== sessionId) continue;
      if (socket.readyState === 1) socket.send(text);
      // A revoked session's sockets close: an open socket must not outlive its session.
      if (event.type === 'kicked' || event.type === 'ended') socket.close(4001, event.type);
    }
  }

  publish(userId: number, event: RealtimeEvent, sessionId?: number) {
    this.deliver(userId, event, sessionId);
    if (this.remote) void this.remote(JSON.stringify({ from: this.nodeId, userId, event, sessionId }));
  }

  setRemote(publisher: Publisher | null) {
    this.remote = publisher;
  }

  onRemote(payload: string) {
    const msg = JSON.parse(payload) as {
      from: string;
      userId: number;
      event: RealtimeEvent;
      sessionId?: number;
    };
    if (msg.from !== this.nodeId) this.deliver(msg.userId, msg.event, msg.sessionId);
  }
}

export const realtime = new Hub();

/** Websocket pushes written to the outbox (a session kicked out) go out after their commit. */
export async function realtimeDelivery(app: FastifyInstance) {
  app.outbox.handle(PUSH_KIND, async (_tx, payload) => {
    const p = payload as { userId: number; event: RealtimeEvent; sessionId?: number };
    return () => realtime.publish(p.userId, p.event, p.sessionId);
  });
}
