// Configuration from the environment, with defaults, validated at start.
import { z } from 'zod';
import { type OutboundPolicy, outboundPolicy } from './lib/outbound.ts';
import type { StorageConfig } from './lib/storage.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

/** An absolute http(s) origin with an optional path: no user, query or fragment. */
function publicUrlOk(v: string): boolean {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return false;
  }
  return (
    (u.protocol === 'http:' || u.protocol === 'https:') &&
    Boolean(u.hostname) &&
    !u.username &&
    !u.password &&
    !u.search &&
    !u.hash &&
    !/[?#]/.test(v) &&
    /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/i.test(v)
  );
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  CAPTCHA: z.enum(['on', 'off']).default('on'),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(15),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(1_800_000),
  // Past this many rows a list with no scope and no filter gives the planner's estimate as its total.
  LIST_EXACT_COUNT: z.coerce.number().int().min(0).default(10_000),
  // How often each node's scheduler looks for due jobs.
  SCHEDULER_TICK_MS: z.coerce.number().int().min(100).default(15_000),
  SEED_DEMO: bool.default(true),
  TEST_HOOKS: bool.default(false),
  // Tests: every answer of a contract operation is parsed with its answer schema; a mismatch is a 500.
  CHECK_ANSWERS: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  // Which proxy may tell us the client's address (X-Forwarded-For): its IP(s)/CIDR(s), comma-separated.
  // Unset: no proxy is trusted and the socket's address is the client's.
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .every((p) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(p)),
      'must be comma-separated proxy addresses or CIDR ranges (e.g. 10.0.0.5,loopback)',
    )
    .optional(),
  // Browser origins allowed to open the websocket besides the page's own (comma-separated).
  WS_ORIGINS: z
    .string()
    .trim()
    .refine(
      (v) => v.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim())),
      'must be comma-separated origins like https://app.example.com',
    )
    .optional(),
  // The address people reach the product at (the web's origin, and a path when it is served under one):
  // printed links (label QR codes) and links in mails are built from it, never from a request's Host.
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(
      publicUrlOk,
      'must be an absolute http(s) address like https://tradelane.example.com or https://example.com/tradelane (no query, fragment or user)',
    )
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  WEB_DIST: z.string().optional(),
  // Heap cap of a load-planning worker: a plan that needs more is refused, the API process is untouched.
  LOADPLAN_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(1024),
  // Plans run at once on one node; a company runs at most all but one of them (one is left for others).
  LOADPLAN_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  // Plans waiting on one node in all, and per company (its share); more are refused with a 429.
  LOADPLAN_QUEUE: z.coerce.number().int().min(0).max(1000).default(32),
  LOADPLAN_TENANT_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  // Heap cap of the worker an import's sheet is read in: a sheet that needs more is refused (413).
  IMPORT_WORKER_MB: z.coerce.number().int().min(32).max(4096).default(96),
  // Imports read at once on one node (a company at most all but one), waiting in all and per company.
  IMPORT_WORKERS: z.coerce.number().int().min(1).max(64).default(4),
  IMPORT_QUEUE: z.coerce.number().int().min(0).max(1000).default(32),
  IMPORT_TENANT_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  // A long task (an import, a scheduled job's run) is leased to its node for this long and renewed every
  // heartbeat; one still at work past its lease is ended as interrupted by a restart.
  TASK_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  TASK_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tradelane <no-reply@tradelane.local>'),
  PRODUCT_TITLE_ZH: z.string().default('Tradelane 国际工程供应链控制塔'),
  PRODUCT_TITLE_EN: z.string().default('Tradelane Supply-Chain Control Tower'),
  FOOTER_TXT: z.string().default('© 2026 Tradelane'),
  CASE_NUMBER: z.string().default(''),
  // Where uploaded files live: local disk under DATA_DIR/files, or an S3-compatible store.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^/\s]+\/?$/,
      'must be an origin like http://127.0.0.1:9000 or https://s3.example.com',
    )
    .optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  // Bytes of uploads a tenant may keep, in MB (0: no limit).
  STORAGE_QUOTA_MB: z.coerce.number().int().min(0).default(5120),
  // Key for secrets kept in the database (the mail tool's SMTP password); shared by every node.
  CONFIG_KEY: z.string().min(16).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Path-style addressing (host/bucket/key); on by default when S3_ENDPOINT names a self-hosted store.
  S3_PATH_STYLE: bool.optional(),
  // Translation (a LibreTranslate-compatible /translate) and weather (Open-Meteo's forecast API) services;
  // administrators may override these in the tools. WEATHER_URL=off: no forecasts.
  TRANSLATE_URL: z.string().trim().url().optional(),
  TRANSLATE_API_KEY: z.string().trim().min(1).optional(),
  WEATHER_URL: z.string().trim().url().or(z.literal('off')).default('https://api.open-meteo.com'),
  WEATHER_WIND_LIMIT_KMH: z.coerce.number().min(1).max(400).default(50),
  WEATHER_RAIN_LIMIT_MM: z.coerce.number().min(1).max(2000).default(50),
  // Internal hosts or networks the server may call although they are loopback, link-local or private
  // (comma-separated names, addresses or CIDRs): e.g. a translation service on the same machine.
  OUTBOUND_ALLOW: z
    .string()
    .trim()
    .refine(
      (v) => v.split(',').every((p) => /^[A-Za-z0-9.\-:[\]]+(\/\d{1,3})?$/.test(p.trim())),
      'must be comma-separated host names, addresses or CIDR networks (e.g. 127.0.0.1,10.0.0.0/8)',
    )
    .optional(),
  // An SMS gateway that takes POST {"to","text"} (JSON): password-reset codes for an account found by its
  // mobile number go to that number. Unset: they go to the account's e-mail on record.
  SMS_URL: z.string().trim().url().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  captcha: boolean;
  trialDays: number;
  idleTimeoutMs: number;
  /** Rows past which an unconditioned list's total is the planner's estimate (engine.setExactCountLimit). */
  listExactCount?: number;
  /** The scheduler's pass interval on each node. */
  schedulerTickMs?: number;
  seedDemo: boolean;
  testHooks: boolean;
  /** Parse every answer of a contract operation with its schema (tests): a drift fails loudly. */
  checkAnswers: boolean;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: number;
  /** Fastify's trustProxy: false, or the proxy addresses it believes X-Forwarded-For from. */
  trustProxy: false | string[];
  wsOrigins: string[];
  webDist?: string;
  /** PUBLIC_URL without a trailing slash; undefined when not set (labels then print no scan link). */
  publicUrl?: string;
  loadPlanMemoryMb: number;
  /** The planner's turns on a node (modules/loadplan): workers, queue in all, queue per tenant. */
  loadPlan: { workers: number; queue: number; tenantQueue: number };
  importWorkerMb: number;
  /** Imports' turns on a node (resources/sheet-import.ts): workers, waiting in all, waiting per tenant. */
  imports: { workers: number; totalWaiting: number; tenantWaiting: number };
  /** Leases of long tasks (db/leases.ts). */
  taskLease: { leaseMs: number; heartbeatMs: number };
  smtpUrl?: string;
  configKey?: string;
  storageQuotaMb: number;
  mailFrom: string;
  title: { zh: string; en: string };
  footerTxt: string;
  caseNumber: string;
  storage: StorageConfig['storage'];
  /** Where outbound calls may go (lib/outbound.ts): OUTBOUND_ALLOW and the hosts configured here. */
  outbound: OutboundPolicy;
  smsUrl?: string;
  services: {
    translateUrl?: string;
    translateKey?: string;
    /** null: forecasts are off. */
    weatherUrl: string | null;
    windLimitKmh: number;
    rainLimitMm: number;
  };
}

