// Wire shapes and calls of the control tower: a batch's plan, the late / at-risk / on-track counts and the
// exception inbox (the server's modules/tower).
import type {
  AnswerOf,
  exceptionAnswer,
  exceptionCommentAnswer,
  InputOf,
  PlanAnswer,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { towerOps } from '@tradelane/contract/api/tower';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { noAnswer } from '../../api/request.ts';

export type Plan = PlanAnswer;
export type TowerSummary = AnswerOf<typeof towerOps.summary>;
export type SummaryBatch = TowerSummary['batches'][number];
export type ExceptionRow = z.infer<typeof exceptionAnswer>;
export type ExceptionComment = z.infer<typeof exceptionCommentAnswer>;

export const towerApi = {
  summary: () => call(towerOps.summary, {}),
  plan: (batchId: number) => call(towerOps.plan, { batchId }),
  savePlan: (body: InputOf<typeof towerOps.savePlan>) => call(towerOps.savePlan, body),
  baseline: (batchId: number) => call(towerOps.baseline, { batchId }),
  /** Fills the dates after the first planned one from the lane's default legs. */
  fromLane: (batchId: number) => call(towerOps.fromLane, { batchId }),
  /** The plan import sheet of a project: its batches with what their plans hold. */
  planTemplate: (projectId: number) => call(towerOps.planTemplate, { projectId }),
  importPlans: (projectId: number, taskId: string, file: File) => {
    const data = new FormData();
    data.append('projectId', String(projectId));
    data.append('taskId', taskId);
    data.append('file', file);
    return call(towerOps.planImport, data, {
      // Row errors and a lost answer are the import dialog's to show.
      silent: (e) => e.code === 'plan.import_invalid' || noAnswer(e),
      timeoutMs: 300_000,
    });
  },
  /** What waits for the caller's company: open exceptions it owns, oldest first. */
  inbox: (ownerTenantId: number) =>
    call(families.exceptions.list, {
      open: 'true',
      ownerTenantId,
      page: 0,
      size: 20,
      sort: 'createTime,asc',
    }),
  assign: (body: InputOf<typeof towerOps.assignException>) => call(towerOps.assignException, body),
  resolve: (id: number, resolution: string) => call(towerOps.resolveException, { id, resolution }),
  close: (id: number) => call(towerOps.closeException, { id }),
  reopen: (id: number, reason: string) => call(towerOps.reopenException, { id, reason }),
  /** One exception as the inbox lists it (with the caller's actions), or none when the caller may not see it. */
  exception: async (id: number) =>
    (await call(families.exceptions.list, { id, page: 0, size: 1 })).content[0] ?? null,
  /** An exception's comments, oldest first (a conversation reads down). */
  comments: async (exceptionId: number) =>
    (
      await call(families.exceptionComments.list, {
        exceptionId,
        page: 0,
        size: 200,
        sort: 'createTime,asc',
      })
    ).content,
  comment: (exceptionId: number, content: string) =>
    call(families.exceptionComments.create, { exceptionId, content }),
  timeline: (projectId: number) => call(towerOps.timeline, { projectId }),
};
