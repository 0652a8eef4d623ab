// What the platform itself answers: whether it is up (a load balancer's probe), and one entity's timeline
// from the event store (the history drawer of every workflow screen).
import { z } from 'zod';
import { listOf, timelineEventAnswer } from '../answers/common.ts';
import { operation } from './operation.ts';

export const platformOps = {
  health: operation({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the server and its database answer',
    tags: ['system'],
    caller: { public: true },
    answer: z.strictObject({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }),
  }),
  timeline: operation({
    method: 'GET',
    path: '/api/changeRecord/timeline',
    summary: 'Timeline of one entity',
    tags: ['changeRecord'],
    caller: { signedIn: true },
    query: z.object({
      entity: z.string().trim().min(1).max(64),
      entityId: z.coerce.number().int().positive(),
    }),
    answer: listOf(timelineEventAnswer),
  }),
};
