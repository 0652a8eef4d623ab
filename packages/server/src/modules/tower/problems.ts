// Problems raised elsewhere become exceptions with an owner, so that the inbox holds every
// open question of a batch, not only its schedule: an abnormal record on a box (the box's supplier to
// answer), a bill of lading or a statement the shipper rejected (its provider to correct), a customs
// declaration returned (its broker to correct). Each is opened once per record and closed by the product
// when the record is dealt with where it lives (resolved, submitted again). All in the transaction of the
// step that raised or settled it.
import { abnormalTypes, type ExceptionKind, type MessageCode, type OwnerParty } from '@tradelane/contract';
import type { Db } from '../../db/client.ts';
import { towerExceptions } from '../../db/schema-tower.ts';
import type { Row } from '../../resources/engine.ts';
import type { CommandListener } from '../../workflow/kernel.ts';
import { batchParties } from './audience.ts';
import { closeExceptions } from './consequences.ts';
import { emitEvents, exceptionEvent } from './events-out.ts';
import { tellOwners } from './exceptions.ts';

interface Problem {
  kind: ExceptionKind;
  /** The record it is about (one open exception per record). */
  refEntity: string;
  refId: number;
  batchId: number;
  ownerTenantId: number;
  ownerParty: OwnerParty;
  titleCode: MessageCode;
  params: Record<string, unknown>;
}

const keyOf = (p: Pick<Problem, 'kind' | 'refId'>) => `${p.kind}:${p.refId}`;

/** Opens the exception of a problem (nothing when one is open for the same record already). */
export async function openProblem(db: Db, p: Problem, by: string): Promise<void> {
  const b = (await batchParties(db, [p.batchId])).get(p.batchId);
  if (!b) return;
  const [e] = await db
    .insert(towerExceptions)
    .values({
      tenantId: b.tenantId,
      projectId: b.projectId,
      batchId: p.batchId,
      kind: p.kind,
      source: 'product',
      dedupeKey: keyOf(p),
      titleCode: p.titleCode,
      params: { batch: b.batchNumber, ...p.params },
      ownerTenantId: p.ownerTenantId,
      ownerParty: p.ownerParty,
      refEntity: p.refEntity,
      refId: p.refId,
      createBy: by,
    })
    .onConflictDoNothing()
    .returning();
  if (!e) return;
  await tellOwners(db, [e]);
  await emitEvents(db, [exceptionEvent('exception.opened', e, b)]);
}

/** Closes the open exception of a record that was dealt with where it lives (by the user who dealt with it). */
export async function settleProblem(
  db: Db,
  kind: ExceptionKind,
  refId: number,
  by: { username: string; tenantId: number },
): Promise<void> {
  await closeExceptions(db, [keyOf({ kind, refId })], 'exception.closed_settled', by.username, by.tenantId);
}

/** An abnormal record raised on a box: its supplier answers (called from the record's create). */
export function abnormalProblem(row: Row, boxNumber: string): Problem {
  const type = abnormalTypes.find((t) => t.code === row.abnormalType);
  return {
    kind: 'abnormal',
    refEntity: 'abnormalRecord',
    refId: row.id as number,
    batchId: row.batchId as number,
    ownerTenantId: row.supplierTenantId as number,
    ownerParty: 'supplier',
    titleCode: 'exception.title_abnormal',
    params: { boxNumber, typeZh: type?.zh ?? row.abnormalType, typeEn: type?.en ?? row.abnormalType },
  };
}

/**
 * A paper sent back with a reason: the company that answers for it (the row's `owner` column) corrects it.
 * `number` names the paper in the title.
 */
const sentBack =
  (kind: ExceptionKind, refEntity: string, owner: string, number: (row: Row) => unknown) =>
  (row: Row, input: { reason?: string }): Problem | null =>
    row[owner]
      ? {
          kind,
          refEntity,
          refId: row.id as number,
          batchId: row.batchId as number,
          ownerTenantId: row[owner] as number,
          ownerParty: 'logistics',
          titleCode: `exception.title_${kind}` as MessageCode,
          params: { number: number(row) ?? `#${row.id}`, reason: input.reason ?? '' },
        }
      : null;

/** Which commands raise a problem, and which settle one. */
const raisedBy: Record<string, (row: Row, input: { reason?: string }) => Problem | null> = {
  'billLading.reject': sentBack('blRejected', 'billLading', 'partyTenantId', (r) => r.blNumber),
  'reconciliation.reject': sentBack(
    'statementRejected',
    'reconciliation',
    'partyTenantId',
    (r) => r.statementNo,
  ),
  'projectDeclare.back': sentBack('customsReturned', 'projectDeclare', 'brokerTenantId', () => null),
};
const settledBy: Record<string, ExceptionKind> = {
  'billLading.submit': 'blRejected',
  'billLading.confirm': 'blRejected',
  'reconciliation.submit': 'statementRejected',
  'reconciliation.confirm': 'statementRejected',
  'projectDeclare.submit': 'customsReturned',
  'projectDeclare.approve': 'customsReturned',
  'abnormalRecord.resolve': 'abnormal',
};

/** A kernel listener (registered by the tower module): each command's problems raised or settled. */
export const problemsOfCommands: CommandListener = async (ctx, cmd, moves) => {
  const raise = raisedBy[cmd.name];
  const settle = settledBy[cmd.name];
  if (!raise && !settle) return;
  for (const m of moves) {
    const row = (m.updated ?? m.row) as Row;
    if (settle) await settleProblem(ctx.db, settle, row.id as number, ctx.auth);
    const p = raise?.(row, (m.input ?? {}) as { reason?: string });
    if (p) await openProblem(ctx.db, p, ctx.auth.username);
  }
};
