// Scheduled jobs: administrators list, create (cron checked), pause, resume and run jobs of
// the whitelisted registry; the log keeps duration, result and error; a failure mails the alert address
// (a real SMTP server on loopback); non-administrators are refused; and on PostgreSQL two nodes ticking
// at once run a due job exactly once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { jobLogs, jobs } from '../src/db/schema-jobs.ts';
import { schedulerTick } from '../src/modules/admin/jobs.ts';
import { call, createTestApp, login } from './helpers.ts';
import { bodyOf, startSmtp } from './smtp.ts';
import { adminUrl, useRealPostgres, withDatabase } from './template.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let inbox: Awaited<ReturnType<typeof startSmtp>>['inbox'];
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let shipper: string;

beforeAll(async () => {
  smtp = await startSmtp();
  inbox = smtp.inbox;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Tradelane <no-reply@tradelane.test>',
    PUBLIC_URL: 'https://tradelane.example.com/tl/',
  });
  admin = await login(t.app, 'admin');
  shipper = await login(t.app, 'shipper');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const jobNamed = async (handler: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.handler, handler)))[0];

describe('scheduled jobs', () => {
  it('lists the seeded jobs with their handlers in the caller’s language; others are refused', async () => {
    const zh = await call(t.app, 'GET', '/api/jobs', { token: admin, lang: 'zh' });
    expect(zh.status).toBe(200);
    expect(zh.body.content.map((j: { handler: string }) => j.handler)).toEqual([
      'janitor',
      'trialReminder',
      'outboxRetry',
      'financeReminder',
      'towerReproject',
    ]);
    expect(zh.body.content[0]).toMatchObject({
      handlerLabel: '清理过期数据',
      statusLabel: '运行中',
      actions: ['pause'],
    });
    // The hourly janitor's next run is the top of an hour after the seed; the hour may turn between the
    // seed and this line (no tick runs in tests), so it is at most an hour behind now.
    const next = new Date(zh.body.content[0].nextRunAt);
    expect([next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([0, 0]);
    expect(next.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    for (const [method, url] of [
      ['GET', '/api/jobs'],
      ['GET', '/api/jobs/logs'],
      ['POST', `/api/jobs/exec/${zh.body.content[0].id}`],
      ['POST', '/api/jobs/pause'],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: shipper,
        body: method === 'POST' ? { id: 1 } : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses a bad cron expression or an unknown handler, and changes nothing', async () => {
    const before = (await t.db.select().from(jobs)).length;
    const bad = await call(t.app, 'POST', '/api/jobs', {
      token: admin,
      lang: 'zh',
      body: { name: 'x', handler: 'janitor', cron: '61 * * * *' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Cron 表达式无效（分 时 日 月 周，例如 0 * * * *）');
    const bean = await call(t.app, 'POST', '/api/jobs', {
      token: admin,
      body: { name: 'x', handler: 'java.lang.Runtime', cron: '0 * * * *' },
    });
    expect(bean.status).toBe(400);
    expect((await t.db.select().from(jobs)).length).toBe(before);
  });

  it('runs a job now and logs its duration and result', async () => {
    const janitor = await jobNamed('janitor');
    const run = await call(t.app, 'POST', `/api/jobs/exec/${janitor.id}`, { token: admin });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ ok: true, status: 'done', trigger: 'manual', createBy: 'admin' });
    expect(run.body.durationMs).toBeGreaterThanOrEqual(0);
    const logs = await call(t.app, 'GET', '/api/jobs/logs', { token: admin, query: { jobId: janitor.id } });
    expect(logs.body.totalElements).toBe(1);
    expect(logs.body.content[0].resultText).toBe('已清理过期数据');
    const en = await call(t.app, 'GET', '/api/jobs/logs', {
      token: admin,
      lang: 'en',
      query: { jobId: janitor.id },
    });
    expect(en.body.content[0].resultText).toBe('Expired data removed');
  });

  it('pauses and resumes; a paused job is not run by the scheduler', async () => {
    const retry = await jobNamed('outboxRetry');
    const paused = await call(t.app, 'POST', '/api/jobs/pause', { token: admin, body: { id: retry.id } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 0, nextRunAt: null, actions: ['resume'] });
    const again = await call(t.app, 'POST', '/api/jobs/pause', {
      token: admin,
      body: { id: retry.id },
      lang: 'en',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/Paused/);
    const ran = await schedulerTick(t.app, new Date(Date.now() + 86_400_000));
    expect(ran.map((l) => l?.handler)).not.toContain('outboxRetry');
    // A paused job's cron is still checked when it changes; nothing is kept on refusal.
    const bad = await call(t.app, 'PUT', '/api/jobs', {
      token: admin,
      body: { id: retry.id, cron: '99 * * * *' },
    });
    expect(bad.status).toBe(400);
    expect((await jobNamed('outboxRetry')).cron).toBe('* * * * *');
    const resumed = await call(t.app, 'POST', '/api/jobs/resume', { token: admin, body: { id: retry.id } });
    expect(resumed.body).toMatchObject({ status: 1 });
    expect(new Date(resumed.body.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('a due job runs once and moves its next run; a failure is logged and mailed', async () => {
    const janitor = await jobNamed('janitor');
    await t.db
      .update(jobs)
      .set({ nextRunAt: new Date(Date.now() - 1000), alertEmail: 'ops@tradelane.example' })
      .where(eq(jobs.id, janitor.id));
    // A real failure: the table the janitor sweeps is gone for a moment.
    await t.db.execute(sql`alter table sys_captcha rename to sys_captcha_away`);
    let logs: Awaited<ReturnType<typeof schedulerTick>>;
    try {
      logs = await schedulerTick(t.app);
    } finally {
      await t.db.execute(sql`alter table sys_captcha_away rename to sys_captcha`);
    }
    const mine = logs.filter((l) => l?.jobId === janitor.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ ok: false, trigger: 'schedule' });
    expect(mine[0]?.error).toMatch(/sys_captcha/);
    const [after] = await t.db.select().from(jobs).where(eq(jobs.id, janitor.id));
    expect(after.nextRunAt?.getTime()).toBeGreaterThan(Date.now());
    expect(after.lastOk).toBe(false);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.to).toEqual(['ops@tradelane.example']);
    expect(inbox[0]?.raw).toMatch(/Subject: =\?UTF-8\?/);
    const body = bodyOf(inbox[0]?.raw ?? '');
    expect(body).toContain('任务「清理过期数据 / Housekeeping」（janitor）于');
    expect(body).toContain('Job "清理过期数据 / Housekeeping" (janitor) failed at');
    expect(body).toMatch(/sys_captcha/);
    // Its link is built from PUBLIC_URL.
    expect(body).toContain('https://tradelane.example.com/tl/system/timing');
    // Not due any more: the next pass does not run it again.
    expect((await schedulerTick(t.app)).filter((l) => l?.jobId === janitor.id)).toHaveLength(0);
  });

  it('a run whose node stopped while it ran is logged as interrupted by a restart, and mailed', async () => {
    const trial = await jobNamed('trialReminder');
    await t.db.update(jobs).set({ alertEmail: 'ops@tradelane.example' }).where(eq(jobs.id, trial.id));
    const mailed = inbox.length;
    // A run another node began a minute ago, its lease run out ten seconds ago: that node is gone.
    const [gone] = await t.db
      .insert(jobLogs)
      .values({
        jobId: trial.id,
        jobName: trial.name,
        handler: trial.handler,
        trigger: 'schedule',
        startedAt: new Date(Date.now() - 60_000),
        status: 'running',
        node: 'gone-host:41:0a0b0c',
        leaseNode: 'gone-host:41:0a0b0c',
        leaseUntil: new Date(Date.now() - 10_000),
        createBy: 'system',
      })
      .returning();
    const running = await call(t.app, 'GET', '/api/jobs/logs', { token: admin, query: { id: gone.id } });
    expect(running.body.content[0]).toMatchObject({ status: 'running', statusLabel: '运行中', ok: null });
    await t.app.leases.heartbeat();
    const zh = await call(t.app, 'GET', '/api/jobs/logs', { token: admin, query: { id: gone.id } });
    expect(zh.body.content[0]).toMatchObject({
      status: 'interrupted',
      statusLabel: '因服务重启而中断',
      resultText: '因服务重启而中断',
      ok: false,
    });
    expect(zh.body.content[0].durationMs).toBeGreaterThanOrEqual(49_000);
    expect(zh.body.content[0]).not.toHaveProperty('leaseNode');
    const en = await call(t.app, 'GET', '/api/jobs/logs', {
      token: admin,
      lang: 'en',
      query: { jobId: trial.id, status: 'interrupted' },
    });
    expect(en.body.content.map((r: { id: number; statusLabel: string }) => [r.id, r.statusLabel])).toEqual([
      [gone.id, 'Interrupted by a restart'],
    ]);
    expect((await jobNamed('trialReminder')).lastOk).toBe(false);
    expect(inbox).toHaveLength(mailed + 1);
    expect(bodyOf(inbox.at(-1)?.raw ?? '')).toContain('因服务重启而中断 / Interrupted by a restart');
    // Ended once: the next sweep leaves it be.
    await t.app.leases.heartbeat();
    expect(inbox).toHaveLength(mailed + 1);
  });

  it.runIf(useRealPostgres())('two nodes ticking at once run a due job exactly once', async () => {
    const res = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const name = res.rows[0]?.name as string;
    const second = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl(), name), poolSize: 2 });
    const other = await buildApp(
      loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      second,
    );
    try {
      const retry = await jobNamed('outboxRetry');
      const before = (await t.db.select().from(jobLogs).where(eq(jobLogs.jobId, retry.id))).length;
      for (let round = 0; round < 5; round++) {
        await t.db
          .update(jobs)
          .set({ nextRunAt: new Date(Date.now() - 1000) })
          .where(eq(jobs.id, retry.id));
        await Promise.all([schedulerTick(t.app), schedulerTick(other)]);
      }
      const after = (await t.db.select().from(jobLogs).where(eq(jobLogs.jobId, retry.id))).length;
      expect(after - before).toBe(5);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
