import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME, PREDEFINED_THEMES } from '../config.ts';
import { useDialogs } from '../stores/dialogs.ts';
import { type Settings, useSettings } from '../stores/settings.ts';

type SwitchKey = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'uniqueOpened' | 'showFooter';
const SWITCHES: SwitchKey[] = ['tagsView', 'fixedHeader', 'sidebarLogo', 'uniqueOpened', 'showFooter'];
const COLOURS = [DEFAULT_THEME, ...PREDEFINED_THEMES];

export function SettingsDrawer() {
  const { t } = useTranslation();
  const open = useDialogs((s) => s.settingsOpen);
  const openSettings = useDialogs((s) => s.openSettings);
  const settings = useSettings();
  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={() => openSettings(false)}
      size={300}
      data-testid="settings-drawer"
    >
      <div className="settings-row settings-row-column">
        <span>{t('settings.theme')}</span>
        <div className="theme-swatches">
          {COLOURS.map((c) => (
            <button
              type="button"
              key={c}
              className="theme-swatch"
              aria-label={c}
              data-testid={`theme-${c}`}
              style={{ background: c }}
              onClick={() => settings.change('theme', c)}
            >
              {settings.theme.toLowerCase() === c.toLowerCase() && <CheckOutlined />}
            </button>
          ))}
        </div>
      </div>
      <Divider />
      {SWITCHES.map((key) => (
        <div className="settings-row" key={key}>
          <span>{t(`settings.${key}`)}</span>
          <Switch
            data-testid={`setting-${key}`}
            checked={settings[key] as Settings[SwitchKey]}
            onChange={(v) => settings.change(key, v)}
          />
        </div>
      ))}
    </Drawer>
  );
}
