import { useEffect, useState } from 'react';
import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { accountsApi, type SysInfo } from '@rigshare/api-client';
import { APP_VERSION, APP_VERSION_CODE } from '@rigshare/domain';
import { useUpdateCheck } from '../header/version-update';

/** About us: the operator, what the service is, the version, and the update check. */
export default function AboutScreen() {
  const { t } = useTranslation('shell');
  const [info, setInfo] = useState<SysInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const checkForUpdate = useUpdateCheck();

  useEffect(() => {
    let cancelled = false;
    accountsApi.sysInfo().then(
      ({ data }) => {
        if (cancelled) return;
        setInfo(data);
        setFailed(false);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

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
          <Button size="small" color="primary" onClick={() => setAttempt((n) => n + 1)}>
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
