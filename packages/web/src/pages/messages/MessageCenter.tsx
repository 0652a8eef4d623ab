import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '@tradelane/contract';
import { Badge, Button, Card, Empty, List, Pagination, Segmented, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../api/endpoints.ts';
import type { Message } from '../../api/types.ts';
import { type Lang, pick } from '../../i18n/index.ts';
import { normalizePath } from '../../router/guard.ts';
import { resolveLink } from '../../router/menu.ts';
import { refreshUnread } from '../../shell/use-session-effects.ts';
import { useSession } from '../../stores/session.ts';

const PAGE_SIZE = 10;
/** How many unread messages a visit can mark as new. */
const FRESH_MAX = 100;

/** Server-side pages under a list (a Pagination, not a second List that would say "No data"). */
function Pages(props: { page: number; total?: number; onChange: (page: number) => void }) {
  if ((props.total ?? 0) <= PAGE_SIZE) return null;
  return (
    <Pagination
      className="message-pages"
      current={props.page + 1}
      total={props.total}
      pageSize={PAGE_SIZE}
      showSizeChanger={false}
      onChange={(p) => props.onChange(p - 1)}
    />
  );
}

function MessageList({
  items,
  lang,
  onRead,
  fresh,
}: {
  items: Message[];
  lang: Lang;
  onRead?: (m: Message) => void;
  /** Messages that were unread when this visit began: marked "new" until the page is left. */
  fresh?: ReadonlySet<number>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useSession((s) => s.menus);
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
                {m.read === false && <Badge status="processing" />}{' '}
                {fresh?.has(m.id) && (
                  <Tag color="red" data-testid="message-new">
                    {t('messages.new')}
                  </Tag>
                )}
                {resolveLink(menus, m.link) ? (
                  <a
                    href={resolveLink(menus, m.link) ?? undefined}
                    data-testid="message-link"
                    onClick={(e) => {
                      e.preventDefault();
                      void navigate(resolveLink(menus, m.link) ?? '/');
                    }}
                  >
                    {pick(lang, m.title, m.enTitle)}
                  </a>
                ) : (
                  pick(lang, m.title, m.enTitle)
                )}
              </span>
            }
            description={pick(lang, m.content, m.enContent)}
          />
          <div className="message-side">
            {/* What the reader saw when the page opened: the open-time read call has marked these read. */}
            {fresh?.has(m.id) ? (
              <Tag color="blue" data-testid="message-state">
                {t('messages.unreadAtOpen')}
              </Tag>
            ) : (
              m.read !== undefined && (
                <Tag color={m.read ? 'default' : 'blue'} data-testid="message-state">
                  {m.read ? t('messages.read') : t('messages.unread')}
                </Tag>
              )
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
      <Pages page={page} total={data?.totalElements ?? undefined} onChange={setPage} />
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
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());

  // Each visit (also a return to this tab) notes what was unread, then marks everything read (spec). The
  // tab's page stays mounted while it is hidden (it renders on other pages' paths): a visit is a
  // navigation to its own path, not a mount. Each navigation has its own key, so the bell clicked here
  // (or while a click away has not finished loading its page) is a visit too.
  const { pathname, key } = useLocation();
  const own = useRef(normalizePath(pathname));
  const visit = normalizePath(pathname) === own.current ? key : null;
  useEffect(() => {
    if (visit === null) return;
    let live = true;
    api
      .myMessages({ page: 0, size: FRESH_MAX, read: false })
      .then((r) => {
        if (live) setFresh(new Set(r.content.map((m) => m.id)));
      })
      .catch(() => null)
      .then(() => api.readAll())
      .catch(() => null)
      .then(() => refreshUnread())
      .finally(() => {
        if (live) setReady(true);
        void queryClient.invalidateQueries({ queryKey: ['myMessages'] });
      });
    return () => {
      live = false;
      setFresh(new Set());
    };
  }, [visit, queryClient]);

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
      <MessageList items={data?.content ?? []} lang={lang} onRead={markRead} fresh={fresh} />
      <Pages page={page} total={data?.totalElements ?? undefined} onChange={setPage} />
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
