import { openAppAt } from './open-app-window';

const origin = 'https://demo.connect.test';
const link = `${origin}/app/workouts/42`;

/** The worker's view of the browser's windows: each can be focused and navigated (or refuses to be). */
function browserWindows(urls: string[], { navigable = true } = {}) {
  const windows = urls.map((url) => {
    const client = {
      url,
      focus: vi.fn(() => Promise.resolve(client)),
      navigate: vi.fn(() =>
        navigable ? Promise.resolve(client) : Promise.reject(new TypeError('not controlled')),
      ),
    };
    return client;
  });
  const clients = {
    matchAll: vi.fn(() => Promise.resolve(windows)),
    openWindow: vi.fn(() => Promise.resolve(null)),
  };
  return { windows, clients, asClients: clients as unknown as Clients };
}

describe('a click on a notification', () => {
  it('brings an open window of the app to the front, at the link', async () => {
    const { windows, clients, asClients } = browserWindows([
      'https://elsewhere.example/',
      `${origin}/app/dashboard`,
    ]);
    await openAppAt(asClients, origin, link);
    expect(windows[1]?.focus).toHaveBeenCalled();
    expect(windows[1]?.navigate).toHaveBeenCalledWith(link);
    expect(windows[0]?.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens the app at the link when no window of it is open', async () => {
    const { clients, asClients } = browserWindows(['https://elsewhere.example/']);
    await openAppAt(asClients, origin, link);
    expect(clients.openWindow).toHaveBeenCalledWith(link);
  });

  it('opens a new window when the open one cannot be navigated', async () => {
    const { windows, clients, asClients } = browserWindows([`${origin}/login`], { navigable: false });
    await openAppAt(asClients, origin, link);
    expect(windows[0]?.focus).toHaveBeenCalled();
    expect(clients.openWindow).toHaveBeenCalledWith(link);
  });
});
