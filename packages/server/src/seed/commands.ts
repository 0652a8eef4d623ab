// A demo step as a user makes it: the server's own command, run in-process as the demo user. The notices
// it writes are dropped: they would reach the demo's users today as news of a story that happened before.
import { gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { changeRecords, outbox } from '../db/schema.ts';
import type { AuthContext } from '../http/auth.ts';
import { runCommandAs } from '../workflow/in-process.ts';
import type { Command } from '../workflow/kernel.ts';

/** With `at`, the change records the step wrote are dated to its day in the story. */
export async function seedCommand<I>(db: Db, cmd: Command<I>, auth: AuthContext, input: I, at?: Date) {
  const last = async (id: typeof outbox.id | typeof changeRecords.id) =>
    Number((await db.select({ n: sql<number>`coalesce(max(${id}), 0)::bigint` }).from(id.table))[0]?.n);
  const mark = { outbox: await last(outbox.id), change: await last(changeRecords.id) };
  await runCommandAs(db, cmd, auth, input);
  await db.delete(outbox).where(gt(outbox.id, mark.outbox));
  if (at)
    await db
      .update(changeRecords)
      .set({ createTime: at, updateTime: at })
      .where(gt(changeRecords.id, mark.change));
}
