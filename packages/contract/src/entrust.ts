// The shipping instruction (spec §7 `deliveryEntrust`; docs/shipping-instructions.md) from a shipper to its
// logistics provider for a batch, and the vessel register it names a ship from, with the schedules
// logistics providers keep for the ship inquiry. Shapes, the machine, the IMO check digit.
import { z } from 'zod';
import { incotermCodes, isCalendarDate, zCountry, zLocode } from './project.ts';
import type { StateLabels, StateMachine } from './workflow.ts';

// ————— vessel register —————

/** Vessel types (dictionary `vessel_type`). */
export const vesselTypes = [
  { code: 'container', zh: '集装箱船', en: 'Container ship' },
  { code: 'general_cargo', zh: '杂货船', en: 'General cargo ship' },
  { code: 'multi_purpose', zh: '多用途船', en: 'Multi-purpose vessel' },
  { code: 'heavy_lift', zh: '重吊船', en: 'Heavy-lift vessel' },
  { code: 'bulk', zh: '散货船', en: 'Bulk carrier' },
  { code: 'ro_ro', zh: '滚装船', en: 'Ro-ro vessel' },
  { code: 'reefer', zh: '冷藏船', en: 'Reefer vessel' },
  { code: 'tanker', zh: '油轮', en: 'Tanker' },
  { code: 'other', zh: '其他', en: 'Other' },
] as const;
export const vesselTypeCodes = vesselTypes.map((v) => v.code) as [string, ...string[]];

/** An IMO number as written ("IMO 9795610", "9795610") reduced to its seven digits. */
export const normalizeImo = (raw: string) => raw.replace(/^\s*IMO[\s:-]*/i, '').replace(/\s+/g, '');

/** The IMO check digit: the first six digits weighted 7, 6, 5, 4, 3, 2, summed, modulo 10. */
export function imoCheckDigit(first6: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(first6[i]) * (7 - i);
  return sum % 10;
}

/** What is wrong with an IMO number, as a catalogue code with its parameters; undefined when valid. */
export function imoProblem(
  raw: string,
): { code: 'vessel.imo_format' } | { code: 'vessel.imo_check_digit'; expected: number } | undefined {
  const s = normalizeImo(raw);
  if (!/^\d{7}$/.test(s)) return { code: 'vessel.imo_format' };
  const expected = imoCheckDigit(s.slice(0, 6));
  return Number(s[6]) === expected ? undefined : { code: 'vessel.imo_check_digit', expected };
}

export const zImo = z
  .string()
  .trim()
  .transform(normalizeImo)
  .superRefine((s, c) => {
    const p = imoProblem(s);
    if (p)
      c.addIssue({
        code: 'custom',
        message: p.code,
        params: p.code === 'vessel.imo_check_digit' ? { expected: p.expected } : undefined,
      });
  });

/** MMSI: nine digits (the first three name the flag's maritime identification digits). */
export const zMmsi = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .refine((s) => /^\d{9}$/.test(s), { message: 'vessel.mmsi_format' });

const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid_format' })
  .refine(isCalendarDate, { message: 'validation.invalid_date' });

export const vesselCreate = z.object({
  name: text(100).min(1).toUpperCase(),
  imo: zImo,
  mmsi: zMmsi.nullish(),
  callSign: optText(16),
  flag: zCountry,
  vesselType: z.enum(vesselTypeCodes),
  /** Capacity in TEU (container ships) and deadweight tonnes, when known. */
  teu: z.coerce.number().int().min(0).max(100_000).nullish(),
  dwt: z.coerce.number().int().min(0).max(1_000_000).nullish(),
  built: z.coerce.number().int().min(1900).max(2100).nullish(),
  operator: optText(100),
  remark: optText(500),
});
export type VesselCreate = z.infer<typeof vesselCreate>;

/** A port call of a vessel's voyage: ETA and ETD at a UN/LOCODE sea port. */
export const vesselScheduleCreate = z
  .object({
    vesselId: id,
    voyageNo: text(32).min(1).toUpperCase(),
    portCode: zLocode,
    /** Order of the call on the voyage, from 1. */
    seq: z.coerce.number().int().min(1).max(99).default(1),
    eta: z.coerce.date().nullish(),
    etd: z.coerce.date().nullish(),
    terminal: optText(100),
    remark: optText(500),
  })
  .refine((s) => !s.eta || !s.etd || s.etd.getTime() >= s.eta.getTime(), {
    path: ['etd'],
    message: 'vessel.etd_before_eta',
  });
export const vesselScheduleUpdate = z.object({
  voyageNo: text(32).min(1).toUpperCase(),
  portCode: zLocode,
  seq: z.coerce.number().int().min(1).max(99),
  eta: z.coerce.date().nullish(),
  etd: z.coerce.date().nullish(),
  terminal: optText(100),
  remark: optText(500),
});

export const shipInquiryQuery = z.object({
  q: z.string().trim().min(1).max(100),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

// ————— delivery entrustment —————

export const EntrustStatus = { draft: 0, submitted: 1, accepted: 2 } as const;
export type EntrustStatusValue = (typeof EntrustStatus)[keyof typeof EntrustStatus];
export type EntrustEvent = 'submit' | 'accept' | 'return' | 'edit';
/** The shipper submits its instruction; the provider accepts it, or returns it with a reason (a draft again). */
export const entrustMachine: StateMachine<EntrustStatusValue, EntrustEvent> = [
  { from: 0, event: 'submit', to: 1, who: ['shipper'], guard: 'hasCargo' },
  { from: 1, event: 'accept', to: 2, who: ['logistics'] },
  { from: 1, event: 'return', to: 0, who: ['logistics'], guard: 'reason' },
  // The shipper edits or deletes its instruction only while it is a draft.
  { from: 0, event: 'edit', to: 0, who: ['shipper'] },
];
export const entrustStatusLabels: StateLabels = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '已提交', en: 'Submitted' },
  2: { zh: '已接受', en: 'Accepted' },
};

/** Packages, gross weight (kg) and volume (m³) of a batch's handed-over boxes. */
export interface CargoSummary {
  packages: number;
  grossWeight: number;
  volume: number;
}

const party = text(500).min(1);
const entrustFields = {
  /** Shipper, consignee and notify party: name and address as printed on the B/L. */
  shipperText: party,
  consignee: party,
  notifyParty: optText(500),
  portOfLoading: zLocode,
  portOfDischarge: zLocode,
  placeOfDelivery: optText(100),
  incoterm: z.enum(incotermCodes),
  incotermPlace: optText(100),
  wantedEtd: isoDate.nullish(),
  /** From the vessel register (optional); its name is kept with the instruction. */
  vesselId: id.nullish(),
  voyageNo: optText(32),
  cargoDescription: optText(1000),
  specialRequirements: optText(1000),
};

export const deliveryEntrustCreate = z.object({
  batchId: id,
  /** The batch's logistics provider the instruction goes to; may be left out when the batch has one. */
  partyTenantId: id.nullish(),
  ...entrustFields,
});
export const deliveryEntrustUpdate = z.object(entrustFields);
export const entrustRef = z.object({ id });
export const entrustReturn = z.object({
  id,
  reason: text(500).min(1, { message: 'entrust.reason_required' }),
});
export const entrustLastQuery = z.object({ batchId: id.optional() });
export const queryShipNameQuery = z.object({
  shiName: z.string().trim().max(100).default(''),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
