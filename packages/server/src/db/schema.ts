// Tables of the spine: identity, tenancy, access, dictionaries, logs and sessions.
// Every row has id, create_time, update_time, create_by, update_by.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const base = {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createBy: varchar('create_by', { length: 64 }),
  updateBy: varchar('update_by', { length: 64 }),
};
/**
 * The lease of a long task (an import, a scheduled job's run): the node that works on it and the time
 * (the database's clock) until which that node vouches for it. The node renews it while it works; a task
 * still at work past its lease is ended as interrupted by db/leases.ts.
 */
export const lease = {
  leaseNode: varchar('lease_node', { length: 100 }),
  leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
};
/** A reference to another row's id (ids are bigserial, read as numbers). */
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** A decimal read as a number (weights, quantities shown, not summed as money). */
export const num = (name: string, precision: number, scale: number) =>
  numeric(name, { precision, scale, mode: 'number' });
/** A decimal read as a string: money and declared quantities, exact arithmetic (never float). */
export const dec = (name: string, precision: number, scale: number) =>
  numeric(name, { precision, scale, mode: 'string' });

export const tenants = pgTable(
  'enterprise_info',
  {
    ...base,
    corporateName: varchar('corporate_name', { length: 100 }).notNull(),
    /** The company's name in English, for English documents (invoices, labels, packing lists). */
    corporateEnName: varchar('corporate_en_name', { length: 200 }),
    corporateCode: varchar('corporate_code', { length: 64 }),
    end: integer('end_type').notNull().default(0),
    checkStatus: integer('check_status').notNull().default(0),
    checkReason: varchar('check_reason', { length: 500 }),
    trialEnd: date('trial_end', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    businessLicence: varchar('business_licence', { length: 500 }),
    authorizationLetter: varchar('authorization_letter', { length: 500 }),
    contactPhone: varchar('contact_phone', { length: 32 }),
    contactEmail: varchar('contact_email', { length: 128 }),
    address: varchar('address', { length: 255 }),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    /** IANA zone of the company's wall clock: the times its exports and documents show (docs/decisions.md). */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
  },
  // The platform's tenant screens filter and sort by these (every filter on an index).
  (t) => [
    uniqueIndex('enterprise_info_name_uq').on(t.corporateName),
    index('enterprise_info_code_idx').on(t.corporateCode),
    index('enterprise_info_end_idx').on(t.end, t.createTime),
    index('enterprise_info_check_idx').on(t.checkStatus, t.createTime),
    index('enterprise_info_time_idx').on(t.createTime),
    index('enterprise_info_active_idx').on(t.active, t.createTime),
  ],
);

export const depts = pgTable(
  'sys_dept',
  {
    ...base,
    tenantId: ref('tenant_id'),
    pid: ref('pid'),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('dept_sort').notNull().default(999),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('sys_dept_tenant_idx').on(t.tenantId)],
);

export const users = pgTable(
  'sys_user',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    deptId: ref('dept_id'),
    username: varchar('username', { length: 64 }).notNull(),
    nickName: varchar('nick_name', { length: 64 }),
    email: varchar('email', { length: 128 }),
    phone: varchar('phone', { length: 32 }),
    gender: varchar('gender', { length: 8 }),
    passwordHash: varchar('password', { length: 255 }).notNull(),
    roleType: integer('role_type').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    avatarPath: varchar('avatar_path', { length: 500 }),
    pwdResetTime: timestamp('pwd_reset_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(t.username),
    uniqueIndex('sys_user_email_uq').on(t.email),
    uniqueIndex('sys_user_phone_uq').on(t.phone),
    index('sys_user_tenant_idx').on(t.tenantId),
  ],
);

export const roles = pgTable(
  'sys_role',
  {
    ...base,
    tenantId: ref('tenant_id'),
    name: varchar('name', { length: 64 }).notNull(),
    /** Stable name of a platform template role: admin, shipper, supplier, logistics, default. */
    code: varchar('code', { length: 32 }),
    description: varchar('description', { length: 255 }),
    level: integer('level').notNull().default(3),
    dataScope: varchar('data_scope', { length: 16 }).notNull().default('all'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('sys_role_tenant_idx').on(t.tenantId)],
);

export const usersRoles = pgTable(
  'sys_users_roles',
  { userId: ref('user_id').notNull(), roleId: ref('role_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const menus = pgTable(
  'sys_menu',
  {
    ...base,
    /** Stable key used by seed steps to find a menu again. */
    menuKey: varchar('menu_key', { length: 100 }).unique('sys_menu_key_uq'),
    pid: ref('pid'),
    type: integer('type').notNull().default(1),
    title: varchar('title', { length: 100 }).notNull(),
    enTitle: varchar('en_title', { length: 100 }),
    componentName: varchar('name', { length: 100 }),
    component: varchar('component', { length: 255 }),
    path: varchar('path', { length: 255 }),
    permission: varchar('permission', { length: 255 }),
    icon: varchar('icon', { length: 100 }),
    sort: integer('menu_sort').notNull().default(999),
    hidden: boolean('hidden').notNull().default(false),
    cache: boolean('cache').notNull().default(false),
    iFrame: boolean('i_frame').notNull().default(false),
  },
  // The menu screen's sort, tree and filters; `blurry` and `title` on trigrams.
  (t) => [
    index('sys_menu_sort_idx').on(t.sort),
    index('sys_menu_pid_idx').on(t.pid, t.sort),
    index('sys_menu_type_idx').on(t.type, t.sort),
    index('sys_menu_time_idx').on(t.createTime),
    index('sys_menu_search_idx').using(
      'gin',
      t.title.op('gin_trgm_ops'),
      t.enTitle.op('gin_trgm_ops'),
      t.component.op('gin_trgm_ops'),
      t.permission.op('gin_trgm_ops'),
    ),
  ],
);

export const rolesMenus = pgTable(
  'sys_roles_menus',
  { roleId: ref('role_id').notNull(), menuId: ref('menu_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const rolesDepts = pgTable(
  'sys_roles_depts',
  { roleId: ref('role_id').notNull(), deptId: ref('dept_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);

export const functionPermissions = pgTable(
  'function_permission',
  {
    ...base,
    menuId: ref('menu_id').notNull(),
    functionName: varchar('function_name', { length: 64 }).notNull(),
    description: varchar('description', { length: 100 }),
    enDescription: varchar('en_description', { length: 100 }),
    belongEnd: integer('belong_end').notNull().default(0),
    belongMenu: varchar('belong_menu', { length: 100 }),
  },
  (t) => [
    uniqueIndex('function_permission_uq').on(t.menuId, t.functionName),
    index('function_permission_belong_idx').on(t.belongEnd, t.belongMenu),
    index('function_permission_menu_name_idx').on(t.belongMenu),
    index('function_permission_search_idx').using('gin', t.functionName.op('gin_trgm_ops')),
  ],
);

export const sysRolesFunction = pgTable(
  'sys_roles_function',
  {
    ...base,
    roleId: ref('role_id').notNull(),
    functionPermissionId: ref('function_permission_id').notNull(),
  },
  (t) => [
    uniqueIndex('sys_roles_function_uq').on(t.roleId, t.functionPermissionId),
    index('sys_roles_function_fp_idx').on(t.functionPermissionId),
  ],
);

export const dicts = pgTable(
  'sys_dict',
  {
    ...base,
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
  },
  (t) => [
    uniqueIndex('sys_dict_name_uq').on(t.name),
    index('sys_dict_time_idx').on(t.createTime),
    index('sys_dict_search_idx').using('gin', t.name.op('gin_trgm_ops'), t.description.op('gin_trgm_ops')),
  ],
);

export const dictDetails = pgTable(
  'sys_dict_detail',
  {
    ...base,
    dictId: ref('dict_id').notNull(),
    label: varchar('label', { length: 100 }).notNull(),
    enLabel: varchar('en_label', { length: 100 }),
    value: varchar('value', { length: 100 }).notNull(),
    dictSort: integer('dict_sort').notNull().default(999),
  },
  (t) => [
    index('sys_dict_detail_dict_idx').on(t.dictId, t.dictSort),
    index('sys_dict_detail_sort_idx').on(t.dictSort),
    index('sys_dict_detail_value_idx').on(t.value),
    index('sys_dict_detail_label_idx').using('gin', t.label.op('gin_trgm_ops')),
  ],
);

export const partnerships = pgTable(
  'partnership',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    partnerTenantId: ref('partner_tenant_id').notNull(),
    partnerEnd: integer('partner_end').notNull(),
    status: integer('status').notNull().default(0),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('partnership_pair_uq').on(t.tenantId, t.partnerTenantId),
    index('partnership_partner_idx').on(t.partnerTenantId),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    ...base,
    tenantId: ref('tenant_id'),
    userId: ref('user_id'),
    commentsOrFeedback: varchar('comments_or_feedback', { length: 2000 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    email: varchar('email', { length: 128 }),
    createUnit: varchar('create_unit', { length: 100 }),
    status: integer('status').notNull().default(0),
    reply: varchar('reply', { length: 1000 }),
  },
  (t) => [index('feedback_user_idx').on(t.userId)],
);

export const logs = pgTable(
  'sys_log',
  {
    ...base,
    logType: varchar('log_type', { length: 10 }).notNull(),
    tenantId: ref('tenant_id'),
    username: varchar('username', { length: 64 }),
    description: varchar('description', { length: 255 }),
    method: varchar('method', { length: 10 }),
    path: varchar('path', { length: 500 }),
    params: text('params'),
    status: integer('status'),
    requestIp: varchar('request_ip', { length: 64 }),
    browser: varchar('browser', { length: 255 }),
    time: integer('time'),
    exceptionDetail: text('exception_detail'),
  },
  (t) => [
    index('sys_log_time_idx').on(t.createTime),
    index('sys_log_tenant_idx').on(t.tenantId, t.createTime),
    index('sys_log_search_idx').using(
      'gin',
      t.username.op('gin_trgm_ops'),
      t.description.op('gin_trgm_ops'),
      t.path.op('gin_trgm_ops'),
      t.requestIp.op('gin_trgm_ops'),
    ),
  ],
);

export const sessions = pgTable(
  'sys_session',
  {
    ...base,
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: ref('user_id').notNull(),
    tenantId: ref('tenant_id').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
    browser: varchar('browser', { length: 255 }),
    revoked: boolean('revoked').notNull().default(false),
  },
  (t) => [uniqueIndex('sys_session_token_uq').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'sys_login_attempt',
  {
    ...base,
    account: varchar('account', { length: 128 }).notNull(),
    userId: ref('user_id'),
    ip: varchar('ip', { length: 64 }),
    browser: varchar('browser', { length: 255 }),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 64 }),
  },
  (t) => [index('sys_login_attempt_account_idx').on(t.account, t.createTime)],
);

export const captchas = pgTable('sys_captcha', {
  uuid: varchar('uuid', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const resetCodes = pgTable('sys_reset_code', {
  ...base,
  target: varchar('target', { length: 128 }).notNull(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  used: boolean('used').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
});

export const idempotencyKeys = pgTable('sys_idempotency_key', {
  key: varchar('key', { length: 128 }).primaryKey(),
  userId: ref('user_id'),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const files = pgTable(
  'sys_file',
  {
    ...base,
    tenantId: ref('tenant_id'),
    userId: ref('user_id'),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 32 }),
  },
  // With the size: a tenant's use (the upload quota, the storage tool) is read from the index alone.
  (t) => [index('sys_file_tenant_idx').on(t.tenantId, t.size)],
);

export const messages = pgTable(
  'message_center',
  {
    ...base,
    tenantId: ref('tenant_id'),
    userId: ref('user_id'),
    audience: varchar('audience', { length: 16 }).notNull().default('user'),
    title: varchar('title', { length: 255 }).notNull(),
    enTitle: varchar('en_title', { length: 255 }),
    content: text('content'),
    enContent: text('en_content'),
    type: varchar('type', { length: 32 }).notNull().default('notice'),
    link: varchar('link', { length: 255 }),
    data: jsonb('data'),
  },
  // A viewer's messages are three sides, each listed newest first by its own index: the user's own,
  // their company's (no user) and the announcements (modules/messages/service.ts).
  (t) => [
    index('message_center_user_time_idx').on(t.userId, t.createTime.desc(), t.id.desc()),
    index('message_center_tenant_time_idx')
      .on(t.tenantId, t.createTime.desc(), t.id.desc())
      .where(sql`${t.audience} = 'tenant' and ${t.userId} is null`),
    index('message_center_all_time_idx')
      .on(t.createTime.desc(), t.id.desc())
      .where(sql`${t.audience} = 'all'`),
  ],
);

export const viewRecords = pgTable(
  'view_record',
  {
    ...base,
    messageId: ref('message_id').notNull(),
    userId: ref('user_id').notNull(),
    // The message's own create_time, copied: a viewer's read messages then come newest first from one
    // index, in the order the message centre lists them, so the read and unread filters merge the two
    // ordered streams instead of probing the view records once per message.
    messageTime: timestamp('message_time', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('view_record_uq').on(t.messageId, t.userId),
    index('view_record_user_time_idx').on(t.userId, t.messageTime.desc(), t.messageId.desc()),
  ],
);

/**
 * The one indexed history (the event store): every command's transition, who made it, when and where.
 * `tenant_id` is the shipper that owns what changed (or the tenant itself for tenant-level events);
 * `party_tenant_id` the partner the event concerns (other partners do not see it on a timeline).
 */
export const changeRecords = pgTable(
  'change_record',
  {
    ...base,
    tenantId: ref('tenant_id'),
    projectId: ref('project_id'),
    batchId: ref('batch_id'),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: ref('entity_id').notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    fromStatus: varchar('from_status', { length: 32 }),
    toStatus: varchar('to_status', { length: 32 }),
    /** Who: the user name is create_by; the company is actor_tenant_id. */
    actorTenantId: ref('actor_tenant_id'),
    partyTenantId: ref('party_tenant_id'),
    /** Where: a port (UN/LOCODE) or a city, when the event happened somewhere. */
    place: varchar('place', { length: 100 }),
    note: varchar('note', { length: 1000 }),
    /** Details no timeline filters on. */
    data: jsonb('data'),
  },
  (t) => [
    index('change_record_batch_idx').on(t.batchId, t.createTime),
    index('change_record_entity_idx').on(t.entity, t.entityId, t.createTime),
    index('change_record_tenant_time_idx').on(t.tenantId, t.createTime),
    // The history's visibility: owner, partner concerned or actor.
    index('change_record_party_time_idx').on(t.partyTenantId, t.createTime),
    index('change_record_actor_time_idx').on(t.actorTenantId, t.createTime),
    // Statistics: boxes shipped per month read the ship events of the last year.
    index('change_record_action_time_idx').on(t.action, t.createTime),
    // The history's filters by entity id, project and author alone (the index test's rows-read rule).
    index('change_record_entity_id_idx').on(t.entityId),
    index('change_record_project_time_idx').on(t.projectId, t.createTime),
    index('change_record_author_time_idx').on(t.createBy, t.createTime),
  ],
);

/**
 * Notifications and websocket pushes written in a command's transaction, delivered after commit by the
 * dispatcher (workflow/outbox.ts): nothing is pushed before commit and nothing committed is lost.
 */
export const outbox = pgTable(
  'sys_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    kind: varchar('kind', { length: 32 }).notNull(),
    payload: jsonb('payload').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
  },
  (t) => [index('sys_outbox_pending_idx').on(t.id).where(sql`delivered_at is null`)],
);

/** A message one user writes to another of a partner tenant (shown in the message centre). */
export const directMessages = pgTable(
  'direct_message',
  {
    ...base,
    tenantId: ref('tenant_id').notNull(),
    fromUserId: ref('from_user_id').notNull(),
    toUserId: ref('to_user_id').notNull(),
    toTenantId: ref('to_tenant_id').notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    readTime: timestamp('read_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('direct_message_to_idx').on(t.toUserId, t.createTime),
    index('direct_message_from_idx').on(t.fromUserId, t.createTime),
  ],
);

/** Data steps (reference menus, roles, dictionaries) applied once each, like migrations. */
export const seedSteps = pgTable('sys_seed_step', {
  version: integer('version').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const now = sql`now()`;

/**
 * Release packages of the product kept for the platform's administrators (POST /api/deploy/upload):
 * stored as uploaded, with their checksum and version; never unpacked or run by the server.
 */
export const releases = pgTable(
  'sys_release',
  {
    ...base,
    version: varchar('version', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    storageKey: varchar('storage_key', { length: 255 }).notNull(),
    notes: varchar('notes', { length: 2000 }),
  },
  (t) => [
    uniqueIndex('sys_release_version_uq').on(t.version),
    index('sys_release_create_time_idx').on(t.createTime),
  ],
);
