import { Suspense, type ReactNode } from 'react';
import { SpinLoading } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FirstPaintHandoff } from './first-paint';

/**
 * The header every deeper screen shares: a back button and the title as the page's heading. Tab
 * landings draw their own. (antd-mobile's NavBar puts role="button" on a box that is neither
 * focusable nor named, and clips long titles; this is a real button and a title that wraps.)
 */
export function ScreenFrame({ title, depth, children }: { title?: string; depth: number; children: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return (
    <div className="screen">
      {title !== undefined && (
        <header className="screen-header">
          <div className="screen-header__side">
            {depth > 1 && (
              <button
                type="button"
                className="screen-header__back"
                aria-label={t('actions.back')}
                data-testid="screen-back"
                onClick={() => (history.length > 1 ? navigate(-1) : navigate('/index'))}
              >
                <LeftOutline aria-hidden />
              </button>
            )}
          </div>
          <h1 className="screen-header__title">{title}</h1>
          <div className="screen-header__side" />
        </header>
      )}
      <Suspense fallback={<ScreenLoading />}>
        {/* Commits with the screen, not with its loading spinner. */}
        <FirstPaintHandoff />
        {children}
      </Suspense>
    </div>
  );
}

export function ScreenLoading() {
  return (
    <div className="screen-loading" aria-busy="true">
      <SpinLoading color="primary" />
    </div>
  );
}
