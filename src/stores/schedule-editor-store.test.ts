import { act, renderHook } from '@testing-library/react';
import type { ScheduleTemplate } from './schedule-editor-store';
import { useScheduleData, useScheduleEditorActions, useScheduleTemplate } from './schedule-editor-store';
import { resetAllStores } from './store-reset';

const template: ScheduleTemplate = {
  name: 'Pre-season week 1',
  workouts: [
    { workoutId: 'w1', name: 'Lower body lift', dayOffset: 0 },
    { workoutId: 'w2', name: 'Long toss', dayOffset: 1 },
  ],
};

function renderScheduleEditor() {
  return renderHook(() => ({
    scheduleData: useScheduleData(),
    template: useScheduleTemplate(),
    actions: useScheduleEditorActions(),
  })).result;
}

beforeEach(() => resetAllStores());

describe('schedule editor store', () => {
  it('starts with lastDateSelected false and an empty template', () => {
    const result = renderScheduleEditor();
    expect(result.current.scheduleData).toEqual({ lastDateSelected: false });
    expect(result.current.template).toEqual({ name: '', workouts: [] });
  });

  it('remembers the date last selected, and clearing the schedule data resets it to false', () => {
    const result = renderScheduleEditor();
    act(() => result.current.actions.dateSelected('2027-03-04'));
    expect(result.current.scheduleData.lastDateSelected).toBe('2027-03-04');
    act(() => result.current.actions.scheduleDataCleared());
    expect(result.current.scheduleData.lastDateSelected).toBe(false);
  });

  it('edits a template: load, rename, add and remove workouts', () => {
    const result = renderScheduleEditor();
    act(() => result.current.actions.templateLoaded(template));
    act(() => result.current.actions.templateRenamed('Pre-season week 2'));
    act(() =>
      result.current.actions.templateWorkoutAdded({ workoutId: 'w3', name: 'Sprints', dayOffset: 2 }),
    );
    act(() => result.current.actions.templateWorkoutRemoved(0));
    expect(result.current.template).toEqual({
      name: 'Pre-season week 2',
      workouts: [
        { workoutId: 'w2', name: 'Long toss', dayOffset: 1 },
        { workoutId: 'w3', name: 'Sprints', dayOffset: 2 },
      ],
    });
    expect(template.workouts).toHaveLength(2);
  });

  it('clearing the template gives an empty name and an empty workout list', () => {
    const result = renderScheduleEditor();
    act(() => result.current.actions.templateLoaded(template));
    act(() => result.current.actions.templateCleared());
    expect(result.current.template).toEqual({ name: '', workouts: [] });
  });
});
