// Local stand-ins for the external services (payment gateway, SMS, weather, translation…), on loopback, for the API and browser tests:
// an Alipay-style gateway that checks a page-pay request as Alipay does and posts back a signed
// notification, a LibreTranslate-compatible /translate, and Open-Meteo's /v1/forecast.
// Only node built-ins: the browser tests import this file too.
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Alipay's string to sign, written again here from the documented rules (not the product's code). */
export function alipayContent(params: Record<string, string>, omit: string[]): string {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function alipaySign(params: Record<string, string>, key: KeyObject): Record<string, string> {
  // Notifications are signed over everything but sign and sign_type.
  const sign = createSign('RSA-SHA256')
    .update(alipayContent(params, ['sign', 'sign_type']), 'utf8')
    .sign(key, 'base64');
  return { ...params, sign_type: 'RSA2', sign };
}

export interface GatewayRequest {
  params: Record<string, string>;
  verified: boolean;
  error?: string;
  biz?: Record<string, string>;
}

/**
 * An Alipay-style gateway: a page-pay request (form POST or GET) whose RSA2 signature verifies with the
 * app's public key over every parameter but `sign` (empty ones left out) is "paid": the gateway posts a
 * signed TRADE_SUCCESS notification to its notify_url, records what the merchant answered, and sends
 * the payer's browser to return_url with signed parameters. A bad request gets Alipay's error page.
 */
export async function startAlipayGateway(opts: { appPublicKey: KeyObject; platformPrivateKey: KeyObject }) {
  const requests: GatewayRequest[] = [];
  const notifications: { params: Record<string, string>; status: number; answer: string }[] = [];
  let seq = 0;
  const server = createServer(async (req, res) => {
    const raw = req.method === 'POST' ? await bodyOf(req) : ((req.url ?? '').split('?')[1] ?? '');
    const params = Object.fromEntries(new URLSearchParams(raw));
    const fail = (error: string) => {
      requests.push({ params, verified: false, error });
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<h1>ALIPAY ERROR</h1><p id="error">${error}</p>`);
    };
    const need = ['app_id', 'method', 'charset', 'sign_type', 'sign', 'timestamp', 'version', 'biz_content'];
    const missing = need.filter((k) => !params[k]);
    if (missing.length) return fail(`MISSING ${missing.join(',')}`);
    if (params.method !== 'alipay.trade.page.pay') return fail('INVALID_METHOD');
    if (params.sign_type !== 'RSA2' || params.charset !== 'utf-8') return fail('INVALID_SIGN_TYPE');
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp)) return fail('INVALID_TIMESTAMP');
    const ok = createVerify('RSA-SHA256')
      .update(alipayContent(params, ['sign']), 'utf8')
      .verify(opts.appPublicKey, params.sign, 'base64');
    if (!ok) return fail('ILLEGAL_SIGN');
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content);
    } catch {
      return fail('INVALID_BIZ_CONTENT');
    }
    if (
      biz.product_code !== 'FAST_INSTANT_TRADE_PAY' ||
      !biz.out_trade_no ||
      !/^\d+\.\d{2}$/.test(biz.total_amount)
    )
      return fail('INVALID_PARAMETER');
    requests.push({ params, verified: true, biz });
    seq += 1;
    const tradeNo = `2026112222001${String(seq).padStart(10, '0')}`;
    const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const notice = alipaySign(
      {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: `notify-${seq}-${Date.now()}`,
        charset: 'utf-8',
        version: '1.0',
        app_id: params.app_id,
        auth_app_id: params.app_id,
        trade_no: tradeNo,
        out_trade_no: biz.out_trade_no,
        buyer_id: '2088102177846880',
        seller_id: '2088102176283877',
        trade_status: 'TRADE_SUCCESS',
        total_amount: biz.total_amount,
        receipt_amount: biz.total_amount,
        buyer_pay_amount: biz.total_amount,
        subject: biz.subject,
        body: biz.body ?? '',
        gmt_create: now,
        gmt_payment: now,
        fund_bill_list: JSON.stringify([{ amount: biz.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
      },
      opts.platformPrivateKey,
    );
    if (params.notify_url) {
      try {
        const r = await fetch(params.notify_url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: new URLSearchParams(notice).toString(),
        });
        notifications.push({ params: notice, status: r.status, answer: await r.text() });
      } catch (err) {
        notifications.push({ params: notice, status: 0, answer: String(err) });
      }
    }
    const back = alipaySign(
      {
        app_id: params.app_id,
        auth_app_id: params.app_id,
        charset: 'utf-8',
        method: 'alipay.trade.page.pay.return',
        out_trade_no: biz.out_trade_no,
        seller_id: '2088102176283877',
        timestamp: now,
        total_amount: biz.total_amount,
        trade_no: tradeNo,
        version: '1.0',
      },
      opts.platformPrivateKey,
    );
    if (params.return_url) {
      res.writeHead(302, { location: `${params.return_url}?${new URLSearchParams(back)}` });
      res.end();
    } else json(res, 200, back);
  });
  return { ...(await listen(server)), requests, notifications };
}

/**
 * LibreTranslate's POST /translate ({q, source, target, format, api_key} → {translatedText}), knowing a
 * few sentences; an unknown one is a 400 with LibreTranslate's error shape, a wrong key a 403.
 */
export async function startTranslator(opts: { apiKey?: string; phrases: Record<string, string> }) {
  const requests: Record<string, unknown>[] = [];
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/translate') return json(res, 404, { error: 'Not Found' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await bodyOf(req));
    } catch {
      return json(res, 400, { error: 'Invalid request' });
    }
    requests.push(body);
    if (opts.apiKey && body.api_key !== opts.apiKey) return json(res, 403, { error: 'Invalid API key' });
    if (!['zh', 'en'].includes(String(body.source)) || !['zh', 'en'].includes(String(body.target)))
      return json(res, 400, { error: `${body.source} is not supported` });
    const text = opts.phrases[String(body.q)];
    if (!text) return json(res, 400, { error: 'Cannot translate text' });
    return json(res, 200, { translatedText: text });
  });
  return { ...(await listen(server)), requests };
}

/**
 * Open-Meteo's GET /v1/forecast with daily variables: seven days from today; `storm(lat, lon)` says
 * where the third day brings a gale and a downpour.
 */
export async function startOpenMeteo(opts: { storm: (lat: number, lon: number) => boolean }) {
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const [path, query = ''] = (req.url ?? '').split('?');
    if (path !== '/v1/forecast') return json(res, 404, { error: true, reason: 'Not Found' });
    const q = new URLSearchParams(query);
    requests.push(q);
    const lat = Number(q.get('latitude'));
    const lon = Number(q.get('longitude'));
    const daily = (q.get('daily') ?? '').split(',');
    if (!Number.isFinite(lat) || Math.abs(lat) > 90 || !Number.isFinite(lon) || Math.abs(lon) > 180)
      return json(res, 400, { error: true, reason: 'Latitude must be in range of -90 to 90°.' });
    const days = Number(q.get('forecast_days') ?? 7);
    const storm = opts.storm(lat, lon);
    const time = Array.from({ length: days }, (_, i) =>
      new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10),
    );
    const series: Record<string, number[]> = {
      weather_code: time.map((_, i) => (storm && i === 2 ? 95 : i % 2 ? 3 : 1)),
      temperature_2m_max: time.map((_, i) => 30 + (i % 3)),
      temperature_2m_min: time.map((_, i) => 24 + (i % 2)),
      precipitation_sum: time.map((_, i) => (storm && i === 2 ? 86.4 : i % 3 ? 0 : 2.1)),
      wind_speed_10m_max: time.map((_, i) => (storm && i === 2 ? 72.5 : 14.8 + i)),
      wind_gusts_10m_max: time.map((_, i) => (storm && i === 2 ? 110.2 : 28.1 + i)),
    };
    const units: Record<string, string> = {
      time: 'iso8601',
      weather_code: 'wmo code',
      temperature_2m_max: '°C',
      temperature_2m_min: '°C',
      precipitation_sum: 'mm',
      wind_speed_10m_max: 'km/h',
      wind_gusts_10m_max: 'km/h',
    };
    json(res, 200, {
      latitude: lat,
      longitude: lon,
      generationtime_ms: 0.05,
      utc_offset_seconds: 25200,
      timezone: 'Asia/Jakarta',
      timezone_abbreviation: 'GMT+7',
      elevation: 8,
      daily_units: Object.fromEntries(['time', ...daily].map((k) => [k, units[k] ?? ''])),
      daily: { time, ...Object.fromEntries(daily.filter((k) => series[k]).map((k) => [k, series[k]])) },
    });
  });
  return { ...(await listen(server)), requests };
}
