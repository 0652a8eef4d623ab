// Password reset by e-mail through a real SMTP server listening on loopback.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login } from './helpers.ts';
import { startSmtp } from './smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let inbox: Awaited<ReturnType<typeof startSmtp>>['inbox'];
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  inbox = smtp.inbox;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Tradelane <no-reply@tradelane.test>',
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('password reset by e-mail', () => {
  it('mails a six-digit code that resets the password; unknown addresses get no mail', async () => {
    const sent = await call(t.app, 'POST', '/auth/resetSendCode', {
      body: { email: 'supplier@tradelane.example' },
    });
    expect(sent.body).toEqual({ sent: true });
    expect(inbox).toHaveLength(1);
    expect(inbox[0].to).toEqual(['supplier@tradelane.example']);
    const code = /code: (\d{6})/.exec(inbox[0].raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(inbox[0].raw).not.toContain('Supplier@2026');

    const nobody = await call(t.app, 'POST', '/auth/resetSendCode', {
      body: { email: 'nobody@nowhere.example' },
    });
    expect(nobody.body).toEqual({ sent: true });
    expect(inbox).toHaveLength(1);

    const reset = await call(t.app, 'POST', '/auth/resetPass', {
      body: { email: 'supplier@tradelane.example', code, password: 'Mailed@2026' },
    });
    expect(reset.body).toEqual({ reset: true });
    await login(t.app, 'supplier', 'Mailed@2026');
  });
});
