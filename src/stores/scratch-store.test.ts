import { act, renderHook } from '@testing-library/react';
import { useCurrentAudioDevice, useScratchActions, useTempData, useUpdateFlag } from './scratch-store';
import { resetAllStores } from './store-reset';

beforeEach(() => resetAllStores());

describe('scratch store (update flag, tempData, currentAudioDevice)', () => {
  it('holds the update flag, the temporary data and the chosen microphone', () => {
    const { result } = renderHook(() => ({
      update: useUpdateFlag(),
      tempData: useTempData(),
      audioDevice: useCurrentAudioDevice(),
      actions: useScratchActions(),
    }));
    expect(result.current).toMatchObject({ update: false, tempData: null, audioDevice: null });

    act(() => {
      result.current.actions.updateRequested();
      result.current.actions.tempDataStored({ workoutId: 'w1' });
      result.current.actions.audioDeviceChosen({ deviceId: 'mic-2', label: 'Headset microphone' });
    });
    expect(result.current).toMatchObject({
      update: true,
      tempData: { workoutId: 'w1' },
      audioDevice: { deviceId: 'mic-2', label: 'Headset microphone' },
    });

    act(() => {
      result.current.actions.updateHandled();
      result.current.actions.tempDataCleared();
      result.current.actions.audioDeviceChosen(null);
    });
    expect(result.current).toMatchObject({ update: false, tempData: null, audioDevice: null });
  });
});
