// What every answer shares: the engine's audit columns, the paged list, a timeline event, and schemas
// of a status or a command tied to a machine from the contract. Answer schemas are strict: they
// describe exactly what the server sends, and the server's conformance test (answer-schemas.test.ts)
// parses real answers with them, so an extra, missing or mistyped key fails there, not in the web.
import { z } from 'zod';
import type { StateLabels, StateMachine } from '../workflow.ts';

/** The columns every row of a declared family carries. */
export const engineRow = z.strictObject({
  id: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
  createBy: z.string().nullable(),
  updateBy: z.string().nullable(),
});

/** Everything a paged list answers besides its rows. */
export const pageMeta = z.strictObject({
  /** Exact on a numbered page (null only when continuing with `after=`, which no screen does). */
  totalElements: z.number().nullable(),
  /** The cursor of the next page (`after=`) when this page is full (declared families only). */
  next: z.string().optional(),
  /** Present (false) when a very long unfiltered list answers the planner's estimate, not a count. */
  totalExact: z.literal(false).optional(),
});

/** A paged list of rows: `{ content, totalElements, next?, totalExact? }`. */
export const pageOf = <T extends z.ZodType>(row: T) => pageMeta.extend({ content: z.array(row) });
export type PageOf<T> = z.infer<typeof pageMeta> & { content: T[] };

/** A list answered whole with its count (`{ content, totalElements }`, no paging). */
export const listOf = <T extends z.ZodType>(row: T) =>
  z.strictObject({ content: z.array(row), totalElements: z.number() });

/** A state of a machine: a number the labels name. */
export const stateOf = (labels: StateLabels) =>
  z.number().refine((v) => v in labels, { message: 'not a state of the machine' });

/** A command of a machine (typed as the machine's events). */
export const eventOf = <E extends string>(machine: StateMachine<number, E>) =>
  z.custom<E>((v) => typeof v === 'string' && machine.some((t) => t.event === v), {
    message: 'not a command of the machine',
  });

/** One line of an entity's timeline (GET /api/changeRecord/timeline and the workbenches). */
export const timelineEventAnswer = z.strictObject({
  id: z.number(),
  time: z.string(),
  by: z.string().nullable(),
  byName: z.string().nullable(),
  byTenantName: z.string().nullable(),
  entity: z.string(),
  entityId: z.number(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  place: z.string().nullable(),
  note: z.string().nullable(),
});

/**
 * A change record as the history lists it (GET /api/changeRecord): what changed, from which state to which,
 * whose it is (the owner, the partner concerned, the actor's company) and where it happened.
 */
export const changeRecordAnswer = engineRow.extend({
  tenantId: z.number().nullable(),
  projectId: z.number().nullable(),
  batchId: z.number().nullable(),
  entity: z.string(),
  entityId: z.number(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorTenantId: z.number().nullable(),
  partyTenantId: z.number().nullable(),
  place: z.string().nullable(),
  note: z.string().nullable(),
  /** Details of the step no list filters on (a reason, the rows a command moved…). */
  data: z.record(z.string(), z.unknown()).nullable(),
});

/** An uploaded file as POST /api/file answers it. */
export const uploadAnswer = z.strictObject({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
});
