// The reminder job: loans out whose due date is within FINANCING_REMIND_DAYS, or past, are
// reminded to the borrowing company once a day (reminded_on), through the outbox like every notice.
import { FINANCING_REMIND_DAYS, FinancingStatus } from '@tradelane/contract';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { financingApplications } from '../../db/schema-finance.ts';
import { addDays, DAY, isoDate } from '../../lib/time.ts';
import { notify } from '../../workflow/notify.ts';
import { shownAmount } from './financing.ts';

export async function remindFinancingDue(app: FastifyInstance, now = new Date()): Promise<number> {
  const today = isoDate(now);
  const horizon = isoDate(addDays(now, FINANCING_REMIND_DAYS));
  const reminded = await app.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(financingApplications)
      .where(
        and(
          eq(financingApplications.status, FinancingStatus.disbursed),
          lte(financingApplications.dueDate, horizon),
          or(isNull(financingApplications.remindedOn), lt(financingApplications.remindedOn, today)),
        ),
      )
      .for('update', { skipLocked: true });
    for (const loan of due) {
      const days = Math.round(
        (Date.parse(`${loan.dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY,
      );
      await notify(tx, {
        to: { tenants: [loan.tenantId] },
        title: days >= 0 ? 'notice.financing_due' : 'notice.financing_overdue',
        params: {
          no: loan.applicationNo,
          amount: shownAmount(loan.amount, loan.currency),
          currency: loan.currency,
          dueDate: loan.dueDate,
          days,
        },
        link: '/finance/financing',
        type: 'business',
      });
      await tx
        .update(financingApplications)
        .set({ remindedOn: today })
        .where(eq(financingApplications.id, loan.id));
    }
    return due.length;
  });
  await app.outbox.flush();
  return reminded;
}
