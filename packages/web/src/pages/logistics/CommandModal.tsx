// The small form of one logistics command on a selection of boxes: only the inputs the command takes
// (a vehicle — picked or registered here —, a container, a place, a reason, the vessel, the port).
import { useQuery } from '@tanstack/react-query';
import {
  boxesInput,
  boxesReasonInput,
  dischargeInput,
  type LogisticsEvent,
  loadInput,
  onBoardInput,
  stuffInput,
  vehicleCreate,
} from '@tradelane/contract';
import { Alert, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { DateField } from '../../components/domain/DateField.tsx';
import { PortSelect } from '../../components/domain/PortSelect.tsx';
import { fieldRules, shapeOf } from '../../components/resource/schema-rules.ts';
import type { DeclContext } from '../../components/resource/types.ts';
import { validValues } from '../../utils/form.ts';
import { BOX_COMMANDS, byContainer, eventLabel, type FormValues } from './commands.ts';
import { type LogisticsBox, logisticsApi } from './logistics-api.ts';

interface Props {
  event: LogisticsEvent | null;
  boxes: LogisticsBox[];
  batchId: number;
  /** The batch's port of discharge, offered first when unloading. */
  portOfDischarge?: string | null;
  ctx: DeclContext;
  onClose: () => void;
  /** Runs the call (toast and refresh are the caller's); resolves false when it was refused. */
  onRun: (event: LogisticsEvent, run: () => Promise<{ totalElements: number }>) => Promise<boolean>;
}

/** Each input's schema in the contract's body of its command (the vehicle's when registering one here). */
const FIELDS = {
  accessoryInfoId: loadInput.shape.accessoryInfoId,
  containerId: stuffInput.shape.containerId,
  reason: boxesReasonInput.shape.reason,
  place: boxesInput.shape.place,
  plateNumber: vehicleCreate.shape.plateNumber,
  driverName: vehicleCreate.shape.driverName,
  driverPhone: vehicleCreate.shape.driverPhone,
  vessel: shapeOf(onBoardInput).vessel,
  voyage: shapeOf(onBoardInput).voyage,
  blNumber: shapeOf(onBoardInput).blNumber,
  port: shapeOf(dischargeInput).port,
} as const;

/**
 * One input of a command's form, named as in the contract's input: its label (`logistics.form.<labelKey>`,
 * the name unless told) and its rules from that input (required, length, format; the contract's words).
 */
function Field({
  name,
  labelKey = name,
  className,
  ctx,
  children,
}: {
  name: keyof typeof FIELDS;
  labelKey?: string;
  className?: string;
  ctx: DeclContext;
  children: ReactNode;
}) {
  const text = ctx.t(`logistics.form.${labelKey}`);
  return (
    <Form.Item
      name={name}
      label={text}
      rules={fieldRules(FIELDS[name], text, ctx.lang)}
      className={className}
    >
      {children}
    </Form.Item>
  );
}

type Values = FormValues & { plateNumber?: string; driverName?: string; driverPhone?: string };

export function CommandModal({ event, boxes, batchId, portOfDischarge, ctx, onClose, onRun }: Props) {
  const { t } = ctx;
  const [form] = Form.useForm<Values>();
  const [newVehicle, setNewVehicle] = useState(false);
  const [busy, setBusy] = useState(false);
  const cmd = event ? BOX_COMMANDS[event] : undefined;
  const vehicles = useQuery({
    queryKey: ['resource', 'accessoryInfo', 'pick', batchId],
    queryFn: () => logisticsApi.vehicles(batchId),
    enabled: cmd?.form === 'vehicle',
  });
  const containers = useQuery({
    queryKey: ['resource', 'container', 'pick', batchId],
    queryFn: () => logisticsApi.containers(batchId),
    enabled: cmd?.form === 'container' || cmd?.form === 'vessel',
  });
  const myVehicles = (vehicles.data?.content ?? []).filter((v) => v.mine);
  const myContainers = (containers.data?.content ?? []).filter((c) => c.mine);
  /** The containers of the selection, each asked for its seal as it goes on board. */
  const sealing = [
    ...new Map(
      boxes.flatMap((b) => (b.containerId ? [[b.containerId, b.containerNumber ?? ''] as const] : [])),
    ),
  ];
  const sealOf = (id: number) => containers.data?.content.find((c) => c.id === id)?.sealNumber ?? undefined;

  // A fresh form each time a command is opened (not when a hidden tab shows again).
  useEffect(() => {
    if (!event) return;
    form.resetFields();
    setNewVehicle(false);
  }, [event, form]);
  useEffect(() => {
    if (cmd?.form === 'vehicle' && vehicles.isSuccess && !myVehicles.length) setNewVehicle(true);
  }, [cmd?.form, vehicles.isSuccess, myVehicles.length]);

  if (!event || !cmd) return null;
  const label = eventLabel(event, ctx.lang);

  const submit = async () => {
    const v = await validValues<Values>(form);
    if (!v) return;
    setBusy(true);
    try {
      let values: FormValues = v;
      if (cmd.form === 'vehicle' && newVehicle) {
        const made = await logisticsApi
          .createVehicle({
            batchId,
            plateNumber: v.plateNumber?.trim() ?? '',
            driverName: v.driverName?.trim() || undefined,
            driverPhone: v.driverPhone?.trim() || undefined,
          })
          .catch(() => null);
        if (!made) return;
        values = { ...v, accessoryInfoId: made.id };
        setNewVehicle(false);
        form.setFieldsValue({ accessoryInfoId: made.id });
        void vehicles.refetch();
      }
      if (await onRun(event, () => cmd.run(boxes, values))) onClose();
    } finally {
      setBusy(false);
    }
  };

  const moving = byContainer(boxes);
  const containerNumbers = [...new Set(boxes.flatMap((b) => (b.containerNumber ? [b.containerNumber] : [])))];
  const what = [
    containerNumbers.length ? t('logistics.form.containers', { list: containerNumbers.join(', ') }) : null,
    moving.boxPieceIds?.length ? t('logistics.form.breakBulk', { count: moving.boxPieceIds.length }) : null,
  ]
    .filter(Boolean)
    .join(ctx.lang === 'zh' ? '，' : ', ');
  const seaLeg = ['vessel', 'discharge'].includes(cmd.form) || event === 'unpack';

  return (
    <Modal
      open
      title={t('logistics.form.title', { action: label, count: boxes.length })}
      okText={label}
      okButtonProps={{ danger: cmd.danger }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        data-testid="command-form"
        initialValues={cmd.form === 'discharge' && portOfDischarge ? { port: portOfDischarge } : undefined}
      >
        <Typography.Paragraph type="secondary" className="lg-boxes-line">
          {boxes.map((b) => b.boxNumber).join(', ')}
        </Typography.Paragraph>
        {seaLeg && what && (
          <Alert type="info" showIcon className="lg-alert" message={t('logistics.form.what', { what })} />
        )}
        {cmd.form === 'vehicle' && !newVehicle && (
          <>
            <Field ctx={ctx} name="accessoryInfoId" labelKey="vehicle" className="lg-tight">
              <Select
                placeholder={t('logistics.form.pickVehicle')}
                loading={vehicles.isLoading}
                options={myVehicles.map((m) => ({
                  value: m.id,
                  label: `${m.plateNumber}${m.driverName ? ` · ${m.driverName}` : ''} (${m.boxCount})`,
                }))}
              />
            </Field>
            <Button type="link" className="lg-link" onClick={() => setNewVehicle(true)}>
              {t('logistics.form.newVehicle')}
            </Button>
          </>
        )}
        {cmd.form === 'vehicle' && newVehicle && (
          <>
            <Typography.Text strong>{t('logistics.form.newVehicle')}</Typography.Text>
            <Field ctx={ctx} name="plateNumber">
              <Input maxLength={20} />
            </Field>
            <Space wrap>
              <Field ctx={ctx} name="driverName">
                <Input maxLength={50} />
              </Field>
              <Field ctx={ctx} name="driverPhone">
                <Input maxLength={20} />
              </Field>
            </Space>
            {myVehicles.length > 0 && (
              <Button type="link" onClick={() => setNewVehicle(false)}>
                {t('logistics.form.pickVehicle')}
              </Button>
            )}
          </>
        )}
        {cmd.form === 'container' &&
          (containers.isSuccess && !myContainers.length ? (
            <Alert type="warning" showIcon message={t('logistics.form.noContainer')} />
          ) : (
            <Field ctx={ctx} name="containerId" labelKey="container">
              <Select
                placeholder={t('logistics.form.pickContainer')}
                loading={containers.isLoading}
                options={myContainers.map((c) => ({
                  value: c.id,
                  label: `${c.containerNumber} · ${c.typeCode} — ${t('logistics.form.fill', {
                    boxes: c.boxCount,
                    weight: c.fillWeight,
                    volume: c.fillVolume,
                  })}`,
                }))}
              />
            </Field>
          ))}
        {cmd.form === 'place' && (
          <Field ctx={ctx} name="place">
            <Input maxLength={100} />
          </Field>
        )}
        {cmd.form === 'reason' && (
          <Field ctx={ctx} name="reason">
            <Input.TextArea rows={3} maxLength={500} placeholder={t('logistics.form.reasonPlaceholder')} />
          </Field>
        )}
        {cmd.form === 'vessel' && (
          <>
            <Space wrap>
              <Field ctx={ctx} name="vessel">
                <Input maxLength={100} />
              </Field>
              <Field ctx={ctx} name="voyage">
                <Input maxLength={30} />
              </Field>
            </Space>
            <Space wrap>
              <Form.Item name="etd" label={t('logistics.form.etd')}>
                <DateField />
              </Form.Item>
              <Field ctx={ctx} name="blNumber">
                <Input maxLength={40} />
              </Field>
            </Space>
            {sealing.map(([id, number]) => (
              <Form.Item
                key={`${id}-${containers.isSuccess}`}
                name={['seals', String(id)]}
                label={t('logistics.form.seal', { container: number })}
                initialValue={sealOf(id)}
                rules={[
                  { required: true, message: t('logistics.form.sealRequired', { container: number }) },
                  { max: 30 },
                ]}
              >
                <Input maxLength={30} data-testid="seal-input" />
              </Form.Item>
            ))}
          </>
        )}
        {cmd.form === 'discharge' && (
          <>
            <Field ctx={ctx} name="port">
              <PortSelect />
            </Field>
            <Space wrap>
              <Form.Item name="eta" label={t('logistics.form.eta')}>
                <DateField />
              </Form.Item>
              <Form.Item name="ata" label={t('logistics.form.ata')}>
                <DateField />
              </Form.Item>
            </Space>
          </>
        )}
      </Form>
    </Modal>
  );
}
