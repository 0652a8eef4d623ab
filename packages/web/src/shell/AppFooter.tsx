import { useTranslation } from 'react-i18next';
import { useSettings } from '../stores/settings.ts';

export function AppFooter() {
  const { t } = useTranslation();
  const { showFooter, footerTxt, caseNumber } = useSettings();
  if (!showFooter) return null;
  return (
    <footer className="app-footer" data-testid="app-footer">
      <span>{footerTxt || `© ${new Date().getFullYear()} ${t('app.title')}`}</span>
      {caseNumber && (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
          {caseNumber}
        </a>
      )}
    </footer>
  );
}
