// Paths exactly as spec §7: /auth/login, /auth/mobile/loginByPassword, /auth/regAndLogin, /auth/info,
// /auth/code, /auth/logout, /auth/resetSendCode, /auth/resetPass.
import { randomInt, randomUUID } from 'node:crypto';
import { CheckStatus, RoleType, type registerBody } from '@tradelane/contract';
import { authOps as ops } from '@tradelane/contract/api/account';
import { and, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.ts';
import {
  captchas,
  depts,
  loginAttempts,
  resetCodes,
  roles,
  tenants,
  users,
  usersRoles,
} from '../../db/schema.ts';
import { caller, createSession, setSessionCookie, tokenFromRequest } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { mount } from '../../http/mount.ts';
import { DUMMY_HASH, hashPassword, sha256, verifyPassword } from '../../lib/password.ts';
import { sendSms } from '../../lib/sms.ts';
import { addDays, isoDate, MINUTE } from '../../lib/time.ts';
import { sendMail } from '../admin/mail.ts';
import { loginAnswer, trialExpired, type UserRow, withToken } from './login-answer.ts';
import { revokeSessions, revokeUserSessions } from './sessions.ts';

/**
 * Failed logins slow the one guessing, not the account's owner: failures are counted per (account,
 * client address); past THROTTLE_AFTER that address waits, doubling from THROTTLE_BASE_MS up to
 * THROTTLE_MAX_MS, while a login from another address goes on. An account failing from many addresses
 * (CAPTCHA_AFTER in the window) asks everyone for the captcha, even where captchas are switched off.
 */
const FAIL_WINDOW_MS = 15 * MINUTE;
const THROTTLE_AFTER = 5;
const THROTTLE_BASE_MS = 30_000;
const THROTTLE_MAX_MS = 15 * MINUTE;
const CAPTCHA_AFTER = 10;
const CAPTCHA_TTL_MS = 2 * MINUTE;
const RESET_TTL_MS = 10 * MINUTE;
/** Reset codes: at most this many per account, and per client address, in RESET_WINDOW_MS … */
const RESET_WINDOW_MS = 60 * MINUTE;
const RESET_CODES_PER_ACCOUNT = 5;
const RESET_CODES_PER_ADDRESS = 10;
/** … and this many wrong guesses per account in the window, whatever number of codes was sent. */
const RESET_GUESSES = 5;
/** A reset-code request is kept in the login history (it has the address); it is not a failed login. */
const RESET_REQUEST = 'reset_code_sent';

/** A captcha's answer, for the browser tests' hook (routes registered only under TEST_HOOKS=1). */
export async function captchaAnswer(db: Db, uuid: string): Promise<string | undefined> {
  const [row] = await db.select({ answer: captchas.answer }).from(captchas).where(eq(captchas.uuid, uuid));
  return row?.answer;
}

async function checkCaptcha(app: FastifyInstance, code: string, uuid: string, force = false) {
  if (!app.config.captcha && !force) return;
  if (!uuid)
    throw badRequest(force && !app.config.captcha ? 'auth.captcha_required' : 'auth.captcha_expired');
  // Single use: the row is gone whatever the answer.
  const [row] = await app.db.delete(captchas).where(eq(captchas.uuid, uuid)).returning();
  if (!row || row.expiresAt.getTime() < Date.now()) throw badRequest('auth.captcha_expired');
  if (row.answer.trim() !== code.trim()) throw badRequest('auth.captcha_invalid');
}

/**
 * Failures against an account (by the user they were against, whatever name, number or path was used;
 * an unknown identifier by itself) in the window, after the last success — from one address when `ip`
 * is given (and after that address's last success), or from anywhere.
 */
async function recentFailures(
  db: Db,
  account: string,
  userId: number | undefined,
  ip?: string,
): Promise<{ count: number; last: Date | null }> {
  const since = new Date(Date.now() - FAIL_WINDOW_MS);
  const whose = and(
    userId === undefined ? eq(loginAttempts.account, account) : eq(loginAttempts.userId, userId),
    ip === undefined ? undefined : eq(loginAttempts.ip, ip),
  );
  const [lastOk] = await db
    .select({ t: sql<Date | null>`max(${loginAttempts.createTime})` })
    .from(loginAttempts)
    .where(and(whose, eq(loginAttempts.success, true), gt(loginAttempts.createTime, since)));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<Date | null>`max(${loginAttempts.createTime})` })
    .from(loginAttempts)
    .where(
      and(
        whose,
        eq(loginAttempts.success, false),
        gt(loginAttempts.createTime, lastOk?.t ? new Date(lastOk.t) : since),
      ),
    );
  return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
}

