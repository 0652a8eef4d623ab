// ONE generic list+form page: search bar, table with paging/sort, create/edit drawer, delete with
// confirmation, Excel export with the same filters, row actions. Each admin screen is a declaration.
import { DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { families } from '@tradelane/contract/api/families';
import {
  App,
  Button,
  Card,
  Empty,
  Grid,
  Pagination,
  Popconfirm,
  Space,
  Spin,
  Table,
  type TableProps,
  Tooltip,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { usePageMenu } from '../../access/page-menu.ts';
import { useCan, useMayCall } from '../../access/permissions.ts';
import { refreshResources, resourceKey } from '../../api/query-keys.ts';
import { useApp } from '../../stores/app.ts';
import { commandText } from '../workflow/labels.ts';
import { actionsColumnWidth, columnWidth } from './actions-width.ts';
import { ColumnChooser, useShownColumns } from './ColumnChooser.tsx';
import { renderCell } from './cells.tsx';
import { labelKeyOf } from './labels.ts';
import { exportParams, listParams, sortParam } from './query.ts';
import { type FormState, ResourceForm } from './ResourceForm.tsx';
import { actionText, RowActions, rowName } from './RowActions.tsx';
import { downloadExcel, resourceApi } from './resource-api.ts';
import { SearchBar } from './SearchBar.tsx';
import type { ColumnDecl, ResourceDecl, Row } from './types.ts';
import { useDeclContext } from './use-dicts.ts';
import './resource.css';

export interface ResourcePageProps<T extends Row, V> {
  decl: ResourceDecl<T, V>;
  /** i18n key of the thing listed (singular), used in titles and toasts. */
  titleKey: string;
  /** Extra dictionaries the page's own renderers read. */
  dicts?: string[];
  /** Extra buttons left of the toolbar (after Add). */
  toolbar?: ReactNode;
  /** Content above the table inside the card (e.g. a hint). */
  header?: ReactNode;
  /** Called with the selected row (for side-by-side screens). */
  onRowClick?: (row: T) => void;
  activeRowId?: number | null;
  /** Filters pinned by a parent screen (e.g. dictId). */
  pinned?: Record<string, string | number | boolean>;
  /** The search form's values when the page opens (the user may change or reset them). */
  initialFilters?: Record<string, unknown>;
  compact?: boolean;
  /** Told the selected ids (the rows get checkboxes even without the delete permission). */
  onSelect?: (ids: number[]) => void;
}

const ELLIPSIS_MIN_WIDTH = 110;

function isStatus<T>(c: ColumnDecl<T>): boolean {
  return c.status ?? (c.kind === 'enabled' || /status$/i.test(c.key));
}

export { resourceKey };

export function useRefresh(name: string): () => Promise<void> {
  const qc = useQueryClient();
  return () => refreshResources(qc, [name]);
}

export function ResourcePage<T extends Row, V = Record<string, unknown>>(props: ResourcePageProps<T, V>) {
  const { decl, titleKey, pinned } = props;
  const { message } = App.useApp();
  const size = useApp((s) => s.size);
  const { menuId } = usePageMenu();
  const can = useCan(menuId);
  const mayCall = useMayCall(menuId);
  const dictNames = useMemo(
    () => [
      ...(props.dicts ?? []),
      ...decl.columns.flatMap((c) => (c.dict ? [c.dict] : [])),
      ...(decl.filters ?? []).flatMap((f) => (f.dict ? [f.dict] : [])),
      ...(decl.form?.fields ?? []).flatMap((f) => (f.dict ? [f.dict] : [])),
    ],
    [decl, props.dicts],
  );
  const ctx = useDeclContext(dictNames);
  const [filters, setFilters] = useState<Record<string, unknown>>(props.initialFilters ?? {});
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(decl.pageSize ?? 10);
  const [sort, setSort] = useState<string | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [formState, setFormState] = useState<FormState<T>>({ open: false });
  const [exporting, setExporting] = useState(false);
  const columnsShown = useShownColumns(decl.name, decl.columns);
  const refreshList = useRefresh(decl.name);
  const [kids, setKids] = useState<Map<number, T[]>>(new Map());
  const lazy = decl.lazyTree;
  // On a phone a wide table keeps only its fixed first and action columns in sight, so rows become
  // cards there (a tree keeps its table: its nesting is the point).
  const screens = Grid.useBreakpoint();
  const phone = Boolean(screens.xs) && !lazy;
  /** Refetch the list and the children already loaded (a lazy tree). */
  const refresh = async () => {
    await refreshList();
    if (!lazy || !kids.size) return;
    const entries = await Promise.all(
      [...kids.keys()].map(async (id) => [id, await lazy.children(id)] as const),
    );
    setKids(new Map(entries));
  };
  const withKids = (rows: T[]): T[] =>
    lazy
      ? rows.map((r) => (lazy.hasChildren(r) ? { ...r, children: withKids(kids.get(r.id) ?? []) } : r))
      : rows;

  const fixed = { ...(decl.fixedParams ?? {}), ...(pinned ?? {}) };
  const params = listParams({ ...decl, fixedParams: fixed }, { page, size: pageSize, sort, filters });
  const list = useQuery({
    queryKey: [...resourceKey(decl.name), params],
    queryFn: () => (decl.list ? decl.list(params) : resourceApi.list<T>(decl.name, params)),
    placeholderData: keepPreviousData,
  });

  const remove = async (ids: number[]) => {
    await (decl.remove ? decl.remove(ids) : resourceApi.remove(decl.name, ids));
    void message.success(ctx.t(decl.deletedKey ?? 'admin.common.deleted'));
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    await refresh();
  };

  const save = async (values: V, row: T | undefined) => {
    const body = decl.form?.toBody ? decl.form.toBody(values, row) : values;
    // A field the server names in an error is worded with its label in this form.
    const labels = new Map(
      (decl.form?.fields ?? []).map((f) => [f.name, ctx.t(labelKeyOf(decl.name, f.name, f.labelKey))]),
    );
    const opts = { fieldLabel: (field: string) => labels.get(field) };
    if (row) await resourceApi.update(decl.name, { ...(body as object), id: row.id }, opts);
    else await resourceApi.create(decl.name, body, opts);
    void message.success(ctx.t('common.operationSuccess'));
    await refresh();
  };

  const openEdit = async (row: T) => {
    const load = decl.form?.load;
    if (!load) return setFormState({ open: true, row });
    try {
      setFormState({ open: true, row: await load(row) });
    } catch {
      /* shown by the request client */
    }
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const p = exportParams({ ...decl, fixedParams: fixed }, { sort, filters });
      const day = new Date().toISOString().slice(0, 10);
      await downloadExcel(decl.name, p, `${ctx.t(titleKey)}-${day}.xlsx`);
    } catch {
      /* the request client showed the error */
    } finally {
      setExporting(false);
    }
  };

  // An action the declaration does not list is not offered at all.
  const { add, edit, del } = decl.permissions;
  // A create is offered to the sides its family declares (a project to shippers), with the page's grant.
  const family = Object.values(families).find((f) => f.name === decl.name);
  const canAdd = Boolean(decl.form && add) && mayCall(family?.create ?? {}, add);
  const canEdit = Boolean(decl.form && edit) && can(edit);
  const canDel = Boolean(del) && can(del);
  const writable = (row: T) => !decl.rowWritable || decl.rowWritable(row);
  const deletable = (row: T) => writable(row) && (!decl.rowDeletable || decl.rowDeletable(row));
  const actions = (decl.rowActions ?? []).filter((a) => can(a.need));
  const commands = decl.rowCommands;
  const hasActions = canEdit || canDel || actions.length > 0 || Boolean(commands);
  // The labels a row's actions cell shows, in its order (edit, links, the machine's commands, more, delete).
  const actionLabels = (row: T): string[] => {
    const shown = actions.filter((a) => !a.visible || a.visible(row));
    const r = row as T & { actions?: readonly string[] };
    const specs = commands?.commands?.(row);
    const allowed = commands ? (commands.only ?? r.actions ?? []).filter((e) => r.actions?.includes(e)) : [];
    return [
      ...(canEdit && writable(row) ? [ctx.t('admin.common.edit')] : []),
      ...shown.filter((a) => !a.more).map((a) => ctx.t(actionText(a.labelKey, row), { name: rowName(row) })),
      ...allowed.map((e) => {
        const key = specs?.[e]?.labelKey;
        return key ? ctx.t(key, specs?.[e]?.params) : commandText(ctx.t, e);
      }),
      ...(shown.some((a) => a.more) ? [`${ctx.t('admin.common.more')} ▾`] : []),
      ...(canDel && deletable(row) ? [ctx.t(decl.deleteLabelKey ?? 'admin.common.delete')] : []),
    ];
  };

  const rowActions = (row: T) => (
    <RowActions
      row={row}
      ctx={ctx}
      actions={actions}
      commands={commands}
      onEdit={canEdit && writable(row) ? () => void openEdit(row) : undefined}
      onDelete={canDel && deletable(row) ? () => remove([row.id]).catch(() => undefined) : undefined}
      deleteConfirm={ctx.t(decl.deleteConfirmKey ?? 'admin.common.deleteConfirm', {
        name: rowName(row),
      })}
      deleteLabel={ctx.t(decl.deleteLabelKey ?? 'admin.common.delete')}
    />
  );

  // Status columns go last, fixed beside the actions, so a list shows its status without sideways
  // scrolling; long text columns (ellipsis) give up width first.
  const visible = decl.columns.filter((c) => columnsShown.shown.has(c.key));
  const ordered = [...visible.filter((c) => !isStatus(c)), ...visible.filter(isStatus)];
  const titleOf = (c: ColumnDecl<T>) => ctx.t(labelKeyOf(decl.name, c.key, c.titleKey));
  // A header breaks between words only: a declared width is widened to its header's longest word.
  const widthOf = (c: (typeof ordered)[number]) =>
    columnWidth(c.width, titleOf(c), Boolean(c.sortable), size);
  const columns: TableProps<T>['columns'] = [
    ...ordered.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: titleOf(c),
      width: c.kind === 'ellipsis' ? undefined : widthOf(c),
      fixed: isStatus(c) ? ('right' as const) : c.fixed,
      ellipsis: c.kind === 'ellipsis',
      sorter: c.sortable ? true : undefined,
      sortOrder: sort?.startsWith(`${c.key},`)
        ? sort.endsWith(',asc')
          ? ('ascend' as const)
          : ('descend' as const)
        : null,
      render: (_: unknown, row: T) => renderCell(c, row, ctx),
    })),
    ...(hasActions
      ? [
          {
            key: '__actions',
            title: ctx.t('admin.common.actions'),
            fixed: 'right' as const,
            width: actionsColumnWidth(
              (list.data?.content ?? []).map(actionLabels),
              ctx.t('admin.common.actions'),
              size,
            ),
            render: (_: unknown, row: T) => rowActions(row),
          },
        ]
      : []),
  ];

  // A fixed layout from the declared widths keeps long values (user agents, paths) to their column;
  // an ellipsis column counts at most ELLIPSIS_MIN_WIDTH and shares what is left.
  const tableWidth =
    ordered.reduce(
      (w, c) =>
        w +
        (c.kind === 'ellipsis'
          ? Math.min(c.width ?? ELLIPSIS_MIN_WIDTH, ELLIPSIS_MIN_WIDTH)
          : (widthOf(c) ?? 120)),
      0,
    ) +
    (typeof columns.at(-1)?.width === 'number' && hasActions ? Number(columns.at(-1)?.width) : 0) +
    (decl.selectable && (canDel || props.onSelect) ? 48 : 0);

  const pagination = {
    current: page + 1,
    pageSize,
    total: list.data?.totalElements ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total: number) =>
      ctx.t(list.data?.totalExact === false ? 'admin.common.totalAbout' : 'admin.common.total', {
        total,
      }),
  };
  const [head, ...rest] = ordered.filter((c) => !isStatus(c));
  const statuses = ordered.filter(isStatus);
  const rows = list.data?.content ?? [];
  const cards = (
    <Spin spinning={list.isFetching}>
      <div className="rp-cards" data-testid="rp-cards">
        {rows.length === 0 && !list.isFetching && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={decl.emptyKey ? ctx.t(decl.emptyKey) : undefined}
          />
        )}
        {rows.map((row) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: the card's own buttons are the keyboard path; the click is a shortcut
          // biome-ignore lint/a11y/useKeyWithClickEvents: as above
          <div
            key={row.id}
            className={`rp-row-card${row.id === props.activeRowId ? ' rp-row-active' : ''}`}
            data-testid="rp-row-card"
            onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
          >
            <div className="rp-row-card-head">
              {head && <span className="rp-row-card-title">{renderCell(head, row, ctx)}</span>}
              {statuses.map((c) => (
                <span key={c.key} className="rp-row-card-status">
                  {renderCell(c, row, ctx)}
                </span>
              ))}
            </div>
            <dl className="rp-row-card-fields">
              {rest.map((c) => (
                <div key={c.key}>
                  <dt>{titleOf(c)}</dt>
                  <dd>{renderCell(c, row, ctx)}</dd>
                </div>
              ))}
            </dl>
            {hasActions && (
              // biome-ignore lint/a11y/noStaticElementInteractions: stops a button's click from also picking the card
              // biome-ignore lint/a11y/useKeyWithClickEvents: as above
              <div className="rp-row-card-actions" onClick={(e) => e.stopPropagation()}>
                {rowActions(row)}
              </div>
            )}
          </div>
        ))}
      </div>
      <Pagination
        className="rp-cards-pager"
        size="small"
        {...pagination}
        showSizeChanger={false}
        onChange={(p, s) => {
          setPage(s !== pageSize ? 0 : p - 1);
          setPageSize(s);
        }}
      />
    </Spin>
  );

  return (
    <Card className={`rp-card${props.compact ? ' rp-compact' : ''}`} variant="borderless">
      {props.header}
      <SearchBar
        family={decl.name}
        filters={decl.filters ?? []}
        ctx={ctx}
        values={filters}
        onSearch={(v) => {
          setFilters(v);
          setPage(0);
        }}
      />
      <div className="rp-toolbar">
        <Space wrap>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormState({ open: true })}>
              {ctx.t('admin.common.add')}
            </Button>
          )}
          {canDel && decl.selectable && (
            <Popconfirm
              title={ctx.t(decl.deleteConfirmKey ?? 'admin.common.deleteConfirm')}
              description={ctx.t('admin.common.selectedCount', { count: selected.length })}
              disabled={!selected.length}
              onConfirm={() => remove(selected).catch(() => undefined)}
            >
              <Button danger icon={<DeleteOutlined />} disabled={!selected.length}>
                {ctx.t(decl.deleteLabelKey ? decl.deleteLabelKey : 'admin.common.deleteSelected')}
              </Button>
            </Popconfirm>
          )}
          {props.toolbar}
        </Space>
        <Space>
          {decl.exportable !== false && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()}>
              {ctx.t('admin.common.export')}
            </Button>
          )}
          {!phone && decl.columns.length > 3 && (
            <ColumnChooser columns={decl.columns} titleOf={titleOf} ctx={ctx} {...columnsShown} />
          )}
          <Tooltip title={ctx.t('admin.common.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={ctx.t('admin.common.refresh')}
              onClick={() => void refresh()}
            />
          </Tooltip>
        </Space>
      </div>
      {phone ? (
        cards
      ) : (
        <Table<T>
          rowKey="id"
          size={size}
          tableLayout="fixed"
          columns={columns}
          dataSource={withKids(list.data?.content ?? [])}
          loading={list.isFetching}
          locale={
            decl.emptyKey
              ? {
                  emptyText: (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ctx.t(decl.emptyKey)} />
                  ),
                }
              : undefined
          }
          scroll={{ x: decl.scrollX ?? tableWidth }}
          rowSelection={
            decl.selectable && (canDel || props.onSelect)
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => {
                    setSelected(keys.map(Number));
                    props.onSelect?.(keys.map(Number));
                  },
                }
              : undefined
          }
          expandable={
            lazy
              ? {
                  onExpand: (open, row) => {
                    if (open && !kids.has(row.id))
                      void lazy
                        .children(row.id)
                        .then((c) => setKids((m) => new Map(m).set(row.id, c)))
                        .catch(() => undefined);
                  },
                }
              : decl.expand
                ? { expandedRowRender: (row) => decl.expand?.(row, ctx) }
                : undefined
          }
          onRow={
            props.onRowClick
              ? (row) => ({ onClick: () => props.onRowClick?.(row), style: { cursor: 'pointer' } })
              : undefined
          }
          rowClassName={(row) => (row.id === props.activeRowId ? 'rp-row-active' : '')}
          pagination={pagination}
          onChange={(pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const nextSize = pagination.pageSize ?? pageSize;
            setPage(nextSize !== pageSize ? 0 : (pagination.current ?? 1) - 1);
            setPageSize(nextSize);
            setSort(sortParam(s?.field ? String(s.field) : undefined, s?.order));
          }}
        />
      )}
      {decl.form && (
        <ResourceForm<T, V>
          decl={decl}
          ctx={ctx}
          state={formState}
          titleKey={titleKey}
          onClose={() => setFormState({ open: false })}
          onSubmit={save}
        />
      )}
    </Card>
  );
}
