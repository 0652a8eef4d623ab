// Security headers on every answer — API, errors, the web app's files.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../helpers.ts';

const webDist = mkdtempSync(join(tmpdir(), 'tradelane-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tradelane</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), 'console.log("app")');
const t = useTestApp({ WEB_DIST: webDist });

function expectHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe/);
}

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/health', 200],
    ['a refused API call', '/api/users', 401],
    ['an unknown API path', '/api/no/such/thing', 404],
    ['the web app', '/', 200],
    ['an SPA route (index.html)', '/projects/list', 200],
  ])('%s carries them', async (what, url, status) => {
    const res = await call(t.app, 'GET', url);
    expect(res.status, what).toBe(status);
    expectHeaders(res.raw.headers, what);
  });

  it('a validation error carries them', async () => {
    const res = await call(t.app, 'POST', '/auth/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expectHeaders(res.raw.headers, 'validation error');
  });

  it('the web app: a built file is itself, a page of the app its index.html, nothing outside the build', async () => {
    const asset = await call(t.app, 'GET', '/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.raw.body).toBe('console.log("app")');
    expect(asset.raw.headers['cache-control']).toContain('immutable');
    for (const page of ['/tower/lanes', '/project/batch?batchId=3', '/assets/gone-9z.js']) {
      const res = await call(t.app, 'GET', page);
      expect(res.status, page).toBe(200);
      expect(res.raw.body, page).toContain('<title>Tradelane</title>');
      expect(res.raw.headers['cache-control'], page).toBe('no-cache');
    }
    for (const outside of ['/../index.html', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc%2fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: outside });
      expect(res.body, outside).not.toContain('root:');
    }
  });
});
