import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_REASON_KEY } from '../config.ts';
import { i18n } from '../i18n/index.ts';
import { ApiError, configureRequest, http, messageFor, resetUnauthorizedGuard } from './request.ts';
import { readToken, writeToken } from './token-store.ts';

const notify = { error: vi.fn(), warning: vi.fn() };
const navigate = vi.fn();
const clearSession = vi.fn();
const needsPartner = vi.fn();
const assign = vi.fn();

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  configureRequest({ notify, navigate, clearSession, needsPartner });
  resetUnauthorizedGuard();
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: {
      ...window.location,
      pathname: '/system/user',
      search: '?page=2',
      assign,
      protocol: 'http:',
      host: 'x',
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notify.error.mockReset();
  notify.warning.mockReset();
  navigate.mockReset();
  assign.mockReset();
  clearSession.mockReset();
  needsPartner.mockReset();
});

describe('request client', () => {
  it('sends the token, JSON and the language, and returns the body', async () => {
    writeToken('Bearer abc', false);
    const fetchMock = respond(200, { ok: 1 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(http.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toContain('application/json');
    expect(headers['Accept-Language']).toBe('zh');
    expect(init.body).toBe('{"a":1}');
  });

  it('puts GET params in the query string', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await http.get('api/menus/lazy', { pid: 0, skip: undefined });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/menus/lazy?pid=0');
  });

  it('shows a Chinese server message as is', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { status: 400, code: 'auth.captcha_invalid', message: '验证码错误' }),
    );
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenCalledWith('验证码错误', 5);
  });

  it('replaces a non-Chinese or missing message by the generic warning', async () => {
    vi.stubGlobal('fetch', respond(500, { status: 500, message: 'NullPointerException' }));
    await expect(http.get('/x')).rejects.toThrow();
    expect(notify.error).toHaveBeenLastCalledWith('出错了，请联系平台客服', 5);
    vi.stubGlobal('fetch', respond(500, { status: 500 }));
    await expect(http.get('/x')).rejects.toThrow();
    expect(notify.error).toHaveBeenLastCalledWith('出错了，请联系平台客服', 5);
  });

  it('maps email…, phone… and data_id_unique messages', () => {
    expect(messageFor('email already exists', undefined)).toBe('该邮箱已被注册，请更换其他邮箱');
    expect(messageFor('phone already exists', undefined)).toBe('该手机号已被注册');
    expect(messageFor('duplicate key data_id_unique', undefined)).toBe('操作过快，请稍后再试');
  });

  it('shows a coded server message in English when the language is en', async () => {
    await i18n.changeLanguage('en');
    expect(messageFor('Wrong verification code', 'auth.captcha_invalid')).toBe('Wrong verification code');
    expect(messageFor('java.lang.Exception', undefined)).toBe(
      'Something went wrong, contact platform customer service',
    );
  });

  it('shows "interface request failed" for a body without status', async () => {
    vi.stubGlobal('fetch', respond(502, { error: 'bad gateway' }));
    await expect(http.get('/x')).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledWith('接口请求失败', undefined);
  });

  it('shows the timeout message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    await expect(http.get('/x', undefined, { timeoutMs: 5 })).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledWith('网络请求超时', undefined);
  });

  it('shows the download error for an unreadable blob error, for 5 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('%PDF-garbage', { status: 500 })),
    );
    await expect(http.get('/x', undefined, { responseType: 'blob' })).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledWith('下载出错，请联系系统管理员', 5);
  });

  it('401 logs out once, stores the reason and reloads on /login with the redirect', async () => {
    writeToken('Bearer abc', false);
    vi.stubGlobal('fetch', respond(401, { status: 401, message: 'unauthorized' }));
    await expect(http.get('/a')).rejects.toThrow();
    await expect(http.get('/b')).rejects.toThrow();
    expect(readToken()).toBeNull();
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/system/user?page=2')}`);
    expect(sessionStorage.getItem(LOGOUT_REASON_KEY)).toBe('request.sessionExpired');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('403 goes to /401', async () => {
    vi.stubGlobal('fetch', respond(403, { status: 403, message: 'forbidden' }));
    await expect(http.get('/x')).rejects.toThrow();
    expect(navigate).toHaveBeenCalledWith('/401');
  });

  it('403 partner.required keeps the page and asks for an invitation', async () => {
    vi.stubGlobal('fetch', respond(403, { status: 403, code: 'partner.required', message: 'x' }));
    await expect(http.get('/api/projectBatch')).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
    expect(needsPartner).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('words a field error with the form label the caller gives', async () => {
    const body = { status: 400, code: 'validation', message: '参数错误：quantity 长度或数值过小（最小 0）' };
    vi.stubGlobal('fetch', respond(400, { ...body, field: 'quantity', reason: '长度或数值过小（最小 0）' }));
    const fieldLabel = (f: string) => (f === 'quantity' ? '数量' : undefined);
    await expect(http.post('/api/supplies', {}, { fieldLabel })).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledWith('数量：长度或数值过小（最小 0）', expect.anything());
    vi.stubGlobal(
      'fetch',
      respond(409, { status: 409, code: 'unique.generic', message: 'code 已存在', field: 'code' }),
    );
    await expect(http.post('/api/project', {}, { fieldLabel: () => '项目编号' })).rejects.toThrow();
    expect(notify.error).toHaveBeenLastCalledWith('项目编号已存在', expect.anything());
  });

  it('stays silent when the caller asks', async () => {
    vi.stubGlobal('fetch', respond(400, { status: 400, message: '找不到当前登录的信息' }));
    await expect(
      http.get('/x', undefined, { silent: (e) => e.message === '找不到当前登录的信息' }),
    ).rejects.toThrow();
    expect(notify.error).not.toHaveBeenCalled();
  });
});
