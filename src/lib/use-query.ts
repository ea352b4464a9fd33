// A small data-loading hook for feature hooks: runs `load` when `deps` change, keeps the last
// data, and exposes loading/error (as an AppError) and a reload. Late answers of an older run are ignored.
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { toAppError, type AppError } from '@/lib/errors';

export interface QueryState<T> {
  data: T | undefined;
  error: AppError | null;
  loading: boolean;
  reload: () => void;
  setData: (data: T) => void;
}

export function useQuery<T>(load: () => Promise<T>, deps: DependencyList, enabled = true): QueryState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<AppError | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [version, setVersion] = useState(0);
  const run = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const current = ++run.current;
    setLoading(true);
    setError(null);
    load().then(
      (value) => {
        if (run.current !== current) return;
        setData(value);
        setLoading(false);
      },
      (e: unknown) => {
        if (run.current !== current) return;
        setError(toAppError(e));
        setLoading(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading, reload, setData };
}
