// The permission catalogue: every permission string named once, for the seed (menus and
// buttons), the server (route config, resource declarations, command `who`) and the web (what a page or
// button needs). A permission outside this catalogue fails typecheck; test/permission-catalogue.test.ts
// checks that the seeded menus carry exactly these and that every route's permission is seeded.

/** By family, then action: `P.projectBatch.list` is `'projectBatch:list'`. */
export const P = {
  abnormalRecord: {
    add: 'abnormalRecord:add',
    list: 'abnormalRecord:list',
    resolve: 'abnormalRecord:resolve',
  },
  accessoryInfo: { list: 'accessoryInfo:list' },
  apiToken: { add: 'apiToken:add', del: 'apiToken:del', list: 'apiToken:list' },
  aliPay: { edit: 'aliPay:edit', list: 'aliPay:list' },
  billLading: {
    add: 'billLading:add',
    confirm: 'billLading:confirm',
    del: 'billLading:del',
    edit: 'billLading:edit',
    list: 'billLading:list',
    reject: 'billLading:reject',
    submit: 'billLading:submit',
  },
  boxPiece: {
    add: 'boxPiece:add',
    back: 'boxPiece:back',
    del: 'boxPiece:del',
    edit: 'boxPiece:edit',
    import: 'boxPiece:import',
    list: 'boxPiece:list',
    submit: 'boxPiece:submit',
  },
  container: { list: 'container:list', stuff: 'container:stuff' },
  creditInfo: { edit: 'creditInfo:edit', list: 'creditInfo:list' },
  customs: { approve: 'customs:approve', edit: 'customs:edit', list: 'customs:list' },
  customsCode: { import: 'customsCode:import' },
  deliveryEntrust: {
    accept: 'deliveryEntrust:accept',
    add: 'deliveryEntrust:add',
    del: 'deliveryEntrust:del',
    edit: 'deliveryEntrust:edit',
    list: 'deliveryEntrust:list',
    return: 'deliveryEntrust:return',
    submit: 'deliveryEntrust:submit',
  },
  dept: { add: 'dept:add', del: 'dept:del', edit: 'dept:edit', list: 'dept:list' },
  dict: { add: 'dict:add', del: 'dict:del', edit: 'dict:edit', list: 'dict:list' },
  document: {
    add: 'document:add',
    confirm: 'document:confirm',
    del: 'document:del',
    list: 'document:list',
    submit: 'document:submit',
  },
  email: { edit: 'email:edit', list: 'email:list' },
  exception: {
    add: 'exception:add',
    assign: 'exception:assign',
    list: 'exception:list',
    resolve: 'exception:resolve',
  },
  exchangeRate: { edit: 'exchangeRate:edit' },
  feedback: { del: 'feedback:del', edit: 'feedback:edit', list: 'feedback:list' },
  financing: { apply: 'financing:apply', list: 'financing:list', review: 'financing:review' },
  functionPermission: {
    add: 'functionPermission:add',
    del: 'functionPermission:del',
    edit: 'functionPermission:edit',
    list: 'functionPermission:list',
  },
  generator: { edit: 'generator:edit', list: 'generator:list' },
  hs: { list: 'hs:list' },
  loadPlan: { use: 'loadPlan:use' },
  log: { list: 'log:list' },
  logistics: {
    deliver: 'logistics:deliver',
    load: 'logistics:load',
    receive: 'logistics:receive',
    ship: 'logistics:ship',
    vessel: 'logistics:vessel',
  },
  laneDefault: {
    add: 'laneDefault:add',
    del: 'laneDefault:del',
    edit: 'laneDefault:edit',
    list: 'laneDefault:list',
  },
  menu: { add: 'menu:add', del: 'menu:del', edit: 'menu:edit', list: 'menu:list' },
  monitor: { database: 'monitor:database', server: 'monitor:server' },
  online: { del: 'online:del', list: 'online:list' },
  webhook: { edit: 'webhook:edit' },
  partner: { add: 'partner:add', del: 'partner:del', list: 'partner:list' },
  plan: { edit: 'plan:edit', list: 'plan:list' },
  project: { add: 'project:add', del: 'project:del', edit: 'project:edit', list: 'project:list' },
  projectBatch: {
    add: 'projectBatch:add',
    del: 'projectBatch:del',
    edit: 'projectBatch:edit',
    list: 'projectBatch:list',
  },
  projectContract: {
    add: 'projectContract:add',
    del: 'projectContract:del',
    edit: 'projectContract:edit',
    list: 'projectContract:list',
  },
  projectPersonnel: { edit: 'projectPersonnel:edit', list: 'projectPersonnel:list' },
  reconciliation: {
    add: 'reconciliation:add',
    confirm: 'reconciliation:confirm',
    del: 'reconciliation:del',
    edit: 'reconciliation:edit',
    list: 'reconciliation:list',
    reject: 'reconciliation:reject',
    submit: 'reconciliation:submit',
  },
  roles: { add: 'roles:add', del: 'roles:del', edit: 'roles:edit', list: 'roles:list' },
  services: { edit: 'services:edit' },
  statistics: { list: 'statistics:list' },
  storage: { list: 'storage:list' },
  supplies: {
    add: 'supplies:add',
    confirm: 'supplies:confirm',
    del: 'supplies:del',
    edit: 'supplies:edit',
    import: 'supplies:import',
    list: 'supplies:list',
    submit: 'supplies:submit',
  },
  tallySheet: { edit: 'tallySheet:edit', list: 'tallySheet:list', sync: 'tallySheet:sync' },
  tenant: { edit: 'tenant:edit', list: 'tenant:list' },
  timing: { add: 'timing:add', del: 'timing:del', edit: 'timing:edit', list: 'timing:list' },
  tradePolicy: { edit: 'tradePolicy:edit', list: 'tradePolicy:list' },
  translate: { use: 'translate:use' },
  user: { add: 'user:add', del: 'user:del', edit: 'user:edit', list: 'user:list' },
  vessel: { add: 'vessel:add', del: 'vessel:del', edit: 'vessel:edit' },
  voucherProcess: {
    add: 'voucherProcess:add',
    confirm: 'voucherProcess:confirm',
    del: 'voucherProcess:del',
    edit: 'voucherProcess:edit',
    list: 'voucherProcess:list',
    reject: 'voucherProcess:reject',
    submit: 'voucherProcess:submit',
  },
  weather: { use: 'weather:use' },
} as const;

