// Vehicles of a batch (accessoryInfo) as a declaration: registered, edited and deleted by the company
// that registered them; how many boxes each carries; all its boxes off-loaded at once (with a reason).
import type { Grant } from '@tradelane/contract';
import { vehicleCreate } from '@tradelane/contract';
import { useMemo, useState } from 'react';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { DeclContext, ResourceDecl } from '../../components/resource/types.ts';
import { upTo } from '../../utils/numbers.ts';
import { CommandModal } from './CommandModal.tsx';
import { commonCommands } from './commands.ts';
import type { LogisticsBox, VehicleRow } from './logistics-api.ts';
import { useRunCommand } from './use-run.ts';

const num = (v: number) => upTo(Number(v), 1);

export function VehiclesTab(props: {
  batchId: number;
  boxes: LogisticsBox[];
  ctx: DeclContext;
  has: (permission: Grant) => boolean;
}) {
  const { batchId, boxes, has } = props;
  const run = useRunCommand();
  const [undo, setUndo] = useState<LogisticsBox[] | null>(null);
  const decl = useMemo<ResourceDecl<VehicleRow>>(() => {
    const onVehicle = (v: VehicleRow) => boxes.filter((b) => b.accessoryInfoId === v.id);
    return {
      name: 'accessoryInfo',
      fixedParams: { batchId },
      exportable: false,
      filters: [{ name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 }],
      columns: [
        { key: 'plateNumber', width: 130, fixed: 'left' },
        { key: 'vehicleType', width: 110 },
        { key: 'driverName', width: 100 },
        { key: 'driverPhone', width: 130 },
        { key: 'fromPlace', width: 130, kind: 'ellipsis' },
        { key: 'toPlace', width: 130, kind: 'ellipsis' },
        { key: 'ownerName', width: 180, kind: 'ellipsis' },
        { key: 'boxCount', width: 80 },
        {
          key: 'weight',
          width: 110,
          render: (r) => <span className="pw-num">{num(r.weight)}</span>,
        },
      ],
      form: {
        schema: vehicleCreate,
        mode: 'modal',
        width: 560,
        fields: [
          { name: 'plateNumber', required: true, half: true },
          { name: 'vehicleType', half: true },
          { name: 'driverName', half: true },
          { name: 'driverPhone', half: true },
          { name: 'fromPlace', half: true },
          { name: 'toPlace', half: true },
          { name: 'remark', type: 'textarea' },
        ],
        toBody: (values, row) => (row ? values : { ...values, batchId }),
      },
      permissions: {
        add: { permission: ['logistics:load'] },
        edit: { permission: ['logistics:load'] },
        del: { permission: ['logistics:load'] },
      },
      rowWritable: (r) => r.mine,
      rowActions: [
        {
          key: 'undo',
          labelKey: 'logistics.vehicle.undo',
          danger: true,
          visible: (r) => r.mine && commonCommands(onVehicle(r), has).includes('offLoad'),
          run: (r) => setUndo(onVehicle(r)),
        },
      ],
    };
  }, [batchId, boxes, has]);
  return (
    <>
      <ResourcePage<VehicleRow> decl={decl} titleKey="logistics.vehicle.what" compact />
      {undo && (
        <CommandModal
          event="offLoad"
          boxes={undo}
          batchId={batchId}
          ctx={props.ctx}
          onClose={() => setUndo(null)}
          onRun={run}
        />
      )}
    </>
  );
}
