import React from 'react';
import type {AppProps} from 'pastel';
import {formatError} from '../src/output/error-banner.js';

/**
 * Pastel's app wrapper with an error boundary: a throw during render would otherwise exit
 * 0 with Ink's own stack trace on stdout.
 */
export default function App({Component, commandProps}: AppProps) {
  return (
    <ErrorBoundary>
      <Component {...commandProps} />
    </ErrorBoundary>
  );
}

class ErrorBoundary extends React.Component<{children: React.ReactNode}, {failed: boolean}> {
  override state = {failed: false};

  static getDerivedStateFromError() {
    return {failed: true};
  }

  override componentDidCatch(error: unknown) {
    const report = formatError(error, {debug: process.argv.includes('--debug')});
    process.stderr.write(report.text);
    process.exitCode = report.exitCode;
    setTimeout(() => process.exit(), 50).unref();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