type Leaf<T> = { [F in keyof T]: T[F][keyof T[F]] }[keyof T];

/**
 * The catalogue as an interface, so a generated family (the code generator) adds its own permissions
 * with `declare module '@tradelane/contract' { interface PermissionCatalogue { 'x:list': true } }`.
 */
export interface PermissionCatalogue extends Record<Leaf<typeof P>, true> {}

/** One permission string of the catalogue. */
export type Permission = keyof PermissionCatalogue & string;

/** The platform administrators' marker: passes every check, and is the only one a route may name besides the catalogue. */
export const PLATFORM_ADMIN = 'admin';

/** What a route, a declaration or a button may require. */
export type Grant = Permission | typeof PLATFORM_ADMIN;

/** Every permission of the catalogue, sorted. */
export const PERMISSIONS: readonly Permission[] = Object.values(P)
  .flatMap((family) => Object.values(family) as Permission[])
  .sort();

const known = new Set<string>(PERMISSIONS);

/** Whether a string names a permission of the catalogue. */
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** A family of the catalogue with add, edit and delete permissions. */
export type CrudFamily = {
  [F in keyof typeof P]: (typeof P)[F] extends { add: string; edit: string; del: string } ? F : never;
}[keyof typeof P];

/** A CRUD family's add, edit and delete permissions (the seed's three buttons). */
export function crudPermissions(family: CrudFamily): [add: Permission, edit: Permission, del: Permission] {
  const f = P[family];
  return [f.add, f.edit, f.del];
}
