// The payment tool, after EL-ADMIN's /api/aliPay: an administrator keeps Alipay-style settings
// (the app private key encrypted under CONFIG_KEY, never sent back), starts a test page payment — the
// server builds the RSA2-signed alipay.trade.page.pay request the browser posts to the gateway — and the
// gateway's asynchronous notification (public POST /api/aliPay/notify) is the payment machine's command,
// moved as `system`: only when its signature verifies with the platform public key, the app, the order
// and the amount match, and the machine allows the step, with a change record like every move. Anything
// else is answered `failure` and changes nothing; a repeated or late notice is acknowledged unchanged.
import { randomInt } from 'node:crypto';
import { PaymentStatus, paymentMachine, paymentStatusLabels } from '@tradelane/contract';
import { servicesOps } from '@tradelane/contract/api/services';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { alipayConfig, payments } from '../../db/schema-services.ts';
import { caller } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret.ts';
import { defineCommand, registerCommands } from '../../workflow/kernel.ts';
import {
  alipayTimestamp,
  type Params,
  readPrivateKey,
  readPublicKey,
  signRequest,
  verifyNotification,
} from './alipay-sign.ts';

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

const keptIn = async (db: Db) => (await db.select().from(alipayConfig).limit(1))[0];

/** Verified with the platform key and this app's id, or null. */
async function verified(db: Db, params: Params | null) {
  const c = await keptIn(db);
  const key = c ? readPublicKey(c.publicKey) : null;
  if (!params || !c || !key || !verifyNotification(params, key) || params.app_id !== c.appId) return null;
  return params;
}

/** The gateway's asynchronous notice: the payment machine's step the notice's `trade_status` names. */
export const paymentNotice = defineCommand({
  name: 'payment.notify',
  operation: servicesOps.paymentNotice,
  machine: paymentMachine,
  event: (input) => input.trade_status,
  labels: paymentStatusLabels,
  table: payments,
  statusColumn: 'status',
  entity: 'payment',
  who: {
    external: {
      actor: 'gateway',
      // Alipay posts a form signed with the platform key; a JSON body is no notice, whatever it holds.
      verify: async (ctx) => {
        const form = /^application\/x-www-form-urlencoded/i.test(ctx.request.headers['content-type'] ?? '');
        return form && (await verified(ctx.db, stringParams(ctx.request.body))) !== null;
      },
    },
  },
  target: async (ctx, input) => {
    const [p] = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.outTradeNo, input.out_trade_no));
    return p?.id ?? null;
  },
  repeatable: true,
  guards: {
    always: ({ row, input }) =>
      row.appId !== input.app_id || cents(row.totalAmount) !== cents(input.total_amount)
        ? 'payment.notice_mismatch'
        : undefined,
  },
  set: ({ row, input, to }) => ({
    tradeNo: input.trade_no ?? row.tradeNo,
    buyerId: input.buyer_id ?? row.buyerId,
    notifyId: input.notify_id ?? row.notifyId,
    notifiedAt: new Date(),
    paidAt: to === PaymentStatus.paid ? new Date() : row.paidAt,
  }),
  note: (input) => input.trade_no,
  // The gateway reads a plain word and retries until it reads `success`.
  respond: {
    ok: (reply) => reply.type('text/plain').send('success'),
    refused: (reply, err) => {
      reply.log.warn(
        {
          why: 'code' in err ? err.code : 'input',
          outTradeNo: stringParams(reply.request.body)?.out_trade_no,
        },
        'payment notification refused',
      );
      return reply.code(400).type('text/plain').send('failure');
    },
  },
});

export async function alipayRoutes(app: FastifyInstance) {
  const kept = () => keptIn(app.db);

  const read = async () => {
    const c = await kept();
    if (!c) return { configured: false as const };
    const { privateKeyEnc, ...rest } = c;
    return {
      ...rest,
      configured: true as const,
      hasPrivateKey: Boolean(privateKeyEnc),
      signType: 'RSA2' as const,
    };
  };

  mount(app, servicesOps.alipaySettings, read);

  mount(
    app,
    servicesOps.saveAlipaySettings,
    async (request) => {
      const body = request.body;
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
    { config: { describe: 'payment settings' } },
  );

  mount(
    app,
    servicesOps.testPayment,
    async (request) => {
      const body = request.body;
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
    { config: { describe: 'start a test payment' } },
  );

  mount(app, servicesOps.payments, async (request) => {
    const q = request.query;
    const content = await app.db
      .select()
      .from(payments)
      .orderBy(desc(payments.createTime), desc(payments.id))
      .limit(q.size)
      .offset(q.page * q.size);
    const [{ n }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(payments);
    return { content, totalElements: Number(n) };
  });

  await app.register(async (scope) => {
    // The gateway posts application/x-www-form-urlencoded, UTF-8 (charset=utf-8 in the request).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        try {
          done(
            null,
            Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
          );
        } catch (err) {
          done(err as Error, undefined);
        }
      },
    );

    registerCommands(scope, [paymentNotice]);
  });

  // The payer's browser comes back here (return_url) with signed parameters; the page shows the
  // payment as the notification recorded it, and whether this return was genuine.
  mount(app, servicesOps.paymentReturn, async (request, reply) => {
    const params = await verified(app.db, stringParams(request.query));
    const no = params?.out_trade_no ?? '';
    const query = new URLSearchParams(params ? { outTradeNo: no, verified: '1' } : { verified: '0' });
    return reply.redirect(`${PAYMENT_PAGE}?${query}`);
  });
}
