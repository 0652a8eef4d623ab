// Issue 9 finding 6 (and issue 11 item 13): the real client address, one lockout per account across
// every login path, limits on password-reset codes per account and per address.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { loginAttempts, logs } from '../../src/db/schema.ts';
import { call, createTestApp } from '../helpers.ts';

describe('the client address', () => {
  it('without TRUST_PROXY, X-Forwarded-For is ignored: the log and the login history keep the real address', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
        payload: JSON.stringify({ username: 'shipper', password: 'wrong-password' }),
        remoteAddress: '10.1.2.3',
      });
      expect(res.statusCode).toBe(400);
      const [attempt] = await t.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.account, 'shipper'))
        .orderBy(desc(loginAttempts.id))
        .limit(1);
      expect(attempt.ip).toBe('10.1.2.3');
      const [log] = await t.db.select().from(logs).orderBy(desc(logs.id)).limit(1);
      expect(log.path).toBe('/auth/login');
      expect(log.requestIp).toBe('10.1.2.3');
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, its X-Forwarded-For is believed — and only from it', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.0.0.5' });
    try {
      const viaProxy = async (remoteAddress: string) => {
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
          payload: JSON.stringify({ username: 'logistics', password: 'wrong-password' }),
          remoteAddress,
        });
        const [log] = await t.db.select().from(logs).orderBy(desc(logs.id)).limit(1);
        return log.requestIp;
      };
      expect(await viaProxy('10.0.0.5')).toBe('203.0.113.7');
      expect(await viaProxy('10.9.9.9')).toBe('10.9.9.9');
    } finally {
      await t.close();
    }
  });

  it('TRUST_PROXY is validated at start', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
