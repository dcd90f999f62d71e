import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

export interface ScheduleData {
  /** The date last picked on the schedule (yyyy-mm-dd), or false before any (spec 3 default). */
  lastDateSelected: string | false;
}

/** A workout of a schedule template, placed so many days after the date the template is applied from. */
export interface ScheduleTemplateWorkout {
  workoutId: string;
  name: string;
  dayOffset: number;
}

export interface ScheduleTemplate {
  name: string;
  workouts: ScheduleTemplateWorkout[];
}

interface ScheduleEditorState {
  scheduleData: ScheduleData;
  template: ScheduleTemplate;
  actions: {
    dateSelected: (date: string) => void;
    /** lastDateSelected goes back to false (spec 4). */
    scheduleDataCleared: () => void;
    templateLoaded: (template: ScheduleTemplate) => void;
    templateRenamed: (name: string) => void;
    templateWorkoutAdded: (workout: ScheduleTemplateWorkout) => void;
    templateWorkoutRemoved: (index: number) => void;
    /** An empty name and an empty workout list (spec 4). */
    templateCleared: () => void;
  };
}

const emptyScheduleData: ScheduleData = { lastDateSelected: false };
const emptyTemplate: ScheduleTemplate = { name: '', workouts: [] };
const initialState = { scheduleData: emptyScheduleData, template: emptyTemplate };

const useScheduleEditorStore = create<ScheduleEditorState>()((set) => ({
  ...initialState,
  actions: {
    dateSelected: (date) =>
      set(({ scheduleData }) => ({ scheduleData: { ...scheduleData, lastDateSelected: date } })),
    scheduleDataCleared: () => set({ scheduleData: emptyScheduleData }),
    templateLoaded: (template) => set({ template }),
    templateRenamed: (name) => set(({ template }) => ({ template: { ...template, name } })),
    templateWorkoutAdded: (workout) =>
      set(({ template }) => ({ template: { ...template, workouts: [...template.workouts, workout] } })),
    templateWorkoutRemoved: (index) =>
      set(({ template }) => ({
        template: { ...template, workouts: template.workouts.filter((_, position) => position !== index) },
      })),
    templateCleared: () => set({ template: emptyTemplate }),
  },
}));

registerStoreReset(() => useScheduleEditorStore.setState(initialState));

export const useScheduleData = () => useScheduleEditorStore((state) => state.scheduleData);
export const useScheduleTemplate = () => useScheduleEditorStore((state) => state.template);
export const useScheduleEditorActions = () => useScheduleEditorStore((state) => state.actions);
