// Supply-chain finance: bank and credit information (creditCarddInformation: SWIFT/BIC
// checked, rating and limit only by the platform's finance side), financing applications against the
// applicant's own confirmed statement (amount within what is left, exact in minor units), the machine
// applied → under review → approved | rejected → disbursed → repaid run only by the finance role on the
// platform's company (a wrong party or state changes nothing), visibility across companies, notices,
// and the due-date reminder job.
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRecords, messages, roles, users, usersRoles } from '../src/db/schema.ts';
import { creditInfos, financingApplications } from '../src/db/schema-finance.ts';
import { jobs } from '../src/db/schema-jobs.ts';
import { reconciliations, tradeDocuments } from '../src/db/schema-papers.ts';
import { addDays, isoDate } from '../src/lib/time.ts';
import { remindFinancingDue } from '../src/modules/finance/reminders.ts';
import { call, login, loginAll, useTestApp } from './helpers.ts';

const t = useTestApp();
let tok: Record<string, string>;
let confirmedId: number;
let draftId: number;

const statusOf = async (id: number) =>
  (await t.db.select().from(financingApplications).where(eq(financingApplications.id, id)))[0]?.status;

beforeAll(async () => {
  tok = await loginAll(t.app, ['admin', 'shipper', 'supplier', 'supplier2', 'logistics']);
  tok.finance = await login(t.app, 'finance', 'Finance@2026');
  const recs = await t.db.select().from(reconciliations);
  confirmedId = recs.find((r) => r.statementNo === 'COSCO-ST-2026-029')?.id as number;
  draftId = recs.find((r) => r.statementNo === 'COSCO-ST-2026-031')?.id as number;
});

