import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Loader } from './Loader';

/** A page chunk that has not arrived after 120 s counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

class ChunkLoadError extends Error {
  constructor(message = 'Its download failed.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('It did not arrive within 2 minutes.')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e instanceof ChunkLoadError ? e : new ChunkLoadError());
      },
    );
  });
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

interface LazyPage<P> {
  (props: P): ReactNode;
  /** Start fetching the chunk now (e.g. in parallel with the shell). */
  preload(): void;
}

const failed = new Set<() => void>();

/**
 * React.lazy remembers a failed import forever, so each page keeps a way to start
 * over: Retry makes a fresh lazy component and asks for the chunk again.
 */
export function lazyPage<P extends object>(load: Loader<P>): LazyPage<P> {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  /** Once the chunk is here, new mounts render it at once: no Suspense round trip, no lost keys. */
  let loaded: ComponentType<P> | null = null;
  const start = () =>
    (pending ??= withTimeout(load(), CHUNK_TIMEOUT_MS).then((m) => {
      loaded = m.default;
      return m;
    }));
  const make = () =>
    lazy(() =>
      start().catch((e) => {
        pending = null;
        failed.add(reset);
        throw e;
      }),
    );
  let Lazy = make();
  const reset = () => {
    Lazy = make();
  };
  const Page = (props: P) => {
    // Decided once per mount: switching from Lazy to the real component later would remount it.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  };
  Page.preload = () => void start().catch(() => undefined);
  return Page;
}

interface BoundaryState {
  error: Error | null;
}

/** Seconds before retrying a failed chunk by itself: 2, 4, 8 … up to 30. */
const retryDelayMs = (attempt: number) => Math.min(30_000, 2_000 * 2 ** attempt);

interface BoundaryProps {
  children: ReactNode;
  /** Where the app is (its path): another page starts clean, never showing this one's failure. */
  resetKey?: string;
}

/**
 * Suspense with the loading screen, and a clear error with Retry when a chunk fails. A failed
 * download is tried again by itself (backing off, and at once when the browser is back
 * online), so the page comes back with the server without anyone pressing Retry.
 */
export class PageBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  componentDidUpdate(prev: BoundaryProps, prevState: BoundaryState) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) return this.retry();
    if (this.state.error instanceof ChunkLoadError && this.state.error !== prevState.error) {
      clearTimeout(this.timer);
      this.timer = setTimeout(this.retry, retryDelayMs(this.attempts++));
    }
    if (!this.state.error && prevState.error === null) this.attempts = 0;
  }

  componentDidMount() {
    window.addEventListener('online', this.onOnline);
  }

  componentWillUnmount() {
    clearTimeout(this.timer);
    window.removeEventListener('online', this.onOnline);
  }

  private onOnline = () => {
    if (this.state.error instanceof ChunkLoadError) this.retry();
  };

  retry = () => {
    clearTimeout(this.timer);
    failed.forEach((reset) => reset());
    failed.clear();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (error) {
      const chunk = error instanceof ChunkLoadError;
      return (
        <div className="empty" role="alert">
          <h2>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h2>
          <p>{chunk ? `${error.message} Trying again by itself; check your connection, or try now.` : error.message}</p>
          <div style={{ display: 'flex', gap: 8 }}>
            <button type="button" className="btn btn-primary" onClick={this.retry} autoFocus>
              Retry
            </button>
            <button type="button" className="btn" onClick={() => location.reload()}>
              Reload the app
            </button>
          </div>
        </div>
      );
    }
    return <Suspense fallback={<Loader />}>{this.props.children}</Suspense>;
  }
}
