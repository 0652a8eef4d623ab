// The 3D loading tool's calls: the standard container types, a plan of boxes into containers (planned
// in a worker on the server) and the plan printed as a PDF.
import { z } from 'zod';
import { containerPlanAnswer } from '../answers/loadplan.ts';
import { containerTypeAnswer } from '../answers/logistics.ts';
import { loadPlanPrint, loadPlanRequest } from '../loadplan.ts';
import { fileAnswer, operation } from './operation.ts';

const tags = ['loadPlan'] as const;
const caller = { permission: 'loadPlan:use' } as const;

export const loadplanOps = {
  containerTypes: operation({
    method: 'GET',
    path: '/api/loadPlan/containerTypes',
    summary: 'The standard container types (inner size, payload, door)',
    tags,
    caller,
    answer: z.array(containerTypeAnswer),
  }),
  plan: operation({
    method: 'POST',
    path: '/api/loadPlan',
    summary: 'Plan how boxes go into containers (fewest or cheapest), in a worker with a time limit',
    tags,
    caller,
    body: loadPlanRequest,
    answer: z.strictObject({
      containers: z.array(containerPlanAnswer),
      /** Count per box type that could not be loaded into any available container. */
      leftover: z.array(z.number()),
      totalCost: z.number(),
      /** The whole answer's time; of it, `waitMs` the time the plan waited for its turn. */
      ms: z.number(),
      waitMs: z.number(),
    }),
  }),
  pdf: operation({
    method: 'POST',
    path: '/api/loadPlan/pdf',
    summary: 'A load plan of the 3D loading tool as a PDF: text tables and captions, vector views',
    tags,
    caller,
    body: loadPlanPrint,
    answer: fileAnswer,
  }),
};
