// /complete-profile
import { CompleteProfileForm } from '@/features/profile/components/complete-profile-form';

export default function Route() {
  return <CompleteProfileForm />;
}
