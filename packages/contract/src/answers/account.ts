// Answers of the session and the shell: who is signed in (login and /auth/info), the menu tree, the
// app's public settings, the message centre, the home page, the account's login history, and the reference
// lists the forms pick from (currencies, countries, ports).
import { z } from 'zod';
import { engineRow } from './common.ts';

/** The signed-in user as the session and the account centre show it. */
export const userInfoAnswer = z.strictObject({
  id: z.number(),
  username: z.string(),
  nickName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  roleType: z.number(),
  avatarPath: z.string().nullable(),
  corporateCode: z.string().nullable(),
  corporateName: z.string().nullable(),
  tenantId: z.number(),
  dept: z.strictObject({ id: z.number(), name: z.string() }).nullable(),
  enabled: z.boolean(),
  createTime: z.string(),
  /** The latest successful login (null before the first). */
  lastLoginTime: z.string().nullable(),
});

export const functionPermissionAnswer = z.strictObject({ menuId: z.number(), functionName: z.string() });

/** What a login answers besides the user and roles (spec §7). */
const sessionFields = z.strictObject({
  tenant_checksatus: z.number(),
  /** A supplier or logistics company: has an accepted shipper invitation. */
  ifparther: z.boolean(),
  /** Trial days left (0 when not on a trial clock). */
  stopday: z.number(),
  /** A supplier or logistics company's invitation (the accepted one, else a pending one). */
  partner: z
    .strictObject({
      id: z.number(),
      status: z.number(),
      shipperTenantId: z.number(),
      shipperName: z.string(),
    })
    .nullable(),
  function: z.array(functionPermissionAnswer),
});
/** GET /auth/info. */
export const sessionInfoAnswer = sessionFields.extend({
  user: userInfoAnswer,
  roles: z.array(z.string()),
});
/** POST /auth/login and the other login paths (the mobile ones add the user's id). */
export const loginAnswer = sessionFields.extend({
  token: z.string(),
  user: z.strictObject({ user: userInfoAnswer, roles: z.array(z.string()) }),
  userId: z.number().optional(),
});

/** A node of the caller's menu tree (GET /api/menus/build). */
export interface MenuRouteAnswer {
  name: string;
  enName: string;
  path: string;
  component: string;
  hidden: boolean;
  redirect?: string;
  alwaysShow?: boolean;
  meta: { title: string; enTitle: string; icon: string | null; noCache: boolean; menuId: number };
  children?: MenuRouteAnswer[];
}
export const menuRouteAnswer: z.ZodType<MenuRouteAnswer> = z
  .strictObject({
    name: z.string(),
    enName: z.string(),
    path: z.string(),
    component: z.string(),
    hidden: z.boolean(),
    redirect: z.string().optional(),
    alwaysShow: z.boolean().optional(),
    meta: z.strictObject({
      title: z.string(),
      enTitle: z.string(),
      icon: z.string().nullable(),
      noCache: z.boolean(),
      menuId: z.number(),
    }),
    get children() {
      return z.array(menuRouteAnswer).optional();
    },
    // A tree: the API document shows it as one component that refers to itself.
  })
  .meta({ id: 'MenuRoute' });

/** GET /api/auxiliary/config: what the login page and the shell need before anyone signs in. */
export const appConfigAnswer = z.strictObject({
  title: z.strictObject({ zh: z.string(), en: z.string() }),
  idleTimeoutMs: z.number(),
  captcha: z.boolean(),
  trialDays: z.number(),
  footerTxt: z.string(),
  caseNumber: z.string(),
  /** PUBLIC_URL is set: labels print their scan QR code (without it they print none, and say why). */
  scanLinks: z.boolean(),
});

/** An announcement (GET /api/messageCenter/announcements, public). */
export const announcementAnswer = z.strictObject({
  id: z.number(),
  title: z.string(),
  enTitle: z.string().nullable(),
  content: z.string().nullable(),
  enContent: z.string().nullable(),
  type: z.string(),
  createTime: z.string(),
});
/** A message of the caller's centre (GET /api/messageCenter/getMessageByCurrent): its link and read state. */
export const messageAnswer = announcementAnswer.extend({
  /** The in-app path of the record the message is about. */
  link: z.string().nullable(),
  read: z.boolean(),
});

