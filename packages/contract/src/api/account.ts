// The operations of a signed-in person and of signing in: the login paths, captcha, session and password
// reset (spec §7 /auth/...), the personal centre and the company's certification, the message centre,
// the home page, uploads and the reference lists (currencies, countries, Incoterms, ports).
import { z } from 'zod';
import {
  allReadAnswer,
  announcementAnswer,
  captchaAnswer,
  certificationAnswer,
  corporateNameAnswer,
  countryAnswer,
  currencyAnswer,
  emailTakenAnswer,
  homePageDataAnswer,
  loginAnswer,
  loginRecordAnswer,
  messageAnswer,
  messageReadAnswer,
  okAnswer,
  portAnswer,
  readRecordAnswer,
  sessionInfoAnswer,
  storageUsageAnswer,
  unreadCountAnswer,
  userInfoAnswer,
} from '../answers/account.ts';
import { listOf, uploadAnswer } from '../answers/common.ts';
import {
  centerBody,
  emailBody,
  loginBody,
  mobileLoginBody,
  passBody,
  registerBody,
  resetPassBody,
  resetSendCodeBody,
} from '../identity.ts';
import { certificationBody } from '../system.ts';
import { operation } from './operation.ts';

const signedIn = { signedIn: true } as const;
const open = { public: true } as const;

/** A page of a short list (the message centre, receipts, login history). */
const pageQuery = (max: number) =>
  z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(max).default(10),
  });

const auth = ['auth'] as const;
export const authOps = {
  code: operation({
    method: 'GET',
    path: '/auth/code',
    summary: 'A captcha (picture and id)',
    tags: auth,
    caller: open,
    answer: captchaAnswer,
  }),
  login: operation({
    method: 'POST',
    path: '/auth/login',
    summary: 'login',
    tags: auth,
    caller: open,
    body: loginBody,
    answer: loginAnswer,
  }),
  mobileLogin: operation({
    method: 'POST',
    path: '/auth/mobile/loginByPassword',
    summary: 'mobile login',
    tags: auth,
    caller: open,
    body: mobileLoginBody,
    answer: loginAnswer,
  }),
  register: operation({
    method: 'POST',
    path: '/auth/regAndLogin',
    summary: 'register',
    tags: auth,
    caller: open,
    body: registerBody,
    answer: loginAnswer,
    status: 201,
  }),
  info: operation({
    method: 'GET',
    path: '/auth/info',
    summary: 'The signed-in user, roles and grants',
    tags: auth,
    caller: signedIn,
    answer: sessionInfoAnswer,
  }),
  logout: operation({
    method: 'DELETE',
    path: '/auth/logout',
    summary: 'logout',
    tags: auth,
    caller: open,
    answer: okAnswer,
  }),
  resetSendCode: operation({
    method: 'POST',
    path: '/auth/resetSendCode',
    summary: 'send reset code',
    tags: auth,
    caller: open,
    body: resetSendCodeBody,
    answer: z.strictObject({ sent: z.literal(true) }),
  }),
  resetPass: operation({
    method: 'POST',
    path: '/auth/resetPass',
    summary: 'reset password',
    tags: auth,
    caller: open,
    body: resetPassBody,
    answer: z.strictObject({ reset: z.literal(true) }),
  }),
};

const users = ['users'] as const;
const enterpriseInfo = ['enterpriseInfo'] as const;
export const accountOps = {
  current: operation({
    method: 'GET',
    path: '/api/users/getCurrent',
    summary: 'The signed-in user',
    tags: users,
    caller: signedIn,
    answer: userInfoAnswer,
  }),
  emailTaken: operation({
    method: 'GET',
    path: '/api/users/queryByEmail',
    summary: 'Whether an e-mail address is taken',
    tags: users,
    caller: signedIn,
    query: z.object({ email: z.string().trim().max(128) }),
    answer: emailTakenAnswer,
  }),
  center: operation({
    method: 'PUT',
    path: '/api/users/center',
    summary: 'edit own profile',
    tags: users,
    caller: signedIn,
    body: centerBody,
    answer: userInfoAnswer,
  }),
  updatePass: operation({
    method: 'POST',
    path: '/api/users/updatePass',
    summary: 'change own password',
    tags: users,
    caller: signedIn,
    body: passBody,
    answer: okAnswer,
  }),
  updateEmail: operation({
    method: 'POST',
    path: '/api/users/updateEmail',
    summary: 'change own email',
    tags: users,
    caller: signedIn,
    body: emailBody,
    answer: userInfoAnswer,
  }),
  updateAvatar: operation({
    method: 'POST',
    path: '/api/users/updateAvatar',
    summary: 'change avatar',
    tags: users,
    caller: signedIn,
    upload: true,
    answer: z.strictObject({ avatarPath: z.string() }),
  }),
  loginHistory: operation({
    method: 'GET',
    path: '/api/users/loginHistory',
    summary: 'The account’s sign-in attempts',
    tags: users,
    caller: signedIn,
    query: pageQuery(100),
    answer: listOf(loginRecordAnswer),
  }),
  corporateName: operation({
    method: 'GET',
    path: '/api/enterpriseInfo/getCorporateName',
    summary: 'The caller’s company and its certification state',
    tags: enterpriseInfo,
    caller: signedIn,
    answer: corporateNameAnswer,
  }),
  certification: operation({
    method: 'POST',
    path: '/api/enterpriseInfo/certification',
    summary: 'submit certification',
    tags: enterpriseInfo,
    caller: signedIn,
    body: certificationBody,
    answer: certificationAnswer,
    changes: ['enterpriseInfo', 'tenantUser'],
  }),
};

