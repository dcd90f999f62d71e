import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';

export interface FallbackProps {
  error: unknown;
  /** Renders the children again. */
  resetErrorBoundary: () => void;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  FallbackComponent?: ComponentType<FallbackProps>;
  fallbackRender?: (props: FallbackProps) => ReactNode;
  /** A change in any of these after an error renders the children again (another address, say). */
  resetKeys?: readonly unknown[];
  onError?: (error: unknown, info: ErrorInfo) => void;
}

type ErrorBoundaryState = { failed: false } | { failed: true; error: unknown };

const changed = (previous: readonly unknown[] = [], next: readonly unknown[] = []) =>
  previous.length !== next.length || previous.some((key, index) => !Object.is(key, next[index]));

/**
 * Shows a fallback instead of children that failed to render. Our own few lines instead of a library: the app
 * boundary is on the first screen, whose JavaScript has a budget (ADR 008).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previousProps: ErrorBoundaryProps, previousState: ErrorBoundaryState): void {
    // Keys that change with the error itself (the render that failed) do not reset it; a later change does.
    if (this.state.failed && previousState.failed && changed(previousProps.resetKeys, this.props.resetKeys)) {
      this.resetErrorBoundary();
    }
  }

  resetErrorBoundary = (): void => {
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { FallbackComponent, fallbackRender } = this.props;
    const fallbackProps: FallbackProps = {
      error: this.state.error,
      resetErrorBoundary: this.resetErrorBoundary,
    };
    if (fallbackRender) return fallbackRender(fallbackProps);
    return FallbackComponent ? <FallbackComponent {...fallbackProps} /> : null;
  }
}
