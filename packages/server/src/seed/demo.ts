// Demo data for a fresh start: one of each kind of account, so a newcomer sees a living system.

import { CheckStatus, RoleType, TenantEnd } from '@tradelane/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { depts, messages, roles, tenants, users, usersRoles } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { addDays, isoDate } from '../lib/time.ts';
import { acceptInvitation, invitePartner } from '../modules/project/partners.ts';
import { callerOf } from '../workflow/in-process.ts';
import { seedCommand } from './commands.ts';
import { grantMenus } from './reference.ts';

interface DemoAccount {
  username: string;
  password: string;
  nickName: string;
  phone: string;
  email: string;
  roleType: number;
  roleCode: string;
  tenant: {
    name: string;
    enName?: string;
    code: string;
    end: number;
    checkStatus: number;
    trialDays?: number;
  };
}

export const demoAccounts: DemoAccount[] = [
  {
    username: 'admin',
    password: 'Admin@2026',
    nickName: '平台管理员',
    phone: '13800000000',
    email: 'admin@tradelane.example',
    roleType: RoleType.admin,
    roleCode: 'admin',
    tenant: {
      name: 'Tradelane 平台运营',
      enName: 'Tradelane Platform Operations',
      code: 'TL-PLATFORM',
      end: TenantEnd.platform,
      checkStatus: CheckStatus.certified,
    },
  },
  {
    username: 'shipper',
    password: 'Shipper@2026',
    nickName: '王建国',
    phone: '13800000001',
    email: 'shipper@tradelane.example',
    roleType: RoleType.shipper,
    roleCode: 'shipper',
    tenant: {
      name: '中建国际工程有限公司',
      enName: 'China Construction International Engineering Co., Ltd.',
      code: '91110000100001234X',
      end: TenantEnd.shipper,
      checkStatus: CheckStatus.certified,
    },
  },
  {
    username: 'supplier',
    password: 'Supplier@2026',
    nickName: '李明',
    phone: '13800000002',
    email: 'supplier@tradelane.example',
    roleType: RoleType.supplier,
    roleCode: 'supplier',
    tenant: {
      name: '上海电气设备有限公司',
      enName: 'Shanghai Electric Equipment Co., Ltd.',
      code: '91310000200002345Y',
      end: TenantEnd.supplier,
      checkStatus: CheckStatus.certified,
    },
  },
  {
    username: 'supplier2',
    password: 'Supplier@2026',
    nickName: '张伟',
    phone: '13800000003',
    email: 'supplier2@tradelane.example',
    roleType: RoleType.supplier,
    roleCode: 'supplier',
    tenant: {
      name: '江苏华能电缆有限公司',
      enName: 'Jiangsu Huaneng Cable Co., Ltd.',
      code: '91320000300003456Z',
      end: TenantEnd.supplier,
      checkStatus: CheckStatus.certified,
    },
  },
  {
    username: 'logistics',
    password: 'Logistics@2026',
    nickName: '陈海',
    phone: '13800000004',
    email: 'logistics@tradelane.example',
    roleType: RoleType.logistics,
    roleCode: 'logistics',
    tenant: {
      name: '中远海运国际物流有限公司',
      enName: 'COSCO Shipping International Logistics Co., Ltd.',
      code: '91310000400004567A',
      end: TenantEnd.logistics,
      checkStatus: CheckStatus.certified,
    },
  },
  {
    username: 'trial',
    password: 'Trial@2026',
    nickName: '赵试用',
    phone: '13800000005',
    email: 'trial@tradelane.example',
    roleType: RoleType.shipperTrial,
    roleCode: 'shipper',
    tenant: {
      name: '浙江远航贸易有限公司',
      enName: 'Zhejiang Yuanhang Trading Co., Ltd.',
      code: '',
      end: TenantEnd.shipper,
      checkStatus: CheckStatus.notSubmitted,
      trialDays: 7,
    },
  },
];

