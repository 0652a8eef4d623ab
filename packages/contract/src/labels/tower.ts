// Field labels of the control tower: exceptions with an owner. [zh, en] per field.
import type { LabelCatalogue } from '../labels.ts';

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
  },
  webhooks: {
    url: ['接收地址', 'URL'],
    events: ['事件', 'Events'],
    enabled: ['启用', 'Enabled'],
    secretHint: ['密钥', 'Secret'],
    description: ['说明', 'Description'],
  },
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
