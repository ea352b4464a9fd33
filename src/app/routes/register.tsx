// /register
import { RegisterForm } from '@/features/auth/components/register-form';

export default function Route() {
  return <RegisterForm />;
}