/** How long this address must still wait before its next try at this account (0: it may try now). */
function waitMs(failures: { count: number; last: Date | null }): number {
  if (failures.count < THROTTLE_AFTER || !failures.last) return 0;
  const wait = Math.min(THROTTLE_MAX_MS, THROTTLE_BASE_MS * 2 ** (failures.count - THROTTLE_AFTER));
  return Math.max(0, failures.last.getTime() + wait - Date.now());
}

const slowDown = (ms: number) => new AppError(429, 'auth.slow_down', { seconds: Math.ceil(ms / 1000) });

function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, browser: (request.headers['user-agent'] ?? '').slice(0, 255) };
}

/** The shared tail of every login path: throttle, captcha, password, account state, session, answer. */
async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
  user: UserRow | undefined,
  password: string,
  remember: boolean,
  captcha: { code: string; uuid: string },
) {
  const { db } = app;
  const info = clientInfo(request);
  const wait = waitMs(await recentFailures(db, account, user?.id, info.ip));
  if (wait > 0) throw slowDown(wait);
  // Guessed at from many addresses: the captcha for everyone (checked already where it is on).
  if (!app.config.captcha && (await recentFailures(db, account, user?.id)).count >= CAPTCHA_AFTER)
    await checkCaptcha(app, captcha.code, captcha.uuid, true);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await db
      .insert(loginAttempts)
      .values({ account, userId: user?.id, success: false, reason: 'bad_credentials', ...info });
    const next = waitMs(await recentFailures(db, account, user?.id, info.ip));
    if (next > 0) throw slowDown(next);
    throw badRequest('auth.bad_credentials');
  }
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
  const refuse = async (code: 'auth.disabled' | 'auth.tenant_stopped' | 'auth.trial_expired') => {
    await db
      .insert(loginAttempts)
      .values({ account, userId: user.id, success: false, reason: code, ...info });
    return badRequest(code);
  };
  if (!user.enabled) throw await refuse('auth.disabled');
  if (!tenant?.active) throw await refuse('auth.tenant_stopped');
  if (trialExpired(user, tenant)) throw await refuse('auth.trial_expired');
  const token = await createSession(db, app.config, user, { remember, ...info });
  await db.insert(loginAttempts).values({ account, userId: user.id, success: true, ...info });
  setSessionCookie(request, reply, token, remember);
  return withToken(token, await loginAnswer(db, user));
}

