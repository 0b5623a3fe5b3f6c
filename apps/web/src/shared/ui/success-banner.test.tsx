import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SuccessBanner, useSuccessBanner } from './success-banner';

function Demo() {
  const [visible, show] = useSuccessBanner();
  return (
    <>
      <button type="button" onClick={show}>
        send
      </button>
      <SuccessBanner visible={visible} text="Заявка отправлена" />
    </>
  );
}

describe('success banner', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows after a success and hides after 5 seconds', async () => {
    await renderWithProviders(<Demo />);
    expect(screen.queryByText('Заявка отправлена')).toBeNull();
    act(() => screen.getByText('send').click());
    expect(screen.getByText('Заявка отправлена')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Заявка отправлена')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Заявка отправлена')).toBeNull();
  });
});
