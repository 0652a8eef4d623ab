// Lane defaults (menu "tower/lanes"): the shipper and its logistics providers keep, per port pair, the
// planned days of each leg of a batch's life. A batch's plan is filled from them ("fill from lane" on the
// plan panel), and the projection rests a leg the plan leaves undated on them.
import { laneDefaultCreate, laneDefaultDays, laneLegKeys, P } from '@tradelane/contract';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PortSelect, type PortSelectProps } from '../../components/domain/PortSelect.tsx';
import { blanksAsNull } from '../../components/resource/query.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../components/resource/types.ts';
import '../../components/domain/project.css';
import './tower.css';

type Legs = Record<(typeof laneDefaultDays)[keyof typeof laneDefaultDays], number | null>;
export interface LaneRow extends Legs {
  id: number;
  portOfLoading: string;
  portOfDischarge: string;
  remark: string | null;
  createTime: string;
}
type LaneValues = Partial<Omit<LaneRow, 'id' | 'createTime'>>;

const dayColumns = laneLegKeys.map((code) => laneDefaultDays[code]);

export default function LanesPage() {
  const { t } = useTranslation();
  const decl = useMemo(
    (): ResourceDecl<LaneRow, LaneValues> => ({
      name: 'laneDefaults',
      defaultSort: 'portOfLoading,asc',
      exportable: false,
      filters: [
        { name: 'portOfLoading', type: 'text', width: 140 },
        { name: 'portOfDischarge', type: 'text', width: 140 },
      ],
      columns: [
        { key: 'portOfLoading', width: 110 },
        { key: 'portOfDischarge', width: 110 },
        ...dayColumns.map((key) => ({
          key,
          width: 104,
          render: (r: LaneRow) => (r[key] === null ? '-' : String(r[key])),
        })),
        { key: 'remark', width: 200, kind: 'ellipsis' as const },
      ],
      permissions: {
        add: { permission: [P.laneDefault.add] },
        edit: { permission: [P.laneDefault.edit] },
        del: { permission: [P.laneDefault.del] },
      },
      form: {
        mode: 'modal',
        width: 720,
        schema: laneDefaultCreate,
        fields: [
          {
            name: 'portOfLoading',
            type: 'custom',
            required: true,
            half: true,
            render: (_c, p) => <PortSelect {...(p as PortSelectProps)} />,
          },
          {
            name: 'portOfDischarge',
            type: 'custom',
            required: true,
            half: true,
            render: (_c, p) => <PortSelect {...(p as PortSelectProps)} />,
          },
          ...dayColumns.map((name) => ({ name, type: 'number' as const, half: true, min: 0, max: 365 })),
          { name: 'remark', type: 'textarea' },
        ],
        // A blank leg is sent as null: no default for that leg.
        toBody: (v) => blanksAsNull(v),
      },
    }),
    [],
  );
  return (
    <div className="pw-page">
      <ResourcePage<LaneRow, LaneValues>
        decl={decl}
        titleKey="tower.lanes.title"
        header={
          <Typography.Paragraph type="secondary" className="otif-explain">
            {t('tower.lanes.explain')}
          </Typography.Paragraph>
        }
      />
    </div>
  );
}
