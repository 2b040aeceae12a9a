/**
 * An error boundary around each view: a view that throws while rendering shows a notice with its
 * message and "Reset this view" (its parameters back to their defaults, the view mounted afresh)
 * instead of leaving the page blank; the other views and the header keep working.
 */
import { Component, type ReactNode } from 'react';
import { DEFAULT_PARAMS, type Params, type ViewId } from '../state/common/store/params.ts';
import { viewEntry } from '../state/common/views/views.ts';
import { explorer } from '../state/common/store/store.ts';

/** The defaults of the parameters a view owns (its entry in the view registry). */
function viewDefaults(view: ViewId): Partial<Params> {
  return Object.fromEntries(viewEntry(view).owns.map((k) => [k, DEFAULT_PARAMS[k]]));
}

interface Props {
  readonly view: ViewId;
  readonly children: ReactNode;
}

interface State {
  readonly error: Error | null;
  readonly generation: number;
}

export class ViewBoundary extends Component<Props, State> {
  override state: State = { error: null, generation: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.view !== this.props.view && this.state.error !== null) this.setState({ error: null });
  }

  private reset = () => {
    explorer.getState().setParams(viewDefaults(this.props.view));
    this.setState((s) => ({ error: null, generation: s.generation + 1 }));
  };

  override render(): ReactNode {
    const { error, generation } = this.state;
    if (error === null) return <ViewKey key={generation}>{this.props.children}</ViewKey>;
    return (
      <div className="notice notice-error" role="alert" data-testid="view-error">
        <span>
          This view stopped: {error.message || error.name}. Its parameters may be out of reach of
          what it can show.
        </span>{' '}
        <button type="button" data-testid="view-reset" onClick={this.reset}>
          Reset this view
        </button>
      </div>
    );
  }
}

function ViewKey({ children }: { readonly children: ReactNode }) {
  return <>{children}</>;
}
