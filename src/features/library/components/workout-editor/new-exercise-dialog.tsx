import type { ExerciseRef, WorkoutCategory } from '@contract';
import { SheetDialog } from '@/components/ui/sheet-dialog';
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
  const create = useCreateExercise();
  const { setNewNotification } = useNotificationActions();
  return (
    <SheetDialog isOpen={start !== null} title="New exercise" onClose={onClose}>
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
    </SheetDialog>
  );
}
