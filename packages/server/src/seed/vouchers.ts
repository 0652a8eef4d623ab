// Seed step 12: payment vouchers — their buttons under the statements of charges (the
// shipper uploads, corrects and submits again; the logistics provider confirms or rejects) and their
// status dictionary; and the demo: a confirmed statement on JKT2-B002, paid in part.
import { VoucherStatus, voucherStatusLabels } from '@tradelane/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menus, users } from '../db/schema.ts';
import { reconciliations } from '../db/schema-papers.ts';
import { projectBatches } from '../db/schema-project.ts';
import { paymentVouchers } from '../db/schema-voucher.ts';
import type { Storage } from '../lib/storage.ts';
import { checkUpload, storeUploads } from '../modules/files/service.ts';
import { confirmStatement, submitStatement } from '../modules/papers/reconciliation.ts';
import { confirmVoucher } from '../modules/papers/vouchers.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';
import { button, grantMenusToRole, insertDictionaries, insertMenus } from './reference.ts';

const voucherButtons = [
  button('voucherProcess:list', '付款凭证查看', 'View payment vouchers', 7),
  button('voucherProcess:add', '付款凭证上传', 'Upload payment voucher', 8),
  button('voucherProcess:edit', '付款凭证修改', 'Correct payment voucher', 9),
  button('voucherProcess:del', '付款凭证删除', 'Delete payment voucher', 10),
  button('voucherProcess:submit', '付款凭证重新提交', 'Submit payment voucher again', 11),
  button('voucherProcess:confirm', '付款凭证确认收款', 'Confirm payment received', 12),
  button('voucherProcess:reject', '付款凭证驳回', 'Reject payment voucher', 13),
];

export const voucherRoleMenus: Record<string, string[]> = {
  shipper: [
    'voucherProcess:list',
    'voucherProcess:add',
    'voucherProcess:edit',
    'voucherProcess:del',
    'voucherProcess:submit',
  ],
  logistics: ['voucherProcess:list', 'voucherProcess:confirm', 'voucherProcess:reject'],
};

export async function seedVoucherReference(db: Db) {
  const [statements] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(eq(menus.menuKey, 'reconciliation:list'));
  await insertMenus(db, voucherButtons, statements?.id ?? null, '对账单');
  await grantMenusToRole(
    db,
    'admin',
    voucherButtons.map((b) => b.key),
  );
  for (const [code, keys] of Object.entries(voucherRoleMenus)) await grantMenusToRole(db, code, keys);
  await insertDictionaries(db, [
    {
      name: 'voucher_status',
      description: '付款凭证状态 / payment voucher status',
      entries: Object.entries(voucherStatusLabels).map(([v, l]) => [v, l.zh, l.en]),
    },
  ]);
}

/** A one-page PDF bank slip for the demo voucher (text only, no font needed). */
function bankSlip(reference: string, amount: string): Buffer {
  const text = `BT /F1 14 Tf 60 760 Td (Bank transfer ${reference}  USD ${amount}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Demo: the provider's statement on JKT2-B002, confirmed by the shipper, with one confirmed payment
 * (the ocean freight, USD) and one voucher waiting for the provider (part of the CNY charges).
 */
export async function seedVouchersDemo(db: Db, storage?: Storage) {
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B002'));
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.username, ['shipper', 'logistics']));
  const shipper = people.find((u) => u.username === 'shipper');
  const logistics = people.find((u) => u.username === 'logistics');
  if (!batch || !shipper || !logistics) return;
  const on = { tenantId: batch.tenantId, projectId: batch.projectId, batchId: batch.id };
  const now = Date.now();
  const [statement] = await db
    .insert(reconciliations)
    .values({
      ...on,
      partyTenantId: logistics.tenantId,
      statementNo: 'COSCO-ST-2026-027',
      remark: '上海 → 雅加达，1×40HQ',
      lines: [
        {
          chargeType: 'ocean_freight',
          description: '40HQ',
          quantity: '1',
          unitPrice: '2150',
          currency: 'USD',
          taxRate: '0',
        },
        {
          chargeType: 'thc',
          description: '上海港',
          quantity: '1',
          unitPrice: '1280',
          currency: 'CNY',
          taxRate: '6',
        },
        {
          chargeType: 'customs_broker',
          description: null,
          quantity: '1',
          unitPrice: '350',
          currency: 'CNY',
          taxRate: '6',
        },
      ],
      createBy: 'logistics',
      updateBy: 'logistics',
    })
    .returning();
  // Sent by the provider, confirmed by the shipper, then paid: each step the server's own command as its
  // user, dated to its day in the story.
  const as = { shipper: await callerOf(db, 'shipper'), logistics: await callerOf(db, 'logistics') };
  const daysAgo = (n: number) => new Date(now - n * 86_400_000);
  await seedCommand(db, submitStatement, as.logistics, { id: statement.id }, daysAgo(9));
  await seedCommand(db, confirmStatement, as.shipper, { id: statement.id }, daysAgo(8));
  await db
    .update(reconciliations)
    .set({ submitTime: daysAgo(9), confirmTime: daysAgo(8) })
    .where(eq(reconciliations.id, statement.id));
  const slip = async (reference: string, amount: string) =>
    storage
      ? (
          await storeUploads(
            db,
            storage,
            { userId: shipper.id, tenantId: shipper.tenantId, username: shipper.username },
            [checkUpload({ filename: `${reference}.pdf`, data: bankSlip(reference, amount) }, 'paper')],
          )
        )[0].id
      : undefined;
  const paid = await slip('ICBC-20261110-0042', '2150.00');
  const waiting = await slip('ICBC-20261118-0107', '1000.00');
  const voucher = { ...on, reconciliationId: statement.id, partyTenantId: logistics.tenantId };
  // A voucher is created submitted (the machine's first state); the provider confirmed the first one.
  const [usd] = await db
    .insert(paymentVouchers)
    .values([
      {
        ...voucher,
        currency: 'USD',
        amountMinor: '215000',
        paymentDate: daysAgo(7).toISOString().slice(0, 10),
        bankReference: 'ICBC-20261110-0042',
        fileIds: paid ? [paid] : [],
        status: VoucherStatus.submitted,
        submitTime: daysAgo(7),
        createBy: 'shipper',
        updateBy: 'shipper',
      },
      {
        ...voucher,
        currency: 'CNY',
        amountMinor: '100000',
        paymentDate: daysAgo(1).toISOString().slice(0, 10),
        bankReference: 'ICBC-20261118-0107',
        fileIds: waiting ? [waiting] : [],
        status: VoucherStatus.submitted,
        submitTime: daysAgo(1),
        createBy: 'shipper',
        updateBy: 'shipper',
      },
    ])
    .returning();
  await seedCommand(db, confirmVoucher, as.logistics, { id: usd.id }, daysAgo(6));
  await db
    .update(paymentVouchers)
    .set({ confirmTime: daysAgo(6) })
    .where(eq(paymentVouchers.id, usd.id));
}
