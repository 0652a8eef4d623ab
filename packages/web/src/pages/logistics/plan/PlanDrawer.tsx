// "Plan / 配载" on a batch: choose container types, run the planner on the batch's boxes waiting in
// domestic transit, look at each proposed container in 3D step by step (centre of gravity, fill), stuff
// each into a registered container (or one registered here by its ISO 6346 number), print the sheet.
import { CheckOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { families } from '@tradelane/contract/api/families';
import { STANDARD_CONTAINERS } from '@tradelane/loadplan';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  Input,
  Select,
  Space,
  Statistic,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { downloadBlob } from '../../../api/download.ts';
import { refreshResources, resourceKey } from '../../../api/query-keys.ts';
import { currentLang } from '../../../i18n/index.ts';
import type { ContainerRow } from '../logistics-api.ts';
import { PlanFigures } from './PlanFigures.tsx';
import { type Proposal, type ProposedContainer, planApi } from './plan-api.ts';

/** A container registered on the batch, as its family lists it. */
type RegisteredContainer = ContainerRow;

function AcceptBar({
  batchId,
  proposed,
  registered,
  onAccepted,
}: {
  batchId: number;
  proposed: ProposedContainer;
  registered: RegisteredContainer[];
  onAccepted: (containerId: number, containerNumber: string) => void;
}) {
  const { t } = useTranslation();
  const [pick, setPick] = useState<number | undefined>();
  const [number, setNumber] = useState('');
  const accept = useMutation({
    mutationFn: async () => {
      let id = pick;
      let label = registered.find((c) => c.id === pick)?.containerNumber ?? '';
      if (!id) {
        const made = await planApi.createContainer({
          batchId,
          containerNumber: number,
          typeCode: proposed.typeCode,
        });
        id = made.id;
        label = made.containerNumber;
      }
      await planApi.accept(id, proposed);
      return { id, label };
    },
    onSuccess: ({ id, label }) => onAccepted(id, label),
  });
  const empty = registered.filter((c) => c.boxCount === 0 && c.typeCode === proposed.typeCode);
  return (
    <Space wrap>
      <Typography.Text>{t('logistics.plan.acceptInto')}</Typography.Text>
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('logistics.plan.pickContainer')}
        value={pick}
        onChange={(v) => setPick(v)}
        options={empty.map((c) => ({ value: c.id, label: c.containerNumber }))}
      />
      <Input
        style={{ width: 230 }}
        disabled={pick !== undefined}
        placeholder={`${t('logistics.plan.newContainer')}: ${t('logistics.plan.newContainerPlaceholder')}`}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
      />
      <Button
        type="primary"
        icon={<CheckOutlined />}
        loading={accept.isPending}
        disabled={!pick && number.trim().length < 11}
        onClick={() => accept.mutate()}
      >
        {t('logistics.plan.accept')}
      </Button>
    </Space>
  );
}

function ProposalView({
  batchId,
  proposal,
  onAccepted,
}: {
  batchId: number;
  proposal: Proposal;
  onAccepted: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [done, setDone] = useState<Record<number, { id: number; label: string }>>({});
  const registered = useQuery({
    queryKey: resourceKey('container', 'registered', batchId),
    queryFn: () => call(families.container.list, { batchId, size: 200, sort: 'id,asc' }),
  });
  const lb = proposal.lowerBounds;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space size="large" wrap>
        <Statistic
          title={t('logistics.plan.containers')}
          value={proposal.containers.length}
          suffix={
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('logistics.plan.lowerBound', { volume: lb.volume, weight: lb.weight })}
            </Typography.Text>
          }
        />
        <Statistic title={t('logistics.plan.boxes')} value={proposal.boxCount} />
        <Statistic title={t('logistics.plan.weight')} value={proposal.weight} suffix="kg" />
      </Space>
      {proposal.outOfGauge.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('logistics.plan.outOfGauge', { count: proposal.outOfGauge.length })}
          description={
            <Space wrap>
              {proposal.outOfGauge.map((b) => (
                <Tag key={b.boxPieceId}>
                  {t('logistics.plan.oogBox', {
                    box: b.boxNumber,
                    size: `${b.length}×${b.width}×${b.height}`,
                    kg: b.grossWeight,
                    reason: t(
                      b.reason === 'size' ? 'logistics.plan.reasonSize' : 'logistics.plan.reasonWeight',
                    ),
                  })}
                </Tag>
              ))}
            </Space>
          }
        />
      )}
      {proposal.unplaced.length > 0 && (
        <Alert
          type="error"
          message={t('logistics.plan.unplaced', {
            boxes: proposal.unplaced.map((b) => b.boxNumber).join(', '),
          })}
        />
      )}
      <Tabs
        items={proposal.containers.map((c, i) => ({
          key: String(i),
          label: t('logistics.plan.container', { n: i + 1, type: c.typeCode }),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <PlanFigures plan={c.plan} boxes={proposal.boxes} boxNumbers={c.boxNumbers} />
              {done[i] ? (
                <Space>
                  <Tag color="green">{t('logistics.plan.accepted', { container: done[i].label })}</Tag>
                  <Button
                    icon={<FilePdfOutlined />}
                    onClick={async () =>
                      downloadBlob(
                        await planApi.loadingSheet(done[i]!.id),
                        `loading-sheet-${done[i]!.label}.pdf`,
                      )
                    }
                  >
                    {t('logistics.plan.sheet')}
                  </Button>
                </Space>
              ) : (
                <AcceptBar
                  batchId={batchId}
                  proposed={c}
                  registered={registered.data?.content ?? []}
                  onAccepted={(id, label) => {
                    setDone((d) => ({ ...d, [i]: { id, label } }));
                    message.success(t('logistics.plan.accepted', { container: label }));
                    void registered.refetch();
                    onAccepted();
                  }}
                />
              )}
            </Space>
          ),
        }))}
      />
    </Space>
  );
}

export function PlanDrawer({
  batchId,
  batchNumber,
  open,
  onClose,
}: {
  batchId: number;
  batchNumber?: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const lang = currentLang();
  const [types, setTypes] = useState<string[]>(['40HQ']);
  const run = useMutation({ mutationFn: () => planApi.propose({ batchId, typeCodes: types }) });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={980}
      title={batchNumber ? t('logistics.plan.titleOf', { batch: batchNumber }) : t('logistics.plan.title')}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">{t('logistics.plan.typesHint')}</Typography.Text>
        <Space wrap>
          <Typography.Text>{t('logistics.plan.types')}</Typography.Text>
          <Select
            mode="multiple"
            style={{ minWidth: 420 }}
            value={types}
            onChange={setTypes}
            data-testid="plan-types"
            options={STANDARD_CONTAINERS.map((c) => ({
              value: c.id,
              label: `${c.id} · ${lang === 'zh' ? c.nameZh : c.nameEn}`,
            }))}
          />
          <Button
            type="primary"
            loading={run.isPending}
            disabled={!types.length}
            onClick={() => run.mutate()}
          >
            {run.isPending ? t('logistics.plan.running') : t('logistics.plan.run')}
          </Button>
        </Space>
        {run.data ? (
          <ProposalView
            key={run.submittedAt}
            batchId={batchId}
            proposal={run.data}
            onAccepted={() => void refreshResources(qc, ['container'])}
          />
        ) : (
          <Empty description={t('logistics.plan.none')} />
        )}
      </Space>
    </Drawer>
  );
}
