import { act, renderHook } from '@testing-library/react';
import {
  useAthleteGroupScheduleActions,
  useAthleteGroupScheduleReload,
} from './athlete-group-schedule-store';
import { useCongratsModal, useCompletedWorkoutActions } from './completed-workout-store';
import { useMessageActions, useNewMessage } from './messages-store';
import { useNewNotification, useNotificationActions } from './notifications-store';
import { useIsOnboardingGuideHidden, useOnboardingTourActions } from './onboarding-tour-store';
import { useQuestionnaireActions, useQuestionnaireDates } from './questionnaire-store';
import { useScheduleData, useScheduleEditorActions } from './schedule-editor-store';
import { useUpdateFlag, useScratchActions } from './scratch-store';
import { resetAllStores } from './store-reset';

describe('resetAllStores', () => {
  it('puts every store back to its initial state, actions still working', () => {
    const { result } = renderHook(() => ({
      reload: useAthleteGroupScheduleReload(),
      congratsModal: useCongratsModal(),
      newMessage: useNewMessage(),
      newNotification: useNewNotification(),
      isGuideHidden: useIsOnboardingGuideHidden(),
      dates: useQuestionnaireDates(),
      scheduleData: useScheduleData(),
      update: useUpdateFlag(),
      actions: {
        athleteGroupSchedule: useAthleteGroupScheduleActions(),
        completedWorkout: useCompletedWorkoutActions(),
        messages: useMessageActions(),
        notifications: useNotificationActions(),
        onboardingTour: useOnboardingTourActions(),
        questionnaire: useQuestionnaireActions(),
        scheduleEditor: useScheduleEditorActions(),
        scratch: useScratchActions(),
      },
    }));
    const initial = { ...result.current };

    act(() => {
      const { actions } = result.current;
      actions.athleteGroupSchedule.requestReload();
      actions.completedWorkout.workoutCompleted({
        summary: { workoutLogId: 'log-1', workoutName: 'Lift', completedAt: '2027-03-01T10:00:00.000Z' },
      });
      actions.messages.newMessageChanged('Hello');
      actions.notifications.setNewNotification({ message: 'Saved' });
      actions.onboardingTour.guideHidden();
      actions.questionnaire.dateAdded('2027-03-01');
      actions.scheduleEditor.dateSelected('2027-03-01');
      actions.scratch.updateRequested();
    });
    expect(result.current).not.toEqual(initial);

    act(() => resetAllStores());
    expect(result.current).toEqual(initial);

    act(() => result.current.actions.scratch.updateRequested());
    expect(result.current.update).toBe(true);
  });
});
