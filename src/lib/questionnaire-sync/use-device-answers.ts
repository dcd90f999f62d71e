import { useSyncExternalStore } from 'react';
import type { DeviceAnswer } from './device-answers';
import { allDeviceAnswers, deviceAnswersVersion, subscribeToDeviceAnswers } from './device-answers';

/** The answers this device holds for one user, read again whenever one is saved, sent or refused. */
export function useDeviceAnswers(userId: string): DeviceAnswer[] {
  useSyncExternalStore(subscribeToDeviceAnswers, deviceAnswersVersion, deviceAnswersVersion);
  return allDeviceAnswers().filter((answer) => answer.userId === userId);
}
