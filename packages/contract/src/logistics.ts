// The logistics life cycle (docs/decisions.md): one machine for a box's logistics
// status, vehicles (accessoryInfo), containers (ISO 6346 numbers, load plans), arrival, receipt,
// signing and abnormal records. The server's commands run this machine; the web reads it for buttons.
import { z } from 'zod';
import type { StateLabels, StateMachine } from './workflow.ts';

export const LogisticsStatus = {
  notLoaded: 0,
  loaded: 1,
  shipped: 2,
  inTransit: 3,
  boxed: 4,
  onBoard: 5,
  unloaded: 6,
  unpacked: 7,
  delivered: 8,
  received: 9,
  signed: 10,
  /** Rejected at receipt: goes back to the supplier, out of the batch's progress. */
  backToSupplier: 11,
} as const;
export type LogisticsStatusValue = (typeof LogisticsStatus)[keyof typeof LogisticsStatus];

export const logisticsLabels: StateLabels = {
  0: { zh: '未装车', en: 'Not loaded' },
  1: { zh: '已装车', en: 'Loaded' },
  2: { zh: '已发运', en: 'Shipped' },
  3: { zh: '国内在途', en: 'Domestic in transit' },
  4: { zh: '已装箱', en: 'Boxed' },
  5: { zh: '已装船', en: 'On board' },
  6: { zh: '已卸船', en: 'Unloaded' },
  7: { zh: '已拆箱', en: 'Unpacked' },
  8: { zh: '已送达', en: 'Delivered' },
  9: { zh: '已收货', en: 'Received' },
  10: { zh: '已签收', en: 'Signed' },
  11: { zh: '已退回供应商', en: 'Back to supplier' },
};

export type LogisticsEvent =
  | 'load'
  | 'offLoad'
  | 'ship'
  | 'transit'
  | 'stuff'
  | 'undoPacking'
  | 'onBoard'
  | 'discharge'
  | 'unpack'
  | 'deliver'
  | 'undoDelivery'
  | 'receive'
  | 'undoReceive'
  | 'backSupplier'
  | 'sign';

const S = LogisticsStatus;
const moving = ['supplier', 'logistics'] as const;
/**
 * Forward steps and the undos (each exactly one step back, with a reason — guard 'reason').
 * Shipping needs every box of the batch loaded (guard 'allLoaded'); signing needs every box delivered
 * (guard 'allDelivered'); a box must be handed over on a submitted packing list before it is loaded.
 */
export const logisticsMachine: StateMachine<LogisticsStatusValue, LogisticsEvent> = [
  { from: S.notLoaded, event: 'load', to: S.loaded, who: moving, guard: 'submitted' },
  { from: S.loaded, event: 'offLoad', to: S.notLoaded, who: moving, guard: 'reason' },
  { from: S.loaded, event: 'ship', to: S.shipped, who: moving, guard: 'allLoaded' },
  { from: S.shipped, event: 'transit', to: S.inTransit, who: moving },
  { from: S.inTransit, event: 'stuff', to: S.boxed, who: ['logistics'] },
  { from: S.boxed, event: 'undoPacking', to: S.inTransit, who: ['logistics'], guard: 'reason' },
  { from: S.boxed, event: 'onBoard', to: S.onBoard, who: ['logistics'] },
  // Out-of-gauge cargo in no container goes on board as break bulk, straight from domestic transit.
  { from: S.inTransit, event: 'onBoard', to: S.onBoard, who: ['logistics'], guard: 'breakBulk' },
  { from: S.onBoard, event: 'discharge', to: S.unloaded, who: ['logistics'] },
  { from: S.unloaded, event: 'unpack', to: S.unpacked, who: ['logistics'] },
  { from: S.unpacked, event: 'deliver', to: S.delivered, who: ['logistics', 'shipper'] },
  {
    from: S.delivered,
    event: 'undoDelivery',
    to: S.unpacked,
    who: ['logistics', 'shipper'],
    guard: 'reason',
  },
  { from: S.delivered, event: 'receive', to: S.received, who: ['shipper'] },
  { from: S.received, event: 'undoReceive', to: S.delivered, who: ['shipper'], guard: 'reason' },
  { from: S.delivered, event: 'backSupplier', to: S.backToSupplier, who: ['shipper'], guard: 'reason' },
  { from: S.received, event: 'backSupplier', to: S.backToSupplier, who: ['shipper'], guard: 'reason' },
  { from: S.delivered, event: 'sign', to: S.signed, who: ['shipper'], guard: 'allDelivered' },
  { from: S.received, event: 'sign', to: S.signed, who: ['shipper'], guard: 'allDelivered' },
];

