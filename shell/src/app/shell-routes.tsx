import { lazy } from 'react';
import type { ScreenComponent } from '@rigshare/contract';

export interface ShellRoute {
  path: string;
  Component: ScreenComponent;
  /** Key in the `shell` namespace for the header title; none = the screen draws its own header. */
  titleKey?: string;
  depth: number;
  /** Reachable without a token (SPEC.md section 2, open routes). */
  open?: boolean;
}

const loadHome = () => import('../features/home/home-screen');
const loadLogin = () => import('../features/auth/login-screen');

/** The screens a cold start lands on: bootstrap starts loading the one it will show with the app. */
export const LANDING_SCREENS = { home: loadHome, login: loadLogin };

/** The routes the shell owns (DESIGN.md section 3); remote routes come from remotes.json. */
export const SHELL_ROUTES: ShellRoute[] = [
  { path: '/index', Component: lazy(loadHome), depth: 1 },
  { path: '/user/login', Component: lazy(loadLogin), depth: 1, open: true },
  { path: '/register', Component: lazy(() => import('../features/auth/register-screen')), titleKey: 'register.title', depth: 2, open: true },
  // Same screen under the legacy path; open so a newcomer can reach it from the login page.
  { path: '/user/login/register', Component: lazy(() => import('../features/auth/register-screen')), titleKey: 'register.title', depth: 2, open: true },
  { path: '/login/registerbym', Component: lazy(() => import('../features/auth/register-screen')), titleKey: 'register.title', depth: 2, open: true },
  { path: '/login/forgetPassword', Component: lazy(() => import('../features/auth/forgot-password-screen')), titleKey: 'forgot.title', depth: 2, open: true },
  { path: '/index/language', Component: lazy(() => import('../features/language/language-screen')), titleKey: 'language.title', depth: 2, open: true },
  { path: '/index/about', Component: lazy(() => import('../features/about/about-screen')), titleKey: 'about.title', depth: 2 },
  { path: '/mine', Component: lazy(() => import('../features/mine/mine-screen')), depth: 1 },
  { path: '/user/information', Component: lazy(() => import('../features/profile/information-screen')), titleKey: 'information.title', depth: 2 },
  { path: '/user/name', Component: lazy(() => import('../features/profile/name-screen')), titleKey: 'name.title', depth: 3 },
  { path: '/user/edit', Component: lazy(() => import('../features/profile/avatar-screen')), titleKey: 'avatar.title', depth: 3 },
  { path: '/user/securitycenter', Component: lazy(() => import('../features/security/security-center-screen')), titleKey: 'security.title', depth: 2 },
  { path: '/user/loginPwd', Component: lazy(() => import('../features/security/login-password-screen')), titleKey: 'loginPassword.title', depth: 3 },
  { path: '/user/bindEmail', Component: lazy(() => import('../features/security/bind-email-screen')), titleKey: 'email.bindTitle', depth: 3 },
  { path: '/user/verify', Component: lazy(() => import('../features/security/verify-email-screen')), titleKey: 'email.verifyTitle', depth: 4 },
  { path: '/user/system', Component: lazy(() => import('../features/settings/system-screen')), titleKey: 'system.title', depth: 2 },
  // The public solvency page (docs/solvency.md): visitors see it without logging in.
  { path: '/solvency', Component: lazy(() => import('../features/solvency/solvency-screen')), titleKey: 'solvency.title', depth: 2, open: true },
  // Staff log in here before the shell fetches the console (a staff session is apart from a member's).
  { path: '/console/login', Component: lazy(() => import('../features/staff/staff-login-screen')), titleKey: 'staffLogin.title', depth: 2, open: true },
  { path: '/nopermission', Component: lazy(() => import('../features/errors/no-permission-screen')), titleKey: 'noPermission.title', depth: 2, open: true },
];

/** Bottom tab bar (SPEC.md section 2): home, community, products, team, mine. */
export const TABS = [
  { path: '/index', key: 'tabs.home', icon: 'home' },
  { path: '/dynamic', key: 'tabs.community', icon: 'community' },
  { path: '/projects', key: 'tabs.products', icon: 'products' },
  { path: '/index/friend', key: 'tabs.team', icon: 'team' },
  { path: '/mine', key: 'tabs.mine', icon: 'mine' },
] as const;
