// The load-planning request of POST /api/loadPlan (the 3D loading tool), validated on both sides.
import { z } from 'zod';

const size = z.coerce.number().int().min(1).max(100_000);

export const loadPlanContainer = z.object({
  id: z.string().trim().max(32).optional(),
  l: size,
  w: size,
  h: size,
  maxPayload: z.coerce.number().min(0).max(1_000_000).optional(),
  cost: z.coerce.number().min(0).optional(),
  available: z.coerce.number().int().min(0).max(1000).optional(),
});

export const loadPlanBox = z.object({
  id: z.union([z.string().max(64), z.number()]).optional(),
  l: size,
  w: size,
  h: size,
  qty: z.coerce.number().int().min(1).max(10_000),
  weight: z.coerce.number().min(0).max(100_000).optional(),
  vertical: z.tuple([z.boolean(), z.boolean(), z.boolean()]).readonly().optional(),
  stackable: z.boolean().optional(),
  maxLoadOnTop: z.coerce.number().min(0).optional(),
  group: z.coerce.number().int().min(0).max(99).optional(),
});

export const loadPlanRequest = z
  .object({
    containers: z.array(loadPlanContainer).min(1).max(20),
    boxes: z.array(loadPlanBox).min(1).max(500),
    mode: z.enum(['fewest', 'cheapest']).default('fewest'),
    timeLimitMs: z.coerce.number().int().min(100).max(20_000).default(2000),
    seed: z.coerce.number().int().min(0).optional(),
  })
  .refine((r) => r.boxes.reduce((n, b) => n + b.qty, 0) <= 20_000, {
    message: 'validation.too_big',
    path: ['boxes'],
  });

export type LoadPlanRequest = z.infer<typeof loadPlanRequest>;

const coord = z.coerce.number().min(0).max(100_000);
/**
 * POST /api/loadPlan/pdf: a finished plan as the loading tool shows it, printed by the server as a PDF
 * whose text (tables, box names, captions) is text — searchable and copyable — and whose views are vectors.
 */
export const loadPlanPrint = z
  .object({
    lang: z.enum(['zh', 'en']),
    mode: z.enum(['fewest', 'cheapest']),
    where: z.enum(['browser', 'server']),
    ms: z.coerce.number().min(0).max(10_000_000),
    boxes: z
      .array(loadPlanBox.extend({ name: z.string().trim().max(200) }))
      .min(1)
      .max(500),
    containers: z
      .array(
        z.object({
          /** The container type as the tool names it (its code or a custom name). */
          label: z.string().trim().min(1).max(200),
          l: size,
          w: size,
          h: size,
          maxPayload: z.coerce.number().min(0).max(1_000_000).optional(),
          placements: z
            .array(
              z.object({
                type: z.coerce.number().int().min(0).max(499),
                x: coord,
                y: coord,
                z: coord,
                l: size,
                w: size,
                h: size,
              }),
            )
            .max(20_000),
        }),
      )
      .max(200),
    leftover: z.array(z.coerce.number().int().min(0).max(10_000)).max(500),
  })
  .refine((r) => r.containers.reduce((n, c) => n + c.placements.length, 0) <= 20_000, {
    message: 'validation.too_big',
    path: ['containers'],
  })
  .refine((r) => r.containers.every((c) => c.placements.every((p) => p.type < r.boxes.length)), {
    message: 'validation.invalid_format',
    path: ['containers'],
  });
export type LoadPlanPrint = z.infer<typeof loadPlanPrint>;