describe('creditCarddInformation', () => {
  const info = {
    bankName: '招商银行',
    bankAccount: '6214 8301 2345 678',
    swiftCode: 'CMBCCNBS',
    currency: 'CNY',
  };

  it('lists with page 0 and size 100000: a company its own row, the finance side every row', async () => {
    const own = await call(t.app, 'GET', '/api/creditCarddInformation', {
      token: tok.logistics,
      query: { page: 0, size: 100000 },
    });
    expect(own.status).toBe(200);
    expect(own.body.content.map((r: { swiftCode: string }) => r.swiftCode)).toEqual(['BKCHCNBJ300']);
    const shipper = await call(t.app, 'GET', '/api/creditCarddInformation', {
      token: tok.shipper,
      query: { page: 0, size: 100000 },
    });
    expect(shipper.body.content).toEqual([]);
    const finance = await call(t.app, 'GET', '/api/creditCarddInformation', {
      token: tok.finance,
      query: { page: 0, size: 100000 },
    });
    expect(finance.body.totalElements).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad SWIFT/BIC or account, and a company setting its own limit; nothing stored', async () => {
    const bad = await call(t.app, 'POST', '/api/creditCarddInformation', {
      token: tok.supplier,
      body: { ...info, swiftCode: 'CMBCXXBS' },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/SWIFT\/BIC/);
    const account = await call(t.app, 'POST', '/api/creditCarddInformation', {
      token: tok.supplier,
      body: { ...info, bankAccount: '12-3' },
    });
    expect(account.status).toBe(400);
    const limit = await call(t.app, 'POST', '/api/creditCarddInformation', {
      token: tok.supplier,
      body: { ...info, creditLimit: '900000' },
    });
    expect(limit.status).toBe(403);
    const [supplier] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
    expect(await t.db.select().from(creditInfos).where(eq(creditInfos.tenantId, supplier.tenantId))).toEqual(
      [],
    );
  });

  it('a company registers once (account normalised); the finance side sets rating and limit', async () => {
    const made = await call(t.app, 'POST', '/api/creditCarddInformation', {
      token: tok.supplier,
      body: info,
    });
    expect(made.status).toBe(201);
    expect(made.body.bankAccount).toBe('621483012345678');
    const twice = await call(t.app, 'POST', '/api/creditCarddInformation', {
      token: tok.supplier,
      body: info,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('finance.info_exists');
    const self = await call(t.app, 'PUT', '/api/creditCarddInformation', {
      token: tok.supplier,
      body: { id: made.body.id, creditRating: 'AAA' },
    });
    expect(self.status).toBe(403);
    const other = await call(t.app, 'PUT', '/api/creditCarddInformation', {
      token: tok.supplier2,
      body: { id: made.body.id, bankName: '别人的银行' },
    });
    expect(other.status).toBe(404);
    const set = await call(t.app, 'PUT', '/api/creditCarddInformation', {
      token: tok.finance,
      body: { id: made.body.id, creditRating: 'BBB', creditLimit: '50000.00' },
    });
    expect(set.status).toBe(200);
    const [row] = await t.db.select().from(creditInfos).where(eq(creditInfos.id, made.body.id));
    expect([row.creditRating, row.creditLimit, row.bankName]).toEqual(['BBB', '50000.00', '招商银行']);
  });
});

describe('financing applications', () => {
  let appId: number;

  it('only against the applicant’s own confirmed statement, within its total, in its currency', async () => {
    const apply = (token: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/financing/apply', {
        token,
        body: { basisType: 'reconciliation', basisId: confirmedId, currency: 'CNY', termDays: 30, ...body },
        lang: 'en',
      });
    const before = await t.db.select().from(financingApplications);
    // 6 × 1850 at 9 % + 350 at 6 % = 12 099.00 + 371.00 = 12 470.00 CNY
    const over = await apply(tok.logistics, { amount: '12470.01' });
    expect([over.status, over.body.code]).toEqual([400, 'finance.over_basis']);
    expect(over.body.message).toContain('12470.00');
    expect((await apply(tok.logistics, { amount: '100', currency: 'USD' })).body.code).toBe(
      'finance.currency_not_in_basis',
    );
    expect((await apply(tok.logistics, { amount: '100.005' })).body.code).toBe('finance.amount_scale');
    expect((await apply(tok.logistics, { amount: '0' })).body.code).toBe('finance.amount_zero');
    expect((await apply(tok.logistics, { amount: 1e21 })).status).toBe(400);
    const draft = await apply(tok.logistics, { amount: '10', basisId: draftId });
    expect(draft.body.code).toBe('finance.basis_not_confirmed');
    // The shipper owes the statement: it is not its paper to finance.
    expect((await apply(tok.shipper, { amount: '10' })).status).toBe(404);
    // The finance side and the super-administrator never apply.
    expect((await apply(tok.finance, { amount: '10' })).status).toBe(403);
    expect((await apply(tok.admin, { amount: '10' })).status).toBe(403);
    expect(await t.db.select().from(financingApplications)).toEqual(before);

    const ok = await apply(tok.logistics, { amount: '10000.50' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 0, amount: '10000.50', currency: 'CNY', actions: [] });
    appId = ok.body.id;
    const rest = await apply(tok.logistics, { amount: '2469.51' });
    expect(rest.body.code).toBe('finance.over_basis');
    expect(rest.body.message).toContain('2469.50');
    const [rec] = await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'financing'), eq(changeRecords.entityId, appId)));
    expect(rec.action).toBe('apply');
  });

  it('the finance users hear of a new application', async () => {
    const [fin] = await t.db.select().from(users).where(eq(users.username, 'finance'));
    const got = await t.db.select().from(messages).where(eq(messages.userId, fin.id));
    expect(got.some((m) => m.enTitle?.includes('applied for financing'))).toBe(true);
  });

  it('is seen by its company and the finance side only', async () => {
    for (const who of ['shipper', 'supplier2']) {
      const res = await call(t.app, 'GET', '/api/financing/queryById', {
        token: tok[who],
        query: { id: appId },
      });
      expect([who, res.status]).toEqual([who, 404]);
    }
    const own = await call(t.app, 'GET', '/api/financing', { token: tok.logistics });
    expect(own.body.content.map((r: { id: number }) => r.id)).toContain(appId);
    const fin = await call(t.app, 'GET', '/api/financing', { token: tok.finance, query: { status: 0 } });
    expect(fin.body.content[0]).toMatchObject({
      id: appId,
      actions: ['review'],
      basisNo: 'COSCO-ST-2026-029',
    });
  });

  it('wrong party or wrong state moves nothing', async () => {
    // The applicant, another company, the super-administrator: refused; still applied.
    for (const who of ['logistics', 'shipper', 'admin']) {
      const res = await call(t.app, 'POST', '/api/financing/review', {
        token: tok[who],
        body: { id: appId },
      });
      expect([who, res.status]).toEqual([who, 403]);
    }
    const early = await call(t.app, 'POST', '/api/financing/approve', {
      token: tok.finance,
      body: { id: appId },
    });
    expect([early.status, early.body.code]).toEqual([400, 'state.not_allowed']);
    const disburse = await call(t.app, 'POST', '/api/financing/disburse', {
      token: tok.finance,
      body: { id: appId },
    });
    expect(disburse.status).toBe(400);
    expect(await statusOf(appId)).toBe(0);
  });

  it('the finance role counts only on the platform’s own company (the applicant holding it moves nothing)', async () => {
    const [finance] = await t.db
      .select()
      .from(roles)
      .where(and(eq(roles.code, 'finance'), isNull(roles.tenantId)));
    const [logistics] = await t.db.select().from(users).where(eq(users.username, 'logistics'));
    await t.db.insert(usersRoles).values({ userId: logistics.id, roleId: finance.id });
    try {
      const token = await login(t.app, 'logistics');
      const res = await call(t.app, 'POST', '/api/financing/review', { token, body: { id: appId } });
      expect([res.status, res.body.code]).toEqual([403, 'finance.platform_only']);
      expect(await statusOf(appId)).toBe(0);
    } finally {
      await t.db
        .delete(usersRoles)
        .where(and(eq(usersRoles.userId, logistics.id), eq(usersRoles.roleId, finance.id)));
    }
  });

  it('review → approve → disburse (due date from the term) → repay, each told to the applicant', async () => {
    const step = (event: string, body: Record<string, unknown> = {}) =>
      call(t.app, 'POST', `/api/financing/${event}`, { token: tok.finance, body: { id: appId, ...body } });
    expect((await step('review')).body).toMatchObject({ status: 1, actions: ['approve', 'reject'] });
    const noReason = await step('reject', { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(await statusOf(appId)).toBe(1);
    expect((await step('approve')).body.status).toBe(2);
    const paid = await step('disburse');
    expect(paid.body).toMatchObject({
      status: 4,
      disbursedOn: isoDate(new Date()),
      dueDate: isoDate(addDays(new Date(), 30)),
      actions: ['repay'],
    });
    expect((await step('repay')).body.status).toBe(5);
    expect((await step('repay')).status).toBe(400);
    const [logistics] = await t.db.select().from(users).where(eq(users.username, 'logistics'));
    const told = await t.db.select().from(messages).where(eq(messages.userId, logistics.id));
    expect(told.filter((m) => m.enTitle?.includes('FA-R')).length).toBeGreaterThanOrEqual(4);
  });

  it('a rejection keeps its reason and frees the amount for a new application', async () => {
    const made = await call(t.app, 'POST', '/api/financing/apply', {
      token: tok.logistics,
      body: {
        basisType: 'reconciliation',
        basisId: confirmedId,
        currency: 'CNY',
        amount: '2469.50',
        termDays: 10,
      },
    });
    expect(made.status).toBe(201);
    await call(t.app, 'POST', '/api/financing/review', { token: tok.finance, body: { id: made.body.id } });
    const rejected = await call(t.app, 'POST', '/api/financing/reject', {
      token: tok.finance,
      body: { id: made.body.id, reason: '额度不足' },
    });
    expect(rejected.body).toMatchObject({ status: 3, reason: '额度不足', actions: [] });
    const again = await call(t.app, 'POST', '/api/financing/apply', {
      token: tok.logistics,
      body: {
        basisType: 'reconciliation',
        basisId: confirmedId,
        currency: 'CNY',
        amount: '2469.50',
        termDays: 10,
      },
    });
    expect(again.status).toBe(201);
  });
});

describe('against a commercial invoice', () => {
  it('worth the supplier’s confirmed material rows of the batch, within its credit limit', async () => {
    const [doc] = await t.db.select().from(tradeDocuments).where(eq(tradeDocuments.docNo, 'CI-SE-2026-0107'));
    const apply = (amount: string) =>
      call(t.app, 'POST', '/api/financing/apply', {
        token: tok.supplier,
        body: { basisType: 'invoice', basisId: doc.id, currency: 'CNY', amount, termDays: 60 },
      });
    expect((await apply('100')).body.code).toBe('finance.basis_not_confirmed');
    // Another supplier's invoice is not its to finance.
    const other = await call(t.app, 'POST', '/api/financing/apply', {
      token: tok.supplier2,
      body: { basisType: 'invoice', basisId: doc.id, currency: 'CNY', amount: '1', termDays: 60 },
    });
    expect(other.status).toBe(404);
    await t.db.update(tradeDocuments).set({ status: 2 }).where(eq(tradeDocuments.id, doc.id));
    // 8 400 000 + 1 360 000 + 2 304 000 + 810 000 + 116 000 CNY of confirmed rows on JKT2-B001.
    const over = await apply('12990000.01');
    expect([over.body.code, over.body.params?.total ?? over.body.message]).toEqual([
      'finance.over_basis',
      expect.stringContaining('12990000.00'),
    ]);
    // The finance side set this supplier's limit at 50 000.00 CNY above.
    expect((await apply('50000.01')).body.code).toBe('finance.over_limit');
    const ok = await apply('50000');
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ basisType: 'invoice', basisNo: 'CI-SE-2026-0107', amount: '50000.00' });
    expect((await apply('0.01')).body.code).toBe('finance.over_limit');
  });
});

