import { act, renderHook } from '@testing-library/react';
import { defaultPageTitle, useHeaderActions, usePageTitle, useScreenTitle } from './header-store';

describe('header store: page title (spec 2)', () => {
  it('defaults to Home', () => {
    const { result } = renderHook(() => usePageTitle());
    expect(result.current).toBe('Home');
    expect(defaultPageTitle).toBe('Home');
  });

  it('changes and resets the title', () => {
    const { result } = renderHook(() => ({ title: usePageTitle(), actions: useHeaderActions() }));
    act(() => result.current.actions.pageTitleChanged('Travel roster'));
    expect(result.current.title).toBe('Travel roster');
    act(() => result.current.actions.pageTitleReset());
    expect(result.current.title).toBe('Home');
  });

  it('names the header while a screen is shown, and gives Home back when it goes', () => {
    const title = renderHook(() => usePageTitle());
    const screen = renderHook(({ name }) => useScreenTitle(name), {
      initialProps: { name: 'Travel roster' },
    });
    expect(title.result.current).toBe('Travel roster');

    screen.rerender({ name: 'Schedule' });
    expect(title.result.current).toBe('Schedule');

    screen.unmount();
    expect(title.result.current).toBe('Home');
  });
});
