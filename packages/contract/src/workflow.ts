// The workflow kernel's shared shapes (docs/decisions.md): a status is a state machine `{from, event, to,
// who, guard}` that the server's commands enforce and the web's buttons read. The spine's own machines
// (tenant certification, feedback) live here; domain machines live in their domain file.

/**
 * Which side a caller is on. `platform`: a platform administrator; `finance`: the platform's finance
 * role (supply-chain finance); `system`: moves that follow from another command (never a caller).
 */
export type Party = 'shipper' | 'supplier' | 'logistics' | 'platform' | 'finance' | 'system';

export interface Transition<S extends number, E extends string> {
  from: S;
  event: E;
  to: S;
  who: readonly Party[];
  /** Named precondition the server checks (e.g. 'hasRows'); the web may show it as a hint. */
  guard?: string;
}
export type StateMachine<S extends number, E extends string> = readonly Transition<S, E>[];

export type StepResult<S> = { ok: true; to: S; guard?: string } | { ok: false; reason: 'state' | 'party' };

/** The transition an event takes from a state for a party, or why it is refused. */
export function step<S extends number, E extends string>(
  machine: StateMachine<S, E>,
  from: number,
  event: E,
  party: Party,
): StepResult<S> {
  const matches = machine.filter((t) => t.from === from && t.event === event);
  if (!matches.length) return { ok: false, reason: 'state' };
  const t = matches.find((m) => m.who.includes(party));
  return t ? { ok: true, to: t.to, guard: t.guard } : { ok: false, reason: 'party' };
}

/** Events a party may fire from a state: what the web enables as buttons. */
export function allowedEvents<S extends number, E extends string>(
  machine: StateMachine<S, E>,
  from: number,
  party: Party,
): E[] {
  return machine.filter((t) => t.from === from && t.who.includes(party)).map((t) => t.event);
}

/**
 * Whether a row in state `from` may be edited: its machine declares an `edit` event from that state
 * (for `party`, when named). Editability is stated once, by the machine.
 */
export function editable<S extends number, E extends string>(
  machine: StateMachine<S, E>,
  from: number,
  party?: Party,
): boolean {
  return machine.some((t) => t.from === from && t.event === 'edit' && (!party || t.who.includes(party)));
}

/** Whether an event takes a row in state `from` to another state (a reopen), not a step that keeps it. */
export function changesState<S extends number, E extends string>(
  machine: StateMachine<S, E>,
  from: number,
  event: E,
): boolean {
  return machine.some((t) => t.from === from && t.event === event && t.to !== from);
}

/** The states a machine lets a row be edited in (for queries that pick editable rows). */
export function editableStates<S extends number, E extends string>(machine: StateMachine<S, E>): S[] {
  return [...new Set(machine.filter((t) => t.event === 'edit').map((t) => t.from))];
}

export type StateLabels = Record<number, { zh: string; en: string }>;

/**
 * Tenant certification (`tenant_checksatus`): the tenant submits its papers, a platform administrator
 * approves or rejects; a rejected tenant may submit again. Nothing is approved that was never submitted.
 */
export const CertificationStatus = { notSubmitted: 0, submitted: 1, certified: 2, rejected: 3 } as const;
type CS = (typeof CertificationStatus)[keyof typeof CertificationStatus];
export type CertificationEvent = 'submit' | 'check' | 'uncheck';
export const certificationMachine: StateMachine<CS, CertificationEvent> = [
  { from: 0, event: 'submit', to: 1, who: ['shipper', 'supplier', 'logistics'] },
  { from: 3, event: 'submit', to: 1, who: ['shipper', 'supplier', 'logistics'] },
  { from: 1, event: 'check', to: 2, who: ['platform'] },
  { from: 1, event: 'uncheck', to: 3, who: ['platform'], guard: 'reason' },
  // A certified tenant's certification can be withdrawn (papers found false).
  { from: 2, event: 'uncheck', to: 3, who: ['platform'], guard: 'reason' },
];
export const certificationStatusLabels: StateLabels = {
  0: { zh: '未提交', en: 'Not submitted' },
  1: { zh: '已提交', en: 'Submitted' },
  2: { zh: '已认证', en: 'Certified' },
  3: { zh: '已驳回', en: 'Rejected' },
};

/**
 * A tenant's standing (`active`): a platform administrator stops a company (its users are logged out and
 * refused) and activates it again; extending the trial is a step of either state that keeps it.
 */
export const TenantStanding = { stopped: 0, active: 1 } as const;
type TS = (typeof TenantStanding)[keyof typeof TenantStanding];
export type TenantStandingEvent = 'stop' | 'activate' | 'extendTrial';
export const tenantStandingMachine: StateMachine<TS, TenantStandingEvent> = [
  // An administrator never stops the platform's own company (and so locks everyone out).
  { from: 1, event: 'stop', to: 0, who: ['platform'], guard: 'notOwnTenant' },
  { from: 0, event: 'activate', to: 1, who: ['platform'] },
  { from: 1, event: 'extendTrial', to: 1, who: ['platform'] },
  { from: 0, event: 'extendTrial', to: 0, who: ['platform'] },
];
export const tenantStandingLabels: StateLabels = {
  0: { zh: '已停用', en: 'Stopped' },
  1: { zh: '启用', en: 'Active' },
};

/** Feedback: submitted by a user, confirmed (handled) by the platform. Confirmed is final. */
export const FeedbackStatus = { submitted: 0, confirmed: 1 } as const;
type FS = (typeof FeedbackStatus)[keyof typeof FeedbackStatus];
export type FeedbackEvent = 'confirm' | 'reply';
export const feedbackMachine: StateMachine<FS, FeedbackEvent> = [
  { from: 0, event: 'confirm', to: 1, who: ['platform'] },
  // A reply may be written or corrected without changing the status.
  { from: 0, event: 'reply', to: 0, who: ['platform'] },
  { from: 1, event: 'reply', to: 1, who: ['platform'] },
];
export const feedbackStatusLabels: StateLabels = {
  0: { zh: '已提交', en: 'Submitted' },
  1: { zh: '已确认', en: 'Confirmed' },
};
