// The personal centre's "login time" is the user's latest login, not when the account was made.
import { describe, expect, it } from 'vitest';
import { call, login, passwords, useTestApp } from './helpers.ts';

const t = useTestApp();

describe('login time', () => {
  it('is the latest successful login, in the login answer and in /auth/info', async () => {
    const before = Date.now() - 1000;
    const first = await call(t.app, 'POST', '/auth/login', {
      body: { username: 'shipper', password: passwords.shipper },
    });
    const token = await login(t.app, 'shipper');
    const info = await call(t.app, 'GET', '/auth/info', { token });
    expect(info.status).toBe(200);
    const user = info.body.user as { createTime: string; lastLoginTime: string | null };
    // The demo account was made by the seed; the login is now.
    expect(Date.parse(user.lastLoginTime ?? '')).toBeGreaterThanOrEqual(before);
    expect(user.lastLoginTime).not.toBe(user.createTime);
    // The later login is the one shown.
    expect(Date.parse(user.lastLoginTime ?? '')).toBeGreaterThanOrEqual(
      Date.parse(first.body.user?.user?.lastLoginTime ?? ''),
    );
  });
});
