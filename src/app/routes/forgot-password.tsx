// /forgotpassword
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function Route() {
  return <ForgotPasswordForm />;
}