/** GET /api/auxiliary/getHomePageData: what this user must do next, and counts for their role. */
export const homePageDataAnswer = z.strictObject({
  roleType: z.number(),
  todos: z.array(z.strictObject({ key: z.string(), count: z.number(), path: z.string() })),
  counts: z.record(z.string(), z.number()),
});

/** A sign-in attempt of the account (GET /api/users/loginHistory). */
export const loginRecordAnswer = z.strictObject({
  createTime: z.string(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  success: z.boolean(),
  reason: z.string().nullable(),
});

/** GET /auth/code: a captcha picture (an SVG data URL) and the id its answer is kept under. */
export const captchaAnswer = z.strictObject({ img: z.string(), uuid: z.string() });

/** A call that answers only that it was done. */
export const okAnswer = z.strictObject({ ok: z.literal(true) });

/** GET /api/users/queryByEmail: whether an address is taken, and by the caller (never whose it is). */
export const emailTakenAnswer = z.strictObject({ exists: z.boolean(), isMine: z.boolean() });

/** GET /api/enterpriseInfo/getCorporateName: the caller's company and its certification state. */
export const corporateNameAnswer = z.strictObject({
  corporateName: z.string(),
  corporateEnName: z.string().nullable(),
  corporateCode: z.string().nullable(),
  checkStatus: z.number(),
  checkReason: z.string().nullable(),
});

/** POST /api/enterpriseInfo/certification: 0 accepted for review (with the new state), 1 refused. */
export const certificationAnswer = z.strictObject({
  status: z.literal([0, 1]),
  message: z.string(),
  tenant_checksatus: z.number().optional(),
});

/** GET /api/messageCenter/getCount. */
export const unreadCountAnswer = z.strictObject({ count: z.number() });
/** POST /api/messageCenter/removeCount: all read, and how many were marked. */
export const allReadAnswer = z.strictObject({ count: z.literal(0), marked: z.number() });
/** POST /api/viewRecord/readMessage: marked read, and the unread count left. */
export const messageReadAnswer = z.strictObject({ ok: z.literal(true), count: z.number() });
/** A read receipt (GET /api/viewRecord/getReadList). */
export const readRecordAnswer = z.strictObject({
  id: z.number(),
  messageId: z.number(),
  createTime: z.string(),
});

/** GET /api/storage/usage: the storage driver and each company's files, bytes and the quota. */
export const storageUsageAnswer = z.strictObject({
  driver: z.enum(['local', 's3']),
  location: z.string(),
  quotaBytes: z.number().nullable(),
  tenants: z.array(
    z.strictObject({
      tenantId: z.number().nullable(),
      tenantName: z.string().nullable(),
      files: z.number(),
      bytes: z.number(),
    }),
  ),
});

/** A message from one user to a user of a partner company (GET /api/directMessages); unread while readTime is null. */
export const directMessageAnswer = engineRow.extend({
  tenantId: z.number(),
  fromUserId: z.number(),
  toUserId: z.number(),
  toTenantId: z.number(),
  content: z.string(),
  readTime: z.string().nullable(),
});

/** A stored file (GET /api/file): where it is kept stays inside; `url` fetches it. */
export const storedFileAnswer = engineRow.extend({
  tenantId: z.number().nullable(),
  userId: z.number().nullable(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** The upload's kind (an image, a document…), which set its size limit and accepted types. */
  kind: z.string().nullable(),
  url: z.string(),
});

/** GET /api/reference/currencies rows (ISO 4217). */
export const currencyAnswer = z.strictObject({
  code: z.string(),
  numericCode: z.string(),
  minorUnit: z.number(),
  en: z.string(),
  zh: z.string(),
});
/** GET /api/reference/countries rows (ISO 3166). */
export const countryAnswer = z.strictObject({ code: z.string(), en: z.string(), zh: z.string() });
/** GET /api/reference/ports rows (UN/LOCODE). */
export const portAnswer = z.strictObject({
  locode: z.string(),
  country: z.string(),
  name: z.string(),
  nameAscii: z.string(),
  subdivision: z.string().nullable(),
  functions: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  aliases: z.array(z.string()),
});
