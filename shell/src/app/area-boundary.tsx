import { Component, type ReactNode } from 'react';
import { ReloadNotice } from './reload-notice';
import { reloadOnce } from './reload-once';
import { retryRemote, whenRemoteBack } from './remote-registry';

interface Props {
  /** Names the area for the once-only reload, e.g. the remote's name. */
  area: string;
  children: ReactNode;
}

/**
 * One boundary per area: a remote that fails to load or render takes down only its own screen,
 * which says so with a Retry button, and comes back by itself when a failed remote answers again.
 */
export class AreaBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };
  private cancelReload: (() => void) | undefined;
  private stopWatching: (() => void) | undefined;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`[${this.props.area}] failed`, error);
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
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? <ReloadNotice retry={this.retry} /> : this.props.children;
  }
}
