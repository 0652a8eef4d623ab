// The payment tool (issue 16), after EL-ADMIN's /api/aliPay: an administrator keeps Alipay-style settings
// (the app private key encrypted under CONFIG_KEY, never sent back), starts a test page payment — the
// server builds the RSA2-signed alipay.trade.page.pay request the browser posts to the gateway — and the
// gateway's asynchronous notification (public POST /api/aliPay/notify) moves the payment only when its
// signature verifies with the platform public key, the app, the order and the amount match, and the
// payment machine allows the step. Anything else is answered `failure` and changes nothing.
import { randomInt } from 'node:crypto';
import {
  alipayConfigInput,
  alipayTestPayInput,
  type PaymentEvent,
  PaymentStatus,
  paymentEvents,
  paymentMachine,
  step,
} from '@tradelane/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { alipayConfig, payments } from '../../db/schema-services.ts';
import { caller } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret.ts';
import {
  alipayTimestamp,
  type Params,
  readPrivateKey,
  readPublicKey,
  signRequest,
  verifyNotification,
} from './alipay-sign.ts';

const tags = ['aliPay'];
/** The web page a payer comes back to after the gateway (the menu's path). */
export const PAYMENT_PAGE = '/tools/aliPay';

const cents = (v: string | number) => Math.round(Number(v) * 100);
const yuan = (v: number) => v.toFixed(2);

