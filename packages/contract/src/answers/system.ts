// Answers of the administration screens: users, roles and their grants, menus, departments, the
// function-permission catalogue, companies, online sessions, dictionaries and the statistics pages.
import { z } from 'zod';
import { dataScopes } from '../identity.ts';
import { certificationMachine, tenantStandingMachine } from '../workflow.ts';
import { engineRow, eventOf } from './common.ts';

/** A user (GET /api/users) with its department and roles; the password hash never travels. */
export const userAnswer = engineRow.extend({
  tenantId: z.number(),
  deptId: z.number().nullable(),
  username: z.string(),
  nickName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  roleType: z.number(),
  enabled: z.boolean(),
  avatarPath: z.string().nullable(),
  pwdResetTime: z.string().nullable(),
  dept: z.strictObject({ id: z.number(), name: z.string() }).nullable(),
  roles: z.array(z.strictObject({ id: z.number(), name: z.string(), level: z.number() })),
});

/** A role (GET /api/roles/all; a platform template has no company). */
export const roleAnswer = engineRow.extend({
  tenantId: z.number().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  level: z.number(),
  dataScope: z.enum(dataScopes),
  isDefault: z.boolean(),
});
/** GET /api/roles/{id}: a role with the menus, departments and functions it grants. */
export const roleDetailAnswer = roleAnswer.extend({
  menus: z.array(z.number()),
  depts: z.array(z.number()),
  functions: z.array(z.number()),
});

/** A menu, directory or button (GET /api/menus). */
export const menuAnswer = engineRow.extend({
  menuKey: z.string().nullable(),
  pid: z.number().nullable(),
  type: z.literal([0, 1, 2]),
  title: z.string(),
  enTitle: z.string().nullable(),
  componentName: z.string().nullable(),
  component: z.string().nullable(),
  path: z.string().nullable(),
  permission: z.string().nullable(),
  icon: z.string().nullable(),
  sort: z.number(),
  hidden: z.boolean(),
  cache: z.boolean(),
  iFrame: z.boolean(),
});
/** GET /api/menus/lazy: one level of the tree, each with how many children it has. */
export const menuLazyAnswer = menuAnswer.extend({
  subCount: z.number(),
  hasChildren: z.boolean(),
  leaf: z.boolean(),
});

/** A department (GET /api/dept). */
export const deptAnswer = engineRow.extend({
  tenantId: z.number().nullable(),
  pid: z.number().nullable(),
  name: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
});

/** A function permission (a button-level grant of a menu). */
export const functionAnswer = engineRow.extend({
  menuId: z.number(),
  functionName: z.string(),
  description: z.string().nullable(),
  enDescription: z.string().nullable(),
  belongEnd: z.number(),
  belongMenu: z.string().nullable(),
});
/**
 * A function with its menu (GET /api/viewFunctionPermissionMenu): the menu's titles and permission, null
 * when the menu is gone.
 */
export const functionMenuAnswer = functionAnswer.extend({
  menuTitle: z.string().nullable(),
  menuEnTitle: z.string().nullable(),
  menuPermission: z.string().nullable(),
});
/** A role's grant of a function (GET /api/sysRolesFunction). */
export const roleFunctionAnswer = engineRow.extend({ roleId: z.number(), functionPermissionId: z.number() });
/** GET /api/functionPermission/viewFunctionPermissionMenu: the functions grouped by end and menu. */
export const functionGroupAnswer = z.strictObject({
  belongEnd: z.number(),
  belongMenu: z.string().nullable(),
  menuId: z.number(),
  menuTitle: z.string(),
  menuEnTitle: z.string().nullable(),
  functions: z.array(functionAnswer),
});

/** A company as the platform administrates it (GET /api/tenantUser). */
export const tenantAnswer = engineRow.extend({
  corporateName: z.string(),
  corporateEnName: z.string().nullable(),
  corporateCode: z.string().nullable(),
  end: z.number(),
  checkStatus: z.number(),
  checkReason: z.string().nullable(),
  trialEnd: z.string().nullable(),
  active: z.boolean(),
  businessLicence: z.string().nullable(),
  authorizationLetter: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  address: z.string().nullable(),
  submitTime: z.string().nullable(),
  timeZone: z.string(),
  userCount: z.number(),
  mainAccount: z
    .strictObject({ id: z.number(), username: z.string(), phone: z.string().nullable() })
    .nullable(),
  /** What the caller may do to the company now: its certification's and its standing's commands. */
  actions: z.array(z.union([eventOf(certificationMachine), eventOf(tenantStandingMachine)])),
});

/**
 * A company as GET /api/enterpriseInfo answers it: the caller's own (every one for the platform) in full,
 * another only by its public face (name, code, end, check status).
 */
