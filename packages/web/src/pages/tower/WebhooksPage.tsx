// Webhooks (menu "tower/webhooks"): a company's administrator registers the addresses the control tower's
// events are pushed to (signed with the webhook's secret), sends a test event to one, and reads the delivery
// log — each delivery's status, tries and the receiver's last answer.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeliveryStatus,
  deliveryStatusLabels,
  P,
  type WebhookEvent,
  type webhookAnswer,
  webhookCreate,
  type webhookDeliveryAnswer,
  webhookEvents,
} from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { towerOps } from '@tradelane/contract/api/tower';
import { App, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../api/client.ts';
import { refreshResources } from '../../api/query-keys.ts';
import { ResourcePage } from '../../components/resource/ResourcePage.tsx';
import type { DeclContext, ResourceDecl } from '../../components/resource/types.ts';
import { StatusTag } from '../../components/status/status.tsx';
import './tower.css';

export type WebhookRow = z.infer<typeof webhookAnswer>;
interface WebhookValues {
  url: string;
  secret?: string;
  events: WebhookEvent[];
  enabled: boolean;
  description?: string | null;
}
export type DeliveryRow = z.infer<typeof webhookDeliveryAnswer>;

const webhooksApi = {
  all: () => call(families.webhooks.list, { page: 0, size: 200 }),
  test: (id: number) => call(towerOps.testWebhook, { id }),
  deliveries: (params: Record<string, string | number | boolean>) =>
    call(families.webhookDeliveries.list, params),
};

const eventLabel = (ctx: DeclContext, code: string) =>
  code === 'webhook.test'
    ? ctx.t('tower.webhooks.test')
    : (webhookEvents.find((e) => e.code === code)?.[ctx.lang] ?? code);
const NEED = { permission: [P.webhook.edit] };

function useWebhookDecl(): ResourceDecl<WebhookRow, WebhookValues> {
  const { message } = App.useApp();
  const qc = useQueryClient();
  // A toast is said in the language of the moment it appears.
  const { t } = useTranslation();
  const said = useRef(t);
  said.current = t;
  return useMemo(
    (): ResourceDecl<WebhookRow, WebhookValues> => ({
      name: 'webhooks',
      defaultSort: 'id,asc',
      exportable: false,
      columns: [
        { key: 'url', width: 260, kind: 'ellipsis' },
        {
          key: 'events',
          width: 300,
          render: (r, ctx) => (
            <Space size={[0, 4]} wrap>
              {r.events.map((e) => (
                <Tag key={e}>{eventLabel(ctx, e)}</Tag>
              ))}
            </Space>
          ),
        },
        { key: 'secretHint', width: 100 },
        { key: 'description', width: 160, kind: 'ellipsis' },
        { key: 'enabled', width: 90, kind: 'enabled' },
      ],
      form: {
        mode: 'modal',
        schema: webhookCreate,
        fields: [
          { name: 'url', type: 'text', required: true },
          {
            name: 'secret',
            type: 'password',
            extraKey: 'tower.webhooks.secretExtra',
            editExtraKey: 'tower.webhooks.secretKeep',
          },
          {
            name: 'events',
            type: 'multiSelect',
            required: true,
            options: (ctx) => webhookEvents.map((e) => ({ value: e.code, label: e[ctx.lang] })),
          },
          { name: 'enabled', type: 'switch', initial: true },
          { name: 'description', type: 'textarea' },
        ],
        toValues: (row) => ({
          url: row.url,
          events: row.events,
          enabled: row.enabled,
          description: row.description,
        }),
        // The secret is sent only when one is typed: an edit without one keeps the old.
        toBody: (v, row) => {
          const { secret, ...rest } = v;
          return secret || !row ? { ...rest, secret } : rest;
        },
      },
      permissions: { add: NEED, edit: NEED, del: NEED },
      rowActions: [
        {
          key: 'test',
          labelKey: 'tower.webhooks.sendTest',
          need: NEED,
          run: async (row) => {
            try {
              const a = await webhooksApi.test(row.id);
              if (a.status === DeliveryStatus.delivered)
                void message.success(said.current('tower.webhooks.testSent', { status: a.lastStatus ?? '' }));
              else
                void message.warning(
                  said.current('tower.webhooks.testFailed', {
                    answer: [a.lastStatus, a.lastError ?? a.lastAnswer].filter(Boolean).join(' '),
                  }),
                );
            } finally {
              await refreshResources(qc, ['webhookDeliveries']);
            }
          },
        },
      ],
    }),
    [message, qc],
  );
}

function useDeliveryDecl(hooks: WebhookRow[]): ResourceDecl<DeliveryRow> {
  return useMemo(
    (): ResourceDecl<DeliveryRow> => ({
      name: 'webhookDeliveries',
      exportable: false,
      pageSize: 20,
      list: webhooksApi.deliveries,
      filters: [
        {
          name: 'webhookId',
          type: 'select',
          width: 240,
          options: () => hooks.map((h) => ({ value: h.id, label: h.url })),
        },
        {
          name: 'kind',
          type: 'select',
          width: 180,
          options: (ctx) =>
            [...webhookEvents.map((e) => e.code), 'webhook.test'].map((code) => ({
              value: code,
              label: eventLabel(ctx, code),
            })),
        },
        {
          name: 'status',
          type: 'select',
          width: 130,
          options: (ctx) =>
            Object.entries(deliveryStatusLabels).map(([v, l]) => ({ value: Number(v), label: l[ctx.lang] })),
        },
      ],
      columns: [
        { key: 'createTime', width: 160, kind: 'datetime' },
        { key: 'kind', width: 150, render: (r, ctx) => eventLabel(ctx, r.kind) },
        {
          key: 'webhookId',
          width: 220,
          render: (r) => (
            <span className="rp-ellipsis">{hooks.find((h) => h.id === r.webhookId)?.url ?? r.webhookId}</span>
          ),
        },
        { key: 'tries', width: 70 },
        {
          key: 'lastAnswer',
          width: 260,
          render: (r) => {
            const text = [r.lastStatus, r.lastError ?? r.lastAnswer].filter((x) => x !== null).join(' ');
            return text ? (
              <Tooltip title={text} placement="topLeft">
                <span className="tower-delivery-answer">{text}</span>
              </Tooltip>
            ) : (
              '-'
            );
          },
        },
        { key: 'nextAttemptAt', width: 160, kind: 'datetime' },
        {
          key: 'status',
          width: 100,
          render: (r) => <StatusTag dict="delivery_status" value={r.status} label={r.statusLabel} />,
        },
      ],
      permissions: {},
    }),
    [hooks],
  );
}

export default function WebhooksPage() {
  const { t } = useTranslation();
  const hooks = useQuery({ queryKey: ['resource', 'webhooks', 'all'], queryFn: webhooksApi.all }).data
    ?.content;
  const decl = useWebhookDecl();
  const deliveries = useDeliveryDecl(hooks ?? []);
  return (
    <div className="tower-page" data-testid="webhooks-page">
      <ResourcePage<WebhookRow, WebhookValues>
        decl={decl}
        titleKey="tower.webhooks.what"
        header={
          <Typography.Paragraph type="secondary" className="tower-webhooks-help">
            {t('tower.webhooks.signatureHelp')}
          </Typography.Paragraph>
        }
      />
      <Card
        size="small"
        variant="borderless"
        title={t('tower.webhooks.deliveries')}
        className="tower-deliveries"
        data-testid="webhook-deliveries"
      >
        <ResourcePage<DeliveryRow> decl={deliveries} titleKey="tower.webhooks.deliveries" compact />
      </Card>
    </div>
  );
}
