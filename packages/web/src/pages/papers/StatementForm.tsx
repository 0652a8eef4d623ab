// One statement of charges in a dialog: its number, why it was rejected, its charge lines (each checked
// by the contract's line schema as typed, with its gross), the totals per currency computed by the
// contract's exact arithmetic (the same as the server's), and its exports.
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { type ReconciliationLine, reconciliationLine, totalsByCurrency } from '@tradelane/contract';
import { Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { DeclContext } from '../../components/resource/types.ts';
import type { StatementRow } from './papers-api.ts';
import { blank, type Line, Totals } from './reconciliation-decl.tsx';

export function StatementForm(props: {
  editing: StatementRow | 'new' | null;
  readOnly: boolean;
  statementNo: string;
  setStatementNo: (no: string) => void;
  lines: Line[];
  setLines: (f: (ls: Line[]) => Line[]) => void;
  ctx: DeclContext;
  onSave: () => unknown;
  onClose: () => void;
  exportPdf: (r: StatementRow) => unknown;
  exportXlsx: (r: StatementRow) => unknown;
}) {
  const { editing, readOnly, lines, setLines, ctx } = props;
  const { t } = ctx;
  const checked = lines.map((l) => reconciliationLine.safeParse(l));
  const valid = checked.every((c) => c.success);
  const preview = valid ? totalsByCurrency(checked.map((c) => c.data as ReconciliationLine)) : [];
  const patch = (key: number, p: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...p } : l)));
  const saved = editing !== null && editing !== 'new' ? editing : null;
  return (
    <Modal
      open={editing !== null}
      width={1100}
      title={editing === 'new' ? t('papers.rec.add') : t('papers.rec.what')}
      okText={t('papers.rec.save')}
      okButtonProps={{ disabled: readOnly || !valid, style: readOnly ? { display: 'none' } : undefined }}
      onOk={() => void props.onSave()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Typography.Text>{t('papers.rec.statementNo')}</Typography.Text>
          <Input
            style={{ width: 240 }}
            value={props.statementNo}
            maxLength={64}
            disabled={readOnly}
            onChange={(e) => props.setStatementNo(e.target.value)}
            aria-label={t('papers.rec.statementNo')}
          />
        </Space>
        {saved?.reason && (
          <Typography.Text type="danger">
            {t('papers.rec.rejectedBecause', { reason: saved.reason })}
          </Typography.Text>
        )}
        <Table<Line>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={lines}
          columns={[
            {
              title: t('papers.rec.chargeType'),
              width: 190,
              render: (_, l) => (
                <Select
                  style={{ width: 180 }}
                  value={l.chargeType}
                  disabled={readOnly}
                  options={ctx.dict('charge_type')}
                  onChange={(v: string) => patch(l.key, { chargeType: v })}
                  aria-label={t('papers.rec.chargeType')}
                />
              ),
            },
            {
              title: t('papers.rec.description'),
              render: (_, l) => (
                <Input
                  value={l.description ?? ''}
                  disabled={readOnly}
                  maxLength={200}
                  onChange={(e) => patch(l.key, { description: e.target.value })}
                />
              ),
            },
            ...(['quantity', 'unitPrice', 'currency', 'taxRate'] as const).map((k) => ({
              title: t(`papers.rec.${k}`),
              width: k === 'currency' ? 90 : 120,
              render: (_: unknown, l: Line) => {
                const bad = !reconciliationLine.shape[k].safeParse(l[k]).success;
                return (
                  <Input
                    value={l[k]}
                    disabled={readOnly}
                    status={bad ? 'error' : undefined}
                    inputMode={k === 'currency' ? 'text' : 'decimal'}
                    onChange={(e) => patch(l.key, { [k]: e.target.value })}
                    aria-label={t(`papers.rec.${k}`)}
                  />
                );
              },
            })),
            {
              title: t('papers.rec.gross'),
              width: 130,
              align: 'right' as const,
              render: (_, l) => {
                const c = reconciliationLine.safeParse(l);
                return c.success ? (
                  <span className="pw-num">{totalsByCurrency([c.data])[0]?.gross}</span>
                ) : (
                  '-'
                );
              },
            },
            ...(readOnly
              ? []
              : [
                  {
                    title: '',
                    width: 60,
                    render: (_: unknown, l: Line) => (
                      <Button
                        size="small"
                        type="link"
                        danger
                        onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      >
                        {t('papers.rec.removeLine')}
                      </Button>
                    ),
                  },
                ]),
          ]}
        />
        {!readOnly && (
          <Button icon={<PlusOutlined />} onClick={() => setLines((ls) => [...ls, blank()])}>
            {t('papers.rec.addLine')}
          </Button>
        )}
        <Space>
          <Typography.Text strong>{t('papers.rec.totals')}</Typography.Text>
          {valid ? (
            <Totals totals={preview} />
          ) : (
            <Typography.Text type="danger">{t('papers.rec.fixLines')}</Typography.Text>
          )}
        </Space>
        {saved && (
          <Button icon={<DownloadOutlined />} onClick={() => void props.exportXlsx(saved)}>
            {t('papers.rec.export')}
          </Button>
        )}
        {saved && (
          <Button icon={<DownloadOutlined />} onClick={() => void props.exportPdf(saved)}>
            {t('vouchers.exportPdf')}
          </Button>
        )}
      </Space>
    </Modal>
  );
}
