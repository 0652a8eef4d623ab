// Text messages through an SMS gateway the operator runs or rents (SMS_URL): POST {"to","text"} as JSON.
// The gateway is the operator's own choice of provider; the product only knows this one call.
import { guardedFetch, type OutboundPolicy } from './outbound.ts';

/** Sends one text; answers whether the gateway took it (false when none is configured or it failed). */
export async function sendSms(
  app: {
    config: { smsUrl?: string; outbound: OutboundPolicy };
    log: { warn: (obj: object, msg: string) => void };
  },
  to: string,
  text: string,
): Promise<boolean> {
  if (!app.config.smsUrl) return false;
  try {
    const res = await guardedFetch(app.config.outbound, app.config.smsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(8000),
    });
    await res.body?.cancel();
    if (!res.ok) app.log.warn({ status: res.status }, 'SMS gateway refused the message');
    return res.ok;
  } catch (err) {
    app.log.warn({ err }, 'SMS gateway unreachable');
    return false;
  }
}
