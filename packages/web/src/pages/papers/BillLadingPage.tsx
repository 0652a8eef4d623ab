// Bills of lading of a batch (menu "papers/billLading"): the logistics provider creates a draft
// (pre-filled by the server from the batch), edits it while a draft or rejected, and submits it; the
// shipper confirms it or rejects it with a reason. The form's command bar offers what the server's
// `actions` allow; the PDF (marked DRAFT until confirmed) is previewed in the page or downloaded.
// The list, the form's fields and the commands' words are declared in bill-lading-decl.tsx.
import { billLadingMachine, editable as editableIn } from '@tradelane/contract';
import { Form } from 'antd';
import { useEffect, useState } from 'react';
import { downloadBlob } from '../../api/download.ts';
import { ApiError } from '../../api/request.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { SHIPPING_STAGE, useBatchPick } from '../../components/domain/BatchPicker.tsx';
import { useParty } from '../../components/domain/lookups.ts';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { BillLadingForm, PdfPreview } from './BillLadingForm.tsx';
import {
  BL_DICTS,
  BL_PAPER,
  billLadingResource,
  bodyOf,
  REQUIRED,
  TEXT_FIELDS,
} from './bill-lading-decl.tsx';
import { type BillLadingRow, ladingApi } from './lading-api.ts';
import { PaperPage, useBatchDecl } from './PaperPage.tsx';

export default function BillLadingPage() {
  const ctx = useDeclContext(BL_DICTS);
  const { t } = ctx;
  const pick = useBatchPick(SHIPPING_STAGE);
  const batchId = pick.batchId;
  const provider = useParty() === 'logistics';
  const [form] = Form.useForm();
  const [open, setOpen] = useState<BillLadingRow | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  // Its author (the provider the server marks `mine`) edits it while the machine lets it be edited.
  const editable = Boolean(open?.mine && editableIn(billLadingMachine, open.status));

  useEffect(() => {
    if (open) form.setFieldsValue(Object.fromEntries(TEXT_FIELDS.map((k) => [k, open[k] ?? undefined])));
  }, [open, form]);
  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  /** Runs a call once at a time; on success says `okKey`, refreshes the family and shows the answer's row. */
  const { run } = useSubmit(
    async (call: () => Promise<BillLadingRow | unknown>, okKey: string) => ({ row: await call(), okKey }),
    {
      success: ({ okKey }) => t(okKey),
      refresh: ['billLading'],
      // Create and update answer the bare row: the form shows it as listed (names, actions).
      onDone: async ({ row }) => {
        if (row && typeof row === 'object' && 'id' in row) setOpen(await ladingApi.bill(Number(row.id)));
      },
    },
  );
  const save = async () => {
    if (!open) return false;
    const values = await form.validateFields();
    return run(() => ladingApi.saveBill(open.id, bodyOf(values)), 'lading.bl.saved');
  };
  /** A command of the B/L's machine; a draft being edited is saved first. */
  const command = async (event: string, reason?: string) => {
    if (!open) return;
    if (event === 'submit' && editable)
      await ladingApi.saveBill(open.id, bodyOf(await form.validateFields()));
    try {
      return await ladingApi.billCommand(event, open.id, reason);
    } catch (e) {
      // A refused submission names what is missing; the form marks those fields too.
      const missing =
        e instanceof ApiError ? (e.body as { missing?: unknown } | undefined)?.missing : undefined;
      if (Array.isArray(missing))
        form.setFields(
          missing
            .filter((f): f is string => typeof f === 'string' && REQUIRED.has(f))
            .map((name) => ({ name, errors: [t('lading.bl.neededToSubmit')] })),
        );
      throw e;
    }
  };
  const preview = async () => {
    if (!open) return;
    const blob = await ladingApi.billPdf(open.id);
    setPdfUrl(URL.createObjectURL(blob));
  };
  const download = async (row: BillLadingRow) =>
    downloadBlob(await ladingApi.billPdf(row.id), `BL-${row.blNumber ?? row.batchNumber ?? row.id}.pdf`);

  const decl = useBatchDecl(batchId, { setOpen, download }, (batchId, now) =>
    billLadingResource({
      batchId,
      open: (r) => now().setOpen(r),
      download: (r) => now().download(r),
    }),
  );

  return (
    <PaperPage<BillLadingRow>
      paper={BL_PAPER}
      page={{ pick }}
      decl={decl}
      onAdd={
        provider && (() => batchId !== null && run(() => ladingApi.createBill(batchId), 'lading.bl.created'))
      }
    >
      <BillLadingForm
        row={open}
        form={form}
        editable={editable}
        ctx={ctx}
        onClose={() => setOpen(null)}
        onSave={save}
        onPreview={preview}
        onDownload={download}
        command={command}
        onCommandDone={async () => open && setOpen(await ladingApi.bill(open.id))}
      />
      <PdfPreview url={pdfUrl} title={t('lading.bl.preview')} onClose={() => setPdfUrl(null)} />
    </PaperPage>
  );
}
