// One change record → a sentence in the user's language ("Bill of lading · Submitted (Draft → Submitted)").
// The family and event words come from the workflow catalogue (every event of every contract machine has
// them); the status words from the server's dictionary where the page loaded one, else the contract's labels.
import type { DeclContext } from '../resource/types.ts';
import { eventText, familyName, statusText } from './labels.ts';

/** One event of the change record as the server's timeline readers answer it. */
export interface TimelineEntry {
  id?: number;
  time: string;
  by?: string | null;
  byName?: string | null;
  byTenantName?: string | null;
  /** The family; a per-entity timeline may leave it out (the reader knows it). */
  entity?: string;
  entityId?: number;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  place?: string | null;
  note?: string | null;
}

/** The server dictionaries that name some families' statuses (pages load them with their dictionaries). */
export const STATUS_DICT: Record<string, string> = {
  materialList: 'supplies_status',
  batchPartner: 'bp_status',
  batch: 'batch_status',
  projectBatch: 'batch_status',
  partnership: 'partnership_status',
};

/** A status value of a family in words. */
export function statusWord(entity: string | undefined, value: string, ctx: DeclContext): string {
  const dict = entity ? STATUS_DICT[entity] : undefined;
  if (dict) {
    const label = ctx.dictLabel(dict, value);
    if (label !== value) return label;
  }
  return (entity && statusText(entity, value, ctx.lang)) || value;
}

/** What happened, with the status move in words when there was one. */
export function timelineWhat(e: TimelineEntry, ctx: DeclContext, entity = e.entity): string {
  const action = eventText(ctx.t, e.action);
  const what = entity ? `${familyName(ctx.t, entity)} · ${action}` : action;
  const move =
    e.fromStatus != null && e.toStatus != null && e.fromStatus !== e.toStatus
      ? `${statusWord(entity, e.fromStatus, ctx)} → ${statusWord(entity, e.toStatus, ctx)}`
      : '';
  if (!move) return what;
  return ctx.lang === 'zh' ? `${what}（${move}）` : `${what} (${move})`;
}

/** The whole line, the note after a dash. */
export function timelineText(e: TimelineEntry, ctx: DeclContext): string {
  return `${timelineWhat(e, ctx)}${e.note ? ` — ${e.note}` : ''}`;
}

const GOOD = /^(confirm|accept|approve|check|release|sign|resolve|complete|TRADE_SUCCESS)$/;
const BAD = /^(back|decline|reject|return|uncheck|offLoad|backSupplier|abnormal|undo.*|TRADE_CLOSED)$/;

/** The dot's colour: green for an approval, red for a refusal or an undo, blue otherwise. */
export function timelineColor(action: string): 'green' | 'red' | 'blue' {
  return GOOD.test(action) ? 'green' : BAD.test(action) ? 'red' : 'blue';
}
