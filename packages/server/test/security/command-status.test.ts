// A status a workflow command moves is the command's alone: on any family over that table the engine
// refuses to write it, even when a family's schema (wrongly) lets the field through.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { materialLists } from '../../src/db/schema-project.ts';
import { resolveSession } from '../../src/http/auth.ts';
import { materialListResource } from '../../src/modules/supplies/resources.ts';
import { type Resource, updateRow } from '../../src/resources/engine.ts';
import { login, useTestApp } from '../helpers.ts';

const t = useTestApp();

describe('command-driven status columns', () => {
  it('are refused on a family whose schema names them, and the row keeps its state', async () => {
    const token = (await login(t.app, 'supplier')).replace(/^Bearer /, '');
    const auth = (await resolveSession(t.db, t.app.config, token))!;
    const [list] = await t.db
      .select()
      .from(materialLists)
      .where(eq(materialLists.supplierTenantId, auth.tenantId))
      .limit(1);
    // A careless declaration: the list's status in its update body, nothing declared server-owned.
    const careless: Resource = {
      ...materialListResource,
      scope: 'platform',
      update: z.object({ status: z.number().int(), reason: z.string().nullish() }),
      updateSchema: z
        .object({ id: z.number(), status: z.number().int().optional(), reason: z.string().nullish() })
        .strict(),
    };
    const ctx = { db: t.db, auth, request: {} as never };
    const other = list.status === 2 ? 0 : 2;
    await expect(updateRow(careless, ctx, { id: list.id, status: other })).rejects.toMatchObject({
      status: 403,
      code: 'resource.field_not_writable',
    });
    const [after] = await t.db.select().from(materialLists).where(eq(materialLists.id, list.id));
    expect(after.status).toBe(list.status);
    // A field the command does not own still goes through the same careless family.
    await updateRow(careless, ctx, { id: list.id, reason: '备注' });
    const [noted] = await t.db.select().from(materialLists).where(eq(materialLists.id, list.id));
    expect(noted).toMatchObject({ status: list.status, reason: '备注' });
  });
});
