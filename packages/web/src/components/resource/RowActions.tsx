// The actions cell: edit, delete with confirmation, and the declaration's own actions.
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { CommandBar } from '../workflow/CommandBar.tsx';
import type { DeclContext, Row, RowAction, RowCommands } from './types.ts';

interface Props<T extends Row> {
  row: T;
  ctx: DeclContext;
  actions: RowAction<T>[];
  commands?: RowCommands<T>;
  onEdit?: () => void;
  onDelete?: () => unknown;
  deleteConfirm: string;
  deleteLabel: string;
}

/** A label or confirmation key, fixed or chosen by the row. */
export const actionText = <T,>(v: string | ((row: T) => string), row: T) =>
  typeof v === 'function' ? v(row) : v;
const text = actionText;

/** What a confirmation calls the row ({{name}} in the texts). */
export function rowName(row: object): string {
  const r = row as Record<string, unknown>;
  const v = r.name ?? r.username ?? r.corporateName ?? r.title ?? r.id;
  return String(v ?? '');
}

export function RowActions<T extends Row>({
  row,
  ctx,
  actions,
  commands,
  onEdit,
  onDelete,
  deleteConfirm,
  deleteLabel,
}: Props<T>) {
  const { modal } = App.useApp();
  const shown = actions.filter((a) => !a.visible || a.visible(row));
  const more = shown.filter((a) => a.more);
  const runMore = (a: RowAction<T>) => {
    if (!a.confirmKey) return void a.run(row);
    modal.confirm({
      title: ctx.t(text(a.confirmKey, row), { name: rowName(row) }),
      okButtonProps: { danger: a.danger },
      onOk: () => Promise.resolve(a.run(row)).catch(() => undefined),
    });
  };
  const link = (a: RowAction<T>) => {
    const label = ctx.t(text(a.labelKey, row), { name: rowName(row) });
    if (a.confirmKey)
      return (
        <Popconfirm
          key={a.key}
          title={ctx.t(text(a.confirmKey, row), { name: rowName(row) })}
          onConfirm={() => Promise.resolve(a.run(row)).catch(() => undefined)}
        >
          <Button type="link" size="small" danger={a.danger}>
            {label}
          </Button>
        </Popconfirm>
      );
    return (
      <Button key={a.key} type="link" size="small" danger={a.danger} onClick={() => void a.run(row)}>
        {label}
      </Button>
    );
  };
  return (
    // A click on an action is not a click on the row (rows may be selectable).
    <Space size={0} wrap={false} className="rp-actions" onClick={(e) => e.stopPropagation()}>
      {onEdit && (
        <Button type="link" size="small" onClick={onEdit}>
          {ctx.t('admin.common.edit')}
        </Button>
      )}
      {shown.filter((a) => !a.more && !a.danger).map(link)}
      {/* The machine's commands before what deletes or undoes. */}
      {commands && <RowCommandBar row={row} commands={commands} />}
      {shown.filter((a) => !a.more && a.danger).map(link)}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({
              key: a.key,
              danger: a.danger,
              label: ctx.t(text(a.labelKey, row), { name: rowName(row) }),
            })),
            onClick: ({ key }) => {
              const a = more.find((m) => m.key === key);
              if (a) runMore(a);
            },
          }}
        >
          <Button type="link" size="small">
            {ctx.t('admin.common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {onDelete && (
        <Popconfirm title={deleteConfirm} okButtonProps={{ danger: true }} onConfirm={() => onDelete()}>
          <Button type="link" size="small" danger>
            {deleteLabel}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** The row's allowed events (`actions` as the server sent them) as links. */
function RowCommandBar<T extends Row>({ row, commands }: { row: T; commands: RowCommands<T> }) {
  const r = row as T & { actions?: readonly string[]; status?: number };
  return (
    <CommandBar
      entity={commands.entity}
      actions={r.actions ?? []}
      status={typeof r.status === 'number' ? r.status : undefined}
      only={commands.only}
      commands={commands.commands?.(row)}
      run={(event, reason) => commands.run(row, event, reason)}
      doneText={commands.doneText}
      refresh={commands.refresh}
      size="small"
      link
    />
  );
}
