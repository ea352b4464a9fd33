// The write-side twin of useQuery: runs one data operation at a time for a form, with `submitting`
// while it runs and the user-facing `error` (from lib/errors) when it fails; mutate resolves to the
// result, or null after a failure.
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/errors';

export function useMutation<A extends unknown[], R>(operation: (...args: A) => Promise<R>) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const mutate = useCallback(
    async (...args: A): Promise<R | null> => {
      setSubmitting(true);
      setError(null);
      try {
        return await operation(...args);
      } catch (e) {
        setError(errorMessage(e));
        return null;
      } finally {
        setSubmitting(false);
      }
    },
    [operation],
  );
  const reset = useCallback(() => setError(null), []);

  return { mutate, submitting, error, reset };
}
