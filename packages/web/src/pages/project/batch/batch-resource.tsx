// Batches as a declaration: list with status and logistics status, and the plan form (ports by UN/LOCODE).

import { projectBatchCreate } from '@tradelane/contract';
import { projectOps } from '@tradelane/contract/api/project';
import { call } from '../../../api/client.ts';
import { DateField, type DateFieldProps } from '../../../components/domain/DateField.tsx';
import { projectOptions } from '../../../components/domain/lookups.ts';
import { PortSelect, type PortSelectProps } from '../../../components/domain/PortSelect.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';
import { StatusTag } from '../../../components/status/status.tsx';
import { pick } from '../../../i18n/index.ts';
import type { BatchRow, ProjectRow } from '../project-api.ts';

export type BatchValues = Omit<BatchRow, 'id' | 'status' | 'logisticsStatus'>;

export function batchResource(
  projects: ProjectRow[],
  onOpen: (r: BatchRow) => void,
): ResourceDecl<BatchRow, BatchValues> {
  return {
    name: 'projectBatch',
    exportable: false,
    filters: [
      { name: 'blurry', labelKey: 'admin.common.keyword', type: 'text', width: 180 },
      {
        name: 'projectId',
        type: 'select',
        valueType: 'number',
        width: 220,
        options: (ctx) => projectOptions(projects, ctx.lang),
      },
      { name: 'status', type: 'dict', dict: 'batch_status', width: 150 },
      {
        name: 'logisticsStatus',
        type: 'dict',
        dict: 'logistics_status',
        width: 150,
      },
    ],
    columns: [
      { key: 'batchNumber', width: 130, fixed: 'left', sortable: true },
      {
        key: 'name',
        width: 200,
        kind: 'ellipsis',
        render: (r, ctx) => pick(ctx.lang, r.name, r.enName),
      },
      { key: 'projectName', width: 160, kind: 'ellipsis' },
      { key: 'plannedShipDate', width: 120, sortable: true },
      {
        key: 'route',
        width: 220,
        kind: 'ellipsis',
        render: (r) =>
          `${r.portOfLoadingName ?? r.portOfLoading ?? '?'} → ${r.portOfDischargeName ?? r.portOfDischarge ?? '?'}`,
      },
      { key: 'destinationSite', width: 160, kind: 'ellipsis' },
      {
        key: 'status',
        width: 130,
        sortable: true,
        render: (r, ctx) => <StatusTag dict="batch_status" value={r.status} ctx={ctx} />,
      },
      {
        key: 'logisticsStatus',
        width: 120,
        sortable: true,
        render: (r, ctx) => <StatusTag dict="logistics_status" value={r.logisticsStatus} ctx={ctx} />,
      },
    ],
    permissions: {
      add: { permission: ['projectBatch:add'], fn: 'add' },
      edit: { permission: ['projectBatch:edit'], fn: 'edit' },
      del: { permission: ['projectBatch:del'], fn: 'del' },
    },
    rowActions: [{ key: 'open', labelKey: 'project.open', run: onOpen }],
    form: {
      schema: projectBatchCreate,
      mode: 'drawer',
      width: 600,
      fields: [
        {
          name: 'projectId',
          type: 'select',
          required: true,
          createOnly: true,
          options: (ctx) => projectOptions(projects, ctx.lang),
        },
        { name: 'batchNumber', required: true, half: true },
        {
          name: 'plannedShipDate',
          type: 'custom',
          half: true,
          render: (_c, p) => <DateField {...(p as DateFieldProps)} />,
        },
        { name: 'name', half: true },
        { name: 'enName', half: true },
        {
          name: 'portOfLoading',
          type: 'custom',
          half: true,
          render: (_c, p) => <PortSelect {...(p as PortSelectProps)} />,
        },
        {
          name: 'portOfDischarge',
          type: 'custom',
          half: true,
          render: (_c, p) => <PortSelect {...(p as PortSelectProps)} />,
        },
        { name: 'destinationSite', half: true },
        { name: 'destinationSiteEn', half: true },
        { name: 'remark', type: 'textarea' },
      ],
      toBody: (v, row) => ({
        ...(row ? {} : { projectId: v.projectId }),
        batchNumber: v.batchNumber,
        name: v.name || null,
        enName: v.enName || null,
        plannedShipDate: v.plannedShipDate || null,
        portOfLoading: v.portOfLoading || null,
        portOfDischarge: v.portOfDischarge || null,
        destinationSite: v.destinationSite || null,
        destinationSiteEn: v.destinationSiteEn || null,
        remark: v.remark || null,
      }),
    },
  };
}

/** The batch list as Excel, its filters as JSON in exportParam (headers in the request's language). */
export function batchExport(filters: Record<string, unknown>) {
  return call(projectOps.batchExport, { exportParam: JSON.stringify(filters) });
}
