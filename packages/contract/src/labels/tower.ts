// Field labels of the control tower: exceptions with an owner. [zh, en] per field.
import type { LabelCatalogue } from '../labels.ts';

/** The webhook delivery log's fields. */
const deliveries = {
  webhookId: ['Webhook', 'Webhook'],
  eventId: ['事件编号', 'Event no.'],
  lastError: ['最后错误', 'Last error'],
  kind: ['事件', 'Event'],
  status: ['状态', 'Status'],
  tries: ['尝试次数', 'Tries'],
  lastStatus: ['最后应答码', 'Last answer code'],
  lastAnswer: ['最后应答', 'Last answer'],
  nextAttemptAt: ['下次重试', 'Next try'],
  deliveredAt: ['送达时间', 'Delivered'],
  createTime: ['事件时间', 'Event time'],
} satisfies LabelCatalogue[string];

export const towerLabels = {
  exceptions: {
    kind: ['类型', 'Kind'],
    kindLabel: ['类型', 'Kind'],
    status: ['状态', 'Status'],
    ownerTenantId: ['责任方 ID', 'Owner (ID)'],
    ownerParty: ['责任方角色', 'Owner party'],
    openedByTenantId: ['提出方 ID', 'Opened by (ID)'],
    source: ['来源', 'Source'],
    title: ['标题', 'Title'],
    description: ['描述', 'Description'],
    milestone: ['里程碑', 'Milestone'],
    dueDate: ['处理期限', 'Due date'],
    resolution: ['处理结果', 'Resolution'],
    resolvedAt: ['处理时间', 'Resolved at'],
    resolvedBy: ['处理人', 'Resolved by'],
    closedAt: ['关闭时间', 'Closed at'],
    refEntity: ['关联对象', 'Related record'],
    refId: ['关联对象 ID', 'Related record ID'],
    projectId: ['项目', 'Project'],
    batchId: ['批次', 'Batch'],
    projectName: ['项目', 'Project'],
    batchNumber: ['批次号', 'Batch No.'],
    ownerName: ['责任方', 'Owner'],
    open: ['处理状态', 'Open or closed'],
    late: ['已逾期', 'Past due'],
    statusLabel: ['状态', 'Status'],
    createTime: ['登记时间', 'Opened'],
  },
  webhooks: {
    url: ['接收地址', 'URL'],
    events: ['事件', 'Events'],
    enabled: ['启用', 'Enabled'],
    secretHint: ['密钥', 'Secret'],
    secret: ['签名密钥', 'Signing secret'],
    createTime: ['创建时间', 'Created'],
    description: ['说明', 'Description'],
  },
  webhookDeliveries: deliveries,
  // The delivery log's family as the server names it (its exports' column titles).
  'webhooks/deliveries': deliveries,
  apiTokens: {
    name: ['名称', 'Name'],
    scopes: ['权限范围', 'Scopes'],
    hint: ['令牌', 'Token'],
    expiresAt: ['有效期至', 'Expires'],
    lastUsedAt: ['最近使用', 'Last used'],
    createBy: ['签发人', 'Issued by'],
    createTime: ['签发时间', 'Issued'],
  },
} satisfies LabelCatalogue;
