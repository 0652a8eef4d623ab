// The projection of a batch's remaining milestones (docs/decisions.md), with no database in it: the actual
// date of the last milestone reached plus the durations of the legs left — each leg the lane's observed
// median once the lane has history, else the plan's own duration, else the lane's default — and never before
// today for a milestone not reached yet. The batch is late when its projected delivery passes its
// required-on-site date, at risk when it has fewer than `marginDays` to spare.
import {
  Health,
  type HealthValue,
  type MilestoneCode,
  milestones,
  type ProjectionBasis,
} from '@tradelane/contract';

const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD) as a day number, and back. */
export const dayNumber = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
export const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const dayOf = (t: Date) => t.toISOString().slice(0, 10);
export const addDays = (d: string, days: number) => dayString(dayNumber(d) + days);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

export interface MilestoneInput {
  code: MilestoneCode;
  planned: string | null;
  /** The day it was reached (its event), null while not reached. */
  actual: string | null;
}

export interface ProjectionInput {
  milestones: MilestoneInput[];
  today: string;
  /** The lane's observed median (days) of each leg ending at the milestone, where history suffices. */
  laneMedians?: Partial<Record<MilestoneCode, number>>;
  /** The lane's default duration (days) of each leg ending at the milestone. */
  laneDefaults?: Partial<Record<MilestoneCode, number>>;
  requiredOnSite: string | null;
  marginDays: number;
}

export interface ProjectedMilestone {
  code: MilestoneCode;
  projected: string | null;
  basis: ProjectionBasis;
}

export interface Projection {
  milestones: ProjectedMilestone[];
  projectedDelivery: string | null;
  slackDays: number | null;
  health: HealthValue | null;
  /** The first milestone after the last one reached (whose move it is), null when all are reached. */
  next: MilestoneCode | null;
}

/**
 * The plan's own duration of each leg (days from the milestone before). A milestone planned after one with
 * no planned date takes the whole span from the last planned one; the legs in between count zero.
 */
function plannedLegs(ms: MilestoneInput[]): (number | null)[] {
  const legs: (number | null)[] = ms.map(() => null);
  let last: { i: number; planned: string } | null = null;
  ms.forEach((m, i) => {
    if (!m.planned) return;
    if (last) {
      legs[i] = daysBetween(last.planned, m.planned);
      for (let k = last.i + 1; k < i; k++) legs[k] = 0;
    }
    last = { i, planned: m.planned };
  });
  return legs;
}

export function projectBatch(input: ProjectionInput): Projection {
  const ms = input.milestones;
  const legs = plannedLegs(ms);
  let anchor = -1;
  ms.forEach((m, i) => {
    if (m.actual) anchor = i;
  });
  const leg = (i: number): { days: number; basis: ProjectionBasis } => {
    const code = ms[i].code;
    const median = input.laneMedians?.[code];
    if (median !== undefined) return { days: Math.max(0, Math.round(median)), basis: 'history' };
    const planned = legs[i];
    if (planned !== null) return { days: Math.max(0, planned), basis: 'plan' };
    const dflt = input.laneDefaults?.[code];
    if (dflt !== undefined && dflt !== null) return { days: dflt, basis: 'laneDefault' };
    return { days: 0, basis: 'none' };
  };
  const out: ProjectedMilestone[] = [];
  let prev: string | null = null;
  ms.forEach((m, i) => {
    if (i < anchor && !m.actual) {
      // Passed over (a batch that needed no clearance): neither reached nor ahead.
      out.push({ code: m.code, projected: null, basis: 'none' });
      return;
    }
    if (m.actual) {
      out.push({ code: m.code, projected: m.actual, basis: 'actual' });
      prev = m.actual;
      return;
    }
    let projected: string | null;
    let basis: ProjectionBasis;
    if (prev === null) {
      // Nothing reached yet: the first milestone is due on its planned date.
      projected = m.planned;
      basis = m.planned ? 'plan' : 'none';
      if (!projected) {
        const l = leg(i);
        projected = null;
        basis = l.basis === 'none' ? 'none' : l.basis;
      }
    } else {
      const l = leg(i);
      projected = addDays(prev, l.days);
      basis = l.basis;
    }
    // What has not happened cannot happen before today: the first milestone ahead is at least today.
    if (projected && i === anchor + 1 && projected < input.today) projected = input.today;
    out.push({ code: m.code, projected, basis });
    prev = projected ?? prev;
  });
  const delivered = out.find((m) => m.code === 'delivered');
  const projectedDelivery = delivered?.projected ?? null;
  let slackDays: number | null = null;
  let health: HealthValue | null = null;
  if (input.requiredOnSite && projectedDelivery) {
    slackDays = daysBetween(projectedDelivery, input.requiredOnSite);
    health = slackDays < 0 ? Health.late : slackDays < input.marginDays ? Health.atRisk : Health.onTrack;
  }
  const nextIndex = anchor + 1;
  return {
    milestones: out,
    projectedDelivery,
    slackDays,
    health,
    next: nextIndex < ms.length ? ms[nextIndex].code : null,
  };
}

/** Fills the milestones without a planned date from a lane's default leg durations, after the first planned one. */
export function fillFromLane(
  planned: (string | null)[],
  defaults: Partial<Record<MilestoneCode, number | null>>,
): (string | null)[] {
  const out = [...planned];
  for (let i = 1; i < out.length; i++) {
    const before = out[i - 1];
    if (out[i] || !before) continue;
    const days = defaults[milestones[i].code];
    if (days === undefined || days === null) continue;
    out[i] = addDays(before, days);
  }
  return out;
}

/** The median of a list of numbers (the lane's observed leg durations). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