describe('due-date reminders', () => {
  it('tells the borrower once a day of loans due within 7 days, through the whitelisted job', async () => {
    const [logistics] = await t.db.select().from(users).where(eq(users.username, 'logistics'));
    const [loan] = await t.db
      .insert(financingApplications)
      .values({
        tenantId: logistics.tenantId,
        applicationNo: 'FA-TEST-1',
        basisType: 'reconciliation',
        basisId: confirmedId,
        batchId: 1,
        debtorTenantId: 1,
        amount: '1.000',
        currency: 'CNY',
        termDays: 30,
        status: 4,
        disbursedOn: isoDate(addDays(new Date(), -27)),
        dueDate: isoDate(addDays(new Date(), 3)),
      })
      .returning();
    const [job] = await t.db.select().from(jobs).where(eq(jobs.handler, 'financeReminder'));
    const run = await call(t.app, 'POST', `/api/jobs/exec/${job.id}`, { token: tok.admin });
    expect(run.body.ok).toBe(true);
    expect(JSON.parse(run.body.result)).toEqual({ code: 'jobs.result_financing', params: { count: 1 } });
    const told = await t.db.select().from(messages).where(eq(messages.userId, logistics.id));
    expect(
      told.some((m) => m.enTitle === `Financing FA-TEST-1 (1.00 CNY) is due on ${loan.dueDate}, in 3 days`),
    ).toBe(true);
    // Once a day: a second run today tells nobody again.
    expect(await remindFinancingDue(t.app)).toBe(0);
    // Tomorrow it does again.
    expect(await remindFinancingDue(t.app, addDays(new Date(), 1))).toBe(1);
  });
});
