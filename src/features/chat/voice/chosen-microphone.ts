import { useEffect } from 'react';
import type { AudioInputDevice } from '@/stores/scratch-store';
import { useCurrentAudioDevice, useScratchActions } from '@/stores/scratch-store';

/**
 * The scratch store keeps `currentAudioDevice` (spec 3) for the page's life only; the choice is also kept in
 * localStorage under this key, so a reload records with the same microphone (ADR 063).
 */
export const chosenMicrophoneStorageKey = 'chat-microphone';

function storedMicrophone(): AudioInputDevice | null {
  try {
    const raw = localStorage.getItem(chosenMicrophoneStorageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'deviceId' in parsed &&
      typeof parsed.deviceId === 'string' &&
      'label' in parsed &&
      typeof parsed.label === 'string'
    ) {
      return { deviceId: parsed.deviceId, label: parsed.label };
    }
  } catch {
    // Storage blocked or a broken value: the default microphone.
  }
  return null;
}

/** The microphone voice messages record with (null: the browser's default), and how to choose another. */
export function useChosenMicrophone(): [AudioInputDevice | null, (device: AudioInputDevice | null) => void] {
  const current = useCurrentAudioDevice();
  const { audioDeviceChosen } = useScratchActions();
  const stored = current ?? storedMicrophone();

  // The store learns the choice kept on the device once, so every screen reads it from spec 3's place.
  useEffect(() => {
    if (current === null && stored !== null) audioDeviceChosen(stored);
  }, [current, stored, audioDeviceChosen]);

  const choose = (device: AudioInputDevice | null) => {
    audioDeviceChosen(device);
    try {
      if (device) localStorage.setItem(chosenMicrophoneStorageKey, JSON.stringify(device));
      else localStorage.removeItem(chosenMicrophoneStorageKey);
    } catch {
      // Kept for this page only.
    }
  };
  return [stored, choose];
}
