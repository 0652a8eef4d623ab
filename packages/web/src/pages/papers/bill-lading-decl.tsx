// The bill of lading family as the page declares it: its form's fields, how the form's values go on
// the wire, how its commands are worded, and its list (filters, columns, row actions and commands).
import { billLadingMachine, billLadingRequired, editable as editableIn } from '@tradelane/contract';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { type BillLadingBody, type BillLadingRow, ladingApi } from './lading-api.ts';
import { type PaperDecl, paperCommands } from './PaperPage.tsx';
import { paperList, reasonColumn, statusColumn } from './paper-columns.tsx';

export const BL_DICTS = ['bill_lading_status', 'freight_terms'];
/** The page: its title and "add" (the provider drafts one from the batch). */
export const BL_PAPER: PaperDecl = {
  titleKey: 'lading.bl.what',
  dicts: BL_DICTS,
  add: { permission: 'billLading:add', labelKey: 'lading.bl.add', hintKey: 'lading.bl.addHint' },
};
export const TEXT_FIELDS = [
  'blNumber',
  'shipper',
  'consignee',
  'notifyParty',
  'vessel',
  'voyage',
  'portOfLoading',
  'portOfDischarge',
  'placeOfReceipt',
  'placeOfDelivery',
  'marksAndNumbers',
  'packages',
  'description',
  'grossWeight',
  'measurement',
  'freightTerms',
  'originals',
  'placeOfIssue',
  'dateOfIssue',
  'remark',
] as const;
export type BlField = (typeof TEXT_FIELDS)[number];

/** The form's values as the wire wants them: blanks as null, numbers of weight as decimal strings. */
export function bodyOf(values: Record<string, unknown>): BillLadingBody {
  const out: Record<string, unknown> = {};
  for (const k of TEXT_FIELDS) {
    const v = values[k];
    out[k] = v === undefined || v === '' ? null : v;
  }
  for (const k of ['grossWeight', 'measurement'])
    if (out[k] !== null && out[k] !== undefined) out[k] = String(out[k]);
  return out as BillLadingBody;
}

/** How the B/L's commands are worded, on a row and in the form. */
export const commandSpecs = (no: string | number) =>
  paperCommands('lading.bl', { submit: 'submitted', reject: 'rejected', confirm: 'confirmed' }, { no });
export const COMMANDS = ['submit', 'reject', 'confirm'] as const;
export type BillEvent = (typeof COMMANDS)[number];

/** What a submission needs (the contract's list, the server's guard). */
export const REQUIRED: ReadonlySet<string> = new Set(billLadingRequired);

/** The list of a batch's bills of lading; `open` shows one in the form, `download` saves its PDF. */
export function billLadingResource(d: {
  batchId: number;
  open: (r: BillLadingRow) => void;
  download: (r: BillLadingRow) => unknown;
}): ResourceDecl<BillLadingRow> {
  return {
    name: 'billLading',
    ...paperList<BillLadingRow>(d.batchId, { status: 'bill_lading_status', emptyKey: 'lading.bl.empty' }),
    columns: [
      { key: 'blNumber', width: 160, render: (r) => r.blNumber ?? `#${r.id}` },
      { key: 'vessel', width: 190, render: (r) => [r.vessel, r.voyage].filter(Boolean).join(' / ') },
      { key: 'portOfLoading', width: 90 },
      { key: 'portOfDischarge', width: 90 },
      { key: 'packages', width: 70 },
      { key: 'partyName', width: 160, kind: 'ellipsis' },
      reasonColumn({ width: 160, kind: 'ellipsis' }),
      statusColumn('bill_lading_status', 110),
    ],
    rowActions: [
      {
        key: 'open',
        labelKey: (r) =>
          r.mine && editableIn(billLadingMachine, r.status) ? 'lading.bl.edit' : 'lading.bl.view',
        run: (r) => d.open(r),
      },
      { key: 'pdf', labelKey: 'lading.bl.download', run: (r) => d.download(r) },
    ],
    // The shipper confirms or rejects from the list; the provider submits from the form (saved first).
    rowCommands: {
      entity: 'billLading',
      only: ['reject', 'confirm'],
      run: (r, event, reason) => ladingApi.billCommand(event, r.id, reason),
      commands: (r) => commandSpecs(r.blNumber ?? r.id),
    },
  };
}
