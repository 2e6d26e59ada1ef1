import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getToasts,
  resetToasts,
  toast,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
} from '#client/hooks/use-toast.ts';
import { Toaster } from './toaster.tsx';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from './toast.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('has the product constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });

  it('shows one toast at a time: a new toast replaces the old one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Newest wins' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
    expect(getToasts()).toHaveLength(1);
  });

  it('closes after 5000 ms and forgets the toast 1000000 ms after dismissal', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(getToasts()[0]?.open).toBe(true);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(getToasts()[0]?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1000);
    });
    expect(getToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(getToasts()).toHaveLength(0);
  });

  it('renders the destructive variant for errors', () => {
    render(<Toaster />);
    act(() => {
      toast({
        title: 'Error',
        description: 'Failed to subscribe. Please try again.',
        variant: 'destructive',
      });
    });
    const item = screen.getByText('Error').closest('[data-variant]');
    expect(item?.getAttribute('data-variant')).toBe('destructive');
  });

  it('moves focus to the toast region with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hotkey' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region');
    expect(region.getAttribute('aria-label')).toContain('F8');
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it('is dismissed by swiping right past the threshold, not before', () => {
    // jsdom has no pointer capture; Radix calls it during a swipe.
    Object.assign(Element.prototype, {
      setPointerCapture: () => {},
      releasePointerCapture: () => {},
      hasPointerCapture: () => false,
    });
    render(<Toaster />);
    act(() => {
      toast({ title: 'Swipe me' });
    });
    const item = screen.getByText('Swipe me').closest('li')!;
    const swipe = (distance: number) =>
      act(() => {
        fireEvent.pointerDown(item, { clientX: 0, clientY: 10, button: 0 });
        fireEvent.pointerMove(item, { clientX: distance / 2, clientY: 10 });
        fireEvent.pointerMove(item, { clientX: distance, clientY: 10 });
        fireEvent.pointerUp(item, { clientX: distance, clientY: 10 });
      });
    swipe(TOAST_SWIPE_THRESHOLD_PX - 10);
    expect(getToasts()[0]?.open).toBe(true);
    swipe(TOAST_SWIPE_THRESHOLD_PX + 30);
    expect(getToasts()[0]?.open).toBe(false);
  });
});
