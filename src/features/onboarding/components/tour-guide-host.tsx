import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import {
  useIsOnboardingComplete,
  useIsOnboardingGuideVisible,
  useOnboardingCurrentStep,
  useOnboardingData,
  useOnboardingTourActions,
  useOnboardingTourUserId,
} from '@/stores/onboarding-tour-store';
import { StepBanner } from './guide-banner';

// Its own chunk: only staff with a tour to follow load it, never the first screen (ADR 041). It loads by
// itself, so a chunk a deploy removed shows no guide rather than an error; the next screen reloads the page.
const TourGuide = lazy<ComponentType>(() => import('./tour-guide').catch(() => ({ default: () => null })));

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
    <Suspense fallback={<GuideStandIn />}>
      <TourGuide />
    </Suspense>
  );
}

/** While the guide's code loads: the same band with the same words, so nothing moves when it arrives. */
function GuideStandIn() {
  const isVisible = useIsOnboardingGuideVisible();
  const step = useOnboardingCurrentStep();
  const data = useOnboardingData();
  const { guideHidden } = useOnboardingTourActions();
  if (!isVisible) return null;
  return (
    // Room for the step's button ("Take me there"), which comes with the guide's code.
    <StepBanner
      step={step}
      data={data}
      actions={<div aria-hidden="true" className="h-11 w-32" />}
      onHide={guideHidden}
    />
  );
}
