// /profile
import { ProfileCard } from '@/features/profile/components/profile-card';

export default function ProfileRoute() {
  return <ProfileCard />;
}
