/**
 * An error boundary around a schema-generated form (@rjsf/core): a server's schema that the form
 * library cannot render shows `fallback(message)` — the invoke pane's Raw JSON, the Events
 * subscribe form's — instead of taking the view down. Server text stays text.
 */
import { Component, type ReactNode } from 'react';

/** Falls back (e.g. to Raw JSON) when a server's schema cannot be rendered as a form. */
export class FormBoundary extends Component<{ children: ReactNode; fallback: (message: string) => ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(err: unknown) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
  override render() {
    return this.state.error !== undefined ? this.props.fallback(this.state.error) : this.props.children;
  }
}

