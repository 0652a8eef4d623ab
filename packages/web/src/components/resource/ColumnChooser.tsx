// Which columns a list shows: every column but the ones its declaration marks `optional` (wide lists keep
// them out so that the list fits a laptop screen); the user shows or hides any column from the toolbar,
// and the choice is kept per list in this browser.
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { ColumnDecl, DeclContext } from './types.ts';

const storageKey = (family: string) => `tl-columns:${family}`;

function stored(family: string): string[] | null {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey(family)) ?? 'null');
    return Array.isArray(v) && v.every((k) => typeof k === 'string') ? v : null;
  } catch {
    return null;
  }
}

/** The keys of the columns shown, and how to change them (null: back to the declaration's default). */
export function useShownColumns<T>(family: string, columns: ColumnDecl<T>[]) {
  const defaults = columns.filter((c) => !c.optional).map((c) => c.key);
  const [chosen, setChosen] = useState<string[] | null>(() => stored(family));
  // A column the declaration no longer has is forgotten; a new one shows unless it is optional.
  const known = new Set(columns.map((c) => c.key));
  const shown = chosen ? chosen.filter((k) => known.has(k)) : defaults;
  const choose = (keys: string[] | null) => {
    setChosen(keys);
    if (keys) localStorage.setItem(storageKey(family), JSON.stringify(keys));
    else localStorage.removeItem(storageKey(family));
  };
  return { shown: new Set(shown), choose, custom: chosen !== null };
}

export function ColumnChooser<T>(props: {
  columns: ColumnDecl<T>[];
  titleOf: (c: ColumnDecl<T>) => string;
  shown: Set<string>;
  custom: boolean;
  choose: (keys: string[] | null) => void;
  ctx: DeclContext;
}) {
  const { ctx } = props;
  const label = ctx.t('admin.common.columns');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={label}
      content={
        <Space direction="vertical" size={4} data-testid="column-chooser">
          <Checkbox.Group
            value={[...props.shown]}
            onChange={(keys) =>
              // Kept in the declaration's order; at least one column stays.
              keys.length && props.choose(props.columns.map((c) => c.key).filter((k) => keys.includes(k)))
            }
          >
            <Space direction="vertical" size={2}>
              {props.columns.map((c) => (
                <Checkbox key={c.key} value={c.key}>
                  {props.titleOf(c)}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
          {props.custom && (
            <Typography.Link onClick={() => props.choose(null)}>
              {ctx.t('admin.common.columnsReset')}
            </Typography.Link>
          )}
        </Space>
      }
    >
      <Tooltip title={label}>
        <Button icon={<SettingOutlined />} aria-label={label} />
      </Tooltip>
    </Popover>
  );
}
