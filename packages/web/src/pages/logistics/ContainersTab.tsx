// Containers of a batch as a declaration: the number checked live by ISO 6346 (the expected check
// digit named), the type from the standard sizes, the seal; how full each is by weight and volume; its
// boxes carried on board, unloaded, unpacked or taken out again (the commands its boxes allow).

import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Grant } from '@tradelane/contract';
import { containerCreate, iso6346Problem, type LogisticsEvent, translate } from '@tradelane/contract';
import { Button, Drawer, Input, Progress, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import { labelled } from '../../components/resource/schema-rules.ts';
import type { DeclContext, ResourceDecl } from '../../components/resource/types.ts';
import { currentLang, type Lang } from '../../i18n/index.ts';
import { CommandModal } from './CommandModal.tsx';
import { commonCommands } from './commands.ts';
import { type ContainerRow, type LogisticsBox, logisticsApi } from './logistics-api.ts';
import { ContainerPlanView } from './plan/ContainerPlanView.tsx';
import { PlanDrawer } from './plan/PlanDrawer.tsx';
import { useRunCommand } from './use-run.ts';

/** What is wrong with a container number, in the contract's words (naming the expected digit). */
export function containerNumberProblem(raw: string, lang: Lang): string | undefined {
  const p = iso6346Problem(raw);
  if (!p) return undefined;
  return p.code === 'container.check_digit'
    ? translate(p.code, lang, { expected: p.expected })
    : translate(p.code, lang);
}

function ContainerNumberInput(props: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  ctx: DeclContext;
}) {
  const value = props.value ?? '';
  const problem = value.trim() ? containerNumberProblem(value, props.ctx.lang) : undefined;
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Input
        id={props.id}
        value={value}
        maxLength={15}
        placeholder={props.ctx.t('logistics.container.numberPlaceholder')}
        onChange={(e) => props.onChange?.(e.target.value.toUpperCase())}
      />
      {value.trim() && !problem && (
        <Typography.Text type="success" className="pw-sub" data-testid="container-number-ok">
          <CheckCircleFilled /> {props.ctx.t('logistics.container.numberOk')}
        </Typography.Text>
      )}
      {problem && (
        <Typography.Text type="danger" className="pw-sub" data-testid="container-number-problem">
          <CloseCircleFilled /> {problem}
        </Typography.Text>
      )}
    </Space>
  );
}

const fill = (percent: number) => (
  <Progress
    className="lg-fill"
    size="small"
    percent={percent}
    status={percent > 100 ? 'exception' : 'normal'}
    format={(p) => `${p}%`}
  />
);

const ROW_COMMANDS: { event: LogisticsEvent; labelKey: string; danger?: boolean; more?: boolean }[] = [
  { event: 'onBoard', labelKey: 'logistics.container.onBoard' },
  { event: 'discharge', labelKey: 'logistics.container.discharge' },
  { event: 'unpack', labelKey: 'logistics.container.unpack' },
  { event: 'undoPacking', labelKey: 'logistics.container.undoPacking', danger: true, more: true },
];

