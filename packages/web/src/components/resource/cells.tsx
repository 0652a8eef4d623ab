// How a column declaration renders a cell: times, flags, dictionary values.
import { formatTime } from '@tradelane/contract';
import { Badge, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { statusColor } from '../status/status.tsx';
import type { ColumnDecl, DeclContext, Row } from './types.ts';

export function cellValue(row: object, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

export function renderCell<T extends Row>(col: ColumnDecl<T>, row: T, ctx: DeclContext): ReactNode {
  if (col.render) return col.render(row, ctx);
  const v = cellValue(row, col.key);
  if (col.dict) {
    if (v === null || v === undefined) return <Typography.Text type="secondary">-</Typography.Text>;
    return col.kind === 'tag' ? (
      <Tag color={statusColor(col.dict, v)}>{ctx.dictLabel(col.dict, v)}</Tag>
    ) : (
      ctx.dictLabel(col.dict, v)
    );
  }
  switch (col.kind) {
    case 'datetime':
      return v ? <span className="rp-nowrap">{formatTime(v as string)}</span> : '-';
    case 'enabled':
      return v ? (
        <Badge status="success" text={ctx.t('admin.common.enabled')} />
      ) : (
        <Badge status="default" text={ctx.t('admin.common.disabled')} />
      );
    case 'bool':
      return v ? ctx.t('common.yes') : ctx.t('common.no');
    case 'ellipsis':
      return v ? (
        <Tooltip title={String(v)} placement="topLeft">
          <span className="rp-ellipsis">{String(v)}</span>
        </Tooltip>
      ) : (
        '-'
      );
    default:
      return v === null || v === undefined || v === '' ? '-' : String(v);
  }
}