/** The event names in both languages (buttons, timelines). */
export const logisticsEventLabels: Record<LogisticsEvent, { zh: string; en: string }> = {
  load: { zh: '装车', en: 'Load' },
  offLoad: { zh: '卸车', en: 'Off-load' },
  ship: { zh: '发运', en: 'Ship' },
  transit: { zh: '国内在途', en: 'In transit' },
  stuff: { zh: '装箱（集装箱）', en: 'Stuff into container' },
  undoPacking: { zh: '撤销装箱', en: 'Undo packing' },
  onBoard: { zh: '装船', en: 'On board' },
  discharge: { zh: '卸船', en: 'Unload from vessel' },
  unpack: { zh: '拆箱', en: 'Unpack' },
  deliver: { zh: '送达', en: 'Deliver' },
  undoDelivery: { zh: '撤销送达', en: 'Undo delivery' },
  receive: { zh: '收货', en: 'Receive' },
  undoReceive: { zh: '撤销收货', en: 'Undo receipt' },
  backSupplier: { zh: '退回供应商', en: 'Back to supplier' },
  sign: { zh: '签收', en: 'Sign' },
};

/** What a box's timeline calls its events: the machine's, and an abnormality raised on it. */
export const boxTimelineLabels: Record<LogisticsEvent | 'abnormal', { zh: string; en: string }> = {
  ...logisticsEventLabels,
  abnormal: { zh: '登记异常', en: 'Abnormality raised' },
};

/** A batch's logistics status: its slowest box (boxes sent back to the supplier do not hold it up). */
export function batchLogisticsStatus(boxStatuses: readonly number[]): number {
  const live = boxStatuses.filter((s) => s !== S.backToSupplier);
  return live.length ? Math.min(...live) : S.notLoaded;
}

// ————— ISO 6346 container numbers —————

const LETTER_VALUES: Record<string, number> = (() => {
  const out: Record<string, number> = {};
  let v = 10;
  for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (v % 11 === 0) v++;
    out[ch] = v++;
  }
  return out;
})();

/** The check digit of the first ten characters (owner code, category, serial) of a container number. */
export function iso6346CheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i] as string;
    const value = /\d/.test(ch) ? Number(ch) : (LETTER_VALUES[ch] ?? 0);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/**
 * A container number as people write it — `CSQU 305438-3`, `csqu3054383`, typed full-width
 * (`ＣＳＱＵ３０５４３８３`) — in its canonical ISO 6346 form `CSQU3054383`: full-width forms folded
 * (NFKC), spaces, dashes, dots and slashes dropped, letters upper-cased.
 */
export const canonicalContainerNumber = (raw: string) =>
  raw
    .normalize('NFKC')
    .replace(/[\s\-\u2010-\u2015\u2212._/\\]+/g, '')
    .toUpperCase();

/** What is wrong with a container number, as a catalogue code with its parameters; undefined when valid. */
export function iso6346Problem(
  raw: string,
): { code: 'container.number_format' } | { code: 'container.check_digit'; expected: number } | undefined {
  const s = canonicalContainerNumber(raw);
  if (!/^[A-Z]{3}[UJZ]\d{6}\d$/.test(s)) return { code: 'container.number_format' };
  const expected = iso6346CheckDigit(s.slice(0, 10));
  return Number(s[10]) === expected ? undefined : { code: 'container.check_digit', expected };
}

// ————— shapes —————

const id = z.coerce.number().int().positive();
const ids = z.array(id).min(1).max(5000);
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
// Left out or blank, the reason is asked for in the same words.
const reason = z
  .string({ error: 'logistics.reason_required' })
  .trim()
  .max(500)
  .min(1, { message: 'logistics.reason_required' });
const when = z.coerce.date().nullish();

/** A vehicle (accessoryInfo) that takes boxes of a batch from the supplier's works. */
export const vehicleCreate = z.object({
  batchId: id,
  plateNumber: text(20).min(1),
  vehicleType: optText(50),
  driverName: optText(50),
  driverPhone: z
    .string()
    .trim()
    .regex(/^(1[0-9]\d{9}|\+?[0-9 -]{6,20})$/, { message: 'validation.phone' })
    .nullish()
    .or(z.literal('')),
  fromPlace: optText(100),
  toPlace: optText(100),
  departTime: when,
  remark: optText(500),
});
export const vehicleUpdate = vehicleCreate.omit({ batchId: true }).partial();

