// /login/callback
import { AuthCallback } from '@/features/auth/components/auth-callback';

export default function Route() {
  return <AuthCallback />;
}
