// Typed calls of docs/api.md. Components call these, never fetch directly: each is an operation of the
// contract (its path, input and answer declared there), with the options a screen needs around it.

import type { InputOf } from '@tradelane/contract';
import { accountOps, authOps, fileOps, homeOps, messageOps } from '@tradelane/contract/api/account';
import { families } from '@tradelane/contract/api/families';
import { menuOps, roleOps, systemOps } from '@tradelane/contract/api/system';
import { DICT_PAGE_SIZE } from '../config.ts';
import { call } from './client.ts';

export const NOT_LOGGED_IN_MESSAGE = '找不到当前登录的信息';

/** A multipart form of one file (and its fields). */
function formOf(field: string, file: File, fields: Record<string, string> = {}) {
  const data = new FormData();
  data.append(field, file);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

export const api = {
  config: () => call(systemOps.config),
  captcha: () => call(authOps.code),
  login: (body: InputOf<typeof authOps.login>) => call(authOps.login, body),
  loginByMobile: (body: InputOf<typeof authOps.mobileLogin>) => call(authOps.mobileLogin, body),
  regAndLogin: (body: InputOf<typeof authOps.register>) => call(authOps.register, body),
  resetSendCode: (body: InputOf<typeof authOps.resetSendCode>) => call(authOps.resetSendCode, body),
  resetPass: (body: InputOf<typeof authOps.resetPass>) => call(authOps.resetPass, body),
  info: () => call(authOps.info),
  logout: () => call(authOps.logout, undefined, { silent: true, ignoreUnauthorized: true }),
  menus: () => call(menuOps.build),
  /** Every menu's function grants (a background call: a caller without the grant sees no error). */
  functionCatalogueSilent: () => call(roleOps.functionCatalogue, undefined, { silent: true }),
  /** Several dictionaries at once, by name (the forms' and lists' option lists). */
  dictMap: (names: string[]) => call(systemOps.dictMap, { dictName: names.join(',') }),
  dict: (dictName: string) => call(families.dictDetail.list, { dictName, page: 0, size: DICT_PAGE_SIZE }),
  unreadCount: (userId: number | undefined) =>
    // A background call: '找不到当前登录的信息' (and any other failure) leaves the count unchanged, silently.
    call(messageOps.count, { userId }, { silent: true }),
  myMessages: (params: { page: number; size: number; read?: boolean }) =>
    call(messageOps.mine, {
      page: params.page,
      size: params.size,
      read: params.read === undefined ? undefined : params.read ? 'true' : 'false',
    }),
  announcements: (params: InputOf<typeof messageOps.announcements>) => call(messageOps.announcements, params),
  readAll: () => call(messageOps.readAll),
  readMessage: (messageId: number) => call(messageOps.read, { messageId }),
  feedback: (body: {
    commentsOrFeedback: string;
    phone: string;
    userId?: number;
    email?: string;
    createUnit?: string;
  }) => call(families.feedback.create, body),
  upload: (file: File, kind: 'image' | 'document') =>
    call(fileOps.uploadFile, formOf('file', file, { kind })),
  corporateName: () => call(accountOps.corporateName),
  /** The caller's own company: its name in English (what English documents print). */
  setCorporateEnName: (tenantId: number, corporateEnName: string | null) =>
    call(families.enterpriseInfo.update, { id: tenantId, corporateEnName }),
  certification: (body: InputOf<typeof accountOps.certification>) => call(accountOps.certification, body),
  homePageData: () => call(homeOps.pageData),
  currentUser: () => call(accountOps.current),
  updateCenter: (body: InputOf<typeof accountOps.center>) => call(accountOps.center, body),
  updatePass: (body: InputOf<typeof accountOps.updatePass>) => call(accountOps.updatePass, body),
  updateEmail: (body: InputOf<typeof accountOps.updateEmail>) => call(accountOps.updateEmail, body),
  updateAvatar: (file: File) => call(accountOps.updateAvatar, formOf('avatar', file)),
  loginHistory: (params: InputOf<typeof accountOps.loginHistory>) => call(accountOps.loginHistory, params),
};
