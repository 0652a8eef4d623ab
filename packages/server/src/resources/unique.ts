// A family's own uniqueness rule checked before its insert, so the caller hears which field repeats (409)
// instead of the constraint's bare failure.
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';

/** Refuses with 409 `unique.generic` naming `field` when a row of `id`'s table already matches `where`. */
export async function refuseDuplicate(db: Db, id: AnyPgColumn, where: SQL | undefined, field: string) {
  const [dup] = await db.select({ id }).from(id.table).where(where);
  if (dup) throw new AppError(409, 'unique.generic', { field });
}
