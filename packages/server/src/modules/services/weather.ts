// Weather: the forecast for a batch's ports and its project site, through an adapter to
// Open-Meteo's documented forecast API (GET {url}/v1/forecast, daily variables), cached in memory per
// rounded coordinates and day. Ports come from UN/LOCODE (old Chinese codes through the alias table);
// the site is the UN/LOCODE place its text names in the project's country. Offline, or with no service
// set up, a place says "unavailable" with the reason — never a 5xx. Days reaching the wind or rain
// limit become warnings (the batch workbench shows them).
import type { Lang, WeatherAnswer, WeatherDay, WeatherPlace } from '@tradelane/contract';
import { translate, weatherBatchParams } from '@tradelane/contract';
import { servicesOps } from '@tradelane/contract/api/services';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, langOf } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { guardedFetch } from '../../lib/outbound.ts';
import { ctxOf } from '../../resources/engine.ts';
import { visibleBatch } from '../project/access.ts';
import { projectById } from '../project/batches.ts';
import { findPort, type Port, searchPorts } from '../reference/ports.ts';
import { effectiveSettings } from './settings.ts';

const DAYS = 7;
const OK_TTL = 3 * 3_600_000;
const FAIL_TTL = 60_000;
const DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'wind_speed_10m_max',
  'wind_gusts_10m_max',
] as const;

const numbers = z.array(z.number().nullable());
const openMeteo = z.object({
  daily: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).max(16),
    weather_code: numbers.optional(),
    temperature_2m_max: numbers.optional(),
    temperature_2m_min: numbers.optional(),
    precipitation_sum: numbers.optional(),
    wind_speed_10m_max: numbers.optional(),
    wind_gusts_10m_max: numbers.optional(),
  }),
});

type Forecast = { ok: true; days: Omit<WeatherDay, 'over'>[] } | { ok: false; reason: string };
const cache = new Map<string, { until: number; value: Forecast }>();

/** For tests: forget cached forecasts. */
export function clearWeatherCache() {
  cache.clear();
}

