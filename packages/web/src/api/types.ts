// Wire shapes of docs/api.md used by the web app.

export interface UserInfo {
  id: number;
  username: string;
  nickName?: string;
  email?: string;
  phone?: string;
  roleType?: number;
  avatarPath?: string | null;
  corporateCode?: string | null;
  corporateName?: string | null;
  tenantId?: number;
  dept?: { id: number; name: string } | null;
  enabled?: boolean;
  gender?: string;
  createTime?: string;
}

export interface FunctionPermission {
  menuId: number;
  functionName: string;
}

export interface SessionInfo {
  user: UserInfo;
  roles: string[];
  tenant_checksatus: number;
  ifparther: boolean;
  stopday: number;
  partner: unknown;
  function: FunctionPermission[];
}

export interface LoginAnswer extends Omit<SessionInfo, 'user' | 'roles'> {
  token: string;
  user: { user: UserInfo; roles: string[] };
  userId?: number;
}

export interface MenuMeta {
  title: string;
  enTitle?: string;
  icon?: string;
  noCache?: boolean;
  affix?: boolean;
}

export interface MenuRoute {
  name?: string;
  enName?: string;
  path: string;
  component?: string;
  hidden?: boolean;
  redirect?: string;
  alwaysShow?: boolean;
  meta?: MenuMeta;
  children?: MenuRoute[];
}

export interface AppConfig {
  title: { zh: string; en: string };
  idleTimeoutMs: number;
  captcha: boolean;
  trialDays: number;
  footerTxt: string;
  caseNumber: string;
}

export interface Page<T> {
  content: T[];
  totalElements: number;
  /** False when a very long unfiltered list answers the database's estimate instead of a count. */
  totalExact?: boolean;
}

export interface Message {
  id: number;
  title: string;
  enTitle?: string;
  content: string;
  enContent?: string;
  type?: string;
  /** The in-app path of the record the message is about. */
  link?: string | null;
  createTime: string;
  read?: boolean;
}

export interface HomePageData {
  roleType: number;
  todos: { key: string; count: number; path: string }[];
  counts: Record<string, number>;
}

export interface UploadAnswer {
  id: number;
  url: string;
  name: string;
  size: number;
  type: string;
}

export interface LoginRecord {
  createTime: string;
  ip: string;
  browser: string;
  success: boolean;
}
