import type { OnboardingData, OnboardingStep } from '@contract';
import type { ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { tourStepCopy, tourStepCount, tourStepNumber } from '@/lib/onboarding/tour-step-copy';

/**
 * The guide's frame: a band between the header and the screen, in the page's flow, so it never covers what the
 * user is to use (ADR 041). Shared by the lazy guide and its loading stand-in, so the screen does not move when
 * the guide's code arrives.
 */
export function GuideBanner({
  label,
  kicker,
  title,
  detail,
  progress,
  actions,
  dismiss,
}: {
  label: string;
  kicker: string;
  title: string;
  detail: string;
  /** Steps done so far, for the bar; none for the finished guide. */
  progress?: number;
  actions?: ReactNode;
  dismiss: { label: string; onPress: () => void };
}) {
  // A region, not an aside: on a full-screen screen (tracking on a phone) the band sits inside the main landmark.
  return (
    <section aria-label={label} className="border-b border-border bg-primary-soft">
      <div className="mx-auto flex w-full max-w-6xl items-start gap-2 px-4 py-3 sm:items-center sm:px-6 lg:px-8">
        <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-3">
              <p className="text-xs font-semibold tracking-wide whitespace-nowrap text-primary-ink uppercase">
                {kicker}
              </p>
              {progress === undefined ? null : (
                <div
                  className="h-1.5 w-20 overflow-hidden rounded-full bg-surface sm:w-28"
                  role="progressbar"
                  aria-label="Guide progress"
                  aria-valuemin={0}
                  aria-valuemax={tourStepCount}
                  aria-valuenow={progress}
                  aria-valuetext={`${progress} of ${tourStepCount} steps done`}
                >
                  <div
                    className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-300"
                    style={{ width: `${(progress / tourStepCount) * 100}%` }}
                  />
                </div>
              )}
            </div>
            <h2 className="mt-0.5 text-base leading-snug font-semibold text-foreground">{title}</h2>
            <p className="text-sm text-muted-foreground">{detail}</p>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2 empty:hidden">{actions}</div>
        </div>
        <IconButton label={dismiss.label} onClick={dismiss.onPress} className="-mt-1 -mr-2 sm:mt-0">
          <CloseIcon />
        </IconButton>
      </div>
    </section>
  );
}

/** The band of a step of the tour: where it is in the tour, and the step in words. */
export function StepBanner({
  step,
  data,
  actions,
  onHide,
}: {
  step: OnboardingStep;
  data: OnboardingData;
  actions: ReactNode;
  onHide: () => void;
}) {
  const number = tourStepNumber(step);
  const { title, detail } = tourStepCopy(step, data);
  return (
    <GuideBanner
      label="Guide"
      kicker={`Guide · ${number} of ${tourStepCount}`}
      title={title}
      detail={detail}
      progress={number - 1}
      actions={actions}
      dismiss={{ label: 'Hide the guide', onPress: onHide }}
    />
  );
}
