// Shapes of the admin families (spec §3, §7): what create/update bodies may hold.
import { z } from 'zod';
import { zTimeZone } from './time-zone.ts';
import { zFeedbackText, zMobile, zOptionalEmail, zOptionalMobile, zPassword } from './validators.ts';

const id = z.coerce.number().int().positive();
const optId = id.nullish();
const text = (max: number) => z.string().trim().max(max);

export const userCreate = z.object({
  username: text(64).min(2),
  nickName: text(64).nullish(),
  email: zOptionalEmail,
  phone: zOptionalMobile,
  gender: z.enum(['男', '女', 'male', 'female', '']).nullish(),
  password: zPassword,
  deptId: optId,
  tenantId: optId,
  roleType: z.coerce.number().int().min(0).max(5).default(5),
  enabled: z.boolean().default(true),
  roles: z.array(id).max(50).default([]),
});
export const userUpdate = userCreate.omit({ password: true }).partial().extend({ id });

export const roleCreate = z.object({
  name: text(64).min(1),
  description: text(255).nullish(),
  level: z.coerce.number().int().min(1).max(999).default(3),
  dataScope: z.enum(['all', 'ownDept', 'custom']).default('all'),
  tenantId: optId,
  depts: z.array(id).max(500).default([]),
  menus: z.array(id).max(2000).optional(),
});

export const deptCreate = z.object({
  name: text(100).min(1),
  pid: optId,
  sort: z.coerce.number().int().min(0).max(99999).default(999),
  enabled: z.boolean().default(true),
  tenantId: optId,
});

export const menuType = { directory: 0, menu: 1, button: 2 } as const;
export const menuCreate = z.object({
  type: z.coerce.number().int().min(0).max(2),
  title: text(100).min(1),
  enTitle: text(100).nullish(),
  componentName: text(100).nullish(),
  component: text(255).nullish(),
  path: text(255).nullish(),
  permission: text(255).nullish(),
  icon: text(100).nullish(),
  sort: z.coerce.number().int().min(0).max(99999).default(999),
  pid: optId,
  hidden: z.boolean().default(false),
  // Tabs keep their page's state while open; a menu opts out, not in.
  cache: z.boolean().default(true),
  iFrame: z.boolean().default(false),
});

export const dictCreate = z.object({ name: text(64).min(1), description: text(255).nullish() });
export const dictDetailCreate = z.object({
  dictId: id,
  label: text(100).min(1),
  enLabel: text(100).nullish(),
  value: text(100).min(1),
  dictSort: z.coerce.number().int().min(0).max(99999).default(999),
});

export const functionPermissionCreate = z.object({
  menuId: id,
  functionName: text(64).min(1),
  description: text(100).nullish(),
  enDescription: text(100).nullish(),
  belongEnd: z.coerce.number().int().min(0).max(9).default(0),
  belongMenu: text(100).nullish(),
});

export const sysRolesFunctionCreate = z.object({ roleId: id, functionPermissionId: id });
export const buildSysRoleFunctionBody = z.object({
  roleId: id,
  functionPermissionIds: z.array(id).max(5000),
});

export const enterpriseInfoUpdate = z.object({
  corporateName: text(100).min(1).optional(),
  /** The name English documents print (invoices, labels, packing lists). */
  corporateEnName: text(200).nullish(),
  corporateCode: text(64).nullish(),
  contactPhone: zOptionalMobile,
  contactEmail: zOptionalEmail,
  address: text(255).nullish(),
  /** The company's time zone: the times of its exports and documents. */
  timeZone: zTimeZone.optional(),
});
export const enterpriseInfoCreate = enterpriseInfoUpdate.extend({
  corporateName: text(100).min(1),
  end: z.coerce.number().int().min(0).max(3).default(3),
});

export const certificationBody = z.object({
  corporateName: text(100).min(1, { message: 'validation.corporate_name' }),
  /** The name English documents print; optional, kept when not sent. */
  corporateEnName: text(200).optional(),
  corporateCode: text(64).min(1),
  corporateCodeimg: text(500).min(1, { message: 'tenant.cert_licence_required' }),
  authorizationLetter: text(500).min(1, { message: 'tenant.cert_letter_required' }),
});

export const partnershipCreate = z.object({
  partnerTenantId: id,
  remark: text(255).nullish(),
});

export const feedbackCreate = z.object({
  commentsOrFeedback: zFeedbackText,
  phone: z
    .string({ message: 'validation.contact_required' })
    .trim()
    .min(1, { message: 'validation.contact_required' })
    .pipe(zMobile),
  userId: optId,
  email: zOptionalEmail,
  createUnit: text(100).nullish(),
});
export const feedbackUpdate = z.object({
  status: z.coerce.number().int().min(0).max(1).optional(),
  reply: text(1000).nullish(),
});

export const logCreate = z.object({
  logType: z.enum(['INFO', 'ERROR']).default('INFO'),
  description: text(255),
  params: text(4000).nullish(),
});

/** A company the platform acts on (approve, stop, activate). */
export const tenantIdBody = z.object({ id });
/** POST /api/tenantUser/uncheckTenant: a rejection with the reason the company sees. */
export const uncheckTenantBody = tenantIdBody.extend({ reason: z.string().trim().min(1).max(500) });
/** POST /api/tenantUser/authorization: a trial extended by some days. */
export const authorizationBody = tenantIdBody.extend({
  days: z.coerce.number().int().min(1).max(365).default(15),
});
/** POST /api/tenantUser/adduser: a user added to a company with its end's template role. */
export const addTenantUserBody = z.object({
  tenantId: id,
  username: z.string().trim().min(2).max(64),
  nickName: z.string().trim().max(64).nullish(),
  password: zPassword,
  phone: zOptionalMobile,
  email: zOptionalEmail,
});
