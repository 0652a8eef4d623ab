import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback } from '../src/db/schema.ts';
import { call, login, useTestApp } from './helpers.ts';

const t = useTestApp();

describe('personal centre', () => {
  it('reads and edits the own profile', async () => {
    const token = await login(t.app, 'logistics');
    const me = await call(t.app, 'GET', '/api/users/getCurrent', { token });
    expect(me.body).toMatchObject({ username: 'logistics', corporateName: '中远海运国际物流有限公司' });
    expect(me.body).not.toHaveProperty('passwordHash');
    const edited = await call(t.app, 'PUT', '/api/users/center', {
      token,
      body: { nickName: '陈海洋', gender: '男' },
    });
    expect(edited.body).toMatchObject({ nickName: '陈海洋', gender: '男' });
    const badPhone = await call(t.app, 'PUT', '/api/users/center', { token, body: { phone: '12' } });
    expect(badPhone.status).toBe(400);
  });

  it('changes the password with the old one and the spec rule; every session ends, this one too', async () => {
    const a = await login(t.app, 'supplier');
    const b = await login(t.app, 'supplier');
    const wrong = await call(t.app, 'POST', '/api/users/updatePass', {
      token: a,
      body: { oldPass: 'nope', newPass: 'Better@2026' },
    });
    expect(wrong.body.code).toBe('auth.old_password_wrong');
    const weak = await call(t.app, 'POST', '/api/users/updatePass', {
      token: a,
      body: { oldPass: 'Supplier@2026', newPass: '12345678' },
    });
    expect(weak.status).toBe(400);
    const chinese = await call(t.app, 'POST', '/api/users/updatePass', {
      token: a,
      body: { oldPass: 'Supplier@2026', newPass: 'Abc12345密码' },
    });
    expect(chinese.status).toBe(400);
    const ok = await call(t.app, 'POST', '/api/users/updatePass', {
      token: a,
      body: { oldPass: 'Supplier@2026', newPass: 'Better@2026' },
    });
    expect(ok.body).toEqual({ ok: true });
    expect((await call(t.app, 'GET', '/auth/info', { token: a })).status).toBe(401);
    expect((await call(t.app, 'GET', '/auth/info', { token: b })).status).toBe(401);
    await login(t.app, 'supplier', 'Better@2026');
  });

  it('changes the email after confirming the password; a taken address is refused', async () => {
    const token = await login(t.app, 'supplier2');
    const wrong = await call(t.app, 'POST', '/api/users/updateEmail', {
      token,
      body: { password: 'x', email: 'a@b.example' },
    });
    expect(wrong.body.code).toBe('auth.password_wrong');
    const taken = await call(t.app, 'POST', '/api/users/updateEmail', {
      token,
      body: { password: 'Supplier@2026', email: 'shipper@tradelane.example' },
    });
    expect(taken.body.message.startsWith('email')).toBe(true);
    const ok = await call(t.app, 'POST', '/api/users/updateEmail', {
      token,
      body: { password: 'Supplier@2026', email: 'zhang.wei@cable.example' },
    });
    expect(ok.body.email).toBe('zhang.wei@cable.example');
  });

  it('lists the own login history, newest first', async () => {
    const token = await login(t.app, 'shipper');
    await call(t.app, 'POST', '/auth/login', { body: { username: 'shipper', password: 'wrong' } });
    const res = await call(t.app, 'GET', '/api/users/loginHistory', { token });
    expect(res.body.totalElements).toBeGreaterThanOrEqual(2);
    expect(res.body.content[0]).toMatchObject({ success: false });
    expect(res.body.content[1]).toMatchObject({ success: true });
  });

  it('home page data differs by role', async () => {
    const admin = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', {
      token: await login(t.app, 'admin'),
    });
    expect(admin.body.counts.tenants).toBe(6);
    // The admin's own session is live; the seed's feedback waits for an answer as the table holds it.
    expect(admin.body.counts.onlineSessions).toBeGreaterThanOrEqual(1);
    const open = await t.db.select().from(feedback).where(eq(feedback.status, 0));
    expect(admin.body.counts.openFeedback).toBe(open.length);
    const trial = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', {
      token: await login(t.app, 'trial'),
    });
    expect(trial.body.counts.trialDaysLeft).toBe(7);
    expect(trial.body.todos.map((x: { key: string }) => x.key)).toContain('certifyCompany');
    const shipper = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', {
      token: await login(t.app, 'shipper'),
    });
    expect(shipper.body.counts.partners).toBe(3);
  });

  it('public config tells the web its titles and idle timeout', async () => {
    const res = await call(t.app, 'GET', '/api/auxiliary/config');
    expect(res.body).toMatchObject({ idleTimeoutMs: 1_800_000, captcha: false });
    expect(res.body.title.zh).toContain('Tradelane');
  });
});

describe('home page: material lists waiting', () => {
  it('the shipper is asked to confirm submitted lists; a supplier to submit its drafts', async () => {
    const shipper = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', {
      token: await login(t.app, 'shipper'),
    });
    expect(shipper.body.counts.projects).toBeGreaterThanOrEqual(1);
    expect(
      shipper.body.todos.find((x: { key: string }) => x.key === 'confirmMaterialLists')?.count,
    ).toBeGreaterThanOrEqual(1);
    const supplier = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', {
      token: await login(t.app, 'supplier2'),
    });
    expect(supplier.body.todos.map((x: { key: string }) => x.key)).toContain('submitMaterialLists');
    expect(supplier.body.todos.map((x: { key: string }) => x.key)).not.toContain('confirmMaterialLists');
    const trial = await call(t.app, 'GET', '/api/auxiliary/getHomePageData', {
      token: await login(t.app, 'trial'),
    });
    expect(trial.body.counts.projects).toBe(0);
  });
});
