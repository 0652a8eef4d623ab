// The boxes of a batch with their logistics status, vehicle and container. Selected boxes offer the
// commands every one of them allows (each box's `logisticsActions` from the server) as a CommandBar whose
// commands open their small form; the batch offers Ship (after checkShipment says nothing blocks it) and
// Sign where some box allows them.

import { CarOutlined, CheckCircleOutlined, HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Grant, LogisticsEvent } from '@tradelane/contract';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '../../access/permissions.ts';
import { useSubmit } from '../../api/use-submit.ts';
import type { DeclContext } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import { CommandBar } from '../../components/workflow/CommandBar.tsx';
import { upTo } from '../../utils/numbers.ts';
import { CommandModal } from './CommandModal.tsx';
import { commonCommands } from './commands.ts';
import { type LogisticsBox, logisticsApi } from './logistics-api.ts';
import { SignDialog } from './SignDialog.tsx';
import { BoxTimelineDrawer } from './TransitTimeline.tsx';
import { useRunCommand } from './use-run.ts';

const num = (v: number | null | undefined) => (v === null || v === undefined ? '-' : upTo(Number(v), 1));

export function BoxesTab(props: { batchId: number; portOfDischarge?: string | null; ctx: DeclContext }) {
  const { batchId, ctx } = props;
  const { t } = ctx;
  const { modal } = App.useApp();
  const can = useCan();
  const has = (permission: Grant) => can({ permission: [permission] });
  const run = useRunCommand();
  const [selected, setSelected] = useState<number[]>([]);
  const [command, setCommand] = useState<LogisticsEvent | null>(null);
  const [timelineOf, setTimelineOf] = useState<LogisticsBox | null>(null);
  const [signing, setSigning] = useState(false);
  const q = useQuery({
    queryKey: ['resource', 'boxPiece', 'logistics', batchId],
    queryFn: () => logisticsApi.boxes(batchId),
  });
  const boxes = q.data?.content ?? [];
  const chosen = useMemo(() => boxes.filter((b) => selected.includes(b.id)), [boxes, selected]);
  const commands = commonCommands(chosen, has);
  const anyAllows = (e: LogisticsEvent) => boxes.some((b) => b.logisticsActions.includes(e));

  // Ship asks the server first (once at a time) and confirms only what it may do.
  const check = useSubmit(() => logisticsApi.checkShipment(batchId), {
    success: false,
    onDone: (answer) => {
      if (!answer.canShip)
        return void modal.warning({
          title: t('logistics.boxes.shipBlocked'),
          content: (
            <div data-testid="ship-blocked">
              {answer.blocking.map((b) => (
                <div key={b.code}>{b.message}</div>
              ))}
            </div>
          ),
        });
      modal.confirm({
        title: t('logistics.boxes.shipConfirm'),
        okText: t('logistics.boxes.ship'),
        onOk: () =>
          run(
            'ship',
            () => logisticsApi.ship(batchId),
            (count) => t('logistics.boxes.shipped', { count }),
          ),
      });
    },
  });
  const batchActions = [
    ...(has('logistics:ship') && anyAllows('ship') ? ['ship'] : []),
    ...(has('logistics:receive') && anyAllows('sign') ? ['sign'] : []),
  ];

  return (
    <>
      <div className="lg-commands" data-testid="command-bar">
        {chosen.length === 0 ? (
          <Typography.Text type="secondary">{t('logistics.boxes.selectHint')}</Typography.Text>
        ) : (
          <>
            <Typography.Text strong>
              {t('logistics.boxes.selected', { count: chosen.length })}
            </Typography.Text>
            {commands.length === 0 && (
              <Typography.Text type="secondary">{t('logistics.boxes.noCommon')}</Typography.Text>
            )}
            <CommandBar
              entity="boxPiece"
              actions={commands}
              only={commands}
              run={() => Promise.reject(new Error('asked by the command form'))}
              commands={Object.fromEntries(commands.map((e) => [e, { ask: () => setCommand(e) }]))}
            />
          </>
        )}
        <div className="lg-total">
          <CommandBar
            entity="boxPiece"
            actions={batchActions}
            only={['ship', 'sign']}
            run={() => Promise.reject(new Error('asked by its own dialog'))}
            commands={{
              ship: {
                labelKey: 'logistics.boxes.ship',
                icon: <CarOutlined />,
                primary: false,
                ask: () => void check.run(),
              },
              sign: {
                labelKey: 'logistics.boxes.sign',
                icon: <CheckCircleOutlined />,
                primary: false,
                ask: () => setSigning(true),
              },
            }}
          />
        </div>
      </div>
      <Table<LogisticsBox>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={boxes}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 1120 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          columnWidth: 40,
        }}
        columns={[
          {
            key: 'boxNumber',
            title: t('logistics.boxes.boxNumber'),
            width: 175,
            fixed: 'left',
            render: (_, b) => <span data-box={b.boxNumber}>{b.boxNumber}</span>,
          },
          {
            key: 'supplier',
            title: t('logistics.boxes.supplier'),
            ellipsis: true,
            dataIndex: 'supplierName',
          },
          {
            key: 'packageType',
            title: t('logistics.boxes.packageType'),
            width: 80,
            render: (_, b) => ctx.dictLabel('package_type', b.packageType),
          },
          {
            key: 'size',
            title: t('logistics.boxes.size'),
            width: 180,
            render: (_, b) => (
              <Space size={4}>
                <span className="pw-num">{`${b.length}×${b.width}×${b.height}`}</span>
                {b.outOfGauge && <Tag color="red">{t('project.boxes.outOfGauge')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'grossWeight',
            title: t('logistics.boxes.grossWeight'),
            width: 105,
            align: 'right',
            render: (_, b) => <span className="pw-num">{num(b.grossWeight)}</span>,
          },
          {
            key: 'vehicle',
            title: t('logistics.boxes.vehicle'),
            width: 110,
            render: (_, b) => b.plateNumber ?? '-',
          },
          {
            key: 'container',
            title: t('logistics.boxes.container'),
            width: 125,
            render: (_, b) => b.containerNumber ?? '-',
          },
          {
            key: 'status',
            title: t('logistics.boxes.status'),
            width: 120,
            fixed: 'right',
            render: (_, b) => <StatusTag dict="logistics_status" value={b.logisticsStatus} ctx={ctx} />,
          },
          {
            key: 'timeline',
            title: '',
            // Wide enough for the English "Timeline" button with its icon (it pushed the table sideways).
            width: 110,
            fixed: 'right',
            render: (_, b) => (
              <Button size="small" type="link" icon={<HistoryOutlined />} onClick={() => setTimelineOf(b)}>
                {t('logistics.boxes.timeline')}
              </Button>
            ),
          },
        ]}
      />
      {command && (
        <CommandModal
          event={command}
          boxes={chosen}
          batchId={batchId}
          portOfDischarge={props.portOfDischarge}
          ctx={ctx}
          onClose={() => setCommand(null)}
          onRun={async (e, call) => {
            const ok = await run(e, call);
            if (ok) setSelected([]);
            return ok;
          }}
        />
      )}
      <BoxTimelineDrawer box={timelineOf} ctx={ctx} onClose={() => setTimelineOf(null)} />
      {signing && (
        <SignDialog
          batchId={batchId}
          ctx={ctx}
          onClose={() => setSigning(false)}
          onSign={(reason) =>
            run(
              'sign',
              () => logisticsApi.sign(batchId, reason),
              (count) => t('logistics.boxes.signed', { count }),
            )
          }
        />
      )}
    </>
  );
}
