// Material rows by id, for the modules that show what a box or a paper holds. The supplies module owns
// the material rows.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supplies } from '../../db/schema-project.ts';

export type Supply = typeof supplies.$inferSelect;

export async function suppliesByIds(db: Db, ids: number[]): Promise<Supply[]> {
  if (!ids.length) return [];
  return db.select().from(supplies).where(inArray(supplies.id, ids));
}
