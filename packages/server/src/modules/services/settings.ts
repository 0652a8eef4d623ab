// Where the translation and weather services live and the weather limits: the environment's values,
// overridden by what an administrator saved (GET/PUT /api/services/settings). The translation key is
// write-only and kept encrypted under CONFIG_KEY, like the SMTP password.
import { servicesOps } from '@tradelane/contract/api/services';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serviceSettings } from '../../db/schema-services.ts';
import { caller } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { checkHost } from '../../lib/outbound.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret.ts';

export interface EffectiveSettings {
  translateUrl: string | null;
  translateKey: string | null;
  weatherUrl: string | null;
  windLimitKmh: number;
  rainLimitMm: number;
}

const trim = (u: string | null | undefined) => (u ? u.replace(/\/+$/, '') : null);

export async function effectiveSettings(app: FastifyInstance): Promise<EffectiveSettings> {
  const env = app.config.services;
  const [row] = await app.db.select().from(serviceSettings).limit(1);
  return {
    translateUrl: trim(row?.translateUrl) ?? env.translateUrl ?? null,
    translateKey:
      (row?.translateKeyEnc && decryptSecret(app.config, row.translateKeyEnc)) || env.translateKey || null,
    weatherUrl: trim(row?.weatherUrl) ?? env.weatherUrl,
    windLimitKmh: row?.windLimitKmh ?? env.windLimitKmh,
    rainLimitMm: row?.rainLimitMm ?? env.rainLimitMm,
  };
}

export async function settingsRoutes(app: FastifyInstance) {
  const read = async () => {
    const [row] = await app.db.select().from(serviceSettings).limit(1);
    const env = app.config.services;
    const now = await effectiveSettings(app);
    return {
      saved: {
        translateUrl: row?.translateUrl ?? null,
        hasTranslateKey: Boolean(row?.translateKeyEnc),
        weatherUrl: row?.weatherUrl ?? null,
        windLimitKmh: row?.windLimitKmh ?? null,
        rainLimitMm: row?.rainLimitMm ?? null,
      },
      environment: {
        translateUrl: env.translateUrl ?? null,
        hasTranslateKey: Boolean(env.translateKey),
        weatherUrl: env.weatherUrl,
        windLimitKmh: env.windLimitKmh,
        rainLimitMm: env.rainLimitMm,
      },
      effective: { ...now, translateKey: undefined, hasTranslateKey: Boolean(now.translateKey) },
    };
  };

  mount(app, servicesOps.settings, read);

  mount(
    app,
    servicesOps.saveSettings,
    async (request) => {
      const body = request.body;
      const by = caller(request).username;
      const [row] = await app.db.select().from(serviceSettings).limit(1);
      // A kept key goes only to the service it was given for: another address needs it again.
      const origin = (u: string | null | undefined) => (u ? new URL(u).origin : null);
      if (
        row?.translateKeyEnc &&
        origin(body.translateUrl) !== origin(row.translateUrl) &&
        !body.translateKey &&
        !body.clearTranslateKey
      )
        throw new AppError(400, 'services.key_required');
      for (const field of ['translateUrl', 'weatherUrl'] as const) {
        const url = body[field];
        if (!url) continue;
        await checkHost(app.config.outbound, new URL(url).hostname).catch((err) => {
          request.log.warn({ err, url }, 'service address refused by the outbound guard');
          throw new AppError(400, 'outbound.refused', { field });
        });
      }
      const values = {
        translateUrl: body.translateUrl || null,
        weatherUrl: body.weatherUrl || null,
        windLimitKmh: body.windLimitKmh ?? null,
        rainLimitMm: body.rainLimitMm ?? null,
        ...(body.translateKey
          ? { translateKeyEnc: encryptSecret(app.config, body.translateKey) }
          : body.clearTranslateKey
            ? { translateKeyEnc: null }
            : {}),
        updateBy: by,
        updateTime: new Date(),
      };
      if (row) await app.db.update(serviceSettings).set(values).where(eq(serviceSettings.id, row.id));
      else await app.db.insert(serviceSettings).values({ ...values, createBy: by });
      return read();
    },
    { config: { describe: 'translation and weather settings' } },
  );
}
