import { act, renderHook } from '@testing-library/react';
import {
  useAthleteGroupScheduleActions,
  useAthleteGroupScheduleReload,
} from './athlete-group-schedule-store';
import { resetAllStores } from './store-reset';

beforeEach(() => resetAllStores());

describe('athleteGroupSchedule store', () => {
  it('raises the reload flag on request and lowers it once handled', () => {
    const { result } = renderHook(() => ({
      reload: useAthleteGroupScheduleReload(),
      actions: useAthleteGroupScheduleActions(),
    }));
    expect(result.current.reload).toBe(false);
    act(() => result.current.actions.requestReload());
    expect(result.current.reload).toBe(true);
    act(() => result.current.actions.reloadHandled());
    expect(result.current.reload).toBe(false);
  });
});
