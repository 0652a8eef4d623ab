import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n/index.ts';

/** The light language switch of the public pages (no dropdown: keeps the login chunk small). */
export function LanguageToggle({ light = false }: { light?: boolean }) {
  const { i18n, t } = useTranslation();
  const en = i18n.language === 'en';
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('nav.language')}
      data-testid="language-toggle"
      style={light ? { color: '#fff' } : undefined}
      onClick={() => void setLanguage(en ? 'zh' : 'en')}
    >
      {en ? '中文' : 'English'}
    </Button>
  );
}
