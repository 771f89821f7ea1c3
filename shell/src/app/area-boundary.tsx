import { Component, type ReactNode } from 'react';
import { ReloadNotice } from './reload-notice';
import { reloadOnce } from './reload-once';

interface Props {
  /** Names the area for the once-only reload, e.g. the remote's name. */
  area: string;
  children: ReactNode;
}

/** One boundary per area: a remote that fails to load or render takes down only its own screen. */
export class AreaBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };
  private cancelReload: (() => void) | undefined;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`[${this.props.area}] failed`, error);
    this.cancelReload = reloadOnce(this.props.area);
  }

  componentWillUnmount() {
    this.cancelReload?.();
  }

  render() {
    return this.state.failed ? <ReloadNotice /> : this.props.children;
  }
}
