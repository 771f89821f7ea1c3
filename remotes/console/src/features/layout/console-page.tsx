import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { NavLink, Navigate, useNavigate } from 'react-router-dom';
import { staffMay, type StaffRole } from '@rigshare/api-schema';
import { selectStaffSession, staffLoggedOut } from '@rigshare/session';
import { useLogoutMutation } from '../../api/endpoints';
import '../../console.css';

/** The console's sections; each shows only to the roles that may open its list (the server guards it anyway). */
const SECTIONS = [
  { to: '/console', key: 'nav.dashboard', route: 'dashboard' },
  { to: '/console/recharges', key: 'nav.recharges', route: 'recharges' },
  { to: '/console/withdrawals', key: 'nav.withdrawals', route: 'withdrawals' },
  { to: '/console/reviews', key: 'nav.reviews', route: 'posts' },
  { to: '/console/feedback', key: 'nav.feedback', route: 'feedback' },
  { to: '/console/money', key: 'nav.money', route: 'moneyAdjust' },
  { to: '/console/content', key: 'nav.content', route: 'contentNews' },
  { to: '/console/members', key: 'nav.members', route: 'members' },
  { to: '/console/products', key: 'nav.products', route: 'products' },
  { to: '/console/rates', key: 'nav.rates', route: 'rates' },
  { to: '/console/catalogue', key: 'nav.catalogue', route: 'coupons' },
  { to: '/console/audit', key: 'nav.audit', route: 'audit' },
] as const;

type SectionRoute = (typeof SECTIONS)[number]['route'];

export function useStaffRole(): StaffRole | null {
  return (useSelector(selectStaffSession)?.role as StaffRole | undefined) ?? null;
}

/** A console screen: the sections this role may open, who is logged in, logout, then the screen. */
export function ConsolePage({ route, children }: { route: SectionRoute; children: ReactNode }) {
  const { t } = useTranslation('console');
  const session = useSelector(selectStaffSession);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  const role = session?.role as StaffRole | undefined;
  if (!session || !role) return <Navigate to="/console/login" replace />;
  if (!staffMay(role, route)) return <p className="console-denied">{t('nav.denied')}</p>;

  const end = async () => {
    await logout().unwrap().catch(() => undefined);
    dispatch(staffLoggedOut());
    navigate('/console/login', { replace: true });
  };

  return (
    <div className="console">
      <header className="console__bar">
        <nav className="console__nav" aria-label={t('nav.label')}>
          {SECTIONS.filter((s) => staffMay(role, s.route)).map((s) => (
            <NavLink key={s.to} to={s.to} end className={({ isActive }) => (isActive ? 'console__link console__link--active' : 'console__link')}>
              {t(s.key)}
            </NavLink>
          ))}
        </nav>
        <div className="console__who">
          <span data-testid="console-staff">{t('nav.who', { login: session.login, role: t(`roles.${role}`) })}</span>
          <Button size="mini" loading={isLoading} onClick={() => void end()} data-testid="console-logout">
            {t('nav.logout')}
          </Button>
        </div>
      </header>
      <div className="console__content">{children}</div>
    </div>
  );
}
