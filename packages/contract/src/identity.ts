// Who a user is: roleType (spec §1), tenant ends and certification states.
import { z } from 'zod';
import { secret } from './secret.ts';
import { zEmail, zMobile, zOptionalEmail, zOptionalMobile, zPassword } from './validators.ts';

export const RoleType = {
  shipper: 0,
  supplier: 1,
  logistics: 2,
  admin: 3,
  shipperTrial: 4,
  shipperStaff: 5,
} as const;
export type RoleTypeValue = (typeof RoleType)[keyof typeof RoleType];

/** Spec §1: any other value is treated as shipper. */
export function normalizeRoleType(value: unknown): RoleTypeValue {
  const n = Number(value);
  return ([0, 1, 2, 3, 4, 5] as number[]).includes(n) ? (n as RoleTypeValue) : 0;
}

/** The side of a project a role type works on: platform administrators (3) act as `platform`, any
 * other value as shipper. The server's `partyOf(auth)` and the web's `useParty()` both read it. */
export function partyOfRole(
  roleType: number | null | undefined,
): 'shipper' | 'supplier' | 'logistics' | 'platform' {
  if (roleType === RoleType.supplier) return 'supplier';
  if (roleType === RoleType.logistics) return 'logistics';
  if (roleType === RoleType.admin) return 'platform';
  return 'shipper';
}

/** A tenant's end (dictionary account_end). */
export const TenantEnd = { shipper: 0, supplier: 1, logistics: 2, other: 3, platform: 9 } as const;

/** tenant_checksatus: 0 not submitted, 1 submitted, 2 certified, 3 rejected. */
export const CheckStatus = { notSubmitted: 0, submitted: 1, certified: 2, rejected: 3 } as const;

export const DataScope = { all: '全部', ownDept: '本级', custom: '自定义' } as const;
export const dataScopes = ['all', 'ownDept', 'custom'] as const;

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: secret(z.string().min(1).max(128)),
  code: z.string().trim().max(16).optional().default(''),
  uuid: z.string().trim().max(64).optional().default(''),
  rememberMe: z.boolean().optional().default(false),
});
export const mobileLoginBody = z.object({
  phone: zMobile,
  password: secret(z.string().min(1).max(128)),
  code: z.string().trim().max(16).optional().default(''),
  uuid: z.string().trim().max(64).optional().default(''),
  rememberMe: z.boolean().optional().default(false),
});
export const registerBody = z.object({
  username: z
    .string()
    .trim()
    .min(2)
    .max(32)
    .regex(/^[A-Za-z0-9_.\-\u4e00-\u9fa5]+$/, { message: 'validation.invalid_format' }),
  phone: zMobile,
  email: zEmail,
  password: zPassword,
  corporateName: z.string().trim().min(1, { message: 'validation.corporate_name' }).max(100),
  roleType: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'validation.role_type' }),
  code: z.string().trim().max(16).optional().default(''),
  uuid: z.string().trim().max(64).optional().default(''),
});
/** A reset names its account by mobile number or e-mail; `code`/`uuid` answer the same captcha as login. */
export const resetSendCodeBody = z.object({
  phone: zOptionalMobile,
  email: zOptionalEmail,
  code: z.string().trim().max(16).optional().default(''),
  uuid: z.string().trim().max(64).optional().default(''),
});
export const resetPassBody = z.object({
  phone: zOptionalMobile,
  email: zOptionalEmail,
  code: secret(z.string().trim().min(4).max(8)),
  password: zPassword,
});

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

export const functionGrant = z.object({ menuId: z.number().int(), functionName: z.string() });
export type FunctionGrant = z.infer<typeof functionGrant>;

/** PUT /api/users/center: the caller's own profile. */
export const centerBody = z.object({
  nickName: z.string().trim().min(1).max(64).optional(),
  phone: z.union([z.literal(''), zMobile]).optional(),
  gender: z.enum(['男', '女', 'male', 'female', '']).optional(),
});
/** POST /api/users/updatePass: the old password and the new one. */
export const passBody = z.object({ oldPass: secret(z.string().min(1).max(128)), newPass: zPassword });
/** POST /api/users/updateEmail: the new address, confirmed with the password. */
export const emailBody = z.object({
  password: secret(z.string().min(1).max(128)),
  email: zOptionalEmail.unwrap().unwrap(),
});
