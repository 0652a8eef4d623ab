// The shipping instruction family as the page declares it: the form's fields (in their order, with
// their widths and controls), the list (filters, columns, row actions and commands).
import { type deliveryEntrustCreate, entrustMachine } from '@tradelane/contract/entrust';
import { incoterms2020 } from '@tradelane/contract/project';
import { editable } from '@tradelane/contract/workflow';
import { Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/domain/DateField.tsx';
import { PortSelect } from '../../components/domain/PortSelect.tsx';
import type { ResourceDecl } from '../../components/resource/types.ts';
import { type Lang, pick } from '../../i18n/index.ts';
import { type EntrustFields, type EntrustRow, entrustApi } from './entrust-api.ts';
import { type PaperDecl, paperCommands } from './PaperPage.tsx';
import { deleteAction, editOrView, paperList, reasonColumn, statusColumn } from './paper-columns.tsx';
import { VesselSelect } from './VesselSelect.tsx';

export const ENTRUST_DICTS = ['entrust_status'];
/** The page: its title and "add" (the shipper writes one). */
export const ENTRUST_PAPER: PaperDecl = {
  titleKey: 'entrust.what',
  dicts: ENTRUST_DICTS,
  add: { permission: 'deliveryEntrust:add', labelKey: 'entrust.add' },
};

/** The fields an instruction is saved with, in the wire's order. */
export const FIELDS: (keyof EntrustFields)[] = [
  'shipperText',
  'consignee',
  'notifyParty',
  'portOfLoading',
  'portOfDischarge',
  'placeOfDelivery',
  'incoterm',
  'incotermPlace',
  'wantedEtd',
  'vesselId',
  'voyageNo',
  'cargoDescription',
  'specialRequirements',
];

export interface Cargo {
  packages: number;
  grossWeight: number;
  volume: number;
}

export function CargoText({ c }: { c: Cargo }) {
  const { t } = useTranslation();
  return (
    <span className="pw-num" data-testid="cargo">
      {t('entrust.cargoValue', {
        packages: c.packages,
        weight: c.grossWeight.toLocaleString(),
        volume: c.volume.toLocaleString(),
      })}
    </span>
  );
}

/** What a form field's control may need from the open instruction. */
export interface FieldScope {
  row: EntrustRow | null | undefined;
  lang: Lang;
  t: (key: string) => string;
  vesselName: string | null;
  setVesselName: (name: string | null) => void;
}

/** One field of the form: its label key `entrust.<label ?? name>`, its column widths and its control. */
export interface EntrustField {
  name: keyof typeof deliveryEntrustCreate.shape;
  label?: string;
  md: number;
  xs?: number;
  /** The contract's rules of the field apply (the vessel is picked from the register: none). */
  checked?: false;
  control: (s: FieldScope) => ReactNode;
}

const text = (rows: number, max: number) => () => <Input.TextArea rows={rows} maxLength={max} />;
const line = (max: number) => () => <Input maxLength={max} />;

export const FORM: readonly EntrustField[] = [
  { name: 'shipperText', md: 8, control: text(3, 500) },
  { name: 'consignee', md: 8, control: text(3, 500) },
  { name: 'notifyParty', md: 8, control: text(3, 500) },
  { name: 'portOfLoading', md: 8, control: (s) => <PortSelect currentName={s.row?.portOfLoadingName} /> },
  { name: 'portOfDischarge', md: 8, control: (s) => <PortSelect currentName={s.row?.portOfDischargeName} /> },
  { name: 'placeOfDelivery', md: 8, control: line(100) },
  {
    name: 'incoterm',
    md: 4,
    xs: 12,
    control: (s) => (
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={incoterms2020.map((i) => ({
          value: i.code,
          label: `${i.code} · ${pick(s.lang, i.zh, i.en)}`,
        }))}
        aria-label={s.t('entrust.incoterm')}
      />
    ),
  },
  { name: 'incotermPlace', md: 4, xs: 12, control: line(100) },
  { name: 'wantedEtd', md: 4, control: () => <DateField /> },
  {
    name: 'vesselId',
    label: 'vessel',
    md: 8,
    checked: false,
    control: (s) => (
      <VesselSelect
        currentName={s.vesselName}
        onChange={(_v, vessel) => s.setVesselName(vessel?.name ?? null)}
      />
    ),
  },
  { name: 'voyageNo', md: 4, control: line(32) },
  { name: 'cargoDescription', md: 12, control: text(2, 1000) },
  { name: 'specialRequirements', md: 12, control: text(2, 1000) },
];

/** A row may be edited (and deleted) by its author while the machine lets it be edited. */
export const mayEdit = (r: EntrustRow) => r.mine && editable(entrustMachine, r.status);

/** The list of a batch's instructions; `open` shows one in the form, `busy` runs a delete. */
export function entrustResource(d: {
  batchId: number;
  open: (r: EntrustRow) => void;
  busy: (call: () => Promise<unknown>, okKey: string) => unknown;
}): ResourceDecl<EntrustRow> {
  return {
    name: 'deliveryEntrust',
    ...paperList<EntrustRow>(d.batchId, {
      status: 'entrust_status',
      statusWidth: 150,
      emptyKey: 'entrust.empty',
    }),
    columns: [
      { key: 'entrustNo', width: 170 },
      { key: 'partyName', width: 170, kind: 'ellipsis' },
      { key: 'route', width: 150, render: (r) => `${r.portOfLoading} → ${r.portOfDischarge}` },
      {
        key: 'vesselName',
        width: 220,
        render: (r) => (r.vesselName ? `${r.vesselName}${r.voyageNo ? ` / ${r.voyageNo}` : ''}` : '-'),
      },
      { key: 'wantedEtd', optional: true, width: 110 },
      { key: 'cargo', width: 230, render: (r) => <CargoText c={r} /> },
      reasonColumn({ optional: true, width: 180 }),
      statusColumn('entrust_status', 110),
    ],
    rowActions: [
      editOrView(mayEdit, { edit: 'entrust.edit', view: 'entrust.view' }, (r) => d.open(r)),
      deleteAction('deliveryEntrust:del', mayEdit, (r) =>
        d.busy(() => entrustApi.remove(r.id), 'admin.common.deleted'),
      ),
    ],
    rowCommands: {
      entity: 'deliveryEntrust',
      only: ['submit', 'accept', 'return'],
      run: (r, event, reason) => entrustApi.command(event, r.id, reason),
      commands: (r) =>
        paperCommands(
          'entrust',
          { submit: 'submitted', accept: 'accepted', return: 'returned' },
          { no: r.entrustNo },
        ),
    },
  };
}
