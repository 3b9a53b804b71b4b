import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, toastShown, toasts, UNSEEN_TOAST_MS } from '../../../src/state/toasts.ts';

const messages = () => toasts.list.map((t) => t.message);

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toasts.list.splice(0);
  });
  afterEach(() => vi.useRealTimers());

  it('stays its full time from when it is shown, however late that is', () => {
    showToast('Update successful', 'success', 1500);
    const [toast] = toasts.list;
    // The page is busy for 1.4 s before the toaster paints it.
    vi.advanceTimersByTime(1400);
    toastShown(toast!.id);
    vi.advanceTimersByTime(1499);
    expect(messages()).toEqual(['Update successful']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('counts from the first paint only', () => {
    showToast('Saved', 'success', 1500);
    const id = toasts.list[0]!.id;
    toastShown(id);
    vi.advanceTimersByTime(1000);
    toastShown(id);
    vi.advanceTimersByTime(500);
    expect(messages()).toEqual([]);
  });

  it('goes after a while when nothing shows it', () => {
    showToast('Nobody looks', 'info', 1500);
    vi.advanceTimersByTime(UNSEEN_TOAST_MS - 1);
    expect(messages()).toEqual(['Nobody looks']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('shows one copy of the same message at a time', () => {
    showToast('Network error', 'error', 1500);
    showToast('Network error', 'error', 1500);
    showToast('Other', 'error', 1500);
    expect(messages()).toEqual(['Network error', 'Other']);
    for (const t of [...toasts.list]) toastShown(t.id);
    vi.advanceTimersByTime(1500);
    showToast('Network error', 'error', 1500);
    expect(messages()).toEqual(['Network error']);
  });

  it('the same message raised again while shown stays its full time from then', () => {
    showToast('Submitted successfully', 'success', 1500);
    toastShown(toasts.list[0]!.id);
    vi.advanceTimersByTime(1400);
    // A second submission, just before the first toast would leave.
    showToast('Submitted successfully', 'success', 1500);
    expect(messages()).toEqual(['Submitted successfully']);
    // One copy, which counts the second saying (the page marks it: data-repeats).
    expect(toasts.list[0]!.repeats).toBe(1);
    vi.advanceTimersByTime(1499);
    expect(messages()).toEqual(['Submitted successfully']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });
});