const messageCenter = ['messageCenter'] as const;
const viewRecord = ['viewRecord'] as const;
export const messageOps = {
  count: operation({
    method: 'GET',
    path: '/api/messageCenter/getCount',
    summary: 'How many messages the caller has not read',
    tags: messageCenter,
    caller: signedIn,
    query: z.object({ userId: z.coerce.number().optional() }),
    answer: unreadCountAnswer,
  }),
  mine: operation({
    method: 'GET',
    path: '/api/messageCenter/getMessageByCurrent',
    also: ['/api/messageCenter'],
    summary: 'The caller’s messages (read=true|false filters)',
    tags: messageCenter,
    caller: signedIn,
    query: pageQuery(200).extend({ read: z.enum(['true', 'false']).optional() }),
    // Counted up to 10,000: past that the total is a bound, said with totalExact: false.
    answer: listOf(messageAnswer).extend({ totalExact: z.literal(false).optional() }),
  }),
  announcements: operation({
    method: 'GET',
    path: '/api/messageCenter/announcements',
    summary: 'Announcements for everybody (also before login)',
    tags: messageCenter,
    caller: open,
    query: pageQuery(200),
    answer: listOf(announcementAnswer),
  }),
  readAll: operation({
    method: 'POST',
    path: '/api/messageCenter/removeCount',
    summary: 'Mark every message read',
    tags: messageCenter,
    caller: signedIn,
    answer: allReadAnswer,
  }),
  read: operation({
    method: 'POST',
    path: '/api/viewRecord/readMessage',
    summary: 'Mark one message read',
    tags: viewRecord,
    caller: signedIn,
    body: z.object({ messageId: z.coerce.number().int().positive() }),
    answer: messageReadAnswer,
  }),
  readList: operation({
    method: 'GET',
    path: '/api/viewRecord/getReadList',
    summary: 'The caller’s read receipts',
    tags: viewRecord,
    caller: signedIn,
    query: pageQuery(200),
    answer: listOf(readRecordAnswer),
  }),
};

export const homeOps = {
  pageData: operation({
    method: 'GET',
    path: '/api/auxiliary/getHomePageData',
    summary: 'What the caller must do next, and counts for their role',
    tags: ['auxiliary'],
    caller: signedIn,
    answer: homePageDataAnswer,
  }),
};

const upload = (path: string, summary: string) =>
  operation({
    method: 'POST',
    path,
    summary,
    tags: ['file'],
    caller: signedIn,
    upload: true,
    answer: uploadAnswer,
    status: 201,
    changes: ['file'],
  });
export const fileOps = {
  upload: upload('/api/file', 'upload a file (field kind: image, document, paper…)'),
  uploadFile: upload('/api/file/upload', 'upload file'),
  localStorage: upload('/api/localStorage', 'upload a file to storage'),
  picture: upload('/api/localStorage/pictures', 'upload a picture'),
  qiNiu: upload('/api/qiNiuContent', 'upload a file to storage (spec: qiNiu)'),
  batchCreate: operation({
    method: 'POST',
    path: '/api/file/batchCreate',
    summary: 'upload several files (all or none)',
    tags: ['file'],
    caller: signedIn,
    upload: true,
    answer: z.array(uploadAnswer),
    status: 201,
    changes: ['file'],
  }),
  storageUsage: operation({
    method: 'GET',
    path: '/api/storage/usage',
    summary: 'Storage use per tenant',
    tags: ['file'],
    caller: { permission: 'storage:list' },
    answer: storageUsageAnswer,
  }),
};

const reference = ['reference'] as const;
export const referenceOps = {
  currencies: operation({
    method: 'GET',
    path: '/api/reference/currencies',
    summary: 'ISO 4217 currencies (zh/en)',
    tags: reference,
    caller: signedIn,
    answer: listOf(currencyAnswer),
  }),
  countries: operation({
    method: 'GET',
    path: '/api/reference/countries',
    summary: 'ISO 3166 countries (zh/en)',
    tags: reference,
    caller: signedIn,
    answer: listOf(countryAnswer),
  }),
  incoterms: operation({
    method: 'GET',
    path: '/api/reference/incoterms',
    summary: 'Incoterms 2020',
    tags: reference,
    caller: signedIn,
    answer: listOf(z.strictObject({ code: z.string(), zh: z.string(), en: z.string() })),
  }),
  ports: operation({
    method: 'GET',
    path: '/api/reference/ports',
    summary: 'Search UN/LOCODE sea ports',
    tags: reference,
    caller: signedIn,
    query: z.object({
      q: z.string().trim().max(100).default(''),
      country: z.string().trim().length(2).optional(),
      size: z.coerce.number().int().min(1).max(200).default(20),
    }),
    answer: listOf(portAnswer),
  }),
  port: operation({
    method: 'GET',
    path: '/api/reference/ports/:code',
    summary: 'One port by code or alias',
    tags: reference,
    caller: signedIn,
    query: z.object({ code: z.string().trim().min(5).max(6) }),
    answer: portAnswer,
  }),
};