export const containerCreate = z.object({
  batchId: id,
  containerNumber: z
    .string()
    .trim()
    .transform(canonicalContainerNumber)
    .superRefine((s, c) => {
      const p = iso6346Problem(s);
      if (p)
        c.addIssue({
          code: 'custom',
          message: p.code,
          params: p.code === 'container.check_digit' ? { expected: p.expected } : undefined,
        });
    }),
  typeCode: text(8).min(1),
  sealNumber: optText(30),
  /** Inner size (mm) and payload (kg); taken from the type when left out, editable. */
  innerLength: z.coerce.number().int().positive().max(20_000).nullish(),
  innerWidth: z.coerce.number().int().positive().max(5_000).nullish(),
  innerHeight: z.coerce.number().int().positive().max(5_000).nullish(),
  maxPayload: z.coerce.number().positive().max(100_000).nullish(),
  tare: z.coerce.number().min(0).max(20_000).nullish(),
  remark: optText(500),
});
export const containerUpdate = containerCreate.omit({ batchId: true }).partial();

/** Load boxes onto a vehicle (accessoryInfoBoxPiece). */
export const loadInput = z.object({ accessoryInfoId: id, boxPieceIds: ids });
/** Where a box stands in a container (mm from the back-left-floor corner; l, w, h as placed). */
export const placementInput = z.object({
  boxPieceId: id,
  /** Loading order, from 1. */
  seq: z.coerce.number().int().min(1).max(100_000),
  x: z.coerce.number().int().min(0).max(20_000),
  y: z.coerce.number().int().min(0).max(5_000),
  z: z.coerce.number().int().min(0).max(5_000),
  l: z.coerce.number().int().positive().max(20_000),
  w: z.coerce.number().int().positive().max(20_000),
  h: z.coerce.number().int().positive().max(20_000),
});
/**
 * What a box's place in a container carries (PUT /api/containerBoxPiece): its loading order and position
 * (while it is still only stuffed; x, y, z, l, w, h go together) and a remark.
 */
export const containerBoxPieceUpdate = z.object({
  seq: placementInput.shape.seq.nullish(),
  x: placementInput.shape.x.nullish(),
  y: placementInput.shape.y.nullish(),
  z: placementInput.shape.z.nullish(),
  l: placementInput.shape.l.nullish(),
  w: placementInput.shape.w.nullish(),
  h: placementInput.shape.h.nullish(),
  remark: optText(500),
});
/** What a box's place on a vehicle carries (PUT /api/accessoryInfoBoxPiece): a remark. */
export const accessoryInfoBoxPieceUpdate = z.object({ remark: optText(500) });
/**
 * DELETE /api/containerBoxPiece or /api/accessoryInfoBoxPiece: the links (ids, or the spec's bare array)
 * undone one step back — undo packing, off-load — with the reason the machine asks for.
 */
export const unlinkInput = z.object({ ids, reason });
const share = z.coerce.number().min(0).max(10);
const point = z.object({ x: z.number(), y: z.number(), z: z.number() });
/** A load plan's figures, kept with the container when a proposal is accepted. */
export const planSummary = z.object({
  typeCode: text(8).optional(),
  volumeUtilisation: share.optional(),
  weightUtilisation: share.optional(),
  totalWeight: z.coerce.number().min(0).optional(),
  centreOfGravity: point.nullish(),
  cogOffset: z.object({ x: z.number(), y: z.number() }).nullish(),
});
/**
 * Stuff boxes into a container (containerBoxPiece). With `placements` (an accepted load plan: one per
 * box, into an empty container) the positions and loading order are stored and the plan is kept.
 */
export const stuffInput = z.object({
  containerId: id,
  boxPieceIds: ids,
  placements: z.array(placementInput).max(5000).optional(),
  plan: planSummary.optional(),
});
export type PlacementInput = z.infer<typeof placementInput>;

/** POST /api/container/plan: propose containers for a batch's boxes waiting in domestic transit. */
export const containerPlanRequest = z.object({
  batchId: id,
  typeCodes: z.array(text(8).min(1)).min(1).max(6),
  boxPieceIds: ids.optional(),
  timeLimitMs: z.coerce.number().int().min(200).max(20_000).default(3000),
});
export type ContainerPlanRequest = z.infer<typeof containerPlanRequest>;
/** Largest allowed offset of a container's centre of gravity from its middle (share of length, width). */
export const COG_SHARE = 0.1;
/** boxPiece/offLoad?batchId&boxPieceId (spec), with a reason. */
export const offLoadInput = z.object({ batchId: id, boxPieceId: id, reason });
/** An undo of a vehicle's or container's boxes (accessoryInfo/undoLoading, container/undoPacking). */
export const undoGroupInput = z
  .object({
    id: id.optional(),
    boxPieceIds: ids.optional(),
    reason,
  })
  .refine((v) => Boolean(v.id || v.boxPieceIds?.length), {
    message: 'validation.required',
    path: ['id'],
  });
