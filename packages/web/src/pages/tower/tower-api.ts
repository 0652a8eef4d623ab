// Wire shapes and calls of the control tower: a batch's plan, the late / at-risk / on-track counts and the
// exception inbox (the server's modules/tower).
import type { MilestoneCode, PlanAnswer, TowerTimeline } from '@tradelane/contract';
import { http, noAnswer } from '../../api/request.ts';
import type { Page } from '../../api/types.ts';

export type Plan = PlanAnswer;

export interface SummaryBatch {
  batchId: number;
  projectId: number;
  batchNumber: string;
  batchName: string | null;
  health: number;
  healthLabel: string | null;
  slackDays: number | null;
  projectedDelivery: string | null;
  requiredOnSite: string | null;
  nextMilestone: string | null;
}
export interface TowerSummary {
  late: number;
  atRisk: number;
  onTrack: number;
  batches: SummaryBatch[];
}

export interface ExceptionRow {
  id: number;
  tenantId: number;
  projectId: number;
  batchId: number;
  kind: string;
  kindLabel: string;
  status: number;
  statusLabel: string;
  ownerTenantId: number | null;
  ownerParty: string | null;
  title: string;
  description: string | null;
  resolution: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  source: string;
  batchNumber: string | null;
  projectName: string | null;
  ownerName: string | null;
  milestone: string | null;
  dueDate: string | null;
  createTime: string;
  actions: string[];
}

export interface ExceptionComment {
  id: number;
  exceptionId: number;
  content: string;
  authorName: string | null;
  authorCompany: string | null;
  mine: boolean;
  createTime: string;
}

export const towerApi = {
  summary: () => http.get<TowerSummary>('/api/tower/summary'),
  plan: (batchId: number) => http.get<Plan>('/api/projectBatch/plan', { batchId }),
  savePlan: (body: {
    batchId: number;
    requiredOnSite?: string | null;
    milestones?: { code: MilestoneCode; planned: string | null }[];
  }) => http.put<Plan>('/api/projectBatch/plan', body),
  baseline: (batchId: number) => http.post<Plan>('/api/projectBatch/plan/baseline', { batchId }),
  /** Fills the dates after the first planned one from the lane's default legs. */
  fromLane: (batchId: number) => http.post<Plan>('/api/projectBatch/plan/fromLane', { batchId }),
  /** The plan import sheet of a project: its batches with what their plans hold. */
  planTemplate: (projectId: number) =>
    http.get<Blob>('/api/projectBatch/plan/importTemplate', { projectId }, { responseType: 'blob' }),
  importPlans: (projectId: number, taskId: string, file: File) => {
    const data = new FormData();
    data.append('projectId', String(projectId));
    data.append('taskId', taskId);
    data.append('file', file);
    return http.post<{ taskId: string; imported: number }>('/api/projectBatch/plan/import', data, {
      // Row errors and a lost answer are the import dialog's to show.
      silent: (e) => e.code === 'plan.import_invalid' || noAnswer(e),
      timeoutMs: 300_000,
    });
  },
  /** What waits for the caller's company: open exceptions it owns, oldest first. */
  inbox: (ownerTenantId: number) =>
    http.get<Page<ExceptionRow>>('/api/exceptions', {
      open: 'true',
      ownerTenantId,
      page: 0,
      size: 20,
      sort: 'createTime,asc',
    }),
  assign: (body: { id: number; ownerTenantId: number; dueDate?: string | null }) =>
    http.post<ExceptionRow>('/api/exceptions/assign', body),
  resolve: (id: number, resolution: string) =>
    http.post<ExceptionRow>('/api/exceptions/resolve', { id, resolution }),
  close: (id: number) => http.post<ExceptionRow>('/api/exceptions/close', { id }),
  reopen: (id: number, reason: string) => http.post<ExceptionRow>('/api/exceptions/reopen', { id, reason }),
  /** One exception as the inbox lists it (with the caller's actions), or none when the caller may not see it. */
  exception: async (id: number) =>
    (await http.get<Page<ExceptionRow>>('/api/exceptions', { id, page: 0, size: 1 })).content[0] ?? null,
  /** An exception's comments, oldest first (a conversation reads down). */
  comments: async (exceptionId: number) =>
    (
      await http.get<Page<ExceptionComment>>('/api/exceptions/comments', {
        exceptionId,
        page: 0,
        size: 200,
        sort: 'createTime,asc',
      })
    ).content,
  comment: (exceptionId: number, content: string) =>
    http.post<ExceptionComment>('/api/exceptions/comments', { exceptionId, content }),
  timeline: (projectId: number) => http.get<TowerTimeline>('/api/tower/timeline', { projectId }),
};
