import { Card, Empty } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import type { DictEntry, Row } from '../admin-api.ts';

interface DictRow extends Row {
  id: number;
  name: string;
  description: string | null;
}
type DictDetailRow = DictEntry & { dictId: number };

/** A dictionary and its entries are granted alike. */
const DICT_PERMISSIONS: ResourceDecl<DictRow>['permissions'] = {
  add: { permission: ['dict:add'] },
  edit: { permission: ['dict:edit'] },
  del: { permission: ['dict:del'] },
};

const dictDecl: ResourceDecl<DictRow> = {
  name: 'dict',
  defaultSort: 'createTime,desc',
  deleteConfirmKey: 'admin.dict.deleteConfirm',
  filters: [{ name: 'blurry', labelKey: 'admin.common.keyword', type: 'text' }],
  columns: [
    { key: 'name', width: 170, sortable: true },
    { key: 'description', width: 220, kind: 'ellipsis' },
  ],
  permissions: DICT_PERMISSIONS,
  form: {
    mode: 'modal',
    fields: [
      { name: 'name', required: true, max: 64 },
      { name: 'description', type: 'textarea', max: 255 },
    ],
  },
};

function detailDecl(dictId: number): ResourceDecl<DictDetailRow> {
  return {
    name: 'dictDetail',
    defaultSort: 'dictSort,asc',
    exportable: false,
    columns: [
      { key: 'value', width: 100 },
      { key: 'label', width: 140 },
      { key: 'enLabel', width: 160 },
      { key: 'dictSort', width: 80, sortable: true },
    ],
    permissions: DICT_PERMISSIONS,
    form: {
      mode: 'modal',
      fields: [
        { name: 'value', required: true, max: 100, half: true },
        { name: 'dictSort', type: 'number', min: 0, initial: 999, half: true },
        { name: 'label', required: true, max: 100 },
        { name: 'enLabel', max: 100 },
      ],
      toBody: (v) => ({ ...v, dictId }),
    },
  };
}

/** Dictionaries and, beside them, the entries of the selected one. */
export default function DictsPage() {
  const { t } = useTranslation();
  const [active, setActive] = useState<DictRow | null>(null);
  const details = useMemo(() => (active ? detailDecl(active.id) : null), [active]);
  return (
    <div className="admin-split">
      <ResourcePage
        decl={dictDecl}
        titleKey="admin.dict.what"
        onRowClick={setActive}
        activeRowId={active?.id}
      />
      {details && active ? (
        <ResourcePage
          decl={details}
          titleKey="admin.dict.detailWhat"
          pinned={{ dictId: active.id }}
          header={<h3 className="rp-subtitle">{t('admin.dict.detailsOf', { name: active.name })}</h3>}
        />
      ) : (
        <Card variant="borderless">
          <Empty description={t('admin.common.selectFirst')} />
        </Card>
      )}
    </div>
  );
}
