import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** When it changes (the page's path), a failed boundary tries its children again. */
  resetKey?: unknown;
  fallback: (failure: { reload: () => void; error: unknown }) => ReactNode;
  children: ReactNode;
}

/**
 * Whether a page failed because its code did not arrive (the connection, not the app): Chromium, Firefox and Safari
 * word a failed dynamic import each their own way.
 */
export const isChunkLoadFailure = (error: unknown): boolean =>
  error instanceof TypeError &&
  /dynamically imported module|importing a module script failed/i.test(error.message);

/** Keeps a crash in one page from blanking the whole app (and shows a way out). */
export class ErrorBoundary extends Component<Props, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown): { failed: boolean; error: unknown } {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page crashed', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false, error: null });
  }

  override render(): ReactNode {
    return this.state.failed
      ? this.props.fallback({ reload: () => location.reload(), error: this.state.error })
      : this.props.children;
  }
}
