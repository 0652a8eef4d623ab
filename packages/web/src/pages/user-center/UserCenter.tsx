import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { useSession } from '../../stores/session.ts';
import { BasicInfoForm } from './BasicInfoForm.tsx';
import { LoginHistory } from './LoginHistory.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';

/** The personal center: profile, avatar, password, email and login history. */
export default function UserCenter() {
  const { t } = useTranslation();
  const sessionUser = useSession((s) => s.user);
  const { data: user, refetch } = useQuery({ queryKey: ['currentUser'], queryFn: () => api.currentUser() });
  const current = user ?? sessionUser;
  return (
    <Row gutter={[16, 16]} data-testid="user-center">
      <Col xs={24} lg={8}>
        <ProfileCard user={current} onChanged={() => void refetch()} />
      </Col>
      <Col xs={24} lg={16}>
        <Card variant="borderless">
          <Tabs
            items={[
              {
                key: 'basic',
                label: t('user.basic'),
                children: <BasicInfoForm user={current} onSaved={() => void refetch()} />,
              },
              {
                key: 'security',
                label: t('user.security'),
                children: <SecurityPanel onChanged={() => void refetch()} />,
              },
              { key: 'history', label: t('user.history'), children: <LoginHistory /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