export function ContainersTab(props: {
  batchId: number;
  boxes: LogisticsBox[];
  portOfDischarge?: string | null;
  ctx: DeclContext;
  has: (permission: Grant) => boolean;
}) {
  const { batchId, boxes, has } = props;
  const { t } = useTranslation();
  const [planning, setPlanning] = useState(false);
  const [viewing, setViewing] = useState<ContainerRow | null>(null);
  const run = useRunCommand();
  const [command, setCommand] = useState<{ event: LogisticsEvent; boxes: LogisticsBox[] } | null>(null);
  const types = useQuery({
    queryKey: ['ref', 'containerTypes'],
    queryFn: logisticsApi.containerTypes,
    staleTime: 3600_000,
  }).data;
  const decl = useMemo<ResourceDecl<ContainerRow>>(() => {
    const inside = (c: ContainerRow) => boxes.filter((b) => b.containerId === c.id);
    return {
      name: 'container',
      fixedParams: { batchId },
      exportable: false,
      filters: [{ name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 }],
      columns: [
        {
          key: 'containerNumber',
          width: 140,
          fixed: 'left',
          render: (r) => <span className="hs-code">{r.containerNumber}</span>,
        },
        { key: 'typeCode', width: 80 },
        { key: 'sealNumber', width: 110 },
        { key: 'boxCount', width: 80 },
        {
          key: 'fillWeight',
          width: 130,
          render: (r) => fill(r.fillWeight),
        },
        {
          key: 'fillVolume',
          width: 130,
          render: (r) => fill(r.fillVolume),
        },
        {
          key: 'vessel',
          titleKey: 'logistics.container.vessel',
          width: 170,
          kind: 'ellipsis',
          render: (r) => [r.vessel, r.voyage].filter(Boolean).join(' / ') || '-',
        },
        { key: 'blNumber', width: 140 },
        { key: 'port', width: 90 },
        { key: 'ownerName', width: 160, kind: 'ellipsis' },
      ],
      form: {
        // The number is checked by its own rule: the contract's message names the expected digit.
        schema: containerCreate.omit({ containerNumber: true }),
        mode: 'modal',
        width: 560,
        fields: [
          {
            name: 'containerNumber',
            type: 'custom',
            required: true,
            render: (ctx, p) => <ContainerNumberInput {...p} ctx={ctx} />,
            rules: (t) => [
              {
                validator: async (_, v: unknown) => {
                  const lang = currentLang();
                  const problem =
                    typeof v === 'string' && v.trim() ? containerNumberProblem(v, lang) : undefined;
                  if (problem)
                    throw new Error(labelled(t('logistics.container.containerNumber'), problem, lang));
                },
              },
            ],
          },
          {
            name: 'typeCode',
            type: 'select',
            required: true,
            half: true,
            options: () =>
              (types ?? []).map((c) => ({
                value: c.id,
                label: `${c.id} · ${c.l}×${c.w}×${c.h} mm${c.maxPayload ? ` · ${c.maxPayload} kg` : ''}`,
              })),
          },
          { name: 'sealNumber', half: true },
          { name: 'tare', type: 'number', min: 0, half: true },
          { name: 'remark', type: 'textarea' },
        ],
        toBody: (values, row) => (row ? values : { ...values, batchId }),
      },
      permissions: {
        add: { permission: ['container:stuff'] },
        edit: { permission: ['container:stuff'] },
        del: { permission: ['container:stuff'] },
      },
      rowWritable: (r) => r.mine,
      rowActions: [
        // A container loaded by an accepted plan shows it in 3D, step by step.
        {
          key: 'viewPlan',
          labelKey: 'logistics.plan.view',
          visible: (r: ContainerRow) => r.planned,
          run: (r: ContainerRow) => setViewing(r),
        },
        ...ROW_COMMANDS.map((c) => ({
          key: c.event,
          labelKey: c.labelKey,
          danger: c.danger,
          more: c.more,
          visible: (r: ContainerRow) => commonCommands(inside(r), has).includes(c.event),
          run: (r: ContainerRow) => setCommand({ event: c.event, boxes: inside(r) }),
        })),
      ],
    };
  }, [batchId, boxes, has, types]);
  return (
    <>
      {has('container:stuff') && (
        <Button style={{ marginBottom: 8 }} onClick={() => setPlanning(true)} data-testid="plan-open">
          {t('logistics.plan.button')}
        </Button>
      )}
      <ResourcePage<ContainerRow> decl={decl} titleKey="logistics.container.what" compact />
      {planning && (
        <PlanDrawer
          batchId={batchId}
          batchNumber={boxes[0]?.batchNumber ?? undefined}
          open
          onClose={() => setPlanning(false)}
        />
      )}
      <Drawer
        open={Boolean(viewing)}
        onClose={() => setViewing(null)}
        width={960}
        title={`${t('logistics.plan.view')} · ${viewing?.containerNumber ?? ''}`}
        destroyOnHidden
      >
        {viewing && <ContainerPlanView containerId={viewing.id} />}
      </Drawer>
      {command && (
        <CommandModal
          event={command.event}
          boxes={command.boxes}
          batchId={batchId}
          portOfDischarge={props.portOfDischarge}
          ctx={props.ctx}
          onClose={() => setCommand(null)}
          onRun={run}
        />
      )}
    </>
  );
}
