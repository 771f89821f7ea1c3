import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, APP_VERSION_CODE } from '@rigshare/domain';
import { useUpdateCheck } from '../header/version-update';
import { useSysInfoQuery } from './about-api';

/** About us: the operator, what the service is, the version, and the update check. */
export default function AboutScreen() {
  const { t } = useTranslation('shell');
  const { data: info, isError: failed, refetch } = useSysInfoQuery();
  const checkForUpdate = useUpdateCheck();

  return (
    <div className="about-screen">
      <div className="about-screen__brand">
        <div className="auth-brand__logo" aria-hidden="true">
          R
        </div>
        <h1 className="auth-brand__name">Rigshare</h1>
        <p className="about-screen__version" data-testid="about-version">
          {t('about.appVersion', { version: APP_VERSION, code: APP_VERSION_CODE })}
        </p>
      </div>
      {failed && (
        <ErrorBlock status="disconnected" title={t('home.loadFailed')} description="">
          <Button size="small" color="primary" onClick={() => void refetch()}>
            {t('common:actions.retry')}
          </Button>
        </ErrorBlock>
      )}
      {!failed && !info && <Skeleton.Paragraph lineCount={4} animated />}
      {info && (
        <>
          <List mode="card">
            <List.Item extra={info.operatorName} arrow={false} data-testid="about-operator">
              {t('about.operator')}
            </List.Item>
            <List.Item extra={info.version} arrow={false}>
              {t('about.latestVersion')}
            </List.Item>
          </List>
          <section className="about-screen__text" data-testid="about-text">
            {info.about.split(/\n+/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </section>
        </>
      )}
      <div className="screen-actions">
        <Button block color="primary" fill="outline" size="large" onClick={checkForUpdate} data-testid="check-update">
          {t('update.check')}
        </Button>
      </div>
    </div>
  );
}
