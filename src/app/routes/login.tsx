// /login
import { LoginForm } from '@/features/auth/components/login-form';

export default function Route() {
  return <LoginForm />;
}
