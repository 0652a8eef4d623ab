// Payment vouchers (spec §7 `voucherProcess`): the shipper pays a confirmed statement of
// charges and uploads the bank's proof (amount as a decimal string, kept in minor units); the logistics
// provider confirms the money arrived or rejects the voucher with a reason; the shipper corrects it and
// submits it again. Paid / outstanding per currency; only the statement's two sides see a voucher; a
// refused call changes nothing.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, users } from '../src/db/schema.ts';
import { reconciliations } from '../src/db/schema-papers.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { paymentVouchers } from '../src/db/schema-voucher.ts';
import { call, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp({ DATA_DIR: `/tmp/tradelane-test-vouchers-${process.pid}` });
let tok: Record<string, string>;
let B001: number;
const tenantOf: Record<string, number> = {};
let statement: number;
let draft: number;
let slip: number;

const pdf = (tag: string) => Buffer.from(`%PDF-1.7 ${tag}\n%%EOF\n`);

async function upload(token: string, filename: string, data: Buffer) {
  const boundary = '----tradelane-vouchers';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\npaper\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const all = async () => t.db.select().from(paymentVouchers).orderBy(paymentVouchers.id);
const one = async (id: number) =>
  (await t.db.select().from(paymentVouchers).where(eq(paymentVouchers.id, id)))[0];
const payments = async (who = 'shipper') =>
  (await call(t.app, 'GET', '/api/reconciliation/queryById', { token: tok[who], query: { id: statement } }))
    .body.payments as {
    currency: string;
    total: string;
    paid: string;
    pending: string;
    outstanding: string;
  }[];
const pay = (who: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
  call(t.app, 'POST', '/api/voucherProcess', {
    token: tok[who],
    lang,
    body: {
      reconciliationId: statement,
      amount: '600.00',
      currency: 'USD',
      paymentDate: '2026-11-20',
      bankReference: 'BOC-001',
      fileIds: [slip],
      ...body,
    },
  });
const command = (who: string, event: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/voucherProcess/${event}`, { token: tok[who], body });

beforeAll(async () => {
  tok = await loginAll(t.app, ['shipper', 'supplier', 'supplier2', 'logistics', 'trial']);
  const batches = await t.db.select().from(projectBatches);
  B001 = batches.find((b) => b.batchNumber === 'JKT2-B001')!.id;
  for (const u of await t.db.select().from(users)) tenantOf[u.username] = u.tenantId as number;
  // A statement of USD 1000.00 and CNY 113.00 (100 + 13 % tax), submitted and confirmed; and a draft.
  const lines = [
    { chargeType: 'ocean_freight', quantity: '2', unitPrice: '500', currency: 'USD', taxRate: '0' },
    { chargeType: 'trucking', quantity: '1', unitPrice: '100', currency: 'CNY', taxRate: '13' },
  ];
  const st = await call(t.app, 'POST', '/api/reconciliation', {
    token: tok.logistics,
    body: { batchId: B001, statementNo: 'ST-PAY', lines },
  });
  statement = st.body.id;
  expect(
    (
      await call(t.app, 'POST', '/api/reconciliation/submit', {
        token: tok.logistics,
        body: { id: statement },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call(t.app, 'POST', '/api/reconciliation/confirm', {
        token: tok.shipper,
        body: { id: statement },
      })
    ).status,
  ).toBe(200);
  draft = (
    await call(t.app, 'POST', '/api/reconciliation', {
      token: tok.logistics,
      body: { batchId: B001, statementNo: 'ST-DRAFT', lines },
    })
  ).body.id;
  slip = await upload(tok.shipper, '付款水单.pdf', pdf('slip'));
});

describe('payment vouchers', () => {
  let v1: number;

  it('the demo’s statement was sent and confirmed, and its first voucher confirmed, by the commands on their days', async () => {
    const [demo] = await t.db
      .select()
      .from(reconciliations)
      .where(eq(reconciliations.statementNo, 'COSCO-ST-2026-027'));
    const [usd] = await t.db
      .select()
      .from(paymentVouchers)
      .where(and(eq(paymentVouchers.reconciliationId, demo.id), eq(paymentVouchers.currency, 'USD')));
    const history = async (entity: string, id: number) =>
      (
        await t.db
          .select()
          .from(changeRecords)
          .where(and(eq(changeRecords.entity, entity), eq(changeRecords.entityId, id)))
          .orderBy(changeRecords.id)
      ).map((r) => [r.action, r.createBy, r.createTime.getTime()]);
    expect([demo.status, usd.status]).toEqual([2, 1]);
    expect(await history('reconciliation', demo.id)).toEqual([
      ['submit', 'logistics', demo.submitTime?.getTime()],
      ['confirm', 'shipper', demo.confirmTime?.getTime()],
    ]);
    expect(await history('voucherProcess', usd.id)).toEqual([
      ['confirm', 'logistics', usd.confirmTime?.getTime()],
    ]);
  });

  it('are paid only against a confirmed statement, by its shipper; amounts are exact decimal strings', async () => {
    const before = (await all()).length;
    const notConfirmed = await pay('shipper', { reconciliationId: draft });
    expect(notConfirmed.status).toBe(400);
    expect(notConfirmed.body.code).toBe('voucher.statement_not_confirmed');
    // The provider, a supplier and a stranger cannot pay it (no grant, or the statement is not theirs).
    expect((await pay('logistics', {})).status).toBe(403);
    expect((await pay('supplier', {})).status).toBe(403);
    const stranger = await pay('trial', { fileIds: [await upload(tok.trial, 't.pdf', pdf('t'))] });
    expect(stranger.status).toBe(404);
    for (const amount of [600.5, '-1', '0', '0.00', '1e3', 'NaN', '', '12,50'] as unknown[]) {
      const res = await pay('shipper', { amount });
      expect(res.status, String(amount)).toBe(400);
    }
    const digits = await pay('shipper', { amount: '1.234' });
    expect(digits.status).toBe(400);
    expect(digits.body.message).toBe('The amount has more decimals than USD has (2)');
    const currency = await pay('shipper', { currency: 'EUR' });
    expect(currency.body).toMatchObject({ status: 400, code: 'voucher.currency_not_on_statement' });
    const over = await pay('shipper', { amount: '1000.01' }, 'zh');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('金额超过了 USD 尚未付清的 1000.00');
    const badDate = await pay('shipper', { paymentDate: '2026-02-30' });
    expect(badDate.status).toBe(400);
    const noFile = await pay('shipper', { fileIds: [] });
    expect(noFile.status).toBe(400);
    const foreignFile = await pay('shipper', { fileIds: [await upload(tok.logistics, 'x.pdf', pdf('x'))] });
    expect(foreignFile.body.code).toBe('resource.bad_reference');
    expect((await all()).length).toBe(before);
  });

  it('a voucher is submitted on upload: the provider is told, the timeline records it, nothing is paid yet', async () => {
    // Server-owned fields in the body are not the caller's: they are ignored.
    const res = await pay('shipper', {
      amount: '600',
      status: 1,
      amountMinor: '1',
      partyTenantId: tenantOf.shipper,
    });
    expect(res.status).toBe(201);
    v1 = res.body.id;
    expect(res.body).toMatchObject({
      status: 0,
      amountMinor: '60000',
      currency: 'USD',
      tenantId: tenantOf.shipper,
      partyTenantId: tenantOf.logistics,
      batchId: B001,
    });
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.logistics));
    expect(told.map((m) => m.title)).toContain(
      '批次 JKT2-B001 的对账单 ST-PAY 收到付款凭证 USD 600.00（BOC-001），请确认收款',
    );
    expect(await payments()).toEqual([
      expect.objectContaining({
        currency: 'USD',
        total: '1000.00',
        paid: '0.00',
        pending: '600.00',
        outstanding: '1000.00',
      }),
      expect.objectContaining({
        currency: 'CNY',
        total: '113.00',
        paid: '0.00',
        pending: '0.00',
        outstanding: '113.00',
      }),
    ]);
    // What waits counts against a second voucher: 600 submitted + 500 > 1000.
    const twice = await pay('shipper', { amount: '500' });
    expect(twice.body.code).toBe('voucher.over_outstanding');
  });

  it('only the statement’s two sides see it and its files', async () => {
    const seen = async (who: string) =>
      call(t.app, 'GET', '/api/voucherProcess', { token: tok[who], query: { reconciliationId: statement } });
    const mine = (await seen('logistics')).body.content;
    expect(mine.map((v: { id: number }) => v.id)).toEqual([v1]);
    expect(mine[0]).toMatchObject({
      amount: '600.00',
      statementNo: 'ST-PAY',
      actions: ['confirm', 'reject'],
    });
    expect((await seen('shipper')).body.content[0].actions).toEqual([]);
    expect((await seen('supplier')).status).toBe(403);
    expect((await seen('trial')).body.content ?? []).toEqual([]);
    const view = (who: string) =>
      t.app.inject({
        method: 'GET',
        url: mine[0].files[0].viewUrl,
        headers: { authorization: tok[who] },
      });
    const inline = await view('logistics');
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect((await view('trial')).statusCode).toBe(404);
    const direct = await t.app.inject({
      method: 'GET',
      url: mine[0].files[0].url,
      headers: { authorization: tok.logistics },
    });
    expect(direct.statusCode).toBe(200);
  });

  it('the wrong side or state changes nothing; the provider rejects with a reason; the shipper corrects and resubmits', async () => {
    const before = await one(v1);
    expect((await command('shipper', 'confirm', { id: v1 })).status).toBe(403);
    expect((await command('trial', 'confirm', { id: v1 })).status).toBeGreaterThanOrEqual(403);
    expect((await command('shipper', 'submit', { id: v1 })).status).toBeGreaterThanOrEqual(400);
    const early = await call(t.app, 'PUT', '/api/voucherProcess', {
      token: tok.shipper,
      body: { id: v1, amount: '1' },
    });
    expect(early.body.code).toBe('papers.read_only');
    expect(
      (
        await call(t.app, 'PUT', '/api/voucherProcess', {
          token: tok.logistics,
          body: { id: v1, amount: '1' },
        })
      ).status,
    ).toBe(403);
    expect((await command('logistics', 'reject', { id: v1, reason: ' ' })).status).toBe(400);
    expect(await one(v1)).toEqual(before);

    const rej = await command('logistics', 'reject', { id: v1, reason: '到账金额为 400 美元' });
    expect(rej.status).toBe(200);
    expect(rej.body).toMatchObject({ status: 2, reason: '到账金额为 400 美元', actions: [] });
    const heard = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.shipper));
    expect(heard.map((m) => m.title)).toContain(
      '批次 JKT2-B001 对账单 ST-PAY 的付款凭证 USD 600.00 被驳回：到账金额为 400 美元',
    );
    expect((await command('logistics', 'confirm', { id: v1 })).body.code).toBe('state.not_allowed');
    const digits = await call(t.app, 'PUT', '/api/voucherProcess', {
      token: tok.shipper,
      body: { id: v1, amount: '400.001' },
    });
    expect(digits.body.code).toBe('voucher.amount_digits');
    const fixed = await call(t.app, 'PUT', '/api/voucherProcess', {
      token: tok.shipper,
      body: { id: v1, amount: '400.00', bankReference: 'BOC-001A' },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ amountMinor: '40000', status: 2 });
    const again = await command('shipper', 'submit', { id: v1 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 0, reason: null, amount: '400.00' });
    const ok = await command('logistics', 'confirm', { id: v1 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 1, actions: [] });
    expect((await payments()).find((p) => p.currency === 'USD')).toMatchObject({
      paid: '400.00',
      pending: '0.00',
      outstanding: '600.00',
    });
    const rec = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'voucherProcess'), eq(changeRecords.entityId, v1)));
    expect(rec.map((r) => [r.action, r.toStatus, r.note])).toEqual([
      ['submit', '0', null],
      ['reject', '2', '到账金额为 400 美元'],
      ['submit', '0', null],
      ['confirm', '1', null],
    ]);
  });

  it('a confirmed voucher is final; once every currency is paid nothing is outstanding', async () => {
    const final = await one(v1);
    expect((await command('logistics', 'reject', { id: v1, reason: 'x' })).body.code).toBe(
      'state.not_allowed',
    );
    expect(
      (await call(t.app, 'PUT', '/api/voucherProcess', { token: tok.shipper, body: { id: v1, amount: '1' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/api/voucherProcess', { token: tok.shipper, body: [v1] })).status,
    ).toBe(403);
    expect(await one(v1)).toEqual(final);

    const usd = await pay('shipper', { amount: '600.00', bankReference: 'BOC-002' });
    const cny = await pay('shipper', { amount: '113', currency: 'cny', bankReference: 'BOC-003' });
    expect([usd.status, cny.status]).toEqual([201, 201]);
    expect(cny.body).toMatchObject({ currency: 'CNY', amountMinor: '11300' });
    // A third voucher would go past the total, even before the others are confirmed.
    expect((await pay('shipper', { amount: '0.01' })).body.code).toBe('voucher.over_outstanding');
    for (const id of [usd.body.id, cny.body.id])
      expect((await command('logistics', 'confirm', { id })).status).toBe(200);
    const told = await t.db.select().from(messages).where(eq(messages.tenantId, tenantOf.shipper));
    expect(told.map((m) => m.title)).toContain(
      '批次 JKT2-B001 对账单 ST-PAY 的付款凭证 CNY 113.00 已确认收款',
    );
    expect(await payments('logistics')).toEqual([
      expect.objectContaining({ currency: 'USD', paid: '1000.00', outstanding: '0.00' }),
      expect.objectContaining({ currency: 'CNY', paid: '113.00', outstanding: '0.00' }),
    ]);
  });

  it('a rejected voucher is withdrawn by its shipper only', async () => {
    // Nothing is outstanding now: a new voucher is refused; the demo statement on JKT2-B002 takes one.
    const [demo] = (
      await call(t.app, 'GET', '/api/reconciliation', {
        token: tok.shipper,
        query: { blurry: 'COSCO-ST-2026-027' },
      })
    ).body.content;
    expect(demo.payments.find((p: { currency: string }) => p.currency === 'USD').outstanding).toBe('0.00');
    const res = await pay('shipper', {
      reconciliationId: demo.id,
      currency: 'CNY',
      amount: '100',
      bankReference: 'W-1',
    });
    expect(res.status).toBe(201);
    expect((await command('logistics', 'reject', { id: res.body.id, reason: 'duplicate' })).status).toBe(200);
    expect(
      (await call(t.app, 'DELETE', '/api/voucherProcess', { token: tok.logistics, body: [res.body.id] }))
        .status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/api/voucherProcess', { token: tok.shipper, body: [res.body.id] }))
        .status,
    ).toBe(200);
    expect(await one(res.body.id)).toBeUndefined();
  });
});
