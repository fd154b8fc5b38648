import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.show('Video has been added to playlist')}>add</button>
      <button onClick={() => toast.show('Copied To Clipboard', 2000)}>copy</button>
    </>
  );
}

describe('toasts (bottom-left, 3 s, pause on hover)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('disappears after 3 seconds', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('add'));
    expect(screen.getByText('Video has been added to playlist')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText('Video has been added to playlist')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Video has been added to playlist')).not.toBeInTheDocument();
  });

  it('the copy notice lasts 2 seconds', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('copy'));
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText('Copied To Clipboard')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Copied To Clipboard')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over it and resumes with the time that was left', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('add'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    const toast = screen.getByText('Video has been added to playlist').closest('.toast')!;
    fireEvent.mouseEnter(toast);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('Video has been added to playlist')).toBeInTheDocument();
    fireEvent.mouseLeave(toast);
    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(screen.getByText('Video has been added to playlist')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Video has been added to playlist')).not.toBeInTheDocument();
  });

  it('lives in a polite status region and can be dismissed', () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('add'));
    expect(screen.getByRole('status')).toHaveTextContent('Video has been added to playlist');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Video has been added to playlist')).not.toBeInTheDocument();
  });
});
