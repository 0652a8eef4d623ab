// The comments on one exception, in the drawer: who said what and when, oldest first, and a box to add
// one (for whoever may raise exceptions, while the exception is not closed).
import { useQuery } from '@tanstack/react-query';
import { ExceptionStatus, formatTime } from '@tradelane/contract';
import { Button, Empty, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/permissions.ts';
import { resourceKey } from '../../api/query-keys.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { type ExceptionRow, towerApi } from './tower-api.ts';

const MAX = 2000;

export function ExceptionComments({ exception }: { exception: ExceptionRow }) {
  const { t } = useTranslation();
  const can = useCan();
  const [text, setText] = useState('');
  const key = resourceKey('exceptions/comments', 'of', exception.id);
  const q = useQuery({ queryKey: key, queryFn: () => towerApi.comments(exception.id) });
  const send = useSubmit(() => towerApi.comment(exception.id, text.trim()), {
    success: 'tower.comments.sent',
    refresh: ['exceptions/comments'],
    onDone: () => setText(''),
  });
  const closed = exception.status === ExceptionStatus.closed;
  const mayWrite = can({ permission: ['exception:add'] }) && !closed;
  const comments = q.data ?? [];
  return (
    <div className="tower-comments" data-testid="exception-comments">
      <Typography.Title level={5} className="tower-drawer-history">
        {t('tower.comments.title', { count: comments.length })}
      </Typography.Title>
      {comments.length === 0 && !q.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tower.comments.none')} />
      ) : (
        <ul className="tower-comment-list">
          {comments.map((c) => (
            <li
              key={c.id}
              className={c.mine ? 'tower-comment mine' : 'tower-comment'}
              data-testid="exception-comment"
            >
              <div className="tower-comment-head">
                <Typography.Text strong>{c.authorName}</Typography.Text>
                {c.authorCompany && <Typography.Text type="secondary"> · {c.authorCompany}</Typography.Text>}
                <Typography.Text type="secondary" className="tower-comment-time">
                  {formatTime(c.createTime)}
                </Typography.Text>
              </div>
              <div className="tower-comment-body">{c.content}</div>
            </li>
          ))}
        </ul>
      )}
      {mayWrite ? (
        <Space.Compact block className="tower-comment-form">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('tower.comments.placeholder')}
            aria-label={t('tower.comments.placeholder')}
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            loading={send.busy}
            onClick={() => void send.run()}
            data-testid="exception-comment-send"
          >
            {t('tower.comments.send')}
          </Button>
        </Space.Compact>
      ) : closed ? (
        <Typography.Text type="secondary">{t('tower.comments.closed')}</Typography.Text>
      ) : null}
    </div>
  );
}
