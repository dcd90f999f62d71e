import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import {
  useIsOnboardingComplete,
  useOnboardingTourActions,
  useOnboardingTourUserId,
} from '@/stores/onboarding-tour-store';

// Its own chunk: only staff with a tour to follow load it, never the first screen (ADR 041).
const TourGuide = lazy(() => import('./tour-guide'));

/**
 * Starts the tour for an admin or coach whose tour is loaded and not finished, and loads the guide for them.
 * Athletes never get the coach's tour. The guide stays mounted after the last step to say so once.
 */
export function TourGuideHost() {
  const { data: me } = useQuery(authQueries.me());
  const tourUserId = useOnboardingTourUserId();
  const isComplete = useIsOnboardingComplete();
  const { tourStarted } = useOnboardingTourActions();
  const isStaff = me !== undefined && me.user.role !== 'athlete';
  const isLoaded = isStaff && tourUserId === me.user.id;
  const [hasGuide, setHasGuide] = useState(false);
  if (isLoaded && !isComplete && !hasGuide) setHasGuide(true);

  useEffect(() => {
    if (isLoaded) tourStarted();
  }, [isLoaded, tourStarted]);

  if (!isLoaded || !hasGuide) return null;
  return (
    <Suspense fallback={null}>
      <TourGuide />
    </Suspense>
  );
}
