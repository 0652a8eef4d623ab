import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, List, Segmented, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/endpoints.ts';
import type { Message } from '../../api/types.ts';
import { type Lang, pick } from '../../i18n/index.ts';
import { refreshUnread } from '../../shell/use-session-effects.ts';
import { useSession } from '../../stores/session.ts';
import { formatTime } from '../../utils/format.ts';

const PAGE_SIZE = 10;

function MessageList({
  items,
  lang,
  onRead,
}: {
  items: Message[];
  lang: Lang;
  onRead?: (m: Message) => void;
}) {
  const { t } = useTranslation();
  return (
    <List
      dataSource={items}
      locale={{ emptyText: <Empty description={t('common.noData')} /> }}
      renderItem={(m) => (
        <List.Item
          data-testid="message-item"
          actions={
            onRead && m.read === false
              ? [
                  <Button key="read" type="link" size="small" onClick={() => onRead(m)}>
                    {t('messages.markRead')}
                  </Button>,
                ]
              : []
          }
        >
          <List.Item.Meta
            title={
              <span>
                {m.read === false && <Badge status="processing" />} {pick(lang, m.title, m.enTitle)}
              </span>
            }
            description={pick(lang, m.content, m.enContent)}
          />
          <div className="message-side">
            {m.read !== undefined && (
              <Tag color={m.read ? 'default' : 'blue'}>
                {m.read ? t('messages.read') : t('messages.unread')}
              </Tag>
            )}
            <span className="message-time">{formatTime(m.createTime)}</span>
          </div>
        </List.Item>
      )}
    />
  );
}

/** Announcements for anonymous visitors. */
function Announcements({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data } = useQuery({
    queryKey: ['announcements', page],
    queryFn: () => api.announcements({ page, size: PAGE_SIZE }),
  });
  return (
    <Card
      title={t('messages.announcements')}
      variant="borderless"
      extra={<Link to="/login">{t('messages.loginToSee')}</Link>}
    >
      <MessageList items={data?.content ?? []} lang={lang} />
      {(data?.totalElements ?? 0) > PAGE_SIZE && (
        <List
          pagination={{
            current: page + 1,
            total: data?.totalElements,
            pageSize: PAGE_SIZE,
            onChange: (p) => setPage(p - 1),
          }}
        />
      )}
    </Card>
  );
}

/** Opening the centre first calls the message-read call, then refreshes the unread count. */
function MyMessages({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<'all' | 'unread' | 'read'>('all');
  const [page, setPage] = useState(0);
  const [ready, setReady] = useState(false);
  const unread = useSession((s) => s.unread);

  useEffect(() => {
    let live = true;
    api
      .readAll()
      .catch(() => null)
      .then(() => refreshUnread())
      .finally(() => {
        if (live) setReady(true);
        void queryClient.invalidateQueries({ queryKey: ['myMessages'] });
      });
    return () => {
      live = false;
    };
  }, [queryClient]);

  const read = filter === 'all' ? undefined : filter === 'read';
  const { data, refetch } = useQuery({
    queryKey: ['myMessages', filter, page],
    queryFn: () => api.myMessages({ page, size: PAGE_SIZE, read }),
    enabled: ready,
  });

  const markRead = async (m: Message) => {
    await api.readMessage(m.id).catch(() => null);
    await refreshUnread();
    void refetch();
  };
  const readAll = async () => {
    await api.readAll().catch(() => null);
    await refreshUnread();
    void refetch();
  };

  return (
    <Card
      title={t('messages.title')}
      variant="borderless"
      extra={
        <span className="message-tools">
          <span>{t('messages.unreadCount', { count: unread })}</span>
          <Button size="small" onClick={readAll}>
            {t('messages.readAll')}
          </Button>
        </span>
      }
    >
      <Segmented
        value={filter}
        onChange={(v) => {
          setFilter(v as typeof filter);
          setPage(0);
        }}
        options={[
          { value: 'all', label: t('messages.all') },
          { value: 'unread', label: t('messages.unread') },
          { value: 'read', label: t('messages.read') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <MessageList items={data?.content ?? []} lang={lang} onRead={markRead} />
      {(data?.totalElements ?? 0) > PAGE_SIZE && (
        <List
          pagination={{
            current: page + 1,
            total: data?.totalElements,
            pageSize: PAGE_SIZE,
            onChange: (p) => setPage(p - 1),
          }}
        />
      )}
    </Card>
  );
}

export default function MessageCenter() {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const token = useSession((s) => s.token);
  return (
    <div className="page-narrow" data-testid="message-center">
      {token ? <MyMessages lang={lang} /> : <Announcements lang={lang} />}
    </div>
  );
}