export async function authRoutes(app: FastifyInstance) {
  const { db } = app;

  mount(app, ops.code, async () => {
    const captcha = svgCaptcha.createMathExpr({
      mathMin: 1,
      mathMax: 9,
      mathOperator: '+',
      noise: 2,
      color: true,
    });
    const uuid = randomUUID();
    await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
    await db
      .insert(captchas)
      .values({ uuid, answer: captcha.text, expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
    return { img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`, uuid };
  });

  mount(app, ops.login, async (request, reply) => {
    const { body } = request;
    await checkCaptcha(app, body.code, body.uuid);
    const [user] = await db.select().from(users).where(eq(users.username, body.username));
    return authenticate(app, request, reply, body.username, user, body.password, body.rememberMe, body);
  });

  mount(app, ops.mobileLogin, async (request, reply) => {
    const { body } = request;
    await checkCaptcha(app, body.code, body.uuid);
    const [user] = await db.select().from(users).where(eq(users.phone, body.phone));
    const answer = await authenticate(
      app,
      request,
      reply,
      body.phone,
      user,
      body.password,
      body.rememberMe,
      body,
    );
    return { ...answer, userId: user?.id };
  });

  mount(app, ops.register, async (request, reply) => {
    const { body } = request;
    await checkCaptcha(app, body.code, body.uuid);
    const user = await registerTenant(app, body);
    const token = await createSession(db, app.config, user, { remember: false, ...clientInfo(request) });
    await db
      .insert(loginAttempts)
      .values({ account: user.username, userId: user.id, success: true, ...clientInfo(request) });
    reply.status(201);
    setSessionCookie(request, reply, token);
    return withToken(token, await loginAnswer(db, user));
  });

  mount(app, ops.info, async (request) => {
    const auth = caller(request);
    const [user] = await db.select().from(users).where(eq(users.id, auth.userId));
    const answer = await loginAnswer(db, user, auth);
    return { ...answer, roles: answer.user.roles, user: answer.user.user };
  });

  mount(app, ops.logout, async (request, reply) => {
    const token = tokenFromRequest(request);
    if (token) {
      await revokeSessions(db, { tokenHash: sha256(token) }, { notice: 'ended' });
    }
    setSessionCookie(request, reply, null);
    return { ok: true as const };
  });

  mount(app, ops.resetSendCode, async (request) => {
    const { body } = request;
    await checkCaptcha(app, body.code, body.uuid);
    const { target, user } = await resetAccount(db, body);
    const since = new Date(Date.now() - RESET_WINDOW_MS);
    const requests = (...where: SQL[]) =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.reason, RESET_REQUEST), gte(loginAttempts.createTime, since), ...where))
        .then(([r]) => Number(r?.n ?? 0));
    // Per address, and per account (every address of it: its mobile number and its e-mail). Counted the
    // same way whether or not the account exists, so the limit does not tell which accounts do.
    const accountKeys = (user ? accountTargets(user) : [target]).map(resetKey);
    if (
      (await requests(eq(loginAttempts.ip, request.ip))) >= RESET_CODES_PER_ADDRESS ||
      (await requests(inArray(loginAttempts.account, accountKeys))) >= RESET_CODES_PER_ACCOUNT
    )
      throw new AppError(429, 'auth.reset_code_limit', { minutes: RESET_WINDOW_MS / MINUTE });
    await db.insert(loginAttempts).values({
      account: resetKey(target),
      success: false,
      reason: RESET_REQUEST,
      ...clientInfo(request),
    });
    // The answer is the same whether or not the account exists: no account discovery.
    if (user) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.insert(resetCodes).values({
        target,
        codeHash: sha256(`${target}:${code}`),
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      // The code goes only to the account's own addresses on record — never to one the request names:
      // the mobile number through the SMS gateway when the account was named by it and one is set up,
      // else the e-mail on record.
      const text = `Tradelane 验证码 / verification code: ${code} (10 min)`;
      const smsTo = body.phone && app.config.smsUrl ? user.phone : null;
      const delivered = smsTo
        ? await sendSms(app, smsTo, text)
        : user.email
          ? await sendMail(app, user.email, 'Tradelane', text, 'reset')
          : false;
      if (!delivered) request.log.warn({ userId: user.id }, 'password reset code could not be delivered');
      // Codes are never logged; the test hooks alone keep the last one (for tests to read).
      if (app.config.testHooks) lastResetCodes.set(target, code);
    }
    return { sent: true as const };
  });

  mount(app, ops.resetPass, async (request) => {
    const { body } = request;
    const { target, user } = await resetAccount(db, body);
    const [row] = await db
      .select()
      .from(resetCodes)
      .where(
        and(eq(resetCodes.target, target), eq(resetCodes.used, false), gt(resetCodes.expiresAt, new Date())),
      )
      .orderBy(sql`${resetCodes.id} desc`)
      .limit(1);
    if (!row) throw badRequest('auth.reset_code_invalid');
    // Wrong guesses count against the account over the window, across every code sent: a new code
    // does not give new guesses.
    const targets = user ? accountTargets(user) : [target];
    const [guessed] = await db
      .select({ n: sql<number>`coalesce(sum(${resetCodes.attempts}), 0)::int` })
      .from(resetCodes)
      .where(
        and(
          inArray(resetCodes.target, targets),
          gte(resetCodes.createTime, new Date(Date.now() - RESET_WINDOW_MS)),
        ),
      );
    if (Number(guessed?.n ?? 0) >= RESET_GUESSES) throw badRequest('auth.reset_code_invalid');
    if (row.codeHash !== sha256(`${target}:${body.code}`)) {
      await db
        .update(resetCodes)
        .set({ attempts: sql`${resetCodes.attempts} + 1` })
        .where(eq(resetCodes.id, row.id));
      throw badRequest('auth.reset_code_invalid');
    }
    if (!user) throw badRequest('auth.reset_code_invalid');
    await db.transaction(async (tx) => {
      await tx.update(resetCodes).set({ used: true }).where(eq(resetCodes.id, row.id));
      await tx
        .update(users)
        .set({
          passwordHash: await hashPassword(body.password),
          pwdResetTime: new Date(),
          updateTime: new Date(),
        })
        .where(eq(users.id, user.id));
    });
    await revokeUserSessions(db, user.id);
    return { reset: true as const };
  });
}

/** A reset names its account by mobile number or e-mail: the target string and the account, if any. */
async function resetAccount(db: Db, body: { phone?: string | null; email?: string | null }) {
  const target = body.phone || body.email;
  if (!target) throw badRequest('auth.reset_target_required');
  const [user] = await db
    .select()
    .from(users)
    .where(body.phone ? eq(users.phone, body.phone) : eq(users.email, body.email ?? ''));
  return { target, user: user as UserRow | undefined };
}

/** How a reset-code request names its target in the login history (never a login name: those have no ':'). */
const resetKey = (target: string) => `reset:${target}`.slice(0, 128);

/** Every address a reset code of this account may be sent to. */
function accountTargets(user: UserRow): string[] {
  return [user.phone, user.email].filter((v): v is string => Boolean(v));
}

/** Test hook storage for reset codes (only filled when TEST_HOOKS is on). */
export const lastResetCodes = new Map<string, string>();

const END_ROLE: Record<number, string> = { 0: 'shipper', 1: 'supplier', 2: 'logistics' };

/** Creates the tenant, its root department and its first user (roleType per spec §1). */
export async function registerTenant(
  app: FastifyInstance,
  body: ReturnType<typeof registerBody.parse>,
): Promise<UserRow> {
  return app.db.transaction(async (tx) => {
    const [dupe] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.corporateName, body.corporateName));
    if (dupe) throw badRequest('unique.generic', { field: body.corporateName });
    const isShipper = body.roleType === 0;
    const [tenant] = await tx
      .insert(tenants)
      .values({
        corporateName: body.corporateName,
        end: body.roleType,
        checkStatus: CheckStatus.notSubmitted,
        trialEnd: isShipper ? isoDate(addDays(new Date(), app.config.trialDays)) : null,
        contactPhone: body.phone,
        contactEmail: body.email,
        createBy: body.username,
      })
      .returning();
    const [dept] = await tx
      .insert(depts)
      .values({ tenantId: tenant.id, name: body.corporateName, createBy: body.username })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        deptId: dept.id,
        username: body.username,
        nickName: body.username,
        email: body.email,
        phone: body.phone,
        passwordHash: await hashPassword(body.password),
        roleType: isShipper ? RoleType.shipperTrial : body.roleType,
        createBy: body.username,
      })
      .returning();
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.code, END_ROLE[body.roleType]), isNull(roles.tenantId)));
    if (role) await tx.insert(usersRoles).values({ userId: user.id, roleId: role.id });
    return user;
  });
}