function outTradeNo(): string {
  const stamp = alipayTimestamp().replace(/\D/g, '');
  return `TL${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Form bodies are flat string maps; anything else is no notification. */
function stringParams(body: unknown): Params | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: Params = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v !== 'string' || k.length > 64 || v.length > 4000) return null;
    out[k] = v;
  }
  return out;
}

export async function alipayRoutes(app: FastifyInstance) {
  const kept = async () => (await app.db.select().from(alipayConfig).limit(1))[0];

  const read = async () => {
    const c = await kept();
    if (!c) return { configured: false };
    const { privateKeyEnc, ...rest } = c;
    return { ...rest, configured: true, hasPrivateKey: Boolean(privateKeyEnc), signType: 'RSA2' };
  };

  app.get('/api/aliPay', { config: { permission: 'aliPay:list' }, schema: { tags } }, read);

  app.put(
    '/api/aliPay',
    {
      config: { permission: 'aliPay:edit', describe: 'payment settings' },
      schema: { tags, body: alipayConfigInput },
    },
    async (request) => {
      const body = request.body as z.infer<typeof alipayConfigInput>;
      const by = caller(request).username;
      const current = await kept();
      const { privateKey, ...fields } = body;
      if (!readPublicKey(fields.publicKey)) throw badRequest('payment.public_key_invalid');
      let privateKeyEnc = current?.privateKeyEnc;
      if (privateKey?.trim()) {
        if (!readPrivateKey(privateKey)) throw badRequest('payment.private_key_invalid');
        privateKeyEnc = encryptSecret(app.config, privateKey.trim());
      }
      if (!privateKeyEnc) throw badRequest('payment.private_key_required');
      const values = { ...fields, privateKeyEnc, updateBy: by, updateTime: new Date() };
      if (current) await app.db.update(alipayConfig).set(values).where(eq(alipayConfig.id, current.id));
      else await app.db.insert(alipayConfig).values({ ...values, createBy: by });
      return read();
    },
  );

  app.post(
    '/api/aliPay/toPayAsPC',
    {
      config: { permission: 'aliPay:edit', describe: 'start a test payment' },
      schema: { tags, body: alipayTestPayInput },
    },
    async (request) => {
      const body = request.body as z.infer<typeof alipayTestPayInput>;
      const c = await kept();
      if (!c) throw badRequest('payment.not_configured');
      const plain = decryptSecret(app.config, c.privateKeyEnc);
      const key = plain ? readPrivateKey(plain) : null;
      if (!key) throw badRequest('payment.private_key_unreadable');
      const no = outTradeNo();
      const amount = yuan(cents(body.totalAmount) / 100);
      const [payment] = await app.db
        .insert(payments)
        .values({
          outTradeNo: no,
          appId: c.appId,
          subject: body.subject,
          body: body.body || null,
          totalAmount: Number(amount),
          status: PaymentStatus.created,
          createBy: caller(request).username,
        })
        .returning();
      const params = signRequest(
        {
          app_id: c.appId,
          method: 'alipay.trade.page.pay',
          format: 'JSON',
          charset: 'utf-8',
          sign_type: 'RSA2',
          timestamp: alipayTimestamp(),
          version: '1.0',
          notify_url: c.notifyUrl,
          return_url: c.returnUrl,
          biz_content: JSON.stringify({
            out_trade_no: no,
            product_code: 'FAST_INSTANT_TRADE_PAY',
            total_amount: amount,
            subject: body.subject,
            ...(body.body ? { body: body.body } : {}),
          }),
        },
        key,
      );
      // Alipay's SDK pageExecute offers both: a form posting `params` to `action`, or a GET of `url`
      // (what the page opens: the product's CSP allows forms to post only to itself).
      const join = c.gatewayUrl.includes('?') ? '&' : '?';
      const action = `${c.gatewayUrl}${join}charset=utf-8`;
      const url = `${c.gatewayUrl}${join}${new URLSearchParams(params)}`;
      return { payment, action, params, url };
    },
  );

  app.get(
    '/api/aliPay/trades',
    { config: { permission: 'aliPay:list' }, schema: { tags } },
    async (request) => {
      const q = z
        .object({
          page: z.coerce.number().int().min(0).max(100_000).default(0),
          size: z.coerce.number().int().min(1).max(200).default(10),
        })
        .parse(request.query);
      const content = await app.db
        .select()
        .from(payments)
        .orderBy(desc(payments.createTime), desc(payments.id))
        .limit(q.size)
        .offset(q.page * q.size);
      const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(payments);
      return { content, totalElements: Number(n) };
    },
  );

  /** Verified with the platform key and this app's id, or null. */
  const verified = async (params: Params | null) => {
    const c = await kept();
    const key = c ? readPublicKey(c.publicKey) : null;
    if (!params || !c || !key || !verifyNotification(params, key) || params.app_id !== c.appId) return null;
    return params;
  };

  const refuse = (reply: FastifyReply, why: string, params: Params | null) => {
    app.log.warn({ why, outTradeNo: params?.out_trade_no }, 'payment notification refused');
    return reply.code(400).type('text/plain').send('failure');
  };

  await app.register(async (scope) => {
    // The gateway posts application/x-www-form-urlencoded, UTF-8 (charset=utf-8 in the request).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        try {
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        } catch (err) {
          done(err as Error, undefined);
        }
      },
    );

    scope.post(
      '/api/aliPay/notify',
      { config: { public: true, describe: 'payment notification' }, schema: { tags, hide: true } },
      async (request, reply) => {
        // Alipay posts a form; a JSON body is no notification, whatever it holds.
        const form = /^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '');
        const params = form ? await verified(stringParams(request.body)) : null;
        if (!params) return refuse(reply, 'signature', stringParams(request.body));
        const event = params.trade_status as PaymentEvent;
        if (!paymentEvents.includes(event)) return refuse(reply, 'trade_status', params);
        const outcome = await app.db.transaction(async (tx) => {
          const [p] = await tx
            .select()
            .from(payments)
            .where(eq(payments.outTradeNo, params.out_trade_no ?? ''))
            .for('update');
          if (!p) return 'order';
          if (p.appId !== params.app_id) return 'app';
          if (cents(p.totalAmount) !== cents(params.total_amount ?? 'NaN')) return 'amount';
          const next = step(paymentMachine, p.status, event, 'system');
          // A repeated or late notification (the gateway retries until it reads `success`) is
          // acknowledged and changes nothing.
          if (!next.ok) return 'ok';
          await tx
            .update(payments)
            .set({
              status: next.to,
              tradeNo: params.trade_no ?? p.tradeNo,
              buyerId: params.buyer_id ?? p.buyerId,
              notifyId: params.notify_id ?? p.notifyId,
              notifiedAt: new Date(),
              paidAt: next.to === PaymentStatus.paid ? new Date() : p.paidAt,
              updateBy: 'gateway',
              updateTime: new Date(),
            })
            .where(eq(payments.id, p.id));
          return 'ok';
        });
        if (outcome !== 'ok') return refuse(reply, outcome, params);
        return reply.type('text/plain').send('success');
      },
    );
  });

  // The payer's browser comes back here (return_url) with signed parameters; the page shows the
  // payment as the notification recorded it, and whether this return was genuine.
  app.get(
    '/api/aliPay/return',
    { config: { public: true }, schema: { tags, hide: true } },
    async (request, reply) => {
      const params = await verified(stringParams(request.query));
      const no = params?.out_trade_no ?? '';
      const query = new URLSearchParams(params ? { outTradeNo: no, verified: '1' } : { verified: '0' });
      return reply.redirect(`${PAYMENT_PAGE}?${query}`);
    },
  );
}
