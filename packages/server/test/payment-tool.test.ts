// The payment tool against a stand-in Alipay gateway on loopback: keys made here, the
// settings kept with the app private key encrypted (never answered), a test payment whose RSA2 request
// the gateway verifies as Alipay would and answers with a signed notification that marks it paid; a
// tampered or foreign notification is refused and changes nothing; no one but an administrator reaches
// the tool.
import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeRecords } from '../src/db/schema.ts';
import { alipayConfig, payments } from '../src/db/schema-services.ts';
import { signContent } from '../src/modules/services/alipay-sign.ts';
import { call, createTestApp, login } from './helpers.ts';
import { alipaySign, startAlipayGateway } from './stand-ins.ts';

const keys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = keys();
const platform = keys();
const appPrivatePem = app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** Alipay hands out bare Base64 keys; the product takes those as well as PEM. */
const platformPublicB64 = platform.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

let t: Awaited<ReturnType<typeof createTestApp>>;
let gateway: Awaited<ReturnType<typeof startAlipayGateway>>;
let admin: string;
let base = '';

beforeAll(async () => {
  t = await createTestApp({ CONFIG_KEY: 'test-config-key-payments-0123' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startAlipayGateway({
    appPublicKey: app.publicKey,
    platformPrivateKey: platform.privateKey,
  });
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await gateway?.close();
  await t?.close();
});

const settings = () => ({
  appId: '2021000122600001',
  privateKey: appPrivatePem,
  publicKey: platformPublicB64,
  gatewayUrl: `${gateway.url}/gateway.do`,
  notifyUrl: `${base}/api/aliPay/notify`,
  returnUrl: `${base}/api/aliPay/return`,
});

const historyOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(changeRecords)
      .where(and(eq(changeRecords.entity, 'payment'), eq(changeRecords.entityId, id)))
  ).map((h) => [h.action, h.fromStatus, h.toStatus, h.createBy, h.note]);

async function notify(params: Record<string, string>) {
  const res = await fetch(`${base}/api/aliPay/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, text: await res.text() };
}

describe('payment tool', () => {
  it('refuses a payment before settings, bad keys, then keeps the private key encrypted and unanswered', async () => {
    const none = await call(t.app, 'POST', '/api/aliPay/toPayAsPC', {
      token: admin,
      lang: 'en',
      body: { subject: 'x', totalAmount: 1 },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^No payment settings yet/);
    const badPrivate = await call(t.app, 'PUT', '/api/aliPay', {
      token: admin,
      lang: 'zh',
      body: { ...settings(), privateKey: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAAS' },
    });
    expect(badPrivate.status).toBe(400);
    expect(badPrivate.body.message).toMatch(/^应用私钥无法读取/);
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const badPublic = await call(t.app, 'PUT', '/api/aliPay', {
      token: admin,
      body: { ...settings(), publicKey: weak.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
    });
    expect(badPublic.status).toBe(400);
    expect(await t.db.select().from(alipayConfig)).toHaveLength(0);

    const saved = await call(t.app, 'PUT', '/api/aliPay', { token: admin, body: settings() });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, hasPrivateKey: true, appId: '2021000122600001' });
    const secret = appPrivatePem.split('\n')[5];
    expect(JSON.stringify(saved.body)).not.toContain(secret);
    const [row] = await t.db.select().from(alipayConfig);
    expect(row.privateKeyEnc).not.toContain(secret);
    const read = await call(t.app, 'GET', '/api/aliPay', { token: admin });
    expect(JSON.stringify(read.body)).not.toMatch(/privateKeyEnc|PRIVATE KEY/);
    // Saving without a private key keeps the stored one.
    const again = await call(t.app, 'PUT', '/api/aliPay', {
      token: admin,
      body: { ...settings(), privateKey: '' },
    });
    expect(again.body.hasPrivateKey).toBe(true);
    expect((await t.db.select().from(alipayConfig))[0].privateKeyEnc).toBe(row.privateKeyEnc);
  });

  it('builds an RSA2 page-pay request the gateway accepts; the signed notification marks it paid', async () => {
    const res = await call(t.app, 'POST', '/api/aliPay/toPayAsPC', {
      token: admin,
      body: { subject: '测试支付 Test payment', totalAmount: 0.1, body: '第一批运费' },
    });
    expect(res.status).toBe(200);
    const { params, action, payment } = res.body;
    expect(action).toBe(`${gateway.url}/gateway.do?charset=utf-8`);
    expect(res.body.url).toBe(`${gateway.url}/gateway.do?${new URLSearchParams(params)}`);
    expect(params).toMatchObject({
      app_id: '2021000122600001',
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
      format: 'JSON',
      notify_url: `${base}/api/aliPay/notify`,
    });
    expect(JSON.parse(params.biz_content)).toEqual({
      out_trade_no: payment.outTradeNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '0.10',
      subject: '测试支付 Test payment',
      body: '第一批运费',
    });
    // The string signed is Alipay's: sorted key=value pairs, sign_type in, sign out.
    expect(signContent(params).startsWith('app_id=2021000122600001&biz_content={')).toBe(true);
    expect(signContent(params)).toContain('&sign_type=RSA2&timestamp=');

    // The browser posts the form; the gateway verifies it, notifies, and sends the payer back.
    const paid = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
    expect(gateway.requests.at(-1)?.verified).toBe(true);
    expect(gateway.notifications.at(-1)).toMatchObject({ status: 200, answer: 'success' });
    const [row] = await t.db.select().from(payments).where(eq(payments.outTradeNo, payment.outTradeNo));
    expect(row).toMatchObject({ status: 2, totalAmount: 0.1, buyerId: '2088102177846880' });
    expect(row.tradeNo).toMatch(/^2026112222001/);
    expect(row.paidAt).toBeInstanceOf(Date);
    // The return is verified and lands on the tool's page.
    const back = await fetch(paid.headers.get('location') ?? '', { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`/tools/aliPay?outTradeNo=${payment.outTradeNo}&verified=1`);
    // A repeated notification is acknowledged and changes nothing.
    const again = await notify(gateway.notifications.at(-1)?.params ?? {});
    expect(again).toEqual({ status: 200, text: 'success' });
    const list = await call(t.app, 'GET', '/api/aliPay/trades', { token: admin });
    expect(list.body.totalElements).toBe(1);
    expect(list.body.content[0]).toMatchObject({ outTradeNo: payment.outTradeNo, status: 2 });
    // The payment's history holds the one step the gateway made, and the repeat left none.
    expect(await historyOf(payment.id)).toEqual([['TRADE_SUCCESS', '0', '2', 'gateway', row.tradeNo]]);
    expect(row.updateBy).toBe('gateway');
  });

  it('a request signed with another key is refused by the gateway', async () => {
    const res = await call(t.app, 'POST', '/api/aliPay/toPayAsPC', {
      token: admin,
      body: { subject: 'x', totalAmount: 5 },
    });
    const forged = {
      ...res.body.params,
      biz_content: res.body.params.biz_content.replace('"5.00"', '"0.01"'),
    };
    const r = await fetch(res.body.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(forged).toString(),
    });
    expect(r.status).toBe(400);
    expect(gateway.requests.at(-1)).toMatchObject({ verified: false, error: 'ILLEGAL_SIGN' });
  });

  it('refuses a tampered, foreign-key, wrong-amount or unknown notification and changes nothing', async () => {
    const res = await call(t.app, 'POST', '/api/aliPay/toPayAsPC', {
      token: admin,
      body: { subject: '待付款', totalAmount: 12.5 },
    });
    const no = res.body.payment.outTradeNo as string;
    const genuine = alipaySign(
      {
        app_id: '2021000122600001',
        out_trade_no: no,
        trade_no: '2026112222001999',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '12.50',
        notify_id: 'n-1',
        charset: 'utf-8',
        version: '1.0',
      },
      platform.privateKey,
    );
    const stranger = keys();
    const attempts = [
      { ...genuine, total_amount: '0.01' },
      { ...genuine, trade_status: 'TRADE_FINISHED' },
      alipaySign({ ...genuine, sign: '', sign_type: '' }, stranger.privateKey),
      { ...genuine, sign_type: 'RSA' },
      { ...genuine, sign: '' },
      alipaySign({ ...genuine, total_amount: '1.00', sign: '', sign_type: '' }, platform.privateKey),
      alipaySign({ ...genuine, out_trade_no: 'TL-NOPE', sign: '', sign_type: '' }, platform.privateKey),
      alipaySign({ ...genuine, app_id: '2021000999', sign: '', sign_type: '' }, platform.privateKey),
    ];
    const before = await t.db.select().from(payments).where(eq(payments.outTradeNo, no));
    for (const a of attempts) expect(await notify(a)).toEqual({ status: 400, text: 'failure' });
    expect(await t.db.select().from(payments).where(eq(payments.outTradeNo, no))).toEqual(before);
    expect(before[0].status).toBe(0);
    expect(await historyOf(before[0].id)).toEqual([]);
    // JSON in place of a form is no notification either.
    const asJson = await call(t.app, 'POST', '/api/aliPay/notify', { body: genuine });
    expect(asJson.status).toBe(400);
    // A forged return lands on the page marked unverified.
    const back = await fetch(
      `${base}/api/aliPay/return?${new URLSearchParams({ ...genuine, total_amount: '1' })}`,
      {
        redirect: 'manual',
      },
    );
    expect(back.headers.get('location')).toBe('/tools/aliPay?verified=0');
    // The genuine one moves it; a late WAIT_BUYER_PAY does not move it back.
    expect(await notify(genuine)).toEqual({ status: 200, text: 'success' });
    const late = alipaySign(
      { ...genuine, trade_status: 'WAIT_BUYER_PAY', sign: '', sign_type: '' },
      platform.privateKey,
    );
    expect(await notify(late)).toEqual({ status: 200, text: 'success' });
    const [after] = await t.db.select().from(payments).where(eq(payments.outTradeNo, no));
    expect(after).toMatchObject({ status: 2, tradeNo: '2026112222001999' });
    expect((await historyOf(after.id)).map((h) => h[0])).toEqual(['TRADE_SUCCESS']);
  });

  it('refuses everyone else', async () => {
    for (const who of ['shipper', 'supplier', 'logistics']) {
      const tok = await login(t.app, who);
      expect((await call(t.app, 'GET', '/api/aliPay', { token: tok })).status).toBe(403);
      expect((await call(t.app, 'PUT', '/api/aliPay', { token: tok, body: settings() })).status).toBe(403);
      const pay = await call(t.app, 'POST', '/api/aliPay/toPayAsPC', {
        token: tok,
        body: { subject: 'x', totalAmount: 1 },
      });
      expect(pay.status).toBe(403);
      expect((await call(t.app, 'GET', '/api/aliPay/trades', { token: tok })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/aliPay')).status).toBe(401);
  });
});
