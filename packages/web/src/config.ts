// Business constants of spec §9, in one place.
/** The session cookie's name (spec §9). The server writes it, HttpOnly; this app never reads it. */
export const TOKEN_KEY = 'EL-ADMIN-TOEKN';
export const REMEMBER_ME_DAYS = 1;
export const IDLE_TIMEOUT_MS = 1_800_000;
export const IDLE_CHECK_INTERVAL_MS = 1000;
export const REQUEST_TIMEOUT_MS = 216_000_000;
export const NOTIFY_DURATION_S = 5;
export const THEME_COOKIE_DAYS = 365;
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
export const MOBILE_BREAKPOINT = 992;
export const UNREAD_MAX = 99;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const CERT_MAX_BYTES = 10_485_760;
export const DIALOG_WIDTH = 310;
export const UPLOAD_DIALOG_WIDTH = 500;
export const TAG_MENU_WIDTH = 105;
export const BUTTON_LOADING_MS = 1000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const DICT_PAGE_SIZE = 9999;
export const DEFAULT_THEME = '#008de7';
export const PREDEFINED_THEMES = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;
export const LOGIN_SOURCE_KEY = 'loginSource';
export const LOGIN_SOURCE_COME_IN = 'come in';
export const LANGUAGE_KEY = 'language';
export const TENANT_STATUS_KEY = 'tenant_checksatus';
export const FUNCTIONS_KEY = 'functionPermissions';
export const LOGOUT_REASON_KEY = 'logoutReason';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
export const THEME_COOKIE = 'theme';
export const SETTINGS_KEY = 'settings';
