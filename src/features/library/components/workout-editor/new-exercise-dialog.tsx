import type { ExerciseRef, WorkoutCategory } from '@contract';
import { useId } from 'react';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCreateExercise } from '../../api/exercise-mutations';
import { clearExerciseDraft, emptyExerciseForm, ExerciseForm } from '../exercise-form';
import { exerciseRefOf } from './exercise-picker';

const draftKey = 'exercise-inline-new';

interface NewExerciseDialogProps {
  /** What the coach typed into the picker; null while closed. */
  start: { name: string; category: WorkoutCategory | '' } | null;
  onCreated: (exercise: ExerciseRef) => void;
  onClose: () => void;
}

/** "Create a new exercise" without leaving the workout: the exercise form in a dialog (a sheet on a phone). */
export function NewExerciseDialog({ start, onCreated, onClose }: NewExerciseDialogProps) {
  const titleId = useId();
  const create = useCreateExercise();
  const { setNewNotification } = useNotificationActions();
  return (
    <DialogFrame
      isOpen={start !== null}
      onDismiss={onClose}
      labelledBy={titleId}
      dismissOnBackdrop={false}
      className="m-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl border border-border bg-surface p-0 text-foreground shadow-2xl open:animate-pop-in sm:m-auto sm:w-[calc(100%-2rem)] sm:max-w-xl sm:rounded-2xl"
    >
      <div className="px-5 pt-6 pb-[calc(1.25rem+env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
        <h2 id={titleId} className="mb-4 text-lg font-semibold tracking-tight">
          New exercise
        </h2>
        {start ? (
          <ExerciseForm
            draftKey={draftKey}
            initial={{ ...emptyExerciseForm, name: start.name, category: start.category }}
            submitLabel="Create and add"
            preferInitialName
            isPending={create.isPending}
            onCancel={onClose}
            onSubmit={(request, onError) =>
              create.mutate(request, {
                onSuccess: ({ data, message }) => {
                  clearExerciseDraft(draftKey);
                  setNewNotification({ title: 'Exercise created', message });
                  onCreated(exerciseRefOf(data));
                },
                onError,
              })
            }
          />
        ) : null}
      </div>
    </DialogFrame>
  );
}
