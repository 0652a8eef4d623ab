// Housekeeping (the scheduled job `janitor`, hourly by default): expired sessions, captchas, reset codes and idempotency keys go;
// login attempts (the login history) are kept 180 days; the scheduled jobs' and the mail log 90 days.
import { and, eq, lt, or } from 'drizzle-orm';
import { DAY } from '../lib/time.ts';
import type { Db } from './client.ts';
import { captchas, idempotencyKeys, loginAttempts, resetCodes, sessions } from './schema.ts';
import { jobLogs } from './schema-jobs.ts';
import { mailLogs } from './schema-mail.ts';

export async function sweep(db: Db) {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now - 7 * DAY)),
        and(eq(sessions.revoked, true), lt(sessions.updateTime, new Date(now - 7 * DAY))),
      ),
    );
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now)));
  await db.delete(resetCodes).where(lt(resetCodes.expiresAt, new Date(now - DAY)));
  await db.delete(loginAttempts).where(lt(loginAttempts.createTime, new Date(now - 180 * DAY)));
  // X-Data-Id keys only need to outlive a double click; a day is plenty.
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createTime, new Date(now - DAY)));
  // The scheduled jobs' log keeps 90 days (a job every minute is 130,000 lines in that time).
  await db.delete(jobLogs).where(lt(jobLogs.createTime, new Date(now - 90 * DAY)));
  // The mail log (tests, reset codes, job alerts) keeps 90 days too; the mail tool lists the latest.
  await db.delete(mailLogs).where(lt(mailLogs.createTime, new Date(now - 90 * DAY)));
}
