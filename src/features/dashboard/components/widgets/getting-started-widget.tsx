import type { Role } from '@contract';
import { Button } from '@/components/ui/button';

const nextSteps: Record<Role, readonly string[]> = {
  admin: ['Set your organisation’s logo and colours', 'Invite your coaches', 'Approve athlete sign-ups'],
  coach: ['Add your athletes', 'Build a workout in the library', 'Put it on the schedule'],
  athlete: ['Check today’s workouts', 'Log a workout, even offline', 'Answer your questionnaires'],
};

interface GettingStartedWidgetProps {
  role: Role;
  /** The user is done with it: hidden for good, on every device (onboardingHidden). */
  onDone: () => void;
}

export function GettingStartedWidget({ role, onDone }: GettingStartedWidgetProps) {
  return (
    <div className="space-y-4">
      <ol className="space-y-2.5 text-sm text-foreground">
        {nextSteps[role].map((step, index) => (
          <li key={step} className="flex items-center gap-3">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-ink">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={onDone}>
        I’ve got it
      </Button>
    </div>
  );
}
