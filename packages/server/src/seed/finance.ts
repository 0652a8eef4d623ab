// Seed step: the supply-chain finance menus (bank and credit information, financing
// applications, the finance review), the platform's template role `finance` (the only holder of
// `financing:review`: no tenant can hand it out, and the super-administrator does not hold it), the
// trade-policy page under the tools, the daily reminder job; and the demo: a finance user on the
// platform's company, the logistics provider's bank details and a confirmed statement to finance,
// and example tariff rates and policy notes for Indonesia (the demo project's country).
import {
  FINANCE_REVIEW,
  financingBasisTypes,
  financingStatusLabels,
  policyNoteTypes,
  RoleType,
  TenantEnd,
} from '@tradelane/contract';
import { Cron } from 'croner';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { depts, menus, roles, tenants, users, usersRoles } from '../db/schema.ts';
import { creditInfos } from '../db/schema-finance.ts';
import { jobs } from '../db/schema-jobs.ts';
import { reconciliations } from '../db/schema-papers.ts';
import { projectBatches } from '../db/schema-project.ts';
import { tariffRates, tradePolicyNotes } from '../db/schema-trade-policy.ts';
import { hashPassword } from '../lib/password.ts';
import { addDays, isoDate } from '../lib/time.ts';
import { confirmStatement, submitStatement } from '../modules/papers/reconciliation.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';
import type { MenuSeed } from './menus.ts';
import {
  button,
  grantMenus,
  grantMenusToRole,
  insertDictionaries,
  insertMenus,
  labelEntries,
} from './reference.ts';

export const financeMenus: MenuSeed[] = [
  {
    key: 'finance',
    title: '供应链金融',
    enTitle: 'Supply-chain finance',
    type: 0,
    path: 'finance',
    icon: 'finance',
    sort: 40,
    children: [
      {
        key: 'creditInfo:list',
        title: '银行与授信',
        enTitle: 'Bank & credit',
        type: 1,
        path: 'credit',
        component: 'finance/credit',
        componentName: 'CreditInfo',
        permission: 'creditInfo:list',
        icon: 'bank',
        sort: 1,
        children: [button('creditInfo:edit', '银行信息维护', 'Edit bank information', 1)],
      },
      {
        key: 'financing:list',
        title: '融资申请',
        enTitle: 'Financing',
        type: 1,
        path: 'financing',
        component: 'finance/financing',
        componentName: 'Financing',
        permission: 'financing:list',
        icon: 'money',
        sort: 2,
        children: [button('financing:apply', '申请融资', 'Apply for financing', 1)],
      },
      {
        key: FINANCE_REVIEW,
        title: '融资审核',
        enTitle: 'Financing review',
        type: 1,
        path: 'review',
        component: 'finance/review',
        componentName: 'FinancingReview',
        permission: FINANCE_REVIEW,
        icon: 'audit',
        sort: 3,
      },
    ],
  },
];

export const tradePolicyMenu: MenuSeed = {
  key: 'tradePolicy:list',
  title: '贸易政策',
  enTitle: 'Trade policy',
  type: 1,
  path: 'tradePolicy',
  component: 'tools/trade-policy/index',
  componentName: 'TradePolicy',
  permission: 'tradePolicy:list',
  icon: 'global',
  sort: 5,
  children: [button('tradePolicy:edit', '政策与税率维护', 'Maintain notes and rates', 1)],
};

const companyFinance = ['finance', 'creditInfo:list', 'creditInfo:edit', 'financing:list', 'financing:apply'];
const reader = ['tools', 'tradePolicy:list'];

export async function seedFinanceReference(db: Db) {
  await insertMenus(db, financeMenus, null);
  const [tools] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menuKey, 'tools'));
  await insertMenus(db, [tradePolicyMenu], tools?.id ?? null, '工具箱');
  // The super-administrator sees and maintains everything but the review (a role of its own).
  await grantMenusToRole(db, 'admin', [...companyFinance, 'tradePolicy:list', 'tradePolicy:edit']);
  for (const code of ['shipper', 'supplier', 'logistics'])
    await grantMenusToRole(db, code, [...companyFinance, ...reader]);
  const [finance] = await db
    .insert(roles)
    .values({
      code: 'finance',
      name: '平台金融',
      description: 'Platform finance: reviews, approves, disburses financing; sets credit ratings and limits',
      level: 2,
      dataScope: 'all',
      tenantId: null,
      createBy: 'system',
    })
    .returning();
  await grantMenus(db, finance.id, [
    'finance',
    'creditInfo:list',
    'creditInfo:edit',
    FINANCE_REVIEW,
    ...reader,
  ]);
  await insertDictionaries(db, [
    {
      name: 'financing_status',
      description: '融资状态 / financing status',
      entries: labelEntries(financingStatusLabels),
    },
    {
      name: 'financing_basis',
      description: '融资依据 / financing basis',
      entries: financingBasisTypes.map((b) => [b.code, b.zh, b.en]),
    },
    {
      name: 'policy_note_type',
      description: '贸易政策类型 / policy note type',
      entries: policyNoteTypes.map((t) => [t.code, t.zh, t.en]),
    },
  ]);
  const cron = '0 8 * * *';
  await db.insert(jobs).values({
    name: '融资到期提醒 / Financing due-date reminders',
    handler: 'financeReminder',
    cron,
    status: 1,
    nextRunAt: new Cron(cron, { paused: true }).nextRun() ?? null,
    createBy: 'system',
  });
}

