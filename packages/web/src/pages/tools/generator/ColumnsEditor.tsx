// Per column of the picked table: labels in both languages, list and form presence, form control,
// query kind, dictionary, required, max length and pattern — only the choices the column's type allows.
import type { CodegenColumn, CodegenFormType, CodegenQueryType } from '@tradelane/contract';
import { Checkbox, Input, InputNumber, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ColumnInfo {
  name: string;
  dataType: string;
  nullable: boolean;
  hasDefault: boolean;
  maxLength: number | null;
  comment: string | null;
  supported: boolean;
  mustSend: boolean;
  /** Set by the engine or the tenant scope (id, stamps, tenant_id): never on a form. */
  serverOwned: boolean;
  formTypes: CodegenFormType[];
  queryTypes: CodegenQueryType[];
}

interface Props {
  info: ColumnInfo[];
  value: CodegenColumn[];
  dicts: string[];
  onChange: (next: CodegenColumn[]) => void;
}

export function ColumnsEditor({ info, value, dicts, onChange }: Props) {
  const { t } = useTranslation();
  const byName = new Map(info.map((c) => [c.name, c]));
  const set = (name: string, patch: Partial<CodegenColumn>) =>
    onChange(value.map((c) => (c.columnName === name ? { ...c, ...patch } : c)));
  const usable = (c: CodegenColumn) => byName.get(c.columnName)?.supported ?? false;
  const formable = (c: CodegenColumn) => usable(c) && !byName.get(c.columnName)?.serverOwned;
  return (
    <Table<CodegenColumn>
      rowKey="columnName"
      size="small"
      className="cg-columns"
      dataSource={value}
      pagination={false}
      scroll={{ x: 1380 }}
      columns={[
        {
          key: 'column',
          title: t('codegen.column'),
          fixed: 'left',
          width: 170,
          render: (_, c) => {
            const i = byName.get(c.columnName);
            return (
              <div>
                <Typography.Text strong className="cg-mono">
                  {c.columnName}
                </Typography.Text>
                <div className="cg-muted cg-mono">
                  {i?.dataType}
                  {i?.maxLength ? `(${i.maxLength})` : ''}
                </div>
                {!i?.supported ? <Tag>{t('codegen.unsupported')}</Tag> : null}
                {i?.mustSend ? <Tag color="orange">{t('codegen.mustSend')}</Tag> : null}
              </div>
            );
          },
        },
        {
          key: 'labelZh',
          title: t('codegen.labelZh'),
          width: 140,
          render: (_, c) => (
            <Input
              aria-label={`${c.columnName} ${t('codegen.labelZh')}`}
              value={c.labelZh}
              maxLength={64}
              onChange={(e) => set(c.columnName, { labelZh: e.target.value })}
            />
          ),
        },
        {
          key: 'labelEn',
          title: t('codegen.labelEn'),
          width: 140,
          render: (_, c) => (
            <Input
              aria-label={`${c.columnName} ${t('codegen.labelEn')}`}
              value={c.labelEn}
              maxLength={64}
              onChange={(e) => set(c.columnName, { labelEn: e.target.value })}
            />
          ),
        },
        {
          key: 'list',
          title: t('codegen.list'),
          width: 60,
          align: 'center',
          render: (_, c) => (
            <Checkbox
              checked={c.listVisible}
              disabled={!usable(c)}
              onChange={(e) => set(c.columnName, { listVisible: e.target.checked })}
            />
          ),
        },
        {
          key: 'form',
          title: t('codegen.form'),
          width: 60,
          align: 'center',
          render: (_, c) => (
            <Checkbox
              checked={c.formVisible && formable(c)}
              disabled={!formable(c) || byName.get(c.columnName)?.mustSend}
              onChange={(e) => set(c.columnName, { formVisible: e.target.checked })}
            />
          ),
        },
        {
          key: 'formType',
          title: t('codegen.formType'),
          width: 130,
          render: (_, c) =>
            formable(c) ? (
              <Select
                style={{ width: '100%' }}
                value={c.formType}
                disabled={!c.formVisible}
                options={(byName.get(c.columnName)?.formTypes ?? []).map((f) => ({
                  value: f,
                  label: t(`codegen.formTypes.${f}`),
                }))}
                onChange={(v) => set(c.columnName, { formType: v })}
              />
            ) : null,
        },
        {
          key: 'queryType',
          title: t('codegen.queryType'),
          width: 130,
          render: (_, c) =>
            usable(c) ? (
              <Select<CodegenQueryType | ''>
                style={{ width: '100%' }}
                value={c.queryType ?? ''}
                options={[
                  { value: '', label: t('codegen.none') },
                  ...(byName.get(c.columnName)?.queryTypes ?? []).map((q) => ({
                    value: q,
                    label: t(`codegen.queryTypes.${q}`),
                  })),
                ]}
                onChange={(v) => set(c.columnName, { queryType: v || null })}
              />
            ) : null,
        },
        {
          key: 'dictName',
          title: t('codegen.dictName'),
          width: 150,
          render: (_, c) =>
            usable(c) ? (
              <Select
                style={{ width: '100%' }}
                allowClear
                showSearch
                value={c.dictName ?? undefined}
                options={dicts.map((d) => ({ value: d, label: d }))}
                onChange={(v) => set(c.columnName, { dictName: v ?? null })}
              />
            ) : null,
        },
        {
          key: 'required',
          title: t('codegen.required'),
          width: 60,
          align: 'center',
          render: (_, c) => (
            <Checkbox
              checked={c.required || Boolean(byName.get(c.columnName)?.mustSend)}
              disabled={!formable(c) || byName.get(c.columnName)?.mustSend}
              onChange={(e) => set(c.columnName, { required: e.target.checked })}
            />
          ),
        },
        {
          key: 'maxLength',
          title: t('codegen.maxLength'),
          width: 100,
          render: (_, c) =>
            formable(c) && byName.get(c.columnName)?.formTypes.includes('input') ? (
              <InputNumber
                style={{ width: '100%' }}
                min={1}
                max={byName.get(c.columnName)?.maxLength ?? 100_000}
                value={c.maxLength ?? null}
                onChange={(v) => set(c.columnName, { maxLength: v ?? null })}
              />
            ) : null,
        },
        {
          key: 'pattern',
          title: t('codegen.pattern'),
          width: 160,
          render: (_, c) =>
            formable(c) && byName.get(c.columnName)?.formTypes.includes('input') ? (
              <Tooltip title={c.pattern || undefined}>
                <Input
                  className="cg-mono"
                  aria-label={`${c.columnName} ${t('codegen.pattern')}`}
                  value={c.pattern ?? ''}
                  maxLength={200}
                  onChange={(e) => set(c.columnName, { pattern: e.target.value || null })}
                />
              </Tooltip>
            ) : null,
        },
      ]}
    />
  );
}
