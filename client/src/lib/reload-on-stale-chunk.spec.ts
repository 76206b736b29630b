import { RELOAD_GUARD_MS, shouldReload } from './reload-on-stale-chunk';

describe('stale chunk reload guard', () => {
  it('reloads once, then not again within 10 seconds, then again after', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };

    expect(shouldReload(1_000_000, storage)).toBe(true);
    expect(shouldReload(1_000_000 + RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(shouldReload(1_000_000 + RELOAD_GUARD_MS, storage)).toBe(true);
  });
});
