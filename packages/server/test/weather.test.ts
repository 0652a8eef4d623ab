// Weather: a batch's ports (UN/LOCODE, old Chinese codes through the alias table) and its
// project site get an Open-Meteo-shaped forecast from a stand-in on loopback, cached per rounded
// coordinates and day; days reaching the wind or rain limit become warnings; with the service down
// every place says "unavailable" and why — never a 5xx. Only batches the caller may see.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { projectBatches } from '../src/db/schema-project.ts';
import { clearWeatherCache, resolveSite } from '../src/modules/services/weather.ts';
import { call, createTestApp, login } from './helpers.ts';
import { startOpenMeteo } from './stand-ins.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let meteo: Awaited<ReturnType<typeof startOpenMeteo>>;
let admin: string;
let shipper: string;
let batchId = 0;

beforeAll(async () => {
  // Storms south of the equator (Jakarta), calm in Shanghai.
  meteo = await startOpenMeteo({ storm: (lat) => lat < 0 });
  t = await createTestApp({
    WEATHER_URL: meteo.url,
    WEATHER_WIND_LIMIT_KMH: '60',
    WEATHER_RAIN_LIMIT_MM: '50',
  });
  [admin, shipper] = await Promise.all([login(t.app, 'admin'), login(t.app, 'shipper')]);
  const [b] = await t.db.select().from(projectBatches).where(eq(projectBatches.batchNumber, 'JKT2-B001'));
  batchId = b.id;
});
afterAll(async () => {
  await meteo?.close();
  await t?.close();
});

const weather = (token: string, lang: 'zh' | 'en' = 'en') =>
  call(t.app, 'GET', `/api/weather/batch/${batchId}`, { token, lang });

describe('weather', () => {
  it("forecasts the batch's ports and site, warns where wind or rain reach the limits, and caches", async () => {
    const res = await weather(shipper);
    expect(res.status).toBe(200);
    const { places, warnings, limits } = res.body;
    expect(limits).toEqual({ windKmh: 60, rainMm: 50 });
    expect(
      places.map((p: { role: string; code: string; state: string }) => [p.role, p.code, p.state]),
    ).toEqual([
      ['loading', 'CNSHA', 'ok'],
      ['discharge', 'IDJKT', 'ok'],
      ['site', 'IDJPU', 'ok'],
    ]);
    expect(places[0].name).toBe('Shanghai (CNSGH)');
    expect(places[0].days).toHaveLength(7);
    expect(places[0].days[0]).toMatchObject({
      tempMax: 30,
      precipitationMm: 2.1,
      windMaxKmh: 14.8,
      over: [],
    });
    expect(places[1].days[2]).toMatchObject({ windMaxKmh: 72.5, precipitationMm: 86.4, weatherCode: 95 });
    expect(warnings).toEqual([
      {
        role: 'discharge',
        name: 'New Priok Port (IDCTO)',
        date: places[1].days[2].date,
        over: ['wind', 'rain'],
      },
      { role: 'site', name: places[2].name, date: places[2].days[2].date, over: ['wind', 'rain'] },
    ]);
    // What was asked: Open-Meteo's daily variables, coordinates to 0.01°, the place's own time zone.
    const q = meteo.requests[0];
    expect(q.get('daily')?.split(',')).toEqual(
      expect.arrayContaining([
        'precipitation_sum',
        'wind_speed_10m_max',
        'wind_gusts_10m_max',
        'weather_code',
      ]),
    );
    expect(q.get('timezone')).toBe('auto');
    expect(q.get('forecast_days')).toBe('7');
    expect(q.get('latitude')).toMatch(/^-?\d+\.\d{2}$/);
    expect(meteo.requests).toHaveLength(3);
    // Cached: asking again reaches no service.
    await weather(shipper, 'zh');
    expect(meteo.requests).toHaveLength(3);
  });

  it('limits are settings: above the new limits nothing warns', async () => {
    const put = await call(t.app, 'PUT', '/api/services/settings', {
      token: admin,
      body: { windLimitKmh: 80, rainLimitMm: 100 },
    });
    expect(put.status).toBe(200);
    expect(put.body.effective).toMatchObject({ windLimitKmh: 80, rainLimitMm: 100, weatherUrl: meteo.url });
    const res = await weather(shipper);
    expect(res.body.limits).toEqual({ windKmh: 80, rainMm: 100 });
    expect(res.body.warnings).toEqual([]);
  });

  it('ports by code, for the weather page', async () => {
    const res = await call(t.app, 'GET', '/api/weather/ports', {
      token: shipper,
      query: { codes: 'CNNGB,IDJKT' },
    });
    expect(res.status).toBe(200);
    expect(res.body.places.map((p: { name: string; state: string }) => [p.name, p.state])).toEqual([
      ['Ningbo (CNNBO)', 'ok'],
      ['New Priok Port (IDCTO)', 'ok'],
    ]);
    const unknown = await call(t.app, 'GET', '/api/weather/ports', {
      token: shipper,
      lang: 'en',
      query: { codes: 'ZZZZZ' },
    });
    expect(unknown.body.places[0]).toMatchObject({
      state: 'no_location',
      reason: 'No coordinates are known for ZZZZZ',
    });
    for (const codes of ['CNSHA,<script>', 'A,B,C,D,E,F,G,H']) {
      const bad = await call(t.app, 'GET', '/api/weather/ports', { token: shipper, query: { codes } });
      expect(bad.status).toBe(400);
    }
  });

  it('offline: every place says unavailable and why, in the reader language; no 5xx', async () => {
    await meteo.close();
    clearWeatherCache();
    const res = await weather(shipper, 'zh');
    expect(res.status).toBe(200);
    expect(res.body.places.map((p: { state: string }) => p.state)).toEqual([
      'unavailable',
      'unavailable',
      'unavailable',
    ]);
    expect(res.body.places[0].reason).toBe('天气预报暂不可用（服务无法访问，详情见服务器日志）');
    expect(res.body.warnings).toEqual([]);
    // No service at all.
    expect(loadConfig({ WEATHER_URL: 'off' }).services.weatherUrl).toBeNull();
    expect(loadConfig({}).services.weatherUrl).toBe('https://api.open-meteo.com');
  });

  it('only for batches the caller sees; the site is read from the project text', async () => {
    const stranger = await login(t.app, 'trial');
    expect((await weather(stranger)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/weather/batch/99999999', { token: shipper })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/weather/batch/${batchId}`)).status).toBe(401);
    expect(resolveSite('印度尼西亚雅加达丹戎不碌 / Tanjung Priok, Jakarta', 'ID')?.locode).toBe('IDJPU');
    expect(resolveSite('现场 IDJKT 堆场', 'ID')?.locode).toBe('IDCTO');
    expect(resolveSite('雅加达电厂二期现场', 'ID')).toBeNull();
  });
});
