import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutosave } from './useAutosave';

/** A save the test finishes by hand, recording what was saved and how many ran at once. */
function manualSave() {
  const calls: { value: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  let running = 0;
  let most = 0;
  const save = vi.fn(
    (value: string) =>
      new Promise<void>((resolve, reject) => {
        running++;
        most = Math.max(most, running);
        const done = () => running--;
        calls.push({
          value,
          resolve: () => (done(), resolve()),
          reject: (error) => (done(), reject(error)),
        });
      }),
  );
  return { save, calls, mostAtOnce: () => most };
}

const settle = () => act(async () => {});

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts the first value as saved and saves the last of a burst of changes once they stop', async () => {
    const { save, calls } = manualSave();
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, 1000), {
      initialProps: { value: 'a' },
    });
    expect(result.current.status).toBe('saved');
    rerender({ value: 'b' });
    expect(result.current.status).toBe('pending');
    act(() => void vi.advanceTimersByTime(600));
    rerender({ value: 'c' });
    act(() => void vi.advanceTimersByTime(600));
    expect(save).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(400));
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]!.value).toBe('c');
    expect(result.current.status).toBe('saving');
    await act(async () => calls[0]!.resolve());
    expect(result.current.status).toBe('saved');
  });

  it('never runs two saves at once and catches up with the latest value', async () => {
    const { save, calls, mostAtOnce } = manualSave();
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, 100), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    act(() => void vi.advanceTimersByTime(100));
    await settle();
    rerender({ value: 'c' });
    act(() => void vi.advanceTimersByTime(100));
    rerender({ value: 'd' });
    act(() => void vi.advanceTimersByTime(100));
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['b']);
    await act(async () => calls[0]!.resolve());
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['b', 'd']);
    expect(result.current.status).toBe('saving');
    await act(async () => calls[1]!.resolve());
    expect(result.current.status).toBe('saved');
    expect(mostAtOnce()).toBe(1);
  });

  it('reports a failed save, and saves again on the next change', async () => {
    const { save, calls } = manualSave();
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, 100), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    act(() => void vi.advanceTimersByTime(100));
    await settle();
    await act(async () => calls[0]!.reject(new Error('offline')));
    expect(result.current.status).toBe('error');
    rerender({ value: 'c' });
    act(() => void vi.advanceTimersByTime(100));
    await settle();
    await act(async () => calls[1]!.resolve());
    expect(calls.map((c) => c.value)).toEqual(['b', 'c']);
    expect(result.current.status).toBe('saved');
  });

  it('flush saves at once and resolves when saved; going back to the saved value needs no save', async () => {
    const { save, calls } = manualSave();
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, 5000), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    let flushed = false;
    await act(async () => {
      void result.current.flush().then(() => (flushed = true));
    });
    expect(calls.map((c) => c.value)).toEqual(['b']);
    expect(flushed).toBe(false);
    await act(async () => calls[0]!.resolve());
    expect(flushed).toBe(true);
    rerender({ value: 'c' });
    rerender({ value: 'b' });
    expect(result.current.status).toBe('saved');
    act(() => void vi.advanceTimersByTime(5000));
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves nothing while disabled', async () => {
    const { save } = manualSave();
    const { rerender } = renderHook(({ value }) => useAutosave(value, save, 100, false), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    act(() => void vi.advanceTimersByTime(1000));
    await settle();
    expect(save).not.toHaveBeenCalled();
  });

  it('a value taken as saved (loaded from another tab) is not saved back; `same` ignores what needs no save', async () => {
    const { save, calls } = manualSave();
    const sameLetter = (a: string, b: string) => a[0] === b[0];
    const { result, rerender } = renderHook(({ value }) => useAutosave(value, save, 100, true, sameLetter), {
      initialProps: { value: 'a1' },
    });
    rerender({ value: 'a2' });
    expect(result.current.status).toBe('saved');
    act(() => result.current.markSaved('b1'));
    rerender({ value: 'b1' });
    act(() => void vi.advanceTimersByTime(1000));
    await settle();
    expect(save).not.toHaveBeenCalled();
    expect(result.current.saved()).toBe('b1');
    rerender({ value: 'c1' });
    act(() => void vi.advanceTimersByTime(100));
    await settle();
    expect(result.current.busy()).toBe(true);
    await act(async () => calls[0]!.resolve());
    expect(calls.map((c) => c.value)).toEqual(['c1']);
    expect(result.current.saved()).toBe('c1');
  });

  it('saves a pending change when the editor goes away', async () => {
    const { save, calls } = manualSave();
    const { rerender, unmount } = renderHook(({ value }) => useAutosave(value, save, 1000), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    unmount();
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['b']);
  });
});
