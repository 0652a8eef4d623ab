// The editable box-type table with paste-from-Excel, .xlsx import, the example and unit choice.
import { FileExcelOutlined, PlusOutlined, SnippetsOutlined } from '@ant-design/icons';
import { typeColor } from '@tradelane/loadplan';
import {
  App,
  Button,
  Checkbox,
  Input,
  Select,
  Space,
  Switch,
  Table,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton } from '../../../components/resource/RemoveRowButton.tsx';
import { currentLang } from '../../../i18n/index.ts';
import { type BoxField, checkRow, parseCells } from './box-parse.ts';
import { NumberCell } from './cells.tsx';
import { exampleBoxes } from './example.ts';
import { issueText } from './issue-text.ts';
import { type BoxRow, emptyBoxRow } from './model.ts';
import { PasteDialog } from './PasteDialog.tsx';
import {
  convertLength,
  convertWeight,
  cubicMetres,
  LENGTH_UNITS,
  type LengthUnit,
  toMm,
  WEIGHT_UNITS,
  type WeightUnit,
} from './units.ts';
import { readSheetCells } from './xlsx-import.ts';

export interface BoxTableProps {
  rows: BoxRow[];
  onChange: (rows: BoxRow[]) => void;
  lengthUnit: LengthUnit;
  weightUnit: WeightUnit;
  onUnits: (lengthUnit: LengthUnit, weightUnit: WeightUnit) => void;
}

type NumField = 'l' | 'w' | 'h' | 'weight' | 'qty' | 'maxLoadOnTop';

/** Box types, pieces, m³ and weight of the table (rows with missing figures count what they have). */
function totals(rows: readonly BoxRow[], lengthUnit: LengthUnit) {
  let count = 0;
  let volume = 0;
  let weight = 0;
  for (const r of rows) {
    const q = r.qty ?? 0;
    count += q;
    if (r.l && r.w && r.h)
      volume += q * cubicMetres(toMm(r.l, lengthUnit), toMm(r.w, lengthUnit), toMm(r.h, lengthUnit));
    weight += q * (r.weight ?? 0);
  }
  return { types: rows.length, count, volume: volume.toFixed(2), weight: Math.round(weight * 10) / 10 };
}