async function fetchForecast(
  app: FastifyInstance,
  base: string,
  lat: number,
  lon: number,
): Promise<Forecast> {
  const q = new URLSearchParams({
    latitude: lat.toFixed(2),
    longitude: lon.toFixed(2),
    daily: DAILY.join(','),
    timezone: 'auto',
    forecast_days: String(DAYS),
    wind_speed_unit: 'kmh',
    precipitation_unit: 'mm',
  });
  try {
    const res = await guardedFetch(app.config.outbound, `${base}/v1/forecast?${q}`, {
      signal: AbortSignal.timeout(8000),
    });
    const body = (await res.json().catch(() => null)) as { reason?: unknown } | null;
    if (!res.ok)
      return {
        ok: false,
        reason: `HTTP ${res.status}${typeof body?.reason === 'string' ? `: ${body.reason}` : ''}`,
      };
    const parsed = openMeteo.safeParse(body);
    if (!parsed.success) return { ok: false, reason: 'unexpected answer' };
    const d = parsed.data.daily;
    const at = (a: (number | null)[] | undefined, i: number) => a?.[i] ?? null;
    return {
      ok: true,
      days: d.time.map((date, i) => ({
        date,
        tempMax: at(d.temperature_2m_max, i),
        tempMin: at(d.temperature_2m_min, i),
        precipitationMm: at(d.precipitation_sum, i),
        windMaxKmh: at(d.wind_speed_10m_max, i),
        gustMaxKmh: at(d.wind_gusts_10m_max, i),
        weatherCode: at(d.weather_code, i),
      })),
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return {
      ok: false,
      reason: (e.cause?.code ?? (e.name === 'TimeoutError' ? 'timeout' : e.message)).slice(0, 200),
    };
  }
}

/** A forecast from the cache (same service, coordinates to 0.01°, UTC day) or the service. */
export async function forecast(
  app: FastifyInstance,
  base: string,
  lat: number,
  lon: number,
): Promise<Forecast> {
  const key = `${base}|${lat.toFixed(2)}|${lon.toFixed(2)}|${new Date().toISOString().slice(0, 10)}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await fetchForecast(app, base, lat, lon);
  // The reason stays in the log: the caller is told the service could not be reached, not how.
  if (!value.ok) app.log.warn({ reason: value.reason, base }, 'weather service failed');
  cache.set(key, { until: Date.now() + (value.ok ? OK_TTL : FAIL_TTL), value });
  if (cache.size > 5000) for (const [k, v] of cache) if (v.until <= Date.now()) cache.delete(k);
  return value;
}

/**
 * The UN/LOCODE place a free-text site names: a code written in it, else a place of the project's
 * country whose name a part of the text starts with (「印度尼西亚雅加达 / Tanjung Priok, Jakarta」→ Jakarta).
 */
export function resolveSite(
  text: string | null | undefined,
  country: string | null | undefined,
): Port | null {
  if (!text) return null;
  for (const code of text.toUpperCase().match(/\b[A-Z]{2}[A-Z2-9]{3}\b/g) ?? []) {
    const p = findPort(code);
    if (p?.lat != null && (!country || p.country === country)) return p;
  }
  const parts = text
    .split(/[/,，、;；()（）\n]+/)
    .map((s) => s.trim())
    .filter((s) => /^[A-Za-z][A-Za-z .'-]{2,}$/.test(s));
  for (const part of parts) {
    const want = part.toLowerCase();
    const hit = searchPorts(part, { country: country ?? undefined, size: 10 }).find(
      (p) => p.lat != null && [p.name, p.nameAscii].some((n) => n.toLowerCase().startsWith(want)),
    );
    if (hit) return hit;
  }
  return null;
}

interface Target {
  role: WeatherPlace['role'];
  code: string | null;
  name: string;
  port: Port | null;
}

async function answer(app: FastifyInstance, targets: Target[], lang: Lang): Promise<WeatherAnswer> {
  const s = await effectiveSettings(app);
  const limits = { windKmh: s.windLimitKmh, rainMm: s.rainLimitMm };
  const places = await Promise.all(
    targets.map(async (t): Promise<WeatherPlace> => {
      const lat = t.port?.lat ?? null;
      const lon = t.port?.lon ?? null;
      const base = { role: t.role, code: t.code, name: t.name, lat, lon, days: [] };
      if (lat == null || lon == null)
        return {
          ...base,
          state: 'no_location',
          reason: translate('weather.no_location', lang, { name: t.name }),
        };
      if (!s.weatherUrl)
        return { ...base, state: 'unavailable', reason: translate('weather.disabled', lang) };
      const f = await forecast(app, s.weatherUrl, lat, lon);
      if (!f.ok)
        return {
          ...base,
          state: 'unavailable',
          reason: translate('weather.unavailable', lang, { reason: translate('outbound.unreachable', lang) }),
        };
      const days = f.days.map((d) => {
        const over: WeatherDay['over'] = [];
        if ((d.windMaxKmh ?? 0) >= limits.windKmh || (d.gustMaxKmh ?? 0) >= limits.windKmh * 1.5)
          over.push('wind');
        if ((d.precipitationMm ?? 0) >= limits.rainMm) over.push('rain');
        return { ...d, over };
      });
      return { ...base, state: 'ok', days };
    }),
  );
  const warnings = places.flatMap((p) =>
    p.days
      .filter((d) => d.over.length)
      .map((d) => ({ role: p.role, name: p.name, date: d.date, over: d.over })),
  );
  return { limits, places, warnings };
}

const portName = (p: Port) => `${p.name} (${p.locode})`;
const portTarget = (role: Target['role'], code: string | null): Target | null => {
  if (!code) return null;
  const p = findPort(code) ?? null;
  return { role, code, name: p ? portName(p) : code, port: p };
};

export async function weatherRoutes(app: FastifyInstance) {
  mount(app, servicesOps.batchWeather, async (request) => {
    const { id } = weatherBatchParams.parse(request.params);
    const ctx = ctxOf(app, request);
    const b = await visibleBatch(ctx, id);
    const project = await projectById(app.db, b.projectId);
    const siteText = project?.site || b.destinationSite;
    const site = resolveSite(siteText, project?.country) ?? resolveSite(b.destinationSite, project?.country);
    const targets = [
      portTarget('loading', b.portOfLoading),
      portTarget('discharge', b.portOfDischarge),
      siteText ? { role: 'site' as const, code: site?.locode ?? null, name: siteText, port: site } : null,
    ].filter((t): t is Target => t !== null);
    return answer(app, targets, langOf(request));
  });

  mount(app, servicesOps.portWeather, async (request) => {
    const { codes } = request.query;
    const list = [
      ...new Set(
        codes
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    if (list.length > 6 || list.some((c) => !/^[A-Z]{2}[A-Z0-9]{3}$/.test(c)))
      throw badRequest('validation', { field: 'codes', reason: codes.slice(0, 80) });
    return answer(
      app,
      list.map((c) => portTarget('port', c) as Target),
      langOf(request),
    );
  });
}
