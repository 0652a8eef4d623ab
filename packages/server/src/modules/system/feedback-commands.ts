// Feedback status by the contract's machine (submitted → confirmed, final). The spec's client answers
// feedback with the family's PUT /api/feedback {id, status, reply}: that route is a kernel command whose
// event the body names — a new status confirms, the same status (or none) only replies — so the move is
// checked, recorded and told to the submitter through the outbox like every other.
import { FeedbackStatus, feedbackMachine, feedbackStatusLabels } from '@tradelane/contract';
import { adminOps } from '@tradelane/contract/api/admin';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';
import { defineCommand } from '../../workflow/kernel.ts';

export const answerFeedback = defineCommand({
  name: 'feedback.answer',
  operation: adminOps.answerFeedback,
  machine: feedbackMachine,
  // Back to submitted is no event of the machine: it is refused as such, naming the current state.
  event: (input, row) => {
    if (input.status === undefined || input.status === row?.status) return 'reply';
    return input.status === FeedbackStatus.confirmed ? 'confirm' : 'reopen';
  },
  labels: feedbackStatusLabels,
  table: feedback,
  statusColumn: 'status',
  entity: 'feedback',
  who: {},
  target: async (_ctx, input) => input.id,
  set: ({ input }) => (input.reply !== undefined ? { reply: input.reply } : {}),
  note: (input) => input.reply,
  // The submitter hears when their feedback is confirmed or answered.
  notify: ({ updated, input }) =>
    input.status === FeedbackStatus.confirmed || input.reply
      ? [
          {
            to: { users: updated.userId === null ? [] : [updated.userId] },
            title: 'notice.feedback_handled',
            body: updated.reply ? 'notice.feedback_reply' : undefined,
            params: { reply: updated.reply },
            type: 'feedback',
          },
        ]
      : [],
});

/** How much feedback waits for an answer (submitted, not confirmed yet). */
export async function openFeedbackCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(feedback)
    .where(eq(feedback.status, FeedbackStatus.submitted));
  return Number(row?.n ?? 0);
}
