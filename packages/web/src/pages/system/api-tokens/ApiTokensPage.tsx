// API tokens: a company's administrator issues a named, scoped, expiring token for another
// system, sees it once (with a copy button and the warning that it will not be shown again), lists what
// was issued (hint, scopes, expiry, last use, who issued it) and revokes one.
import { type apiTokenAnswer, apiTokenCreate, apiTokenScopes } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { Alert, Button, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { usePageMenu } from '../../../access/page-menu.ts';
import { useCan } from '../../../access/permissions.ts';
import { call } from '../../../api/client.ts';
import { ActionModal } from '../../../components/resource/ActionModal.tsx';
import { ResourcePage, useRefresh } from '../../../components/resource/ResourcePage.tsx';
import type { ResourceDecl } from '../../../components/resource/types.ts';

type TokenRow = z.infer<typeof apiTokenAnswer>;

interface IssueValues {
  name: string;
  scopes: string[];
  days: number;
}

const PERIODS = [30, 90, 180, 365];
const scopeLabel = (code: string, lang: 'zh' | 'en') =>
  apiTokenScopes.find((s) => s.code === code)?.[lang] ?? code;
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export default function ApiTokensPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const refresh = useRefresh('apiTokens');
  const { menuId } = usePageMenu();
  const can = useCan(menuId);
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);

  const decl = useMemo(
    (): ResourceDecl<TokenRow> => ({
      name: 'apiTokens',
      defaultSort: 'createTime,desc',
      columns: [
        { key: 'name', width: 180, kind: 'ellipsis' },
        {
          key: 'scopes',
          width: 260,
          render: (r) => (
            <Space size={4} wrap>
              {r.scopes.map((s) => (
                <Tag key={s} color="blue">
                  {scopeLabel(s, lang)}
                </Tag>
              ))}
            </Space>
          ),
        },
        { key: 'hint', width: 130, render: (r) => <code>{r.hint}</code> },
        { key: 'expiresAt', width: 120 },
        {
          key: 'lastUsedAt',
          width: 170,
          render: (r) =>
            r.lastUsedAt ? (
              new Date(r.lastUsedAt).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN')
            ) : (
              <Typography.Text type="secondary">{t('admin.apiTokens.never')}</Typography.Text>
            ),
        },
        { key: 'createBy', width: 120 },
        { key: 'createTime', width: 170, kind: 'datetime' },
      ],
      permissions: { del: { permission: ['apiToken:del'] } },
      deleteLabelKey: 'admin.apiTokens.revoke',
      deleteConfirmKey: 'admin.apiTokens.revokeConfirm',
      deletedKey: 'admin.apiTokens.revoked',
    }),
    [t, lang],
  );

  const issue = async (v: IssueValues) => {
    const created = await call(families.apiTokens.create, {
      name: v.name,
      scopes: v.scopes,
      expiresAt: dayAfter(v.days),
    });
    setIssued(created.token);
    await refresh();
  };

  return (
    <>
      <ResourcePage
        decl={decl}
        titleKey="admin.apiTokens.what"
        header={
          <Alert type="info" showIcon message={t('admin.apiTokens.hint')} style={{ marginBottom: 12 }} />
        }
        toolbar={
          can({ permission: ['apiToken:add'] }) ? (
            <Button type="primary" onClick={() => setIssuing(true)}>
              {t('admin.apiTokens.issue')}
            </Button>
          ) : null
        }
      />
      <ActionModal<IssueValues>
        open={issuing}
        title={t('admin.apiTokens.issue')}
        family="apiTokens"
        schema={{ shape: { name: apiTokenCreate.shape.name } }}
        onClose={() => setIssuing(false)}
        onSubmit={issue}
        fields={[
          { name: 'name', required: true },
          {
            name: 'scopes',
            type: 'multiSelect',
            required: true,
            options: () => apiTokenScopes.map((s) => ({ value: s.code, label: s[lang] })),
          },
          {
            name: 'days',
            labelKey: 'admin.apiTokens.expiresIn',
            type: 'select',
            required: true,
            initial: 90,
            options: () =>
              PERIODS.map((days) => ({
                value: days,
                label: t('admin.apiTokens.days', { days, date: dayAfter(days) }),
              })),
          },
        ]}
      />
      <Modal
        open={issued !== null}
        title={t('admin.apiTokens.issuedTitle')}
        closable={false}
        maskClosable={false}
        onCancel={() => setIssued(null)}
        footer={
          <Button type="primary" onClick={() => setIssued(null)}>
            {t('admin.apiTokens.done')}
          </Button>
        }
        width={560}
      >
        <Alert
          type="warning"
          showIcon
          message={t('admin.apiTokens.issuedWarning')}
          style={{ marginBottom: 16 }}
        />
        <Typography.Paragraph
          code
          copyable={{ text: issued ?? '', tooltips: [undefined, t('admin.apiTokens.copied')] }}
          style={{ wordBreak: 'break-all', fontSize: 13 }}
          data-testid="issued-token"
        >
          {issued}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('admin.apiTokens.usage')}</Typography.Text>
      </Modal>
    </>
  );
}
