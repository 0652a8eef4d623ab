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

const dictDecl: ResourceDecl<DictRow> = {
  name: 'dict',
  defaultSort: 'createTime,desc',
  deleteConfirmKey: 'admin.dict.deleteConfirm',
  filters: [{ name: 'blurry', labelKey: 'admin.common.keyword', type: 'text' }],
  columns: [
    { key: 'name', titleKey: 'admin.dict.name', width: 170, sortable: true },
    { key: 'description', titleKey: 'admin.dict.description', width: 220, kind: 'ellipsis' },
  ],
  permissions: {
    add: { permission: ['dict:add'] },
    edit: { permission: ['dict:edit'] },
    del: { permission: ['dict:del'] },
  },
  form: {
    mode: 'modal',
    fields: [
      { name: 'name', labelKey: 'admin.dict.name', required: true, max: 64 },
      { name: 'description', labelKey: 'admin.dict.description', type: 'textarea', max: 255 },
    ],
  },
};

function detailDecl(dictId: number): ResourceDecl<DictDetailRow> {
  return {
    name: 'dictDetail',
    defaultSort: 'dictSort,asc',
    exportable: false,
    columns: [
      { key: 'value', titleKey: 'admin.dict.value', width: 100 },
      { key: 'label', titleKey: 'admin.dict.label', width: 140 },
      { key: 'enLabel', titleKey: 'admin.dict.enLabel', width: 160 },
      { key: 'dictSort', titleKey: 'admin.dict.sort', width: 80, sortable: true },
    ],
    permissions: {
      add: { permission: ['dict:add'] },
      edit: { permission: ['dict:edit'] },
      del: { permission: ['dict:del'] },
    },
    form: {
      mode: 'modal',
      fields: [
        { name: 'value', labelKey: 'admin.dict.value', required: true, max: 100, half: true },
        { name: 'dictSort', labelKey: 'admin.dict.sort', type: 'number', min: 0, initial: 999, half: true },
        { name: 'label', labelKey: 'admin.dict.label', required: true, max: 100 },
        { name: 'enLabel', labelKey: 'admin.dict.enLabel', max: 100 },
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