/** The demo's finance user, on the platform's own company. */
export const financeAccount = {
  username: 'finance',
  password: 'Finance@2026',
  nickName: '周金融',
  phone: '13800000007',
  email: 'finance@tradelane.example',
};

const DEMO = '演示数据，请以官方公告为准 / Demo data: check the official notice';

export async function seedFinanceDemo(db: Db) {
  const [platform] = await db.select().from(tenants).where(eq(tenants.end, TenantEnd.platform));
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.code, 'finance'), isNull(roles.tenantId)));
  if (platform && role) {
    const [dept] = await db.select().from(depts).where(eq(depts.tenantId, platform.id));
    const a = financeAccount;
    const [user] = await db
      .insert(users)
      .values({
        tenantId: platform.id,
        deptId: dept?.id ?? null,
        username: a.username,
        nickName: a.nickName,
        phone: a.phone,
        email: a.email,
        passwordHash: await hashPassword(a.password),
        // Platform staff, not a super-administrator: its rights are its role's.
        roleType: RoleType.shipperStaff,
        createBy: 'system',
      })
      .returning();
    await db.insert(usersRoles).values({ userId: user.id, roleId: role.id });
  }
  const [logistics] = await db.select().from(users).where(eq(users.username, 'logistics'));
  const [batch] = await db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
  if (logistics && batch) {
    await db.insert(creditInfos).values({
      tenantId: logistics.tenantId,
      bankName: '中国银行上海市分行',
      bankAccount: '437265183921',
      accountName: '中远海运国际物流有限公司',
      swiftCode: 'BKCHCNBJ300',
      creditRating: 'A',
      creditLimit: '2000000.00',
      currency: 'CNY',
      createBy: 'logistics',
      updateBy: 'finance',
    });
    // A statement the shipper confirmed: what the provider is owed and may finance.
    const [statement] = await db
      .insert(reconciliations)
      .values({
        tenantId: batch.tenantId,
        projectId: batch.projectId,
        batchId: batch.id,
        partyTenantId: logistics.tenantId,
        statementNo: 'COSCO-ST-2026-029',
        remark: '工厂 → 上海港 拖车与报关',
        lines: [
          {
            chargeType: 'trucking',
            description: '工厂 → 洋山',
            quantity: '6',
            unitPrice: '1850',
            currency: 'CNY',
            taxRate: '9',
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
    // Sent by the provider, confirmed by the shipper: the server's own commands, on their days in the story.
    const [submitTime, confirmTime] = [addDays(new Date(), -6), addDays(new Date(), -4)];
    const ref = { id: statement.id };
    await seedCommand(db, submitStatement, await callerOf(db, 'logistics'), ref, submitTime);
    await seedCommand(db, confirmStatement, await callerOf(db, 'shipper'), ref, confirmTime);
    await db
      .update(reconciliations)
      .set({ submitTime, confirmTime })
      .where(eq(reconciliations.id, statement.id));
  }
  const from = isoDate(addDays(new Date(), -90));
  await db.insert(tariffRates).values(
    [
      {
        country: 'ID',
        hsPrefix: '8504',
        mfnRate: '5',
        preferentialRate: '0',
        agreement: 'ACFTA',
        vatRate: '11',
        source: DEMO,
      },
      {
        country: 'ID',
        hsPrefix: '850423',
        mfnRate: '5',
        preferentialRate: '0',
        agreement: 'ACFTA',
        vatRate: '11',
        source: DEMO,
      },
      {
        country: 'ID',
        hsPrefix: '8537',
        mfnRate: '10',
        preferentialRate: '0',
        agreement: 'ACFTA',
        vatRate: '11',
        source: DEMO,
      },
      {
        country: 'ID',
        hsPrefix: '8544',
        mfnRate: '10',
        preferentialRate: '5',
        agreement: 'ACFTA',
        vatRate: '11',
        source: DEMO,
      },
    ].map((r) => ({ ...r, createBy: 'admin' })),
  );
  await db.insert(tradePolicyNotes).values(
    [
      {
        country: 'ID',
        hsPrefix: '85',
        noteType: 'certification',
        title: '电气产品须取得 SNI 认证 / Electrical goods need SNI certification',
        content: '第 85 章多数电气设备进口前须取得印尼国家标准（SNI）认证证书。',
      },
      {
        country: 'ID',
        hsPrefix: '8504',
        noteType: 'licence',
        title:
          '变压器进口须持进口商识别号（API）/ Transformers: importer identification number (API) required',
        content: '进口商须在 INSW 登记并持有 API-U 或 API-P。',
      },
      {
        country: 'ID',
        hsPrefix: '8537',
        noteType: 'inspection',
        title: '开关柜装运前检验 / Pre-shipment inspection of switchgear',
        content: '须由指定检验机构出具装运前检验报告（LS）。',
      },
      {
        country: 'ID',
        hsPrefix: '8544',
        noteType: 'anti_dumping',
        title: '电缆反倾销调查（已结束）/ Cable anti-dumping investigation (closed)',
        content: '示例：已失效的政策默认不显示。',
        validTo: isoDate(addDays(new Date(), -10)),
      },
    ].map((n) => ({
      validTo: null,
      ...n,
      sourceUrl: 'https://www.insw.go.id/',
      sourceText: DEMO,
      validFrom: from,
      createBy: 'admin',
    })),
  );
}
