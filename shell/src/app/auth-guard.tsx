import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsLoggedIn } from '@rigshare/session';

/** Without a stored token, any route that is not open goes to /user/login (SPEC.md section 2). */
export function AuthGuard({ open, children }: { open?: boolean; children: ReactNode }) {
  const loggedIn = useSelector(selectIsLoggedIn);
  const location = useLocation();
  if (!open && !loggedIn) {
    return <Navigate to="/user/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
