// A resource declaration (refine / react-admin style): what one admin list+form screen is, as data.
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Need } from '../../access/permissions.ts';
import type { Page } from '../../api/types.ts';
import type { Lang } from '../../i18n/index.ts';
import type { CommandSpec } from '../workflow/CommandBar.tsx';
import type { Shape } from './schema-rules.ts';

export interface Row {
  id: number;
}

/** A selectable value; labels are produced at render time in the current language. */
export interface Option {
  value: string | number | boolean;
  label: string;
}

export interface DeclContext {
  t: TFunction;
  lang: Lang;
  /** Options of a dictionary (GET /api/dictDetail/map), labelled in the current language. */
  dict(name: string): Option[];
  /** Label of one dictionary value in the current language (the raw value if unknown). */
  dictLabel(name: string, value: unknown): string;
}

export type ValueType = 'string' | 'number' | 'boolean';

export type FilterType = 'text' | 'select' | 'dict' | 'bool' | 'dateRange';

export interface FilterDecl {
  /** Form field name, and the query param unless `param` says otherwise. */
  name: string;
  param?: string;
  /** A special label; by default the family's label of `name` (resources.<family>.fields.<name>). */
  labelKey?: string;
  type: FilterType;
  dict?: string;
  valueType?: ValueType;
  options?: (ctx: DeclContext) => Option[];
  width?: number;
}

export type FieldType =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'switch'
  | 'select'
  | 'multiSelect'
  | 'radio'
  | 'treeSelect'
  | 'custom';

export interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

export interface FieldDecl<V = Record<string, unknown>> {
  name: string;
  /** A special label; by default the family's label of `name` (resources.<family>.fields.<name>). */
  labelKey?: string;
  type?: FieldType;
  required?: boolean;
  rules?: (t: TFunction) => FormRule[];
  dict?: string;
  valueType?: ValueType;
  options?: (ctx: DeclContext) => Option[];
  treeData?: (ctx: DeclContext) => TreeOption[];
  /** Shown only when creating (e.g. the initial password). */
  createOnly?: boolean;
  /** Shown only when this returns true for the form's current values. */
  when?: (values: Partial<V>) => boolean;
  /** Half width in a two-column form. */
  half?: boolean;
  min?: number;
  max?: number;
  initial?: unknown;
  extraKey?: string;
  /** Help shown only when editing. */
  editExtraKey?: string;
  /** For a custom control: value/onChange come in `props`. */
  render?: (ctx: DeclContext, props: Record<string, unknown>) => ReactNode;
  /** Tree select of several values. */
  multiple?: boolean;
  /** A date that may not be before this other field's date (the contract's date-range rule). */
  notBefore?: string;
}

export interface ColumnDecl<T> {
  key: string;
  /** A special title; by default the family's label of `key` (resources.<family>.fields.<key>). */
  titleKey?: string;
  width?: number;
  sortable?: boolean;
  dict?: string;
  kind?: 'datetime' | 'bool' | 'enabled' | 'ellipsis' | 'tag';
  fixed?: 'left' | 'right';
  /**
   * A status column stays in view beside the actions (fixed right) however narrow the screen.
   * Defaults to true for `enabled` columns and keys ending in "status".
   */
  status?: boolean;
  /** Hidden until the user shows it (the list's column settings): a wide list's less used column. */
  optional?: boolean;
  render?: (row: T, ctx: DeclContext) => ReactNode;
}

export interface RowAction<T> {
  key: string;
  labelKey: string | ((row: T) => string);
  need?: Need;
  danger?: boolean;
  /** Ask first (a Popconfirm with this text). */
  confirmKey?: string | ((row: T) => string);
  visible?: (row: T) => boolean;
  /** Listed under the row's "more" menu instead of as a link. */
  more?: boolean;
  run: (row: T) => unknown;
}

/**
 * A row's machine commands as a CommandBar in its actions cell: the buttons are the row's `actions` as
 * the server sent them (never recomputed from the status here).
 */
export interface RowCommands<T> {
  /** The family (change record `entity`): its words, machines and queries. */
  entity: string;
  /** Fires the event on the row; a rejection is a refusal (the request client showed it). */
  run: (row: T, event: string, reason?: string) => Promise<unknown>;
  /** How each command looks (CommandBar's CommandSpec), by event; keys of `only` name the row's offer. */
  commands?: (row: T) => Record<string, CommandSpec>;
  /** The events offered, in this order (default: every one the row allows). */
  only?: readonly string[];
  /** The toast from the server's answer (default: the command's words). */
  doneText?: (event: string, answer: unknown) => string;
  /** More families the commands change. */
  refresh?: readonly string[];
}

export interface ListParams {
  page: number;
  size: number;
  sort?: string;
  filters: Record<string, unknown>;
}

export interface ResourceDecl<T extends Row, V = Record<string, unknown>> {
  /** API family: /api/<name>. */
  name: string;
  columns: ColumnDecl<T>[];
  filters?: FilterDecl[];
  /** Params always sent (e.g. logType=ERROR). */
  fixedParams?: Record<string, string | number | boolean>;
  defaultSort?: string;
  pageSize?: number;
  form?: {
    fields: FieldDecl<V>[];
    /** The contract's body shape: fields are checked by it (limits, formats) before anything is sent. */
    schema?: { shape: Shape };
    mode?: 'drawer' | 'modal';
    width?: number;
    /** Fetches the full row before editing (when the list row is not enough). */
    load?: (row: T) => Promise<T>;
    /** Row → form values for editing. */
    toValues?: (row: T) => Partial<V>;
    /** Form values → request body (the id is added for updates). */
    toBody?: (values: V, row: T | undefined) => unknown;
  };
  permissions: { add?: Need; edit?: Need; del?: Need };
  /** Replaces DELETE /api/<name> (e.g. POST users/deleteuser). */
  remove?: (ids: number[]) => Promise<unknown>;
  /** Replaces the list call (e.g. a tree loaded at once). */
  list?: (params: Record<string, string | number | boolean>) => Promise<Page<T>>;
  deleteConfirmKey?: string;
  /** Label of the delete action (e.g. kick out) and its toast. */
  deleteLabelKey?: string;
  deletedKey?: string;
  rowActions?: RowAction<T>[];
  /** The row's machine commands, from the row's `actions` (shown after the row actions that are links). */
  rowCommands?: RowCommands<T>;
  /** Rows that may still be edited or deleted (e.g. a box not yet handed over); all by default. */
  rowWritable?: (row: T) => boolean;
  /** Rows the server would delete (e.g. a company with no users left); all writable rows by default. */
  rowDeletable?: (row: T) => boolean;
  selectable?: boolean;
  exportable?: boolean;
  /** What the list says when it has no rows (i18n key); unset, the table's own "no data". */
  emptyKey?: string;
  /** Row width for horizontal scrolling. */
  scrollX?: number;
  /** A tree loaded level by level: which rows have children, and how to load them. */
  lazyTree?: { hasChildren: (row: T) => boolean; children: (id: number) => Promise<T[]> };
  /** Expand rows into a detail view. */
  expand?: (row: T, ctx: DeclContext) => ReactNode;
}
