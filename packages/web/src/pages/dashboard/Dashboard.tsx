import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Empty, List, Row, Skeleton, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/permissions.ts';
import { api } from '../../api/endpoints.ts';
import { roleTypeOf, useSession } from '../../stores/session.ts';
import { TowerCard } from '../tower/TowerCard.tsx';

/** 'openFeedback' → 'Open feedback', for keys a newer server sends before the catalogue knows them. */
function humanize(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Home: what this user must do next, and the counts for their role. */
export default function Dashboard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const can = useCan();
  const { data, isLoading } = useQuery({ queryKey: ['homePageData'], queryFn: () => api.homePageData() });
  const roleType = data?.roleType ?? roleTypeOf(user);
  const name = user?.nickName || user?.username || '';

  return (
    <div className="dashboard" data-testid="dashboard">
      <Card className="dashboard-hello" variant="borderless">
        <div className="dashboard-hello-row">
          <Avatar size={56} src={user?.avatarPath || undefined}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <h2>{t('home.greeting', { name })}</h2>
            <div className="dashboard-meta">
              <Tag color="processing">{t(`home.role${roleType}`)}</Tag>
              {user?.corporateName && <span>{user.corporateName}</span>}
            </div>
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('home.todoTitle')} variant="borderless" className="dashboard-card">
            {isLoading ? (
              <Skeleton active />
            ) : data?.todos?.length ? (
              <List
                dataSource={data.todos}
                renderItem={(todo) => (
                  <List.Item
                    className="todo-item"
                    onClick={() => void navigate(todo.path || '/')}
                    actions={[<RightOutlined key="go" />]}
                  >
                    <List.Item.Meta
                      title={t(`home.todo.${todo.key}`, { defaultValue: humanize(todo.key) })}
                    />
                    <Tag color={todo.count > 0 ? 'orange' : 'default'}>{todo.count}</Tag>
                  </List.Item>
                )}
              />
            ) : (
              <Empty description={t('home.noTodo')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('home.countsTitle')} variant="borderless" className="dashboard-card">
            {isLoading ? (
              <Skeleton active />
            ) : (
              <Row gutter={[16, 24]}>
                {Object.entries(data?.counts ?? {}).map(([key, value]) => (
                  <Col xs={12} md={8} key={key}>
                    <Statistic
                      title={t(`home.count.${key}`, { defaultValue: humanize(key) })}
                      value={value}
                    />
                  </Col>
                ))}
              </Row>
            )}
          </Card>
        </Col>
        {can({ permission: ['plan:list'] }) && (
          <Col xs={24}>
            <TowerCard />
          </Col>
        )}
      </Row>
    </div>
  );
}
