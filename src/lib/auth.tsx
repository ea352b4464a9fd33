// Who is signed in, for the whole app: one listener on supabase.auth, shared through context.
// isAdmin reads the server-set app_metadata.role; RLS remains the real gate. The Supabase client is
// imported dynamically so the landing page's first paint does not wait for it (bench/bundle).
import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session, User } from '@supabase/supabase-js';

export interface AuthState {
  session: Session | null;
  user: User | null;
  isAdmin: boolean;
  loading: boolean;
  /** True after the mailed recovery link signed the person in (PASSWORD_RECOVERY). */
  recovery: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

export function isAdminUser(user: User | null | undefined): boolean {
  return user?.app_metadata?.role === 'admin';
}

/** True when the current URL is the landing of a password-recovery link. */
export function urlHasRecovery(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    /(^|[#&?])type=recovery(&|$)/.test(window.location.hash) || /[?&]type=recovery(&|$)/.test(window.location.search)
  );
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [recovery, setRecovery] = useState(urlHasRecovery);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    import('@/lib/supabase').then(
      ({ supabase }) => {
        if (!active) return;
        // onAuthStateChange fires INITIAL_SESSION once the stored session (or the URL's) is read.
        const { data } = supabase.auth.onAuthStateChange((event, next) => {
          if (!active) return;
          // A transition: who is signed in changes much of the screen (the header, the guards, every
          // read keyed by the person), which React then renders in slices the browser can come in
          // between, not in one task (on a phone, a grid of cards takes hundreds of ms).
          startTransition(() => {
            if (event === 'PASSWORD_RECOVERY') setRecovery(true);
            if (event === 'SIGNED_OUT') setRecovery(false);
            setSession(next);
            setLoading(false);
          });
        });
        unsubscribe = () => data.subscription.unsubscribe();
      },
      () => {
        // The client's code failed to download: behave as signed out; screens that need the
        // backend load the same chunk and show the route error with Retry.
        if (active) setLoading(false);
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  const value = useMemo<AuthState>(() => {
    const user = session?.user ?? null;
    return { session, user, isAdmin: isAdminUser(user), loading, recovery };
  }, [session, loading, recovery]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Signs out on the server; when the server cannot be reached, forgets the session here anyway. */
export async function signOut(): Promise<void> {
  const { supabase } = await import('@/lib/supabase');
  const { error } = await supabase.auth.signOut();
  if (error) await supabase.auth.signOut({ scope: 'local' });
}
