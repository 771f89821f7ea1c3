import { useTranslation } from 'react-i18next';
import type { Captcha } from '@rigshare/api-schema';
import { captchaSrc } from './use-captcha';

/** The image code; a tap fetches a new one. The id rides along for browser tests. */
export function CaptchaImage({ captcha, failed, onRefresh }: { captcha: Captcha | null; failed: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <button type="button" className="captcha-button" onClick={onRefresh} aria-label={t('fields.captchaRefresh')} title={t('fields.captchaRefresh')}>
      {captcha ? (
        <img data-testid="captcha-image" data-captcha-id={captcha.captchaId} src={captchaSrc(captcha.svg)} alt={t('fields.captcha')} />
      ) : (
        <span className="captcha-button__placeholder">{failed ? t('fields.captchaRetry') : t('common:states.loading')}</span>
      )}
    </button>
  );
}
