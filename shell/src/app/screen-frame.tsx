import { Suspense, type ReactNode } from 'react';
import { NavBar, SpinLoading } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';

/** The header every deeper screen shares: back arrow and title. Tab landings draw their own. */
export function ScreenFrame({ title, depth, children }: { title?: string; depth: number; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="screen">
      {title !== undefined && (
        <NavBar className="screen-header" back={depth > 1 ? '' : null} onBack={() => (history.length > 1 ? navigate(-1) : navigate('/index'))}>
          {title}
        </NavBar>
      )}
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
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
