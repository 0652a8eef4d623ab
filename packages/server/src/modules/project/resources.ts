// The project families as declarations; visibility comes from access.ts, writes are the owner's.

import { projectCreate, projectPersonnelCreate } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { projectBatches, projectContracts, projectPersonnel, projects } from '../../db/schema-project.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type Ctx, decorated, defineResource, type RowOf } from '../../resources/engine.ts';
import { ownedProject, ownerHooks, ownerOnly, projectScope } from './access.ts';
import { projectNames, tenantNames, userNames } from './names.ts';

const timeFilters = { createTime: 'between' } as const;

async function decorateProjects(ctx: Ctx, rows: RowOf<typeof projects>[]) {
  const names = await tenantNames(
    ctx.db,
    rows.map((r) => r.tenantId),
  );
  return rows.map((r) => decorated(r, { tenantName: names.get(r.tenantId)?.name ?? null }));
}

export const projectResource = defineResource({
  family: families.project,
  table: projects,
  create: projectCreate,
  filters: {
    ...timeFilters,
    id: 'equal',
    name: 'like',
    code: 'equal',
    status: 'in',
    country: 'equal',
    tenantId: 'equal',
    blurry: { op: 'blurry', columns: ['name', 'enName', 'code', 'site'] },
  },
  permissions: { list: 'project:list', create: 'project:add', update: 'project:edit', delete: 'project:del' },
  scope: projectScope,
  hooks: {
    // Who may create one (shippers, the platform) is the family's declared party, refused by the route.
    beforeCreate: async (ctx, data) => {
      return { ...data, tenantId: ctx.auth.tenantId };
    },
    beforeUpdate: ownerHooks.beforeUpdate,
    beforeDelete: async (ctx, rows) => {
      for (const r of rows) {
        ownerOnly(ctx, r);
        const id = r.id;
        const [batch] = await ctx.db
          .select({ id: projectBatches.id })
          .from(projectBatches)
          .where(eq(projectBatches.projectId, id))
          .limit(1);
        const [contract] = await ctx.db
          .select({ id: projectContracts.id })
          .from(projectContracts)
          .where(eq(projectContracts.projectId, id))
          .limit(1);
        if (batch || contract) throw new AppError(400, 'resource.in_use', { what: r.name });
        await ctx.db.delete(projectPersonnel).where(eq(projectPersonnel.projectId, id));
      }
    },
    decorate: decorateProjects,
  },
});

/** Who of the shipper's own people works on a project, in which role. */
const personnelDecl = {
  table: projectPersonnel,
  create: projectPersonnelCreate,
  filters: { projectId: 'equal', userId: 'equal', role: 'equal' },
  permissions: {
    list: 'projectPersonnel:list',
    create: 'projectPersonnel:edit',
    update: 'projectPersonnel:edit',
    delete: 'projectPersonnel:edit',
  },
  scope: 'tenant',
} as const;

export const projectPersonnelResource = defineResource({
  ...personnelDecl,
  family: families.projectPersonnel,
  update: projectPersonnelCreate.pick({ role: true, remark: true }).partial(),
  hooks: {
    beforeCreate: async (ctx, data) => {
      const project = await ownedProject(ctx, data.projectId);
      const [user] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, data.userId), eq(users.tenantId, project.tenantId)));
      if (!user) throw badRequest('validation', { field: 'userId', reason: String(data.userId) });
      return { ...data, tenantId: project.tenantId };
    },
    ...ownerHooks,
  },
});

/** GET /api/viewProjectPersonnel: the personnel list with user and project names. */
export const viewProjectPersonnelResource = defineResource({
  ...personnelDecl,
  family: families.viewProjectPersonnel,
  actions: ['list'],
  hooks: {
    decorate: async (ctx, rows) => {
      const people = await userNames(
        ctx.db,
        rows.map((r) => r.userId),
      );
      const names = await projectNames(
        ctx.db,
        rows.map((r) => r.projectId),
      );
      return rows.map((r) => {
        const u = people.get(r.userId);
        return decorated(r, {
          username: u?.username ?? null,
          nickName: u?.nickName ?? null,
          phone: u?.phone ?? null,
          projectName: names.get(r.projectId)?.name ?? null,
        });
      });
    },
  },
});

export const projectResources = [projectResource, projectPersonnelResource, viewProjectPersonnelResource];
