import { onboardingStepNames } from '@contract/user-fields';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { tourStepCopy, tourStepCount } from '@/lib/onboarding/tour-step-copy';
import {
  useIsOnboardingGuideHidden,
  useOnboardingCurrentStep,
  useOnboardingData,
  useOnboardingStepsDone,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';

/**
 * Staff's "Getting started": the guided tour's own state (spec 4), not a list of its own. The steps done, the
 * one to do next, and the guide shown or hidden from here as from the user menu.
 */
export function GettingStartedTourWidget() {
  const stepsDone = useOnboardingStepsDone();
  const currentStep = useOnboardingCurrentStep();
  const data = useOnboardingData();
  const isHidden = useIsOnboardingGuideHidden();
  const { guideHidden, guideShown } = useOnboardingTourActions();
  const doneCount = onboardingStepNames.filter((step) => stepsDone[step]).length;

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        <span className="font-semibold text-foreground">
          {doneCount} of {tourStepCount}
        </span>{' '}
        steps done. Next: {tourStepCopy(currentStep, data).title}.
      </p>
      <ol className="space-y-2 text-sm text-foreground">
        {onboardingStepNames.map((step, index) => (
          <li
            key={step}
            aria-current={step === currentStep ? 'step' : undefined}
            className="flex items-center gap-3 aria-[current=step]:font-semibold"
          >
            <span
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                stepsDone[step] ? 'bg-primary text-primary-foreground' : 'bg-primary-soft text-primary-ink'
              }`}
            >
              {stepsDone[step] ? <CheckIcon className="size-3.5" /> : index + 1}
            </span>
            <span className={stepsDone[step] ? 'text-muted-foreground line-through' : ''}>
              {tourStepCopy(step, data).title}
              {stepsDone[step] ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {isHidden ? (
        <Button variant="secondary" onClick={guideShown}>
          Show the guide
        </Button>
      ) : (
        <Button variant="secondary" onClick={guideHidden}>
          Hide the guide
        </Button>
      )}
    </div>
  );
}
