import {
  registerServiceWorker,
  reloadIfUpdatePending,
  resetServiceWorkerState,
  updateCheckIntervalMs,
  updatePendingKey,
  type ServiceWorkerEnvironment,
} from './service-worker';

class FakeWorker extends EventTarget {
  postMessage = vi.fn();
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active = new FakeWorker('activated');
  /** The browser asking the server for a changed service-worker.js. */
  update = vi.fn(() => Promise.resolve(this));
  /** A new worker starts installing, as when the browser finds a changed service-worker.js. */
  findUpdate(): FakeWorker {
    const worker = new FakeWorker('installing');
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  registration = new FakeRegistration();
  register = vi.fn(() => Promise.resolve(this.registration));
  get ready() {
    return Promise.resolve(this.registration);
  }
  constructor(public controller: FakeWorker | null) {
    super();
  }
  /** A worker takes the page over (clients.claim after activation). */
  changeController() {
    this.controller = new FakeWorker('activated');
    this.dispatchEvent(new Event('controllerchange'));
  }
  send(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

function setUp({ controlled }: { controlled: boolean }) {
  const container = new FakeContainer(controlled ? new FakeWorker('activated') : null);
  const reload = vi.fn();
  const connectivity = new EventTarget();
  const clock = { now: 1_000_000 };
  const environment = {
    container: container as unknown as ServiceWorkerContainer,
    storage: sessionStorage,
    reload,
    connectivity,
    now: () => clock.now,
  } satisfies ServiceWorkerEnvironment;
  return { container, reload, environment, registration: container.registration, connectivity, clock };
}

const pending = () => sessionStorage.getItem(updatePendingKey);

beforeEach(() => {
  sessionStorage.clear();
  resetServiceWorkerState();
});

describe('registerServiceWorker', () => {
  it("registers /service-worker.js with scope '/'", async () => {
    const { container, environment, registration } = setUp({ controlled: false });
    await expect(registerServiceWorker(environment)).resolves.toBe(registration);
    expect(container.register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
  });

  it('asks the running worker to cache the other scripts once the page is idle, and passes on when they are', async () => {
    const { container, environment, registration } = setUp({ controlled: true });
    const onOfflineReady = vi.fn();
    await registerServiceWorker({ ...environment, onOfflineReady });
    await vi.waitFor(() =>
      expect(registration.active.postMessage).toHaveBeenCalledWith({ type: 'WARM_CACHE' }),
    );
    expect(onOfflineReady).not.toHaveBeenCalled();
    container.send({ type: 'OFFLINE_READY' });
    expect(onOfflineReady).toHaveBeenCalledOnce();
  });

  it('stores the session flag when an update is installed while another worker controls the page', async () => {
    const { environment, registration, reload } = setUp({ controlled: true });
    await registerServiceWorker(environment);
    const update = registration.findUpdate();
    expect(pending()).toBeNull();
    update.moveTo('installed');
    expect(pending()).toBe('true');
    expect(reload).not.toHaveBeenCalled();
  });

  it('stores the flag for an update that was already waiting when the page opened', async () => {
    const { environment, registration } = setUp({ controlled: true });
    registration.waiting = new FakeWorker('installed');
    await registerServiceWorker(environment);
    expect(pending()).toBe('true');
  });

  it('neither flags nor reloads on the first install, when no worker controlled the page', async () => {
    const { container, environment, registration, reload } = setUp({ controlled: false });
    await registerServiceWorker(environment);
    const first = registration.findUpdate();
    first.moveTo('installed');
    expect(pending()).toBeNull();
    container.changeController();
    expect(reload).not.toHaveBeenCalled();
    // A later update of that same page does reload it.
    container.changeController();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once on a controller change, however many follow', async () => {
    const { container, environment, reload } = setUp({ controlled: true });
    sessionStorage.setItem(updatePendingKey, 'true');
    await registerServiceWorker(environment);
    container.changeController();
    container.changeController();
    container.send({ type: 'RELOAD' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(pending()).toBeNull();
  });

  it('clears the flag and reloads when the worker asks for a reload', async () => {
    const { container, environment, reload } = setUp({ controlled: true });
    sessionStorage.setItem(updatePendingKey, 'true');
    await registerServiceWorker(environment);
    container.send({ type: 'SOMETHING_ELSE' });
    container.send('RELOAD');
    expect(reload).not.toHaveBeenCalled();
    container.send({ type: 'RELOAD' });
    expect(pending()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('logs a failed registration and carries on', async () => {
    const { container, environment } = setUp({ controlled: false });
    const failure = new Error('blocked');
    container.register.mockRejectedValueOnce(failure);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(registerServiceWorker(environment)).resolves.toBeUndefined();
    expect(consoleError).toHaveBeenCalledWith('Service worker registration failed:', failure);
    expect(reloadIfUpdatePending()).toBe(false);
  });
});

describe('reloadIfUpdatePending (on a route change)', () => {
  it('does nothing without a pending update', async () => {
    const { environment, registration, reload } = setUp({ controlled: true });
    registration.waiting = null;
    await registerServiceWorker(environment);
    expect(reloadIfUpdatePending()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('tells the waiting worker to take over, then reloads once on the controller change', async () => {
    const { container, environment, registration, reload } = setUp({ controlled: true });
    await registerServiceWorker(environment);
    const update = registration.findUpdate();
    update.moveTo('installed');
    registration.installing = null;
    registration.waiting = update;

    expect(reloadIfUpdatePending()).toBe(true);
    expect(update.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();

    container.changeController();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(pending()).toBeNull();
    expect(reloadIfUpdatePending()).toBe(false);
  });

  it('reloads once when the worker it told to take over is activated, also without a controller change', async () => {
    const { environment, registration, reload } = setUp({ controlled: true });
    await registerServiceWorker(environment);
    const update = registration.findUpdate();
    update.moveTo('installed');
    registration.installing = null;
    registration.waiting = update;

    expect(reloadIfUpdatePending()).toBe(true);
    update.moveTo('activating');
    expect(reload).not.toHaveBeenCalled();
    update.moveTo('activated');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(pending()).toBeNull();
  });

  it('reloads at once when the new worker has already taken over elsewhere', async () => {
    const { environment, reload } = setUp({ controlled: true });
    await registerServiceWorker(environment);
    sessionStorage.setItem(updatePendingKey, 'true');
    expect(reloadIfUpdatePending()).toBe(true);
    expect(pending()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    sessionStorage.setItem(updatePendingKey, 'true');
    reloadIfUpdatePending();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits for the registration before acting on a flag', () => {
    sessionStorage.setItem(updatePendingKey, 'true');
    expect(reloadIfUpdatePending()).toBe(false);
    expect(pending()).toBe('true');
  });
});

describe('looking for a new release while a tab stays open', () => {
  it('asks the server on a route change once the check interval has passed, not before', async () => {
    const { environment, registration, clock } = setUp({ controlled: true });
    await registerServiceWorker(environment);
    reloadIfUpdatePending();
    expect(registration.update).not.toHaveBeenCalled();

    clock.now += updateCheckIntervalMs;
    reloadIfUpdatePending();
    reloadIfUpdatePending();
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('asks at once when the network comes back', async () => {
    const { environment, registration, connectivity, reload } = setUp({ controlled: true });
    await registerServiceWorker(environment);
    connectivity.dispatchEvent(new Event('online'));
    expect(registration.update).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('takes a waiting update when the network comes back (offline-tolerant reload on reconnect)', async () => {
    const { container, environment, registration, connectivity, reload } = setUp({ controlled: true });
    await registerServiceWorker(environment);
    const update = registration.findUpdate();
    update.moveTo('installed');
    registration.installing = null;
    registration.waiting = update;

    connectivity.dispatchEvent(new Event('online'));
    expect(update.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.changeController();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('only warns when the check fails (offline)', async () => {
    const { environment, registration, connectivity } = setUp({ controlled: true });
    const failure = new TypeError('Failed to fetch');
    registration.update.mockRejectedValueOnce(failure);
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await registerServiceWorker(environment);
    connectivity.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(consoleWarn).toHaveBeenCalledWith('Service worker update check failed:', failure),
    );
  });
});
