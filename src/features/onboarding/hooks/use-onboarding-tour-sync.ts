import type { User } from '@contract';
import { useEffect, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/query-persistence/offline-writes';
import type { UnsavedOnboardingProgress } from '@/stores/onboarding-tour-store';
import { useOnboardingTourActions, useUnsavedOnboardingProgress } from '@/stores/onboarding-tour-store';
import { useSaveOnboardingProgress } from '../api/save-onboarding-progress';

/**
 * Keeps the tour store and the user's record in step: loads the signed-in user's tour, then saves each change
 * the screens make through the store's events (stepCompleted, guideHidden, guideShown). Screens of any feature
 * fire those events on the shared store; only this hook talks to the API.
 */
export function useOnboardingTourSync(user: User | undefined): void {
  const { tourLoaded, progressSaveStarted } = useOnboardingTourActions();
  const unsavedProgress = useUnsavedOnboardingProgress();
  const { mutate: save } = useSaveOnboardingProgress();
  // Effects run twice in development (StrictMode): the same progress is sent once.
  const lastSent = useRef<UnsavedOnboardingProgress | null>(null);

  useEffect(() => {
    if (user) tourLoaded(user);
  }, [user, tourLoaded]);

  useEffect(() => {
    if (!unsavedProgress || lastSent.current === unsavedProgress) return;
    lastSent.current = unsavedProgress;
    progressSaveStarted();
    // The key is made now, when the user acted: every replay of this save sends the same one (ADR 004).
    save({ ...unsavedProgress, idempotencyKey: newIdempotencyKey() });
  }, [unsavedProgress, progressSaveStarted, save]);
}
