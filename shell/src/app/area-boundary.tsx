import { Component, type ReactNode } from 'react';
import { UnsupportedContractError } from '@rigshare/contract';
import { ReloadNotice } from './reload-notice';
import { reloadOnce } from './reload-once';
import { retryRemote, whenRemoteBack } from './remote-registry';

interface Props {
  /** Names the area for the once-only reload, e.g. the remote's name. */
  area: string;
  /** What stays around the notice when the area fails, e.g. a screen's header and back button. */
  frame?: (notice: ReactNode) => ReactNode;
  children: ReactNode;
}

/**
 * One boundary per area: a remote that fails to load or render takes down only its own screen,
 * which says so with a Retry button, and comes back by itself when a failed remote answers again.
 */
export class AreaBoundary extends Component<Props, { failed: boolean; unsupported: boolean }> {
  state = { failed: false, unsupported: false };
  private cancelReload: (() => void) | undefined;
  private stopWatching: (() => void) | undefined;

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, unsupported: error instanceof UnsupportedContractError };
  }

  componentDidCatch(error: unknown) {
    console.error(`[${this.props.area}] failed`, error);
    // Built against a contract this shell does not support: reloading or waiting will not help
    // until a new shell or remote is deployed, so the area says it is being updated.
    if (error instanceof UnsupportedContractError) return;
    this.cancelReload = reloadOnce(this.props.area);
    this.stopWatching?.();
    this.stopWatching = whenRemoteBack(this.props.area, this.retry);
  }

  componentWillUnmount() {
    this.cancelReload?.();
    this.stopWatching?.();
  }

  retry = () => {
    this.cancelReload?.();
    this.stopWatching?.();
    retryRemote(this.props.area);
    this.setState({ failed: false, unsupported: false });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    const notice = this.state.unsupported ? <ReloadNotice reason="updating" /> : <ReloadNotice retry={this.retry} />;
    return this.props.frame ? this.props.frame(notice) : notice;
  }
}
