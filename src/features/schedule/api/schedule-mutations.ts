import type {
  ApplyProgramRequest,
  CalendarItem,
  CopyScheduleRequest,
  CreateScheduleItemRequest,
  DeleteScheduleRangeRequest,
  ProgramFromScheduleRequest,
  SaveProgramRequest,
  ScheduleBatchResponse,
  UpdateScheduleItemRequest,
} from '@contract';
import {
  programApplicationResponseSchema,
  programPreviewResponseSchema,
  programResponseSchema,
  scheduleBatchResponseSchema,
  scheduleItemResponseSchema,
} from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api/api-client';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useNotificationActions } from '@/stores/notifications-store';
import {
  useIsOnboardingComplete,
  useOnboardingStepsDone,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { dayHeading } from '@/lib/schedule/calendar-range';
import type { ScheduleItemKind } from '@/lib/schedule/schedule-queries';
import { scheduleItemPath } from '@/lib/schedule/schedule-queries';
import { programQueries, scheduleQueries } from './schedule-queries';
import { useFormats } from '@/lib/format/use-formats';

/** Every change of the schedule: the calendars, today and the programs' application counts are read again. */
function useScheduleSettled() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: scheduleQueries.all() });
    await queryClient.invalidateQueries({ queryKey: programQueries.all() });
  };
}

/** POST /api/schedule; the first one completes the tour's ADD_WORKOUT_TO_SCHEDULE step with the entry (spec 4). */
export function useCreateScheduleItem() {
  const settled = useScheduleSettled();
  const tourComplete = useIsOnboardingComplete();
  const stepsDone = useOnboardingStepsDone();
  const { stepCompleted } = useOnboardingTourActions();
  return useMutation({
    mutationFn: (request: CreateScheduleItemRequest) =>
      api.post('api/schedule', { json: request }).json(scheduleItemResponseSchema),
    onSuccess: ({ data }) => {
      if (!tourComplete && !stepsDone.ADD_WORKOUT_TO_SCHEDULE) {
        stepCompleted('ADD_WORKOUT_TO_SCHEDULE', {
          entryId: data.id,
          kind: data.kind,
          workout: { id: data.workout.workoutId, name: data.name },
          date: data.date,
          // The tour's later steps name who it is for ("the workout you scheduled for Jordan").
          athlete: data.athlete ? { id: data.athlete.id, firstName: data.athlete.firstName } : null,
          group: data.group ? { id: data.group.id, name: data.group.name } : null,
        });
      }
    },
    onSettled: settled,
  });
}

export interface ItemChange {
  kind: ScheduleItemKind;
  id: string;
  changes: UpdateScheduleItemRequest;
}

export function useUpdateScheduleItem() {
  const settled = useScheduleSettled();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, changes }: ItemChange) =>
      api.patch(scheduleItemPath(kind, id), { json: changes }).json(scheduleItemResponseSchema),
    onSuccess: ({ data }) =>
      queryClient.setQueryData(scheduleQueries.item(data.kind, data.id).queryKey, data),
    onSettled: settled,
  });
}

export function useUpdateFromLibrary() {
  const settled = useScheduleSettled();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ScheduleItemKind; id: string }) =>
      api.post(`${scheduleItemPath(kind, id)}/update-from-library`).json(scheduleItemResponseSchema),
    onSuccess: ({ data }) =>
      queryClient.setQueryData(scheduleQueries.item(data.kind, data.id).queryKey, data),
    onSettled: settled,
  });
}

/**
 * A toast that says what a bulk change did, with Undo (once) when there is something to undo. The undo runs from
 * the toast after the dialog that made the change has closed, so it is a plain call, not a component's mutation.
 */
export function useAnnounceBatch() {
  const { setNewNotification } = useNotificationActions();
  const queryClient = useQueryClient();
  const undo = async (batchId: string) => {
    try {
      const undone = await api.post(`api/schedule/batches/${batchId}/undo`).json(scheduleBatchResponseSchema);
      setNewNotification({ title: 'Undone', message: undone.message });
    } catch (error) {
      setNewNotification({
        title: 'Not undone',
        message: isApiRequestError(error) ? error.message : 'The change could not be undone.',
        status: 0,
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: scheduleQueries.all() });
      await queryClient.invalidateQueries({ queryKey: programQueries.all() });
    }
  };
  return (title: string, answer: ScheduleBatchResponse) => {
    const { batchId } = answer;
    setNewNotification({
      title,
      message: answer.message,
      ...(batchId ? { action: { label: 'Undo', onAction: () => void undo(batchId) } } : {}),
    });
  };
}

/** "Pitchers" or "Jamie Rivera": whose an item is, for the words about it. */
const whoseItem = (item: Pick<CalendarItem, 'athlete' | 'group'>) =>
  item.group ? item.group.name : item.athlete ? `${item.athlete.firstName} ${item.athlete.lastName}` : null;

