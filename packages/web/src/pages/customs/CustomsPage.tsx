// The declaration workbench of a batch (menu "customs/index"): the batch and direction, then the
// declaration's parts — header and review bar (DeclareHeader), goods lines (LinesCard), tickets
// (TicketsCard), review history (ReviewCard) — and the clearance at destination (ClearanceCard). The
// server decides every rule; the buttons are the `actions` it sends.
import { useQuery } from '@tanstack/react-query';
import { families } from '@tradelane/contract/api/families';
import { Button, Card, Empty, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMayCall } from '../../access/permissions.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { batchLabel } from '../../components/domain/BatchPicker.tsx';
import { useParty } from '../../components/domain/lookups.ts';
import { projectApi } from '../project/project-api.ts';
import { customsApi, type DeclareRow } from './customs-api.ts';
import '../../components/domain/project.css';
import './customs.css';
import { ClearanceCard } from './ClearanceCard.tsx';
import { DeclareHeader } from './DeclareHeader.tsx';
import { LinesCard } from './LinesCard.tsx';
import { ReviewCard } from './ReviewCard.tsx';
import { TicketsCard } from './TicketsCard.tsx';
import type { DeclarationParts, Lang, Run } from './types.ts';

export default function CustomsPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const party = useParty();
  const mayCall = useMayCall();
  // The broker: who may open a declaration (the family's declared party) and edit it.
  const broker = mayCall(families.projectDeclare.create, { permission: ['customs:edit'] });
  const [params] = useSearchParams();
  const [batchPick, setBatchPick] = useState<number | null>(null);
  const [direction, setDirection] = useState<'export' | 'import'>(
    params.get('direction') === 'import' ? 'import' : 'export',
  );
  const [selected, setSelected] = useState<number[]>([]);

  const batches = useQuery({
    queryKey: ['resource', 'projectBatch', 'pick'],
    queryFn: () => projectApi.batches({ page: 0, size: 500 }),
  }).data?.content;
  // The batch asked for, else the one whose declaration was worked on last, else the newest batch.
  const latest = useQuery({ queryKey: ['resource', 'projectDeclare', 'latest'], queryFn: customsApi.latest });
  const batchId =
    batchPick ??
    (Number(params.get('batchId')) ||
      (latest.isPending ? null : (latest.data?.batchId ?? batches?.[0]?.id ?? null)));
  const declares = useQuery({
    queryKey: ['resource', 'projectDeclare', batchId],
    queryFn: () => customsApi.declares(batchId ?? 0),
    enabled: batchId !== null,
  }).data;
  const declare = declares?.find((d) => d.direction === direction) ?? null;
  const id = declare?.id ?? 0;
  const lines = useQuery({
    queryKey: ['resource', 'declareLine', id],
    queryFn: () => customsApi.lines(id),
    enabled: Boolean(declare),
  }).data;
  const tickets = useQuery({
    queryKey: ['resource', 'assort', id],
    queryFn: () => customsApi.tickets(id),
    enabled: Boolean(declare),
  }).data;
  const reviews = useQuery({
    queryKey: ['resource', 'examine', id],
    queryFn: () => customsApi.reviews(id),
    enabled: Boolean(declare),
  }).data;
  const clearance = useQuery({
    queryKey: ['resource', 'customsClearanceLive', batchId],
    queryFn: () => customsApi.clearance(batchId ?? 0),
    enabled: batchId !== null,
  }).data;

  // The server sends the events the caller may fire: `edit` is offered on a draft or returned declaration.
  const editable = broker && Boolean(declare?.actions.includes('edit'));
  // One submit path (useSubmit): once at a time, the toast, then the declaration's family refreshed — its
  // change reaches its lines, groups, review, prices and the clearance (query-keys.ts).
  const submit = useSubmit(
    async (f: () => Promise<unknown>, ok?: string) => {
      await f();
      return ok ?? t('customs.done');
    },
    { success: (said) => said, refresh: ['projectDeclare'] },
  );
  const run: Run = (f, ok) => submit.run(f, ok);
  const parts = (d: DeclareRow): DeclarationParts => ({
    declare: d,
    lines: lines ?? [],
    tickets: tickets ?? [],
    editable,
    selected,
    setSelected,
    run,
  });

  return (
    <div className="pw-page" data-testid="customs-workbench">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <Space wrap>
            <Typography.Text>{t('customs.batch')}</Typography.Text>
            <Select
              style={{ width: 320 }}
              value={batchId ?? undefined}
              placeholder={t('customs.pickBatch')}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v: number) => setBatchPick(v)}
              options={(batches ?? []).map((b) => ({
                value: b.id,
                label: batchLabel(b, lang === 'en'),
              }))}
              aria-label={t('customs.batch')}
            />
            <Select
              value={direction}
              onChange={setDirection}
              style={{ width: 160 }}
              options={(['export', 'import'] as const).map((d) => ({
                value: d,
                label: t(`customs.direction.${d}`),
              }))}
            />
          </Space>
        </div>
      </Card>

      {batchId !== null && declares && !declare ? (
        <Card size="small" className="pw-card">
          <Empty description={t('customs.none')}>
            {broker ? (
              <Button
                type="primary"
                onClick={() => run(() => customsApi.createDeclare({ batchId, direction }))}
              >
                {t('customs.create')}
              </Button>
            ) : null}
          </Empty>
        </Card>
      ) : null}

      {declare ? (
        <>
          <DeclareHeader declare={declare} editable={editable} lang={lang} run={run} />
          <LinesCard {...parts(declare)} />
          <TicketsCard {...parts(declare)} />
          <ReviewCard reviews={reviews} />
        </>
      ) : null}

      {batchId !== null ? <ClearanceCard batchId={batchId} row={clearance ?? null} party={party} /> : null}
    </div>
  );
}
