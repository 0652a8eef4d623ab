// A demo step as a user makes it: the server's own command, run in-process as the demo user. The notices
// it writes are dropped: they would reach the demo's users today as news of a story that happened before.
import { gt, sql } from 'drizzle-orm';
import type { AuthContext } from '../../http/auth.ts';
import { runCommandAs } from '../../workflow/in-process.ts';
import type { Command } from '../../workflow/kernel.ts';
import type { Db } from '../client.ts';
import { outbox } from '../schema.ts';

export async function seedCommand<I>(db: Db, cmd: Command<I>, auth: AuthContext, input: I) {
  const [mark] = await db.select({ last: sql<number>`coalesce(max(${outbox.id}), 0)::bigint` }).from(outbox);
  await runCommandAs(db, cmd, auth, input);
  await db.delete(outbox).where(gt(outbox.id, Number(mark?.last)));
}
