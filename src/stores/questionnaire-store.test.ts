import { act, renderHook } from '@testing-library/react';
import { useQuestionnaireActions, useQuestionnaireDates } from './questionnaire-store';
import { resetAllStores } from './store-reset';

beforeEach(() => resetAllStores());

describe('questionnaire store', () => {
  it('sets, adds and clears dates, keeping them sorted and unique', () => {
    const { result } = renderHook(() => ({
      dates: useQuestionnaireDates(),
      actions: useQuestionnaireActions(),
    }));
    expect(result.current.dates).toEqual([]);
    act(() => result.current.actions.datesSelected(['2027-03-10', '2027-03-03', '2027-03-10']));
    expect(result.current.dates).toEqual(['2027-03-03', '2027-03-10']);
    act(() => result.current.actions.dateAdded('2027-03-05'));
    act(() => result.current.actions.dateAdded('2027-03-05'));
    expect(result.current.dates).toEqual(['2027-03-03', '2027-03-05', '2027-03-10']);
    act(() => result.current.actions.datesCleared());
    expect(result.current.dates).toEqual([]);
  });
});