export async function seedDemo(db: Db) {
  const tenantIds: Record<string, number> = {};
  for (const a of demoAccounts) {
    const [tenant] = await db
      .insert(tenants)
      .values({
        corporateName: a.tenant.name,
        corporateEnName: a.tenant.enName ?? null,
        corporateCode: a.tenant.code || null,
        end: a.tenant.end,
        checkStatus: a.tenant.checkStatus,
        trialEnd: a.tenant.trialDays ? isoDate(addDays(new Date(), a.tenant.trialDays)) : null,
        contactPhone: a.phone,
        contactEmail: a.email,
        createBy: 'system',
      })
      .returning();
    tenantIds[a.username] = tenant.id;
    const [dept] = await db
      .insert(depts)
      .values({ tenantId: tenant.id, name: a.tenant.name, createBy: 'system' })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        tenantId: tenant.id,
        deptId: dept.id,
        username: a.username,
        nickName: a.nickName,
        phone: a.phone,
        email: a.email,
        passwordHash: await hashPassword(a.password),
        roleType: a.roleType,
        createBy: 'system',
      })
      .returning();
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.code, a.roleCode), isNull(roles.tenantId)));
    await db.insert(usersRoles).values({ userId: user.id, roleId: role.id });
    await db.insert(messages).values({
      userId: user.id,
      tenantId: tenant.id,
      title: '欢迎使用 Tradelane',
      enTitle: 'Welcome to Tradelane',
      content: '您的账号已开通。项目、批次、装箱与发运都在这里协同完成。',
      enContent: 'Your account is ready. Projects, batches, packing and shipping are run together here.',
      type: 'notice',
      createBy: 'system',
    });
  }
  await seedSiteStaff(db, tenantIds.shipper);
  // The shipper invites its partners and each accepts: the server's own commands, as the users would.
  const shipper = await callerOf(db, 'shipper');
  for (const partner of ['supplier', 'supplier2', 'logistics']) {
    await seedCommand(db, invitePartner, shipper, { partnerTenantId: tenantIds[partner] });
    await seedCommand(db, acceptInvitation, await callerOf(db, partner), {
      shipperTenantId: tenantIds.shipper,
    });
  }
  await db.insert(messages).values({
    audience: 'all',
    title: '平台公告：Tradelane 上线',
    enTitle: 'Announcement: Tradelane is live',
    content: '国际工程供应链控制塔正式上线，货主、供应商与物流商在同一记录上协同。',
    enContent:
      'The control tower for international engineering supply chains is live: shippers, suppliers and logistics providers share one record.',
    type: 'announcement',
    createBy: 'system',
  });
}

/** The shipper's site staff at the destination: receives boxes, raises abnormalities. */
export const siteAccount = {
  username: 'site',
  password: 'Site@2026',
  nickName: '刘现场',
  phone: '13800000006',
  email: 'site@tradelane.example',
};

/** The menus of the site-staff role: logistics tracking with delivery, receipt and abnormalities; boxes read-only. */
export const siteStaffMenus = [
  'logistics',
  'accessoryInfo:list',
  'logistics:deliver',
  'logistics:receive',
  'abnormalRecord:list',
  'abnormalRecord:add',
  'boxes',
  'boxPiece:list',
];

async function seedSiteStaff(db: Db, shipperTenantId: number) {
  const [dept] = await db.select().from(depts).where(eq(depts.tenantId, shipperTenantId));
  const [role] = await db
    .insert(roles)
    .values({
      tenantId: shipperTenantId,
      name: '现场收货员',
      // A company's own role: named and described in its own words (only template roles are translated).
      description: '目的地现场：送达、收货与异常登记',
      level: 3,
      dataScope: 'all',
      createBy: 'shipper',
    })
    .returning();
  await grantMenus(db, role.id, siteStaffMenus);
  const a = siteAccount;
  const [user] = await db
    .insert(users)
    .values({
      tenantId: shipperTenantId,
      deptId: dept?.id ?? null,
      username: a.username,
      nickName: a.nickName,
      phone: a.phone,
      email: a.email,
      passwordHash: await hashPassword(a.password),
      roleType: RoleType.shipperStaff,
      createBy: 'shipper',
    })
    .returning();
  await db.insert(usersRoles).values({ userId: user.id, roleId: role.id });
}
