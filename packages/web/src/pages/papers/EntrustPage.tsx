// Shipping instructions of a batch (menu "papers/entrust"): the shipper fills one in — pre-filled
// from its last instruction and the batch's ports, a vessel from the register, the cargo summary the
// server counts from the handed-over boxes — and sends it; its logistics provider accepts it or returns
// it with a reason. The row's commands come from the server's `actions`. The list and the form's
// fields are declared in entrust-decl.tsx.
import { Form } from 'antd';
import { useState } from 'react';
import { useParty } from '../../components/domain/lookups.ts';
import { type Editing, EntrustForm, type EntrustValues } from './EntrustForm.tsx';
import { type EntrustFields, type EntrustRow, entrustApi } from './entrust-api.ts';
import { ENTRUST_DICTS, ENTRUST_PAPER, entrustResource, FIELDS, mayEdit } from './entrust-decl.tsx';
import { PaperPage, useBatchDecl, usePaperPage } from './PaperPage.tsx';

export default function EntrustPage() {
  const page = usePaperPage('deliveryEntrust', ENTRUST_DICTS);
  const { ctx, batchId, busy } = page;
  const shipper = useParty() === 'shipper';
  const [form] = Form.useForm<EntrustValues>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [providers, setProviders] = useState<{ id: number; name: string }[]>([]);
  const [vesselName, setVesselName] = useState<string | null>(null);

  const openNew = async () => {
    if (batchId === null) return;
    const last = await entrustApi.last(batchId);
    form.resetFields();
    const values: Partial<EntrustValues> = {};
    for (const k of FIELDS) {
      const v = last[k as keyof typeof last];
      if (v !== null && v !== undefined) (values as Record<string, unknown>)[k] = v;
    }
    if (last.providers.length === 1) values.partyTenantId = last.providers[0].id;
    form.setFieldsValue(values);
    setFrom(last.fromEntrustNo);
    setProviders(last.providers);
    setVesselName(last.vesselName);
    setEditing({ row: null, cargo: last.cargo });
  };
  const openRow = (row: EntrustRow) => {
    form.resetFields();
    form.setFieldsValue(
      Object.fromEntries(FIELDS.map((k) => [k, row[k] ?? undefined])) as unknown as EntrustValues,
    );
    setFrom(null);
    setProviders([]);
    setVesselName(row.vesselName);
    setEditing({ row, cargo: { packages: row.packages, grossWeight: row.grossWeight, volume: row.volume } });
  };
  const readOnly = !!editing?.row && !mayEdit(editing.row);

  const save = async () => {
    if (!editing || batchId === null) return;
    const v = await form.validateFields();
    const body = Object.fromEntries(
      FIELDS.map((k) => [k, v[k] === undefined || v[k] === '' ? null : v[k]]),
    ) as unknown as EntrustFields;
    const ok = await busy(
      () =>
        editing.row
          ? entrustApi.update({ ...body, id: editing.row.id })
          : entrustApi.create({ ...body, batchId, partyTenantId: v.partyTenantId ?? null }),
      'entrust.saved',
    );
    if (ok) setEditing(null);
  };

  const decl = useBatchDecl(batchId, { busy, openRow }, (batchId, now) =>
    entrustResource({
      batchId,
      open: (r) => now().openRow(r),
      busy: (call, okKey) => now().busy(call, okKey),
    }),
  );

  return (
    <PaperPage<EntrustRow> paper={ENTRUST_PAPER} page={page} decl={decl} onAdd={shipper && openNew}>
      <EntrustForm
        editing={editing}
        form={form}
        readOnly={readOnly}
        from={from}
        providers={providers}
        vesselName={vesselName}
        setVesselName={setVesselName}
        ctx={ctx}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </PaperPage>
  );
}
