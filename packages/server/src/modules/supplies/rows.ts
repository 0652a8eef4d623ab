// Material rows by id, for the modules that show what a box or a paper holds. The supplies module owns
// the material rows.
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supplies } from '../../db/schema-project.ts';

export type Supply = typeof supplies.$inferSelect;

export async function suppliesByIds(db: Db, ids: number[]): Promise<Supply[]> {
  if (!ids.length) return [];
  return db.select().from(supplies).where(inArray(supplies.id, ids));
}

/** What a row holding a material row shows of it, as a field of another statement (`id` is its id there). */
export const supplyField = (id: SQL) =>
  sql<{
    name: string;
    enName: string | null;
    spec: string | null;
    unit: string;
    hsCode: string | null;
    quantity: number;
  } | null>`(select json_build_object('name', s.name, 'enName', s.en_name, 'spec', s.spec, 'unit', s.unit,
    'hsCode', s.hs_code, 'quantity', s.quantity) from ${supplies} s where s.id = ${id})`;
