// Feedback status by the contract's machine (submitted → confirmed, final): the generic PUT /api/feedback
// moves it only where the machine allows, records the change and tells the submitter through the outbox.
import { feedbackMachine, feedbackStatusLabels } from '@tradelane/contract';
import { partyOf } from '../../access/party.ts';
import { langOf } from '../../http/errors.ts';
import type { Ctx, Row } from '../../resources/engine.ts';
import { recordChange } from '../../workflow/events.ts';
import { checkStep } from '../../workflow/kernel.ts';
import { notify } from '../../workflow/notify.ts';

/** The machine's event an update means: a status change confirms; the same status only replies. */
function eventOf(existing: Row, data: Row): string {
  if (data.status === undefined || data.status === existing.status) return 'reply';
  return data.status === 1 ? 'confirm' : 'reopen';
}

export const feedbackHooks = {
  beforeUpdate: async (ctx: Ctx, existing: Row, data: Row) => {
    checkStep(
      feedbackMachine,
      feedbackStatusLabels,
      existing.status as number,
      eventOf(existing, data),
      partyOf(ctx.auth),
      langOf(ctx.request),
    );
    return { ...data, previousStatus: existing.status };
  },
  // The submitter hears when their feedback is confirmed or answered.
  afterUpdate: async (ctx: Ctx, row: Row, data: Row) => {
    const from = data.previousStatus as number;
    const event = eventOf({ status: from }, data);
    await recordChange(ctx.db, ctx.auth, {
      tenantId: (row.tenantId as number | null) ?? null,
      entity: 'feedback',
      entityId: row.id as number,
      action: event,
      from,
      to: row.status as number,
      note: (data.reply as string | undefined) ?? null,
    });
    if (data.status !== 1 && !data.reply) return;
    await notify(
      ctx.db,
      {
        to: { users: [row.userId as number] },
        title: 'notice.feedback_handled',
        body: row.reply ? 'notice.feedback_reply' : undefined,
        params: { reply: row.reply },
        type: 'feedback',
      },
      ctx.auth.username,
    );
  },
};
