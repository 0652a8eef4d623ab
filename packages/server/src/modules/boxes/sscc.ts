// SSCCs handed out per GS1 company prefix: a box printed with an SSCC keeps it (a reprint shows the same
// one), serials come from the prefix's counter in order, an SSCC already on a box (typed by hand) is
// skipped, and a prefix whose range is spent is refused whole — nothing is written then.
import { ssccCapacity, ssccOf } from '@tradelane/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boxPieces, ssccSerials } from '../../db/schema-boxes.ts';
import { AppError } from '../../http/errors.ts';

/** Gives every box of `boxIds` that has no SSCC the next ones of `prefix`, in box order. */
export async function assignSsccs(db: Db, prefix: string, boxIds: number[]): Promise<number> {
  if (!boxIds.length) return 0;
  return db.transaction(async (tx) => {
    const missing = await tx
      .select({ id: boxPieces.id })
      .from(boxPieces)
      .where(and(inArray(boxPieces.id, boxIds), isNull(boxPieces.sscc)))
      .orderBy(asc(boxPieces.id))
      .for('update');
    if (!missing.length) return 0;
    await tx.insert(ssccSerials).values({ companyPrefix: prefix, nextSerial: 0 }).onConflictDoNothing();
    const [counter] = await tx
      .select()
      .from(ssccSerials)
      .where(eq(ssccSerials.companyPrefix, prefix))
      .for('update');
    const capacity = ssccCapacity(prefix);
    let next = counter?.nextSerial ?? 0;
    const given: string[] = [];
    while (given.length < missing.length) {
      const want = missing.length - given.length;
      if (next + want > capacity)
        throw new AppError(409, 'boxes.sscc_range_spent', {
          prefix,
          capacity: capacity.toLocaleString('en-US'),
        });
      const candidates = Array.from({ length: want }, (_, i) => ssccOf(prefix, next + i));
      const taken = new Set(
        (
          await tx.select({ sscc: boxPieces.sscc }).from(boxPieces).where(inArray(boxPieces.sscc, candidates))
        ).map((r) => r.sscc),
      );
      given.push(...candidates.filter((s) => !taken.has(s)));
      next += want;
    }
    const ids = missing.map((m) => m.id);
    const list = (values: (number | string)[]) =>
      sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );
    await tx.execute(sql`
      update box_piece b set sscc = v.sscc, update_time = now()
        from unnest(array[${list(ids)}]::bigint[], array[${list(given)}]::varchar[]) as v(id, sscc)
       where b.id = v.id`);
    await tx
      .update(ssccSerials)
      .set({ nextSerial: next, updateTime: new Date() })
      .where(eq(ssccSerials.companyPrefix, prefix));
    return missing.length;
  });
}
