import { useQuery } from '@tanstack/react-query';
import { authQueries } from '@/lib/auth/auth-queries';
import { useOnboardingTourSync } from '../hooks/use-onboarding-tour-sync';

/** Rendered once inside /app (whose guard has loaded `/api/me`): loads and saves the signed-in user's tour. */
export function OnboardingTourSync(): null {
  const { data: me } = useQuery(authQueries.me());
  useOnboardingTourSync(me?.user);
  return null;
}
