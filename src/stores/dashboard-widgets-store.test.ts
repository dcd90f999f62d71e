import { act, renderHook } from '@testing-library/react';
import {
  dashboardWidgetsStorageKey,
  reloadDashboardWidgets,
  useDashboardWidgetsActions,
  useHiddenWidgetIds,
} from './dashboard-widgets-store';

const casey = 'user-casey';
const jamie = 'user-jamie';

function renderWidgets(userId: string) {
  return renderHook(() => ({ hidden: useHiddenWidgetIds(userId), actions: useDashboardWidgetsActions() }));
}

function storedChoice(): unknown {
  return JSON.parse(localStorage.getItem(dashboardWidgetsStorageKey) ?? 'null');
}

describe('dashboard widgets store (spec 3: visible by default, the choice kept)', () => {
  beforeEach(async () => {
    localStorage.clear();
    await reloadDashboardWidgets();
    const { result } = renderWidgets(casey);
    act(() => {
      result.current.actions.allWidgetsShown(casey);
      result.current.actions.allWidgetsShown(jamie);
    });
  });

  it('hides nothing by default', () => {
    expect(renderWidgets(casey).result.current.hidden).toEqual([]);
  });

  it('hides and shows a widget, and keeps the choice in localStorage', () => {
    const { result } = renderWidgets(casey);
    act(() => result.current.actions.widgetHidden(casey, 'today'));
    act(() => result.current.actions.widgetHidden(casey, 'today'));
    act(() => result.current.actions.widgetHidden(casey, 'account'));
    expect(result.current.hidden).toEqual(['today', 'account']);
    expect(storedChoice()).toMatchObject({ state: { hiddenByUser: { [casey]: ['today', 'account'] } } });

    act(() => result.current.actions.widgetShown(casey, 'today'));
    expect(result.current.hidden).toEqual(['account']);
  });

  it('keeps each user’s choice apart', () => {
    const { result } = renderWidgets(casey);
    act(() => result.current.actions.widgetHidden(casey, 'today'));
    expect(renderWidgets(jamie).result.current.hidden).toEqual([]);
  });

  it('shows every widget again', () => {
    const { result } = renderWidgets(casey);
    act(() => {
      result.current.actions.widgetHidden(casey, 'today');
      result.current.actions.widgetHidden(casey, 'account');
    });
    act(() => result.current.actions.allWidgetsShown(casey));
    expect(result.current.hidden).toEqual([]);
  });

  it('reads a choice saved earlier (a reload)', async () => {
    localStorage.setItem(
      dashboardWidgetsStorageKey,
      JSON.stringify({ state: { hiddenByUser: { [casey]: ['getting-started'] } }, version: 1 }),
    );
    await act(() => reloadDashboardWidgets());
    expect(renderWidgets(casey).result.current.hidden).toEqual(['getting-started']);
  });
});
