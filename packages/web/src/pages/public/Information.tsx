import { ApartmentOutlined, CarOutlined, SafetyCertificateOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LOGIN_SOURCE_COME_IN, LOGIN_SOURCE_KEY } from '../../config.ts';
import { LanguageToggle } from '../../shell/LanguageToggle.tsx';
import { LogoMark } from '../../shell/Logo.tsx';
import { useSettings } from '../../stores/settings.ts';

/** Public product information for prospective tenants. */
export default function Information() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useSettings((s) => s.theme);
  const { footerTxt, caseNumber } = useSettings();

  const comeIn = () => {
    localStorage.setItem(LOGIN_SOURCE_KEY, LOGIN_SOURCE_COME_IN);
    void navigate('/login');
  };

  const cards: { key: string; icon: ReactNode; title: string; text: string }[] = [
    {
      key: 'shipper',
      icon: <ApartmentOutlined />,
      title: t('info.shipperTitle'),
      text: t('info.shipperText'),
    },
    { key: 'supplier', icon: <ShopOutlined />, title: t('info.supplierTitle'), text: t('info.supplierText') },
    {
      key: 'logistics',
      icon: <CarOutlined />,
      title: t('info.logisticsTitle'),
      text: t('info.logisticsText'),
    },
    {
      key: 'trial',
      icon: <SafetyCertificateOutlined />,
      title: t('info.trialTitle'),
      text: t('info.trialText'),
    },
  ];

  return (
    <div className="info">
      <header
        className="info-head"
        style={{ background: `linear-gradient(135deg, ${theme} 0%, #0b2545 100%)` }}
      >
        <nav className="info-nav">
          <span className="info-brand">
            <span style={{ color: 'rgba(255,255,255,0.18)' }}>
              <LogoMark size={36} />
            </span>
            {t('app.shortTitle')}
          </span>
          <span>
            <LanguageToggle light />
            <Link to="/login" className="info-login">
              {t('route.login')}
            </Link>
          </span>
        </nav>
        <div className="info-hero">
          <h1>{t('info.title')}</h1>
          <p>{t('info.text')}</p>
          <div className="info-actions">
            <Button type="primary" size="large" onClick={comeIn} style={{ background: '#fff', color: theme }}>
              {t('info.enter')}
            </Button>
            <Button size="large" ghost onClick={() => void navigate('/register')}>
              {t('info.register')}
            </Button>
          </div>
        </div>
      </header>
      <section className="info-body">
        <Row gutter={[24, 24]}>
          {cards.map((c) => (
            <Col xs={24} sm={12} lg={6} key={c.key}>
              <Card className="info-card" variant="borderless">
                <div className="info-icon" style={{ color: theme }}>
                  {c.icon}
                </div>
                <h3>{c.title}</h3>
                <p>{c.text}</p>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <footer className="info-foot">
        {footerTxt} {caseNumber}
      </footer>
    </div>
  );
}
