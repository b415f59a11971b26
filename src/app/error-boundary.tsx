import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** When it changes (the page's path), a failed boundary tries its children again. */
  resetKey?: unknown;
  fallback: (reload: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps a crash in one page from blanking the whole app (and shows a way out). */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('page crashed', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => location.reload()) : this.props.children;
  }
}
