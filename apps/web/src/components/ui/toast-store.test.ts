import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { dismissToast, toast, updateToast, useToasts } from './toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => {
    dismissToast();
    vi.runAllTimers();
  });
  vi.useRealTimers();
});

describe('toast store (docs/product.md#states-and-transitions, docs/product.md#constants-and-limits)', () => {
  it('puts new toasts in front and keeps at most 3', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      ['one', 'two', 'three', 'four'].forEach((title) => toast({ title }));
    });
    expect(result.current.map((t) => t.title)).toEqual(['four', 'three', 'two']);
  });

  it('closes a dismissed toast at once and removes it 10 s later', () => {
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Saved', variant: 'success' }).id;
    });
    act(() => dismissToast(id));
    expect(result.current[0]).toMatchObject({ id, open: false });
    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });

  it('updates one toast, and dismisses all at once', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      const first = toast({ title: 'Uploading' });
      toast({ title: 'Other' });
      updateToast(first.id, { title: 'Uploaded', variant: 'success' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Other', 'Uploaded']);
    act(() => dismissToast());
    expect(result.current.every((t) => !t.open)).toBe(true);
  });
});