export const companyAnswer = tenantAnswer.omit({ userCount: true, mainAccount: true }).partial().required({
  id: true,
  corporateName: true,
  corporateEnName: true,
  corporateCode: true,
  end: true,
  checkStatus: true,
});

/** A dictionary (GET /api/dict): its name, which a select's options are read by. */
export const dictAnswer = engineRow.extend({ name: z.string(), description: z.string().nullable() });

/** A signed-in session (GET /api/online). */
export const onlineAnswer = z.strictObject({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  nickName: z.string().nullable(),
  corporateName: z.string(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  loginTime: z.string(),
  lastSeen: z.string(),
  expiresAt: z.string(),
  remember: z.boolean(),
  current: z.boolean(),
});

/** An entry of a dictionary (GET /api/dictDetail/map answers `{ name: entries }`). */
export const dictEntryAnswer = engineRow.extend({
  dictId: z.number(),
  value: z.string(),
  label: z.string(),
  enLabel: z.string().nullable(),
  dictSort: z.number(),
});
export const dictMapAnswer = z.record(z.string(), z.array(dictEntryAnswer));

/**
 * An entry of the operation log (GET /api/log): a request the server answered, or one the web reported
 * (method CLIENT). The stack of an ERROR entry is the platform's only.
 */
export const logAnswer = engineRow.extend({
  logType: z.enum(['INFO', 'ERROR']),
  tenantId: z.number().nullable(),
  username: z.string().nullable(),
  description: z.string().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  params: z.string().nullable(),
  status: z.number().nullable(),
  requestIp: z.string().nullable(),
  browser: z.string().nullable(),
  /** How long the request took, in milliseconds. */
  time: z.number().nullable(),
  exceptionDetail: z.string().nullable(),
});

/** GET /api/usersstatistics. */
export const usersStatisticsAnswer = z.strictObject({
  byEnd: z.array(z.strictObject({ end: z.number(), enabled: z.boolean(), n: z.number() })),
  signups: z.array(z.strictObject({ day: z.string(), n: z.number() })),
  logins: z.array(z.strictObject({ day: z.string(), n: z.number(), ok: z.number() })),
});
/** GET /api/projectstatistics. */
export const projectStatisticsAnswer = z.strictObject({
  byCheckStatus: z.array(z.strictObject({ checkStatus: z.number(), n: z.number() })),
  byEnd: z.array(z.strictObject({ end: z.number(), active: z.boolean(), n: z.number() })),
  projects: z.number(),
  batchesByStatus: z.array(z.strictObject({ status: z.number(), n: z.number() })),
  boxesByLogistics: z.array(z.strictObject({ status: z.number(), n: z.number() })),
  shippedPerMonth: z.array(z.strictObject({ month: z.string(), boxes: z.number(), weightKg: z.number() })),
});
/** GET /api/toolsstatistics. */
export const toolsStatisticsAnswer = z.strictObject({
  uploads: z.strictObject({ n: z.number(), bytes: z.number() }),
  messages: z.number(),
  feedbackByStatus: z.array(z.strictObject({ status: z.number(), n: z.number() })),
  operations: z.array(z.strictObject({ day: z.string(), n: z.number(), errors: z.number() })),
  loadPlans: z.number(),
  jobRuns: z.strictObject({ n: z.number(), failed: z.number() }),
  mails: z.strictObject({ n: z.number(), failed: z.number() }),
});

/** A node of GET /api/menus/tree: the menus (with buttons) the caller holds, what a role editor may grant. */
export interface GrantableMenuAnswer {
  id: number;
  title: string;
  enTitle: string | null;
  type: 0 | 1 | 2;
  permission: string | null;
  children: GrantableMenuAnswer[];
}
export const grantableMenuAnswer: z.ZodType<GrantableMenuAnswer> = z
  .strictObject({
    id: z.number(),
    title: z.string(),
    enTitle: z.string().nullable(),
    type: z.literal([0, 1, 2]),
    permission: z.string().nullable(),
    get children() {
      return z.array(grantableMenuAnswer);
    },
    // A tree: the API document shows it as one component that refers to itself.
  })
  .meta({ id: 'GrantableMenu' });
/** A node of POST /api/menus/superior: a menu with its children. */
export type MenuNodeAnswer = z.infer<typeof menuAnswer> & { children: MenuNodeAnswer[] };
export const menuNodeAnswer: z.ZodType<MenuNodeAnswer> = menuAnswer
  .extend({
    get children() {
      return z.array(menuNodeAnswer);
    },
  })
  .meta({ id: 'MenuNode' });

/** PUT /api/users/enable and /unenable: how many accounts changed, and to what. */
export const usersEnabledAnswer = z.strictObject({ updated: z.number(), enabled: z.boolean() });
/** How many rows a call changed. */
export const updatedAnswer = z.strictObject({ updated: z.number() });
/** How many rows a delete removed. */
export const deletedAnswer = z.strictObject({ deleted: z.number() });

/** PUT /api/roles/menu: the role and the menus it now grants. */
export const roleMenusAnswer = z.strictObject({ id: z.number(), menus: z.array(z.number()) });
/** POST /api/sysRolesFunction/buildSysRoleFunction: the role and the functions it now grants. */
export const roleFunctionsAnswer = z.strictObject({
  roleId: z.number(),
  functionPermissionIds: z.array(z.number()),
});

/** GET /api/email: the kept SMTP settings (the password never: only whether one is kept). */
export const mailConfigAnswer = z.union([
  z.strictObject({ configured: z.literal(false), fromEnvironment: z.boolean() }),
  engineRow.extend({
    host: z.string(),
    port: z.number(),
    /** tls, starttls or none. */
    security: z.string(),
    username: z.string().nullable(),
    fromAddress: z.string(),
    configured: z.literal(true),
    hasPassword: z.boolean(),
    fromEnvironment: z.literal(false),
  }),
]);
/** A mail the product sent or failed to send (GET /api/email/logs). */
export const mailLogAnswer = engineRow.extend({
  toAddress: z.string(),
  subject: z.string(),
  kind: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
});

/** A certification decided (approve or reject), and the commands the row now allows. */
export const certificationDecisionAnswer = z.strictObject({
  id: z.number(),
  checkStatus: z.number(),
  checkReason: z.string().nullable(),
  actions: z.array(z.string()),
});
/** A company stopped or activated. */
export const tenantStandingAnswer = z.strictObject({ id: z.number(), active: z.boolean() });
/** A company's trial extended: its new end. */
export const trialAnswer = z.strictObject({ id: z.number(), trialEnd: z.string().nullable() });
/** POST /api/tenantUser/adduser: the user created (the password hash never travels). */
export const addedUserAnswer = userAnswer.omit({ dept: true, roles: true });

/** GET /api/monitor/server: this node now (CPU, memory, disk, runtime, database pool, sockets). */
export const serverFiguresAnswer = z.strictObject({
  time: z.string(),
  node: z.string(),
  cpu: z.strictObject({ cores: z.number(), model: z.string(), usagePct: z.number() }),
  load: z.array(z.number()),
  memory: z.strictObject({ totalMb: z.number(), freeMb: z.number(), usedPct: z.number() }),
  disk: z
    .strictObject({ path: z.string(), totalMb: z.number(), freeMb: z.number(), usedPct: z.number() })
    .nullable(),
  uptime: z.strictObject({ systemS: z.number(), processS: z.number() }),
  runtime: z.strictObject({
    version: z.string(),
    rssMb: z.number(),
    heapUsedMb: z.number(),
    heapTotalMb: z.number(),
    externalMb: z.number(),
    eventLoop: z.strictObject({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  }),
  database: z.strictObject({
    kind: z.enum(['pglite', 'postgres']),
    pool: z.strictObject({ total: z.number(), idle: z.number(), waiting: z.number() }).nullable(),
  }),
  websockets: z.number(),
});

/** GET /api/monitor/database: this database now — connections, sizes, index use, the slowest statements. */
export const databaseFiguresAnswer = z.strictObject({
  kind: z.enum(['pglite', 'postgres']),
  version: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  connections: z.array(
    z.strictObject({
      pid: z.number(),
      user: z.string().nullable(),
      application: z.string().nullable(),
      client: z.string().nullable(),
      state: z.string().nullable(),
      waitType: z.string().nullable(),
      wait: z.string().nullable(),
      runningMs: z.number().nullable(),
      query: z.string().nullable(),
    }),
  ),
  tables: z.array(
    z.strictObject({
      name: z.string(),
      rowsEstimate: z.number(),
      totalBytes: z.number(),
      tableBytes: z.number(),
      indexBytes: z.number(),
      seqScans: z.number(),
      indexScans: z.number(),
    }),
  ),
  indexes: z.array(
    z.strictObject({ table: z.string(), name: z.string(), scans: z.number(), bytes: z.number() }),
  ),
  /** Null where pg_stat_statements is not there to ask (PGlite, or the extension not installed). */
  statements: z
    .array(
      z.strictObject({
        query: z.string(),
        calls: z.number(),
        meanMs: z.number(),
        totalMs: z.number(),
        rows: z.number(),
      }),
    )
    .nullable(),
  statementsNote: z.enum(['pglite', 'no_extension']).nullable(),
});
