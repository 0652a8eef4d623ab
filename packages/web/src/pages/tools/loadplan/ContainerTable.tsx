// Container types to plan with: the standard types (sizes editable: the figures are nominal) and custom ones.
import { PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton } from '../../../components/resource/RemoveRowButton.tsx';
import { currentLang } from '../../../i18n/index.ts';
import { NumberCell } from './cells.tsx';
import { containerName, customContainerRow, standardContainerRows } from './container-rows.ts';
import type { ContainerRow } from './model.ts';

type NumField = 'l' | 'w' | 'h' | 'maxPayload' | 'cost' | 'available';

export function ContainerTable({
  rows,
  onChange,
}: {
  rows: ContainerRow[];
  onChange: (rows: ContainerRow[]) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const patch = (key: string, p: Partial<ContainerRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const num = (f: NumField, placeholder?: string) => ({
    dataIndex: f,
    width: f === 'available' ? 76 : 90,
    render: (_: unknown, r: ContainerRow) => (
      <NumberCell
        precision={f === 'cost' ? 2 : 0}
        value={r[f]}
        placeholder={placeholder}
        label={t(`loadplan.container.${f}`)}
        onChange={(v) => patch(r.key, { [f]: v })}
      />
    ),
  });
  const columns: ColumnsType<ContainerRow> = [
    {
      key: 'enabled',
      width: 36,
      render: (_, r) => (
        <Checkbox
          checked={r.enabled}
          aria-label={r.code || r.name}
          data-testid={`loadplan-container-${r.code || r.key}`}
          onChange={(e) => patch(r.key, { enabled: e.target.checked })}
        />
      ),
    },
    {
      title: t('loadplan.container.type'),
      key: 'type',
      width: 190,
      render: (_, r) =>
        r.code ? (
          <span>
            <Typography.Text strong>{r.code}</Typography.Text>{' '}
            <Typography.Text type="secondary">{containerName(r, lang)}</Typography.Text>
          </span>
        ) : (
          <Input
            size="small"
            value={r.name}
            placeholder={t('loadplan.container.custom')}
            aria-label={t('loadplan.container.customName')}
            onChange={(e) => patch(r.key, { name: e.target.value })}
          />
        ),
    },
    { title: t('loadplan.container.l'), ...num('l') },
    { title: t('loadplan.container.w'), ...num('w') },
    { title: t('loadplan.container.h'), ...num('h') },
    { title: t('loadplan.container.maxPayload'), ...num('maxPayload', t('loadplan.noLimit')) },
    { title: t('loadplan.container.cost'), ...num('cost') },
    { title: t('loadplan.container.available'), ...num('available', t('loadplan.noLimit')) },
    {
      key: 'remove',
      width: 40,
      render: (_, r) =>
        r.code ? null : (
          <RemoveRowButton
            label={t('loadplan.remove')}
            onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
          />
        ),
    },
  ];
  const resetSizes = () => {
    const std = new Map(standardContainerRows().map((r) => [r.code, r]));
    onChange(rows.map((r) => (std.has(r.code) ? { ...std.get(r.code)!, enabled: r.enabled } : r)));
  };
  return (
    <>
      <Space wrap className="loadplan-toolbar">
        <Button icon={<PlusOutlined />} onClick={() => onChange([...rows, customContainerRow()])}>
          {t('loadplan.container.addCustom')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={resetSizes}>
          {t('loadplan.container.reset')}
        </Button>
        <Typography.Text type="secondary">{t('loadplan.container.nominalHint')}</Typography.Text>
      </Space>
      <Table<ContainerRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 820, y: 300 }}
        rowClassName={(r) => (r.enabled ? '' : 'loadplan-off')}
        data-testid="loadplan-containers"
      />
    </>
  );
}
