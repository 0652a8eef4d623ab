// Material lists (menu "supplies/index"): pick a batch and a supplier's list, see its status and life-cycle
// buttons (the list's `actions` from the server), and work its rows: type, import from Excel, export.

import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Grant } from '@tradelane/contract';
import { Button, Card, Empty, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../access/permissions.ts';
import { downloadBlob } from '../../api/download.ts';
import { refreshResources } from '../../api/query-keys.ts';
import { batchLabel } from '../../components/domain/BatchPicker.tsx';
import { PROJECT_DICTS } from '../../components/domain/dicts.ts';
import { useCountries, useCurrencies, useParty } from '../../components/domain/lookups.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { projectApi, type SuppliesRow, suppliesApi } from '../project/project-api.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { ListBar } from './ListBar.tsx';
import { defaultList, listButtons, rowsEditable } from './list-actions.ts';
import { type SuppliesValues, suppliesResource } from './supplies-resource.tsx';
import { TagsModal } from './TagsModal.tsx';
import '../../components/domain/project.css';

export default function SuppliesPage() {
  const ctx = useDeclContext(PROJECT_DICTS);
  const { t } = ctx;
  const qc = useQueryClient();
  const party = useParty();
  const can = useCan();
  const [params] = useSearchParams();
  const [batchPick, setBatchPick] = useState<number | null>(null);
  const [listPick, setListPick] = useState<number | null>(null);
  // A link (a to-do, a message) to another batch or list wins over what was picked in this tab.
  const urlBatch = params.get('batchId');
  const urlList = params.get('listId');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's ids are the trigger
  useEffect(() => {
    setBatchPick(null);
    setListPick(null);
  }, [urlBatch, urlList]);
  const [importing, setImporting] = useState(false);
  const [tagging, setTagging] = useState<SuppliesRow | null>(null);
  const currencies = useCurrencies();
  const countries = useCountries();

  const batches = useQuery({
    queryKey: ['resource', 'projectBatch', 'pick'],
    queryFn: () => projectApi.batches({ page: 0, size: 500 }),
  }).data?.content;
  const batchId = batchPick ?? (Number(params.get('batchId')) || batches?.[0]?.id || null);
  const lists = useQuery({
    queryKey: ['resource', 'materialList', batchId],
    queryFn: () => suppliesApi.lists(batchId ?? 0),
    enabled: batchId !== null,
  });
  const wantedList = listPick ?? (Number(params.get('listId')) || null);
  const list =
    lists.data?.content.find((l) => l.id === wantedList) ?? defaultList(lists.data?.content ?? [], party);
  const canPerm = (p: Grant) => can({ permission: [p] });
  const buttons = listButtons(list, canPerm);
  const editable = rowsEditable(list, canPerm);

  const refresh = () => refreshResources(qc, ['materialList']);
  const decl = useMemo(
    () =>
      batchId === null
        ? null
        : suppliesResource({
            batchId,
            listId: list?.id ?? null,
            editable,
            showSupplier: !list,
            currencies: currencies ?? [],
            countries: countries ?? [],
            onTags: setTagging,
          }),
    [batchId, list, editable, currencies, countries],
  );

  const exportList = async () => {
    if (!list) return;
    try {
      downloadBlob(
        await suppliesApi.exportList({ listId: list.id }),
        `${list.batchNumber ?? ''}-${list.supplierName ?? ''}.xlsx`,
      );
    } catch {
      /* shown by the request client */
    }
  };

  return (
    <div className="pw-page">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <Space wrap>
            <Typography.Text>{t('project.batch.what')}</Typography.Text>
            <Select
              style={{ width: 320 }}
              value={batchId ?? undefined}
              placeholder={t('project.supplies.pickBatch')}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v: number) => {
                setBatchPick(v);
                setListPick(null);
              }}
              options={(batches ?? []).map((b) => ({
                value: b.id,
                label: batchLabel(b, ctx.lang === 'en'),
              }))}
              aria-label={t('project.batch.what')}
            />
            <Typography.Text>{t('project.supplies.list')}</Typography.Text>
            <Select
              style={{ width: 320 }}
              value={list?.id}
              onChange={(v: number) => setListPick(v)}
              notFoundContent={t('project.supplies.noLists')}
              options={(lists.data?.content ?? []).map((l) => ({
                value: l.id,
                label: (
                  <Space size={4}>
                    <span>{l.supplierName}</span>
                    <StatusTag dict="supplies_status" value={l.status} ctx={ctx} />
                  </Space>
                ),
              }))}
              aria-label={t('project.supplies.list')}
            />
          </Space>
        </div>
        {list ? (
          <ListBar list={list} buttons={buttons} ctx={ctx} onChanged={refresh} />
        ) : (
          lists.isSuccess && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('project.supplies.noLists')} />
          )
        )}
      </Card>
      {decl && batchId !== null && (
        <ResourcePage<SuppliesRow, SuppliesValues>
          decl={decl}
          titleKey="project.supplies.what"
          dicts={PROJECT_DICTS}
          compact
          toolbar={
            <>
              {editable && can({ permission: ['supplies:import'] }) && (
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('project.import.title')}
                </Button>
              )}
              {list && (
                <Button icon={<DownloadOutlined />} onClick={() => void exportList()}>
                  {t('admin.common.export')}
                </Button>
              )}
            </>
          }
        />
      )}
      {batchId !== null && (
        <ImportDialog
          batchId={batchId}
          open={importing}
          onClose={() => setImporting(false)}
          onDone={refresh}
        />
      )}
      {tagging && <TagsModal row={tagging} ctx={ctx} onClose={() => setTagging(null)} onDone={refresh} />}
    </div>
  );
}
