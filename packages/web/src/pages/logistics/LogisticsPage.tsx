// Logistics tracking (menu "logistics/index"): a batch's boxes through the logistics machine —
// the count per state, the boxes with their commands, vehicles, containers, the in-transit timeline and
// the abnormal records. ?batchId= picks the batch and ?tab= the tab (notices link to a tab).

import { useQuery } from '@tanstack/react-query';
import type { Grant } from '@tradelane/contract';
import { Card, Tabs } from 'antd';
import { useCallback } from 'react';
import { useCan } from '../../access/permissions.ts';
import { BatchPicker, SHIPPING_STAGE, useBatchPick } from '../../components/domain/BatchPicker.tsx';
import { useDeclContext } from '../../components/resource/use-dicts.ts';
import { usePageQuery } from '../../router/page-query.ts';
import { ABNORMAL_DICTS, AbnormalTab } from './AbnormalTab.tsx';
import { BoxesTab } from './BoxesTab.tsx';
import { ContainersTab } from './ContainersTab.tsx';
import { CountStrip, useBatchCounts } from './CountStrip.tsx';
import { logisticsApi } from './logistics-api.ts';
import { BatchTimeline } from './TransitTimeline.tsx';
import { VehiclesTab } from './VehiclesTab.tsx';
import '../../components/domain/project.css';
import './logistics.css';

const TABS = ['boxes', 'vehicles', 'containers', 'timeline', 'abnormal'] as const;
type Tab = (typeof TABS)[number];
const DICTS = ['logistics_status', 'batch_status', 'package_type', ...ABNORMAL_DICTS];

export default function LogisticsPage() {
  const ctx = useDeclContext(DICTS);
  const { t } = ctx;
  const [params, setParams] = usePageQuery();
  const pick = useBatchPick(SHIPPING_STAGE);
  const batchId = Number(params.get('batchId')) || pick.batchId;
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'boxes';
  const setQuery = (next: { batchId?: number; tab?: Tab }) =>
    setParams({ batchId: String(next.batchId ?? batchId ?? ''), tab: next.tab ?? tab });
  const can = useCan();
  const has = useCallback((permission: Grant) => can({ permission: [permission] }), [can]);
  const batch = pick.batches.find((b) => b.id === batchId);
  const counts = useBatchCounts({ batchId: batchId ?? undefined });
  const boxes = useQuery({
    queryKey: ['resource', 'boxPiece', 'logistics', batchId],
    queryFn: () => logisticsApi.boxes(batchId ?? 0),
    enabled: batchId !== null,
  }).data?.content;

  const common = batchId ? { batchId, ctx, has, boxes: boxes ?? [] } : null;
  return (
    <div className="pw-page">
      <Card size="small" className="pw-card">
        <div className="pw-bar">
          <BatchPicker
            pick={{ ...pick, batchId, setPick: (id) => typeof id === 'number' && setQuery({ batchId: id }) }}
          />
        </div>
        <CountStrip counts={counts.data?.find((c) => c.batchId === batchId)} />
      </Card>
      {common && (
        <Card size="small" className="pw-card">
          <Tabs
            activeKey={tab}
            onChange={(k) => setQuery({ tab: k as Tab })}
            items={[
              {
                key: 'boxes',
                label: t('logistics.tabs.boxes'),
                children: (
                  <BoxesTab
                    key={common.batchId}
                    batchId={common.batchId}
                    portOfDischarge={batch?.portOfDischarge}
                    ctx={ctx}
                  />
                ),
              },
              {
                key: 'vehicles',
                label: t('logistics.tabs.vehicles'),
                children: <VehiclesTab {...common} />,
              },
              ...(has('container:list')
                ? [
                    {
                      key: 'containers',
                      label: t('logistics.tabs.containers'),
                      children: <ContainersTab {...common} portOfDischarge={batch?.portOfDischarge} />,
                    },
                  ]
                : []),
              {
                key: 'timeline',
                label: t('logistics.tabs.timeline'),
                children: <BatchTimeline batchId={common.batchId} ctx={ctx} />,
              },
              ...(has('abnormalRecord:list')
                ? [
                    {
                      key: 'abnormal',
                      label: t('logistics.tabs.abnormal'),
                      children: <AbnormalTab {...common} />,
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      )}
    </div>
  );
}