export function BoxTable({ rows, onChange, lengthUnit, weightUnit, onUnits }: BoxTableProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pasteOpen, setPasteOpen] = useState(false);
  const bad = useMemo(() => {
    const m = new Map<string, Set<BoxField | 'row'>>();
    rows.forEach((r, i) => {
      m.set(r.key, new Set(checkRow(r, i + 1).map((x) => x.field)));
    });
    return m;
  }, [rows]);

  const patch = (key: string, p: Partial<BoxRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const status = (r: BoxRow, f: BoxField) => (bad.get(r.key)?.has(f) ? 'error' : undefined);

  const num = (f: NumField, opts: { integer?: boolean; placeholder?: string } = {}) => ({
    dataIndex: f,
    width: f === 'maxLoadOnTop' ? 100 : 84,
    render: (_: unknown, r: BoxRow) => (
      <NumberCell
        precision={opts.integer ? 0 : undefined}
        value={r[f]}
        status={status(r, f)}
        placeholder={opts.placeholder}
        label={t(`loadplan.col.${f}`)}
        onChange={(v) => patch(r.key, { [f]: v })}
      />
    ),
  });

  const columns: ColumnsType<BoxRow> = [
    {
      key: 'color',
      width: 28,
      render: (_, __, i) => <span className="loadplan-swatch" style={{ background: typeColor(i) }} />,
    },
    {
      title: t('loadplan.col.name'),
      dataIndex: 'name',
      width: 150,
      render: (_, r) => (
        <Input
          size="small"
          value={r.name}
          aria-label={t('loadplan.col.name')}
          onChange={(e) => patch(r.key, { name: e.target.value })}
        />
      ),
    },
    { title: `${t('loadplan.col.l')} (${lengthUnit})`, ...num('l') },
    { title: `${t('loadplan.col.w')} (${lengthUnit})`, ...num('w') },
    { title: `${t('loadplan.col.h')} (${lengthUnit})`, ...num('h') },
    { title: `${t('loadplan.col.weight')} (${weightUnit})`, ...num('weight') },
    { title: t('loadplan.col.qty'), ...num('qty', { integer: true }) },
    {
      title: <Tooltip title={t('loadplan.colHint.vertical')}>{t('loadplan.col.vertical')}</Tooltip>,
      key: 'vertical',
      width: 150,
      render: (_, r) => (
        <Checkbox.Group
          className={status(r, 'vertical') ? 'loadplan-upright loadplan-bad' : 'loadplan-upright'}
          value={r.vertical.flatMap((v, i) => (v ? [i] : []))}
          options={[0, 1, 2].map((i) => ({ value: i, label: t(`loadplan.dim${'LWH'[i]}`) }))}
          onChange={(vals) =>
            patch(r.key, { vertical: [vals.includes(0), vals.includes(1), vals.includes(2)] })
          }
        />
      ),
    },
    {
      title: t('loadplan.col.stackable'),
      key: 'stackable',
      width: 70,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.stackable}
          aria-label={t('loadplan.col.stackable')}
          onChange={(v) => patch(r.key, { stackable: v })}
        />
      ),
    },
    {
      title: (
        <Tooltip
          title={t('loadplan.colHint.maxLoadOnTop')}
        >{`${t('loadplan.col.maxLoadOnTop')} (${weightUnit})`}</Tooltip>
      ),
      ...num('maxLoadOnTop', { placeholder: t('loadplan.noLimit') }),
    },
    {
      title: <Tooltip title={t('loadplan.colHint.group')}>{t('loadplan.col.group')}</Tooltip>,
      key: 'group',
      width: 70,
      render: (_, r) => (
        <NumberCell
          max={99}
          precision={0}
          value={r.group}
          label={t('loadplan.col.group')}
          onChange={(v) => patch(r.key, { group: v ?? 0 })}
        />
      ),
    },
    {
      key: 'remove',
      width: 40,
      render: (_, r) => (
        <RemoveRowButton
          label={t('loadplan.remove')}
          onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
        />
      ),
    },
  ];

  const switchUnits = (lu: LengthUnit, wu: WeightUnit) => {
    const cl = (v: number | null) => (v === null ? null : convertLength(v, lengthUnit, lu));
    const cw = (v: number | null) => (v === null ? null : convertWeight(v, weightUnit, wu));
    onChange(
      rows.map((r) => ({
        ...r,
        l: cl(r.l),
        w: cl(r.w),
        h: cl(r.h),
        weight: cw(r.weight),
        maxLoadOnTop: cw(r.maxLoadOnTop),
      })),
    );
    onUnits(lu, wu);
  };

  const importFile = async (file: File) => {
    try {
      const { rows: got, issues } = parseCells(await readSheetCells(await file.arrayBuffer()));
      if (got.length) onChange(got);
      if (issues.length)
        message.warning(
          issues
            .slice(0, 3)
            .map((i) => issueText(t, i))
            .join('；'),
        );
      else message.success(t('loadplan.importDone', { count: got.length }));
    } catch {
      message.error(t('loadplan.importFailed'));
    }
  };

  return (
    <>
      <Space wrap className="loadplan-toolbar">
        <Button icon={<PlusOutlined />} onClick={() => onChange([...rows, emptyBoxRow()])}>
          {t('loadplan.addRow')}
        </Button>
        <Button icon={<SnippetsOutlined />} onClick={() => setPasteOpen(true)} data-testid="loadplan-paste">
          {t('loadplan.paste')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void importFile(file);
            return false;
          }}
        >
          <Button icon={<FileExcelOutlined />}>{t('loadplan.importXlsx')}</Button>
        </Upload>
        <Button
          onClick={() => {
            onChange(exampleBoxes(currentLang()));
            onUnits('mm', 'kg');
          }}
        >
          {t('loadplan.example')}
        </Button>
        <Button danger onClick={() => onChange([])}>
          {t('loadplan.clear')}
        </Button>
        <Typography.Text type="secondary">{t('loadplan.lengthUnit')}</Typography.Text>
        <Select
          size="small"
          value={lengthUnit}
          options={LENGTH_UNITS.map((u) => ({ value: u, label: u }))}
          onChange={(u) => switchUnits(u, weightUnit)}
          aria-label={t('loadplan.lengthUnit')}
        />
        <Typography.Text type="secondary">{t('loadplan.weightUnit')}</Typography.Text>
        <Select
          size="small"
          value={weightUnit}
          options={WEIGHT_UNITS.map((u) => ({ value: u, label: u }))}
          onChange={(u) => switchUnits(lengthUnit, u)}
          aria-label={t('loadplan.weightUnit')}
        />
      </Space>
      <Table<BoxRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1000, y: 320 }}
        data-testid="loadplan-boxes"
      />
      <Typography.Text type="secondary" className="loadplan-totals" data-testid="loadplan-totals">
        {t('loadplan.totals', { ...totals(rows, lengthUnit), unit: weightUnit })}
      </Typography.Text>
      <PasteDialog
        open={pasteOpen}
        onClose={() => setPasteOpen(false)}
        onApply={(got, append) => {
          onChange(append ? [...rows, ...got] : got);
          setPasteOpen(false);
        }}
      />
    </>
  );
}
