import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { selectStaffSession } from '@rigshare/session';
import { registerStaffRemotes } from './remote-registry';

/**
 * The console's routes: without a staff session, the staff login (a member's token is no staff
 * session). With one, the staff remotes are registered, so only then is their code ever fetched.
 */
export function StaffGuard({ children }: { children: ReactNode }) {
  const session = useSelector(selectStaffSession);
  const location = useLocation();
  if (!session) return <Navigate to="/console/login" replace state={{ from: location.pathname + location.search }} />;
  // During render on purpose: the children ask the federation runtime for the console's routes as they
  // render, so the registration must come first (an effect would run after them). It is idempotent, so a
  // re-render or StrictMode's double render registers nothing twice.
  registerStaffRemotes();
  return <>{children}</>;
}
