import { describe, expect, it, vi } from 'vitest';
import { EMPTY_USER, SESSION_STORAGE_KEY, createSessionStore } from './session-store';

describe('session store', () => {
  it('merges fields and persists only the user under the root key', () => {
    const store = createSessionStore(window.localStorage);
    store.setUser({ id: 'u-1', email: 'ada@example.com', role: 'admin' });
    store.setUser({ firstname: 'Ada' });
    store.markRestored();

    expect(store.getState().user).toEqual({
      ...EMPTY_USER,
      id: 'u-1',
      email: 'ada@example.com',
      role: 'admin',
      firstname: 'Ada',
    });
    const saved = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(Object.keys(saved)).toEqual(['user']);
    expect(saved.user).toMatchObject({ id: 'u-1', firstname: 'Ada', role: 'admin' });
  });

  it('restores the persisted user in a new store (a reload)', () => {
    createSessionStore(window.localStorage).setUser({ id: 'u-2', firstname: 'Grace' });
    const reloaded = createSessionStore(window.localStorage);
    expect(reloaded.getState().user.id).toBe('u-2');
    expect(reloaded.getState().user.firstname).toBe('Grace');
    expect(reloaded.getState().restored).toBe(false);
  });

  it('clears to the empty defaults', () => {
    const store = createSessionStore(window.localStorage);
    store.setUser({ id: 'u-3', role: 'user' });
    store.clearUser();
    expect(store.getState().user).toEqual(EMPTY_USER);
    expect(createSessionStore(window.localStorage).getState().user).toEqual(EMPTY_USER);
  });

  it('ignores corrupt or foreign storage content', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(createSessionStore(window.localStorage).getState().user).toEqual(EMPTY_USER);
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: { id: 42, email: 'x@y.z' } }));
    expect(createSessionStore(window.localStorage).getState().user).toEqual({
      ...EMPTY_USER,
      email: 'x@y.z',
    });
  });

  it('notifies subscribers until they unsubscribe', () => {
    const store = createSessionStore(window.localStorage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setUser({ id: 'u-4' });
    unsubscribe();
    store.clearUser();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