/**
 * The toast after a move (dragged, or from the dialog): where it went ("Moved to Saturday 28 November") and Undo,
 * which puts it back on its day and time. Like the batch's undo, a plain call: the toast outlives the screen.
 */
export function useAnnounceMove() {
  const formats = useFormats();
  const { setNewNotification } = useNotificationActions();
  const queryClient = useQueryClient();
  const undo = async (before: Pick<CalendarItem, 'kind' | 'id' | 'date' | 'timeOfDay'>) => {
    try {
      const { data } = await api
        .patch(scheduleItemPath(before.kind, before.id), {
          json: { date: before.date, timeOfDay: before.timeOfDay } satisfies UpdateScheduleItemRequest,
        })
        .json(scheduleItemResponseSchema);
      setNewNotification({
        title: `Back on ${dayHeading(data.date, formats.place)}`,
        message: `${data.name} is where it was.`,
      });
    } catch (error) {
      setNewNotification({
        title: 'Not undone',
        message: isApiRequestError(error) ? error.message : 'The move could not be undone.',
        status: 0,
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: scheduleQueries.all() });
    }
  };
  return (before: Pick<CalendarItem, 'kind' | 'id' | 'date' | 'timeOfDay'>, after: CalendarItem) => {
    const whose = whoseItem(after);
    const moved = after.date !== before.date;
    setNewNotification({
      title: moved ? `Moved to ${dayHeading(after.date, formats.place)}` : 'Time changed',
      message: `${after.name}${whose ? ` for ${whose}` : ''}${after.timeOfDay ? ` at ${after.timeOfDay}` : ''}.`,
      action: { label: 'Undo', onAction: () => void undo(before) },
    });
  };
}

export function useDeleteScheduleItem() {
  const settled = useScheduleSettled();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: ScheduleItemKind; id: string }) =>
      api.delete(scheduleItemPath(kind, id)).json(scheduleBatchResponseSchema),
    onSettled: settled,
  });
}

export function useCopySchedule() {
  const settled = useScheduleSettled();
  return useMutation({
    mutationFn: (request: CopyScheduleRequest) =>
      api.post('api/schedule/copy', { json: request }).json(scheduleBatchResponseSchema),
    onSettled: settled,
  });
}

export function useDeleteScheduleRange() {
  const settled = useScheduleSettled();
  return useMutation({
    mutationFn: (request: DeleteScheduleRangeRequest) =>
      api.post('api/schedule/delete', { json: request }).json(scheduleBatchResponseSchema),
    onSettled: settled,
  });
}

// ——— Programs ———

export function useSaveProgram() {
  const settled = useScheduleSettled();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programId, program }: { programId?: string; program: SaveProgramRequest }) =>
      (programId
        ? api.put(`api/programs/${programId}`, { json: program })
        : api.post('api/programs', { json: program })
      ).json(programResponseSchema),
    onSuccess: ({ data }) => queryClient.setQueryData(programQueries.detail(data.id).queryKey, data),
    onSettled: settled,
  });
}

export function useProgramFromSchedule() {
  const settled = useScheduleSettled();
  return useMutation({
    mutationFn: (request: ProgramFromScheduleRequest) =>
      api.post('api/programs/from-schedule', { json: request }).json(programResponseSchema),
    onSettled: settled,
  });
}

export function useDuplicateProgram() {
  const settled = useScheduleSettled();
  return useMutation({
    mutationFn: (programId: string) =>
      api.post(`api/programs/${programId}/duplicate`).json(programResponseSchema),
    onSettled: settled,
  });
}

export function useDeleteProgram() {
  const settled = useScheduleSettled();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programId: string) =>
      api.delete(`api/programs/${programId}`).json(z.object({ message: z.string() })),
    onSuccess: (_answer, programId) =>
      queryClient.removeQueries({ queryKey: programQueries.detail(programId).queryKey }),
    onSettled: settled,
  });
}

/** The preview is read with POST (it carries the target and the start date) but changes nothing. */
export function usePreviewApplication() {
  return useMutation({
    mutationFn: ({ programId, request }: { programId: string; request: ApplyProgramRequest }) =>
      api
        .post(`api/programs/${programId}/applications/preview`, { json: request })
        .json(programPreviewResponseSchema),
  });
}

export function useApplyProgram() {
  const settled = useScheduleSettled();
  return useMutation({
    mutationFn: ({ programId, request }: { programId: string; request: ApplyProgramRequest }) =>
      api
        .post(`api/programs/${programId}/applications`, { json: request })
        .json(programApplicationResponseSchema),
    onSettled: settled,
  });
}

export function useRemoveApplication() {
  const settled = useScheduleSettled();
  return useMutation({
    mutationFn: (applicationId: string) =>
      api.delete(`api/program-applications/${applicationId}`).json(scheduleBatchResponseSchema),
    onSettled: settled,
  });
}
