// Who sees what of the vessel register and the shipping instructions. The register is read
// by every signed-in party: the vessels kept by the platform's active logistics providers (a stopped
// provider's vessels drop out); each row is changed only by the provider that keeps it. An instruction
// is seen by the batch's shipper and the logistics provider it is addressed to.
import { editable, type StateMachine, TenantEnd } from '@tradelane/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import { partyOf } from '../../access/party.ts';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../db/schema.ts';
import { deliveryEntrusts, vesselSchedules, vessels } from '../../db/schema-entrust.ts';
import { AppError } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';
import { paperScope } from '../papers/paper.ts';

type Who = Pick<Ctx, 'db' | 'auth'>;

/** Active logistics providers: the companies whose vessels make up the register. */
const activeProviderIds = (db: Db) =>
  db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.end, TenantEnd.logistics), eq(tenants.active, true)));

export const vesselScope = ({ db, auth }: Who): SQL | undefined =>
  auth.isPlatformAdmin ? undefined : anyOf(vessels.tenantId, activeProviderIds(db));

export const vesselScheduleScope = ({ db, auth }: Who): SQL | undefined =>
  auth.isPlatformAdmin ? undefined : anyOf(vesselSchedules.tenantId, activeProviderIds(db));

export const entrustScope = paperScope(deliveryEntrusts);

export const isLogistics = (ctx: Pick<Ctx, 'auth'>) => partyOf(ctx.auth) === 'logistics';

/** The provider that keeps a register row changes it (platform administrators may correct any). */
export const keeperOnly = (ctx: Ctx, row: Row) =>
  ctx.auth.isPlatformAdmin || row.tenantId === ctx.auth.tenantId;

/** The shipper changes its instruction, and only while it is a draft. */
export function ownDraft(machine: StateMachine<number, string>) {
  return (ctx: Ctx, row: Row) => {
    if (ctx.auth.isPlatformAdmin) return true;
    if (row.tenantId !== ctx.auth.tenantId) return false;
    if (!editable(machine, Number(row.status))) throw new AppError(403, 'entrust.read_only');
    return true;
  };
}
