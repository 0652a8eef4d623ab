// Typed calls of docs/api.md. Components call these, never fetch directly.
import type {
  loginBody,
  mobileLoginBody,
  registerBody,
  resetPassBody,
  resetSendCodeBody,
} from '@tradelane/contract';
import type { z } from 'zod';
import { DICT_PAGE_SIZE } from '../config.ts';
import { http } from './request.ts';
import type {
  AppConfig,
  DictEntry,
  FunctionGroup,
  HomePageData,
  LoginAnswer,
  LoginRecord,
  MenuRoute,
  Message,
  Page,
  SessionInfo,
  UploadAnswer,
  UserInfo,
} from './types.ts';

export const NOT_LOGGED_IN_MESSAGE = '找不到当前登录的信息';

export const api = {
  config: () => http.get<AppConfig>('/api/auxiliary/config'),
  captcha: () => http.get<{ img: string; uuid: string }>('/auth/code'),
  // Request bodies are the contract's own schemas (what the server parses), as the caller may send them.
  login: (body: z.input<typeof loginBody>) => http.post<LoginAnswer>('/auth/login', body),
  loginByMobile: (body: z.input<typeof mobileLoginBody>) =>
    http.post<LoginAnswer>('/auth/mobile/loginByPassword', body),
  regAndLogin: (body: z.input<typeof registerBody>) => http.post<LoginAnswer>('/auth/regAndLogin', body),
  resetSendCode: (body: z.input<typeof resetSendCodeBody>) =>
    http.post<{ sent: boolean }>('/auth/resetSendCode', body),
  resetPass: (body: z.input<typeof resetPassBody>) => http.post<{ reset: boolean }>('/auth/resetPass', body),
  info: () => http.get<SessionInfo>('/auth/info'),
  logout: (userId: number | undefined) =>
    http.del<{ ok: boolean }>('/auth/logout', { params: { userId }, silent: true, ignoreUnauthorized: true }),
  menus: () => http.get<MenuRoute[]>('/api/menus/build'),
  /** Every menu's function grants (a background call: a caller without the grant sees no error). */
  functionCatalogueSilent: () =>
    http.get<FunctionGroup[]>('/api/functionPermission/viewFunctionPermissionMenu', undefined, {
      silent: true,
    }),
  /** Several dictionaries at once, by name (the forms' and lists' option lists). */
  dictMap: (names: string[]) =>
    http.get<Record<string, DictEntry[]>>('/api/dictDetail/map', { dictName: names.join(',') }),
  dict: (dictName: string) =>
    http.get<Page<{ id: number; value: string; label: string; enLabel?: string }>>('/api/dictDetail', {
      dictName,
      page: 0,
      size: DICT_PAGE_SIZE,
    }),
  unreadCount: (userId: number | undefined) =>
    http.get<{ count: number }>(
      '/api/messageCenter/getCount',
      { userId },
      // A background call: '找不到当前登录的信息' (and any other failure) leaves the count unchanged, silently.
      { silent: true },
    ),
  myMessages: (params: { page: number; size: number; read?: boolean }) =>
    http.get<Page<Message>>('/api/messageCenter/getMessageByCurrent', params),
  announcements: (params: { page: number; size: number }) =>
    http.get<Page<Message>>('/api/messageCenter/announcements', params),
  readAll: () => http.post<{ count: number }>('/api/messageCenter/removeCount'),
  readMessage: (messageId: number) =>
    http.post<{ ok: boolean }>('/api/viewRecord/readMessage', { messageId }),
  feedback: (body: {
    commentsOrFeedback: string;
    phone: string;
    userId?: number;
    email?: string;
    createUnit?: string;
  }) => http.post<{ id: number } | null>('/api/feedback', body),
  upload: (file: File, kind: 'image' | 'document') => {
    const data = new FormData();
    data.append('file', file);
    data.append('kind', kind);
    return http.post<UploadAnswer>('/api/file/upload', data);
  },
  corporateName: () =>
    http.get<{ corporateName: string; corporateEnName: string | null; corporateCode: string }>(
      '/api/enterpriseInfo/getCorporateName',
    ),
  /** The caller's own company: its name in English (what English documents print). */
  setCorporateEnName: (tenantId: number, corporateEnName: string | null) =>
    http.put<unknown>('/api/enterpriseInfo', { id: tenantId, corporateEnName }),
  certification: (body: {
    authorizationLetter: string;
    corporateCode: string;
    corporateCodeimg: string;
    corporateName: string;
    corporateEnName?: string;
  }) => http.post<{ status: number; message: string }>('/api/enterpriseInfo/certification', body),
  homePageData: () => http.get<HomePageData>('/api/auxiliary/getHomePageData'),
  currentUser: () => http.get<UserInfo>('/api/users/getCurrent'),
  updateCenter: (body: { nickName?: string; phone?: string; gender?: string }) =>
    http.put<UserInfo>('/api/users/center', body),
  updatePass: (body: { oldPass: string; newPass: string }) =>
    http.post<unknown>('/api/users/updatePass', body),
  updateEmail: (body: { password: string; email: string }) =>
    http.post<unknown>('/api/users/updateEmail', body),
  updateAvatar: (file: File) => {
    const data = new FormData();
    data.append('avatar', file);
    return http.post<{ avatarPath: string }>('/api/users/updateAvatar', data);
  },
  loginHistory: (params: { page: number; size: number }) =>
    http.get<Page<LoginRecord>>('/api/users/loginHistory', params),
};
