import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      captcha: true,
      trialDays: 15,
      idleTimeoutMs: 1_800_000,
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h:5432/db',
      CAPTCHA: 'off',
      TRIAL_DAYS: '30',
    });
    expect(c).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h:5432/db',
      captcha: false,
      trialDays: 30,
    });
  });

  it('refuses bad values with a clear error naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ CAPTCHA: 'maybe' })).toThrow(/CAPTCHA/);
  });

  it('leases of long tasks: two heartbeats fit in a lease, or the server does not start', () => {
    expect(loadConfig({}).taskLease).toEqual({ leaseMs: 60_000, heartbeatMs: 15_000 });
    expect(loadConfig({ TASK_LEASE_MS: '3000', TASK_HEARTBEAT_MS: '500' }).taskLease).toEqual({
      leaseMs: 3000,
      heartbeatMs: 500,
    });
    expect(() => loadConfig({ TASK_LEASE_MS: '3000', TASK_HEARTBEAT_MS: '2000' })).toThrow(
      /TASK_HEARTBEAT_MS: must be at most half of TASK_LEASE_MS/,
    );
  });

  it('the planner’s turns: workers, the node’s queue and a company’s share of it', () => {
    expect(loadConfig({}).loadPlan).toEqual({ workers: 2, queue: 32, tenantQueue: 4 });
    expect(() => loadConfig({ LOADPLAN_WORKERS: '0' })).toThrow(/LOADPLAN_WORKERS/);
  });
});

describe('PUBLIC_URL', () => {
  it('takes an absolute http(s) origin with an optional path, without its trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://tradelane.example.com/' }).publicUrl).toBe(
      'https://tradelane.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080/tradelane/' }).publicUrl).toBe(
      'http://10.0.0.5:8080/tradelane',
    );
  });

  it('refuses anything else at start, naming the variable', () => {
    for (const bad of [
      'tradelane.example.com',
      '/tradelane',
      'ftp://tradelane.example.com',
      'javascript:alert(1)',
      'https://user:pw@tradelane.example.com',
      'https://tradelane.example.com/?x=1',
      'https://tradelane.example.com/#top',
      'https://',
    ])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be an absolute http\(s\)/);
  });
});
