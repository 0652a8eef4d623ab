// Notifications and pushes as outbox entries: a command says who hears what (catalogue codes and their
// parameters); the message centre renders them in zh and en when the dispatcher delivers them.
import type { MessageCode } from '@tradelane/contract';
import type { Db } from '../db/client.ts';
import { enqueue } from './outbox.ts';

export interface Notice {
  to: { tenants?: number[]; users?: number[]; platformAdmins?: boolean };
  /** Catalogue code of the title. */
  title: MessageCode;
  /** Catalogue code of the body, when it says more than the title (never the title again). */
  body?: MessageCode;
  params?: Record<string, unknown>;
  link?: string;
  type?: string;
}

export const MESSAGE_KIND = 'message';
export const PUSH_KIND = 'push';

export async function notify(db: Db, notices: Notice | Notice[], by = 'system'): Promise<void> {
  const list = (Array.isArray(notices) ? notices : [notices]).filter(
    (n) => n.to.platformAdmins || n.to.tenants?.length || n.to.users?.length,
  );
  await enqueue(
    db,
    list.map((n) => ({ kind: MESSAGE_KIND, payload: { ...n, params: n.params ?? {}, by } })),
  );
}

/** A websocket event to a user (or one of their sessions), sent after commit. */
export async function push(
  db: Db,
  userId: number,
  event: { type: string; [k: string]: unknown },
  sessionId?: number,
): Promise<void> {
  await enqueue(db, { kind: PUSH_KIND, payload: { userId, event, sessionId } });
}
