// /reset-password
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function Route() {
  return <ResetPasswordForm />;
}
