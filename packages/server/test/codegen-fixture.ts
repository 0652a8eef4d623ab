// The code generator's tests: a table made by hand, and what an administrator sets for it.
/** A table made for the test, as a developer would make one by hand. */
export const DEMO_TABLE = `
  create table cg_demo_order (
    id bigserial primary key,
    create_time timestamp with time zone not null default now(),
    update_time timestamp with time zone not null default now(),
    create_by varchar(64),
    update_by varchar(64),
    tenant_id bigint not null,
    order_no varchar(32) not null,
    title varchar(200),
    note text,
    amount numeric(14, 2),
    quantity integer not null default 0,
    urgent boolean not null default false,
    status varchar(20) not null default 'draft',
    due_date date,
    shipped_at timestamp with time zone,
    ref_code char(8),
    meta jsonb
  );
  comment on table cg_demo_order is '演示订单';
  comment on column cg_demo_order.order_no is '订单号';
  create index cg_demo_order_no_idx on cg_demo_order (tenant_id, order_no);
`;

/** What the administrator sets: labels, a select on a dictionary, query kinds and a pattern with a slash. */
export function demoSettings(config: { columns: Record<string, unknown>[] }) {
  const set: Record<string, Record<string, unknown>> = {
    order_no: { labelZh: '订单编号', labelEn: 'Order number', queryType: 'like', pattern: '^[A-Z]{2}/\\d+$' },
    title: { labelZh: '标题', labelEn: "Buyer's title", maxLength: 100 },
    status: {
      labelZh: '状态',
      labelEn: 'Status',
      formType: 'select',
      dictName: 'contract_status',
      queryType: 'in',
    },
    amount: { labelZh: '金额', labelEn: 'Amount', queryType: 'between' },
    urgent: { labelZh: '加急', labelEn: 'Urgent', queryType: 'equal' },
    due_date: { labelZh: '交货日期', labelEn: 'Due date', queryType: 'between', required: true },
    shipped_at: { labelZh: '发运时间', labelEn: 'Shipped at', listVisible: true },
    note: { formType: 'textarea', listVisible: false },
  };
  return {
    tableName: 'cg_demo_order',
    family: 'cgDemoOrder',
    titleZh: '演示订单',
    titleEn: 'Demo orders',
    columns: config.columns.map((c) => ({ ...c, ...(set[c.columnName as string] ?? {}) })),
  };
}
