import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { staffApi } from '@rigshare/api-client';
import type { UnsetSetting } from '@rigshare/api-schema';

const unsetApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    unsetSettings: build.query<UnsetSetting[], void>({ query: () => ({ path: '/settings/unset' }) }),
  }),
});

/**
 * The settings members depend on that are still empty (the server's one list), each a link to where staff
 * set it: until then members meet that channel as "not set up yet". Nothing shows when all are set.
 */
export function UnsetSettings() {
  const { t } = useTranslation('console');
  const { data } = unsetApi.useUnsetSettingsQuery(undefined, { pollingInterval: 60_000, refetchOnMountOrArgChange: true });
  if (!data?.length) return null;
  return (
    <section className="console-unset" data-testid="unset-settings">
      <h2 className="console-section-title">{t('dashboard.unset.title')}</h2>
      <ul className="console-unset__list">
        {data.map((setting) => (
          <li key={setting.key}>
            <Link to={setting.setAt} data-testid={`unset-${setting.key}`}>
              {t(`dashboard.unset.${setting.key}`, { detail: setting.detail ?? '' })}
            </Link>
            <span className="console-note">{t(`dashboard.unset.${setting.key}Effect`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
