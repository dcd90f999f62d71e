import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

/** The microphone chosen for voice messages: enough of a `MediaDeviceInfo` to pick it again. */
export interface AudioInputDevice {
  deviceId: string;
  label: string;
}

/**
 * Spec 3 "another slice": an update flag (something changed; whoever shows it should refresh), data one screen
 * leaves for the next (tempData, whatever the two agree on), and the microphone chosen for voice messages.
 */
interface ScratchState {
  update: boolean;
  tempData: unknown;
  currentAudioDevice: AudioInputDevice | null;
  actions: {
    updateRequested: () => void;
    updateHandled: () => void;
    tempDataStored: (data: unknown) => void;
    tempDataCleared: () => void;
    audioDeviceChosen: (device: AudioInputDevice | null) => void;
  };
}

const initialState = { update: false, tempData: null, currentAudioDevice: null };

const useScratchStore = create<ScratchState>()((set) => ({
  ...initialState,
  actions: {
    updateRequested: () => set({ update: true }),
    updateHandled: () => set({ update: false }),
    tempDataStored: (tempData) => set({ tempData }),
    tempDataCleared: () => set({ tempData: null }),
    audioDeviceChosen: (currentAudioDevice) => set({ currentAudioDevice }),
  },
}));

registerStoreReset(() => useScratchStore.setState(initialState));

export const useUpdateFlag = () => useScratchStore((state) => state.update);
export const useTempData = () => useScratchStore((state) => state.tempData);
export const useCurrentAudioDevice = () => useScratchStore((state) => state.currentAudioDevice);
export const useScratchActions = () => useScratchStore((state) => state.actions);
