// What every paper list declares the same way: one batch's papers, newest first, searched by keyword
// and by status (the list's heading); the reason a paper was sent back, its status as its machine
// presents it, open to edit or to view, and delete.

import type { Grant } from '@tradelane/contract';
import { Typography } from 'antd';
import type {
  ColumnDecl,
  FilterDecl,
  ResourceDecl,
  Row,
  RowAction,
} from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';

/**
 * The heading of a batch's list of papers (the declaration names its family): the batch fixed, 20 a page,
 * no export, a keyword filter, then `filters` of its own, then its `status` dictionary (`statusWidth` wide);
 * what it says empty (`emptyKey`); permissions are the row actions'.
 */
export function paperList<R extends Row>(
  batchId: number,
  own: {
    status: string;
    statusWidth?: number;
    emptyKey: string;
    defaultSort?: string;
    filters?: FilterDecl[];
  },
): Pick<
  ResourceDecl<R>,
  'defaultSort' | 'pageSize' | 'exportable' | 'fixedParams' | 'filters' | 'permissions' | 'emptyKey'
> {
  return {
    emptyKey: own.emptyKey,
    defaultSort: own.defaultSort ?? 'id,desc',
    pageSize: 20,
    exportable: false,
    fixedParams: { batchId },
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
      ...(own.filters ?? []),
      { name: 'status', type: 'dict', dict: own.status, width: own.statusWidth ?? 170 },
    ],
    permissions: {},
  };
}

/** Why the paper was sent back, in the danger colour (empty when it was not). */
export function reasonColumn<R extends { reason?: string | null }>(
  layout: Omit<ColumnDecl<R>, 'key' | 'render'>,
): ColumnDecl<R> {
  return {
    key: 'reason',
    ...layout,
    render: (r) => (r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null),
  };
}

/** The paper's status, coloured and named as its machine's dictionary says. */
export function statusColumn<R extends { status: number }>(dict: string, width: number): ColumnDecl<R> {
  return { key: 'status', width, render: (r, c) => <StatusTag dict={dict} value={r.status} ctx={c} /> };
}

/** Opens the paper: "edit" where the caller may change it, "view" elsewhere. */
export function editOrView<R>(
  mayEdit: (r: R) => boolean,
  keys: { edit: string; view: string },
  open: (r: R) => unknown,
): RowAction<R> {
  return { key: 'edit', labelKey: (r) => (mayEdit(r) ? keys.edit : keys.view), run: open };
}

/** Deletes the paper, asked first, where the caller may change it and holds the permission. */
export function deleteAction<R>(
  permission: Grant,
  mayDelete: (r: R) => boolean,
  remove: (r: R) => unknown,
): RowAction<R> {
  return {
    key: 'delete',
    labelKey: 'admin.common.delete',
    danger: true,
    need: { permission: [permission] },
    visible: mayDelete,
    confirmKey: 'admin.common.deleteConfirm',
    run: remove,
  };
}
