import {
  reloadIfReleaseStale,
  reloadOnStaleChunks,
  staleChunkReloadGuardMs,
  staleChunkReloadKey,
} from './stale-chunk-reload';

function setUp() {
  const events = new EventTarget();
  const reload = vi.fn();
  const clock = { now: 5_000_000 };
  const navigation = { pending: true, href: '/app/travel-roster' };
  reloadOnStaleChunks({
    events,
    storage: sessionStorage,
    open: reload,
    now: () => clock.now,
    navigation: () => navigation,
  });
  const chunkMissing = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    events.dispatchEvent(event);
    return event;
  };
  return { reload, clock, chunkMissing, navigation };
}

beforeEach(() => sessionStorage.clear());

describe('reloadOnStaleChunks', () => {
  it('opens the screen being opened as a new page once when a chunk of the old release is gone, and stops Vite throwing', () => {
    const { reload, chunkMissing } = setUp();
    const event = chunkMissing();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledWith('/app/travel-roster');
    expect(event.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(staleChunkReloadKey)).toBe('5000000');
  });

  it('reloads nothing under the person when a chunk failed outside a navigation, and reloads at the next screen', () => {
    const { reload, chunkMissing, navigation } = setUp();
    navigation.pending = false;
    const event = chunkMissing();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
    expect(sessionStorage.getItem(staleChunkReloadKey)).toBeNull();
    // The next change of screen loads it as a page of the new release, once.
    expect(reloadIfReleaseStale('/app/travel-roster')).toBe(true);
    expect(reload).toHaveBeenCalledWith('/app/travel-roster');
    expect(reloadIfReleaseStale('/app/groups')).toBe(false);
  });

  it('does not reload at a change of screen when every chunk loaded', () => {
    const { reload } = setUp();
    expect(reloadIfReleaseStale('/app/groups')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not loop: a failure right after such a reload lets the error show', () => {
    const { reload, clock, chunkMissing } = setUp();
    sessionStorage.setItem(staleChunkReloadKey, String(clock.now - 1_000));
    const event = chunkMissing();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('reloads again for a later deploy', () => {
    const { reload, clock, chunkMissing } = setUp();
    sessionStorage.setItem(staleChunkReloadKey, String(clock.now - staleChunkReloadGuardMs));
    chunkMissing();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
