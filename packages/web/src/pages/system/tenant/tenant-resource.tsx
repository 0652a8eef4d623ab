// Tenants (tenantUser) as a declaration: certification status, trial days left, review actions.
import { CheckStatus, commonTimeZones, enterpriseInfoCreate, zoneLabel } from '@tradelane/contract';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Need } from '../../../access/permissions.ts';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { StatusTag } from '../../../components/status/status.tsx';
import type { TenantRow } from '../admin-api.ts';

export interface TenantHandlers {
  view: (row: TenantRow) => void;
  check: (row: TenantRow) => unknown;
  uncheck: (row: TenantRow) => void;
  authorize: (row: TenantRow) => void;
  stop: (row: TenantRow) => unknown;
  activate: (row: TenantRow) => unknown;
  addUser: (row: TenantRow) => void;
}

/** Whole days from today to the trial's end (negative when over); null without a trial. */
export function trialDaysLeft(trialEnd: string | null, today = dayjs()): number | null {
  if (!trialEnd) return null;
  return dayjs(trialEnd).startOf('day').diff(today.startOf('day'), 'day');
}

const EDIT: Need = { permission: ['tenant:edit'] };
const { submitted: SUBMITTED, certified: CERTIFIED } = CheckStatus;

export function tenantResource(h: TenantHandlers): ResourceDecl<TenantRow> {
  return {
    name: 'tenantUser',
    defaultSort: 'createTime,desc',
    deleteConfirmKey: 'admin.tenant.deleteConfirm',
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 200 },
      {
        name: 'end',
        type: 'dict',
        dict: 'account_end',
        valueType: 'number',
        width: 140,
      },
      {
        name: 'checkStatus',
        type: 'dict',
        dict: 'tenant_checksatus',
        valueType: 'number',
        width: 140,
      },
      {
        name: 'active',
        type: 'select',
        valueType: 'boolean',
        width: 130,
        options: (ctx) => [
          { value: 'true', label: ctx.t('admin.tenant.activeOn') },
          { value: 'false', label: ctx.t('admin.tenant.activeOff') },
        ],
      },
      { name: 'createTime', type: 'dateRange' },
    ],
    columns: [
      {
        key: 'corporateName',
        width: 220,
        sortable: true,
        fixed: 'left',
      },
      { key: 'corporateCode', width: 180 },
      {
        key: 'end',
        width: 110,
        dict: 'account_end',
        kind: 'tag',
        sortable: true,
      },
      {
        key: 'checkStatus',
        width: 110,
        sortable: true,
        render: (r, ctx) => <StatusTag dict="tenant_checksatus" value={r.checkStatus} ctx={ctx} />,
      },
      {
        key: 'trialEnd',
        width: 110,
        sortable: true,
        render: (r, ctx) => {
          const left = trialDaysLeft(r.trialEnd);
          if (r.checkStatus === CERTIFIED || left === null)
            return <Typography.Text type="secondary">-</Typography.Text>;
          return left > 0 ? (
            <Typography.Text type={left <= 3 ? 'warning' : undefined}>
              {ctx.t('admin.tenant.trialLeft', { days: left })}
            </Typography.Text>
          ) : (
            <Typography.Text type="danger">{ctx.t('admin.tenant.trialOver')}</Typography.Text>
          );
        },
      },
      {
        key: 'active',
        width: 90,
        status: true,
        render: (r, ctx) =>
          r.active ? (
            <Tag color="success">{ctx.t('admin.tenant.activeOn')}</Tag>
          ) : (
            <Tag color="default">{ctx.t('admin.tenant.activeOff')}</Tag>
          ),
      },
      { key: 'contactPhone', width: 130 },
      // Shown from the column settings: at 1440 px the phone stays in view beside the fixed status columns.
      { key: 'checkReason', width: 160, kind: 'ellipsis', optional: true },
      {
        key: 'submitTime',
        width: 170,
        kind: 'datetime',
        sortable: true,
        optional: true,
      },
      {
        key: 'createTime',
        width: 170,
        kind: 'datetime',
        sortable: true,
        optional: true,
      },
    ],
    permissions: { edit: EDIT, del: { permission: ['admin'] } },
    // The server keeps a company that still has users (and the caller's own): only an empty one offers delete.
    rowDeletable: (r) => r.userCount === 0,
    rowActions: [
      { key: 'view', labelKey: 'admin.tenant.view', run: h.view },
      {
        key: 'check',
        labelKey: 'admin.tenant.check',
        need: EDIT,
        visible: (r) => r.actions.includes('check'),
        confirmKey: 'admin.tenant.checkConfirm',
        run: h.check,
      },
      {
        key: 'uncheck',
        labelKey: 'admin.tenant.uncheck',
        need: EDIT,
        danger: true,
        // The review of a submitted certification; the machine also lets a certification found false be
        // withdrawn later, which the list does not offer beside every certified company.
        visible: (r) => r.actions.includes('uncheck') && r.checkStatus === SUBMITTED,
        run: h.uncheck,
      },
      {
        key: 'authorize',
        labelKey: 'admin.tenant.authorize',
        need: EDIT,
        more: true,
        visible: (r) => r.checkStatus !== CERTIFIED && r.actions.includes('extendTrial'),
        run: h.authorize,
      },
      { key: 'addUser', labelKey: 'admin.tenant.addUser', need: EDIT, more: true, run: h.addUser },
      {
        key: 'stop',
        labelKey: 'admin.tenant.stop',
        need: EDIT,
        more: true,
        danger: true,
        // Not the caller's own company: the server refuses that stop, so the row does not offer it.
        visible: (r) => r.actions.includes('stop'),
        confirmKey: 'admin.tenant.stopConfirm',
        run: h.stop,
      },
      {
        key: 'activate',
        labelKey: 'admin.tenant.activate',
        need: EDIT,
        more: true,
        visible: (r) => r.actions.includes('activate'),
        confirmKey: 'admin.tenant.activateConfirm',
        run: h.activate,
      },
    ],
    form: {
      mode: 'modal',
      // The contract's company body: lengths, the contact's phone and e-mail.
      schema: enterpriseInfoCreate,
      fields: [
        { name: 'corporateName', required: true },
        { name: 'corporateEnName' },
        { name: 'corporateCode' },
        { name: 'contactPhone', half: true },
        { name: 'contactEmail', half: true },
        { name: 'address' },
        {
          name: 'timeZone',
          type: 'select',
          extraKey: 'admin.tenant.timeZoneHelp',
          options: () => commonTimeZones.map((z) => ({ value: z, label: `${z} (${zoneLabel(z)})` })),
        },
      ],
      toValues: (r) => ({
        timeZone: r.timeZone,
        corporateName: r.corporateName,
        corporateEnName: r.corporateEnName ?? undefined,
        corporateCode: r.corporateCode ?? undefined,
        contactPhone: r.contactPhone ?? undefined,
        contactEmail: r.contactEmail ?? undefined,
        address: r.address ?? undefined,
      }),
    },
  };
}
