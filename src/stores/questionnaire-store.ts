import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

/** Spec 3 questionnaire: the dates (yyyy-mm-dd) a questionnaire is being assigned on, kept sorted and unique. */
interface QuestionnaireState {
  dates: string[];
  actions: {
    datesSelected: (dates: readonly string[]) => void;
    dateAdded: (date: string) => void;
    datesCleared: () => void;
  };
}

const initialState = { dates: [] };

const sortedUnique = (dates: readonly string[]) => [...new Set(dates)].sort();

const useQuestionnaireStore = create<QuestionnaireState>()((set) => ({
  ...initialState,
  actions: {
    datesSelected: (dates) => set({ dates: sortedUnique(dates) }),
    dateAdded: (date) =>
      set((state) => (state.dates.includes(date) ? state : { dates: sortedUnique([...state.dates, date]) })),
    datesCleared: () => set(initialState),
  },
}));

registerStoreReset(() => useQuestionnaireStore.setState(initialState));

export const useQuestionnaireDates = () => useQuestionnaireStore((state) => state.dates);
export const useQuestionnaireActions = () => useQuestionnaireStore((state) => state.actions);
