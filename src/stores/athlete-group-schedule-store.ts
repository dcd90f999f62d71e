import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

/** Spec 3 athleteGroupSchedule: a flag asking the group schedule to load again after a change elsewhere. */
interface AthleteGroupScheduleState {
  reload: boolean;
  actions: {
    requestReload: () => void;
    reloadHandled: () => void;
  };
}

const initialState = { reload: false };

const useAthleteGroupScheduleStore = create<AthleteGroupScheduleState>()((set) => ({
  ...initialState,
  actions: {
    requestReload: () => set({ reload: true }),
    reloadHandled: () => set({ reload: false }),
  },
}));

registerStoreReset(() => useAthleteGroupScheduleStore.setState(initialState));

export const useAthleteGroupScheduleReload = () => useAthleteGroupScheduleStore((state) => state.reload);
export const useAthleteGroupScheduleActions = () => useAthleteGroupScheduleStore((state) => state.actions);
