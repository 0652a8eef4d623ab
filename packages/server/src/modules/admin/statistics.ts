// Statistics for the admin area: users and logins, companies, the supply chain in motion, tool use. A
// platform monitor: it counts rows of every module's tables (nothing else), so it reads them itself
// (scripts/tables.mjs names it among the monitors).
import { loadplanOps } from '@tradelane/contract/api/loadplan';
import { logisticsReadOps } from '@tradelane/contract/api/logistics';
import { monitorOps as ops } from '@tradelane/contract/api/system';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  changeRecords,
  feedback,
  files,
  loginAttempts,
  logs,
  messages,
  tenants,
  users,
} from '../../db/schema.ts';
import { boxPieces } from '../../db/schema-boxes.ts';
import { jobLogs } from '../../db/schema-jobs.ts';
import { mailLogs } from '../../db/schema-mail.ts';
import { projectBatches, projects } from '../../db/schema-project.ts';
import { mount } from '../../http/mount.ts';
import { DAY } from '../../lib/time.ts';
import { handedOver } from '../boxes/access.ts';

export async function statisticsRoutes(app: FastifyInstance) {
  const { db } = app;

  const perDay = (col: AnyPgColumn) => sql<string>`to_char(date_trunc('day', ${col}), 'YYYY-MM-DD')`;
  const since = () => new Date(Date.now() - 30 * DAY);

  mount(app, ops.users, async () => {
    const byEnd = await db
      .select({ end: tenants.end, enabled: users.enabled, n: count() })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .groupBy(tenants.end, users.enabled);
    const signups = await db
      .select({ day: perDay(users.createTime), n: count() })
      .from(users)
      .where(gte(users.createTime, since()))
      .groupBy(perDay(users.createTime))
      .orderBy(perDay(users.createTime));
    const logins = await db
      .select({
        day: perDay(loginAttempts.createTime),
        n: count(),
        ok: sql<number>`count(*) filter (where ${loginAttempts.success})::int`,
      })
      .from(loginAttempts)
      .where(gte(loginAttempts.createTime, since()))
      .groupBy(perDay(loginAttempts.createTime))
      .orderBy(perDay(loginAttempts.createTime));
    return { byEnd, signups, logins };
  });

  mount(app, ops.projects, async () => {
    const byCheckStatus = await db
      .select({ checkStatus: tenants.checkStatus, n: count() })
      .from(tenants)
      .groupBy(tenants.checkStatus);
    const byEnd = await db
      .select({ end: tenants.end, active: tenants.active, n: count() })
      .from(tenants)
      .groupBy(tenants.end, tenants.active);
    // The supply chain in motion: projects, batches by stage, boxes by logistics state, and the boxes
    // (and their gross weight) shipped per month over the last year, from the ship events.
    const [{ n: projectCount }] = await db.select({ n: count() }).from(projects);
    const batchesByStatus = await db
      .select({ status: projectBatches.status, n: count() })
      .from(projectBatches)
      .groupBy(projectBatches.status)
      .orderBy(projectBatches.status);
    const boxesByLogistics = await db
      .select({ status: boxPieces.logisticsStatus, n: count() })
      .from(boxPieces)
      .where(handedOver)
      .groupBy(boxPieces.logisticsStatus)
      .orderBy(boxPieces.logisticsStatus);
    const month = sql<string>`to_char(date_trunc('month', ${changeRecords.createTime}), 'YYYY-MM')`;
    const shippedPerMonth = await db
      .select({
        month,
        boxes: sql<number>`count(distinct ${boxPieces.id})::int`,
        weightKg: sql<number>`coalesce(sum(${boxPieces.grossWeight}), 0)::float8`,
      })
      .from(changeRecords)
      .innerJoin(boxPieces, eq(boxPieces.id, changeRecords.entityId))
      .where(
        and(
          eq(changeRecords.action, 'ship'),
          eq(changeRecords.entity, 'boxPiece'),
          gte(changeRecords.createTime, new Date(Date.now() - 365 * DAY)),
        ),
      )
      .groupBy(month)
      .orderBy(month);
    return {
      byCheckStatus,
      byEnd,
      projects: Number(projectCount),
      batchesByStatus,
      boxesByLogistics,
      shippedPerMonth: shippedPerMonth.map((r) => ({ ...r, weightKg: Math.round(Number(r.weightKg)) })),
    };
  });

  mount(app, ops.tools, async () => {
    const [uploads] = await db
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
      .from(files);
    const [msgs] = await db.select({ n: count() }).from(messages);
    const feedbackByStatus = await db
      .select({ status: feedback.status, n: count() })
      .from(feedback)
      .groupBy(feedback.status);
    const operations = await db
      .select({
        day: perDay(logs.createTime),
        n: count(),
        errors: sql<number>`count(*) filter (where ${logs.logType} = 'ERROR')::int`,
      })
      .from(logs)
      .where(gte(logs.createTime, since()))
      .groupBy(perDay(logs.createTime))
      .orderBy(perDay(logs.createTime));
    // Tool use over 30 days: load plans (the 3D tool and container plans), job runs, mails.
    const [plans] = await db
      .select({ n: count() })
      .from(logs)
      .where(
        and(
          gte(logs.createTime, since()),
          inArray(logs.path, [loadplanOps.plan.path, logisticsReadOps.proposePlan.path]),
        ),
      );
    const [jobRuns] = await db
      .select({ n: count(), failed: sql<number>`count(*) filter (where not ${jobLogs.ok})::int` })
      .from(jobLogs)
      .where(gte(jobLogs.createTime, since()));
    const [mails] = await db
      .select({ n: count(), failed: sql<number>`count(*) filter (where not ${mailLogs.ok})::int` })
      .from(mailLogs)
      .where(gte(mailLogs.createTime, since()));
    return {
      uploads: { n: Number(uploads.n), bytes: Number(uploads.bytes) },
      messages: Number(msgs.n),
      feedbackByStatus,
      operations,
      loadPlans: Number(plans?.n ?? 0),
      jobRuns: { n: Number(jobRuns?.n ?? 0), failed: Number(jobRuns?.failed ?? 0) },
      mails: { n: Number(mails?.n ?? 0), failed: Number(mails?.failed ?? 0) },
    };
  });
}
