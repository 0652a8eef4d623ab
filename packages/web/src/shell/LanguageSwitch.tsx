import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Lang, setLanguage } from '../i18n/index.ts';

const LABELS: Record<Lang, string> = { zh: '中文', en: 'English' };

export function LanguageSwitch({ light = false }: { light?: boolean }) {
  const { i18n, t } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [lang],
        items: (Object.keys(LABELS) as Lang[]).map((key) => ({ key, label: LABELS[key] })),
        onClick: ({ key }) => void setLanguage(key as Lang),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('nav.language')}
        data-testid="language-switch"
        style={light ? { color: '#fff' } : undefined}
      >
        {LABELS[lang]}
      </Button>
    </Dropdown>
  );
}