export const shipInput = z.object({ batchId: id, partnetId: id.optional(), place: optText(100) });
export const boxesInput = z.object({ ids, place: optText(100), note: optText(500) });
export const boxesReasonInput = z.object({ ids, reason, place: optText(100) });
/** Containers (ids), or boxes carried as break bulk (boxPieceIds). */
export const containersInput = z
  .object({
    ids: z.array(id).min(1).max(200).optional(),
    boxPieceIds: ids.optional(),
    place: optText(100),
    note: optText(500),
  })
  .refine((v) => Boolean(v.ids?.length || v.boxPieceIds?.length), {
    message: 'validation.required',
    path: ['ids'],
  });
export const onBoardInput = z.intersection(
  containersInput,
  z.object({
    vessel: text(100).min(1),
    voyage: text(30).min(1),
    etd: z.coerce.date().nullish(),
    blNumber: optText(40),
    /** The seal put on each container as it is sealed for the voyage (printed on the bill of lading). */
    seals: z
      .array(z.object({ containerId: id, sealNumber: text(30).min(1) }))
      .max(200)
      .optional(),
  }),
);
export const dischargeInput = z.intersection(
  containersInput,
  z.object({
    port: text(10).min(1),
    eta: z.coerce.date().nullish(),
    ata: z.coerce.date().nullish(),
  }),
);
/**
 * Sign for a batch. Boxes delivered but never received on site, or abnormal records still open, do not
 * block signing, but the signer says why they go on (`reason`); undelivered boxes still block it.
 */
export const signInput = z.object({ batchId: id, note: optText(500), reason: optText(500) });

// ————— abnormal records —————

export const abnormalTypes = [
  { code: 'damage', zh: '破损', en: 'Damage' },
  { code: 'shortage', zh: '短少', en: 'Shortage' },
  { code: 'excess', zh: '多出', en: 'Excess' },
  { code: 'wrong_item', zh: '错发', en: 'Wrong item' },
  { code: 'wet', zh: '受潮', en: 'Wet' },
  { code: 'missing_documents', zh: '单证缺失', en: 'Missing documents' },
] as const;
export const abnormalTypeCodes = abnormalTypes.map((a) => a.code) as [string, ...string[]];
export const AbnormalStatus = { open: 0, resolved: 1 } as const;
export const abnormalStatusLabels: StateLabels = {
  0: { zh: '待处理', en: 'Open' },
  1: { zh: '已处理', en: 'Resolved' },
};
export const abnormalMachine: StateMachine<0 | 1, 'resolve'> = [
  { from: 0, event: 'resolve', to: 1, who: ['shipper'] },
];
export const ABNORMAL_PHOTOS_MAX = 9;
export const abnormalCreate = z.object({
  boxPieceId: id,
  abnormalType: z.enum(abnormalTypeCodes),
  quantity: z.coerce.number().min(0).max(1e9).nullish(),
  note: optText(1000),
  /** Ids of uploaded pictures (file family, images only, 10 MB each). */
  photoIds: z.array(id).max(ABNORMAL_PHOTOS_MAX, { message: 'logistics.too_many_photos' }).default([]),
});
export const abnormalResolve = z.object({ id, note: optText(1000) });

// ————— the logistics reads —————

/** The boxes of a batch with their vehicle and container, optionally those of one group. */
export const boxesOfBatchGroupsQuery = z.object({
  batchId: id,
  containerId: id.optional(),
  accessoryInfoId: id.optional(),
});
/** A batch's transit timeline, its newest lines first. */
export const batchTimelineQuery = z.object({
  batchId: id,
  size: z.coerce.number().int().min(1).max(1000).default(200),
});
/** One box's transit timeline. */
export const boxTimelineQuery = z.object({ boxPieceId: id });
/** Counts per logistics state: of a project's batches or of one batch. */
export const logisticsCountsQuery = z.object({ projectId: id.optional(), batchId: id.optional() });
/** A photo of an abnormal record. */
export const abnormalPhotoQuery = z.object({ id, fileId: id });
/** A container (its stored plan, its loading sheet). */
export const containerIdQuery = z.object({ id });