export class ConfigError extends Error {}

/** The host of a URL the operator configured (trusted by the outbound guard), if it has one. */
function hostOf(url: string | undefined): string[] {
  try {
    return url ? [new URL(url).hostname] : [];
  } catch {
    return [];
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const picked = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const missing: string[] = [];
  if (e.STORAGE === 's3') {
    if (!e.S3_BUCKET) missing.push('  S3_BUCKET: required when STORAGE=s3');
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
      missing.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither');
  }
  // Two heartbeats fit in a lease: one late renewal does not end a live node's task.
  if (e.TASK_HEARTBEAT_MS * 2 > e.TASK_LEASE_MS)
    missing.push('  TASK_HEARTBEAT_MS: must be at most half of TASK_LEASE_MS');
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    captcha: e.CAPTCHA === 'on',
    trialDays: e.TRIAL_DAYS,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    listExactCount: e.LIST_EXACT_COUNT,
    schedulerTickMs: e.SCHEDULER_TICK_MS,
    seedDemo: e.SEED_DEMO,
    testHooks: e.TEST_HOOKS,
    checkAnswers: e.CHECK_ANSWERS,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((p) => p.trim()) : false,
    wsOrigins: e.WS_ORIGINS ? e.WS_ORIGINS.split(',').map((o) => o.trim().toLowerCase()) : [],
    webDist: e.WEB_DIST,
    publicUrl: e.PUBLIC_URL,
    loadPlanMemoryMb: e.LOADPLAN_MEMORY_MB,
    loadPlan: { workers: e.LOADPLAN_WORKERS, queue: e.LOADPLAN_QUEUE, tenantQueue: e.LOADPLAN_TENANT_QUEUE },
    importWorkerMb: e.IMPORT_WORKER_MB,
    imports: {
      workers: e.IMPORT_WORKERS,
      totalWaiting: e.IMPORT_QUEUE,
      tenantWaiting: e.IMPORT_TENANT_QUEUE,
    },
    taskLease: { leaseMs: e.TASK_LEASE_MS, heartbeatMs: e.TASK_HEARTBEAT_MS },
    smtpUrl: e.SMTP_URL,
    configKey: e.CONFIG_KEY,
    storageQuotaMb: e.STORAGE_QUOTA_MB,
    mailFrom: e.MAIL_FROM,
    title: { zh: e.PRODUCT_TITLE_ZH, en: e.PRODUCT_TITLE_EN },
    footerTxt: e.FOOTER_TXT,
    caseNumber: e.CASE_NUMBER,
    outbound: outboundPolicy([
      ...(e.OUTBOUND_ALLOW?.split(',') ?? []),
      ...[e.SMTP_URL, e.TRANSLATE_URL, e.WEATHER_URL, e.S3_ENDPOINT, e.SMS_URL].flatMap(hostOf),
    ]),
    smsUrl: e.SMS_URL,
    services: {
      translateUrl: e.TRANSLATE_URL?.replace(/\/+$/, ''),
      translateKey: e.TRANSLATE_API_KEY,
      weatherUrl: e.WEATHER_URL === 'off' ? null : e.WEATHER_URL.replace(/\/+$/, ''),
      windLimitKmh: e.WEATHER_WIND_LIMIT_KMH,
      rainLimitMm: e.WEATHER_RAIN_LIMIT_MM,
    },
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            pathStyle: e.S3_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          }
        : { driver: 'local' },
  };
}
