import { demoSettings } from '@mocks/data';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { applyBranding } from '@/lib/branding/apply-branding';
import { AppErrorBoundary } from './app-error-boundary';
import { ErrorPage } from './error-page';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** React logs every caught render error; that is expected here. */
function silenceRenderErrorLogs() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

let shouldFail = true;
function Fragile({ label = 'Schedule loaded' }: { label?: string }) {
  if (shouldFail) throw new Error('The schedule could not be drawn');
  return <p>{label}</p>;
}

beforeEach(() => {
  shouldFail = true;
  applyBranding(null);
  document.title = 'Demo Baseball Academy';
});

describe('the generic error page (spec 2)', () => {
  it('says what happened, what to do, and where to get help, under the tab title Error', () => {
    silenceRenderErrorLogs();
    applyBranding(demoSettings);
    render(
      <ErrorBoundary FallbackComponent={ErrorPage}>
        <Fragile />
      </ErrorBoundary>,
    );

    expect(document.title).toBe('Error');
    const heading = screen.getByRole('heading', { level: 1, name: 'There was an error loading this page' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(
        'Please click the button below to reload the page, or refresh the page and log in again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/If the problem persists/)).toHaveTextContent(
      'If the problem persists, please contact support@demo.test.',
    );
    expect(screen.getByRole('link', { name: 'support@demo.test' })).toHaveAttribute(
      'href',
      'mailto:support@demo.test',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('resets the failed view with Try Again, and gives the tab its title back', async () => {
    silenceRenderErrorLogs();
    render(
      <ErrorBoundary FallbackComponent={ErrorPage}>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(screen.getByText('Schedule loaded')).toBeInTheDocument();
    expect(document.title).toBe('Demo Baseball Academy');
  });

  it('is back to normal when its reset keys change', async () => {
    silenceRenderErrorLogs();
    function Screen() {
      const [athlete, setAthlete] = useState('Jamie');
      return (
        <>
          <button type="button" onClick={() => setAthlete('Riley')}>
            Show Riley
          </button>
          <ErrorBoundary FallbackComponent={ErrorPage} resetKeys={[athlete]}>
            <Fragile label={`Schedule of ${athlete}`} />
          </ErrorBoundary>
        </>
      );
    }
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'There was an error loading this page' })).toBeInTheDocument();

    shouldFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Show Riley' }));
    expect(screen.getByText('Schedule of Riley')).toBeInTheDocument();
  });

  it('names no mailbox when the organisation has none, and offers no button without a reset', () => {
    render(<ErrorPage />);
    expect(screen.getByText(/If the problem persists/)).toHaveTextContent(
      'If the problem persists, please contact your organisation’s administrator.',
    );
    expect(screen.getByText('Please refresh the page and log in again.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the app-level boundary (spec 2)', () => {
  it('shows the error page, and reloads the page on Try Again', async () => {
    silenceRenderErrorLogs();
    const reloadPage = vi.fn();
    const history = createMemoryHistory({ initialEntries: ['/app/dashboard'] });
    render(
      <AppErrorBoundary history={history} reloadPage={reloadPage}>
        <Fragile />
      </AppErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('renders the app again when the address changes (back, forward), without reloading', () => {
    silenceRenderErrorLogs();
    const reloadPage = vi.fn();
    const history = createMemoryHistory({ initialEntries: ['/app/dashboard'] });
    render(
      <AppErrorBoundary history={history} reloadPage={reloadPage}>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'There was an error loading this page' })).toBeInTheDocument();

    shouldFail = false;
    act(() => history.push('/app/schedule'));
    expect(screen.getByText('Schedule loaded')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('the screen boundary inside the layout (spec 2, 4)', () => {
  function renderScreens() {
    const rootRoute = createRootRoute({
      component: () => (
        <>
          <nav>
            <a href="/roster">Roster</a>
          </nav>
          <ScreenErrorBoundary>
            <Outlet />
          </ScreenErrorBoundary>
        </>
      ),
    });
    const schedule = createRoute({
      getParentRoute: () => rootRoute,
      path: '/schedule',
      component: () => <Fragile />,
    });
    const roster = createRoute({
      getParentRoute: () => rootRoute,
      path: '/roster',
      component: () => <p>Roster</p>,
    });
    const history = createMemoryHistory({ initialEntries: ['/schedule'] });
    const router = createRouter({ routeTree: rootRoute.addChildren([schedule, roster]), history });
    render(<RouterProvider router={router} />);
    return history;
  }

  it('keeps the navigation, and Try Again renders the screen anew', async () => {
    silenceRenderErrorLogs();
    renderScreens();
    expect(
      await screen.findByRole('heading', { name: 'There was an error loading this page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Roster' })).toBeInTheDocument();

    shouldFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Schedule loaded')).toBeInTheDocument();
  });

  it('is back to normal on another screen', async () => {
    silenceRenderErrorLogs();
    const history = renderScreens();
    await screen.findByRole('heading', { name: 'There was an error loading this page' });
    act(() => history.push('/roster'));
    expect(await screen.findByText('Roster', { selector: 'p' })).toBeInTheDocument();
  });
});
