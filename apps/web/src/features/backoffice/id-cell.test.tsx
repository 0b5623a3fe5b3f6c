import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { IdCell } from './id-cell';

describe('IdCell', () => {
  it('shows the number and copies the bare id without opening the row it sits in', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const openRow = vi.fn();
    await renderWithProviders(
      // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a console row opens on click
      <div onClick={openRow}>
        <IdCell id={501} />
      </div>,
    );
    expect(screen.getByText('№ 501')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Скопировать id' }));
    expect(writeText).toHaveBeenCalledWith('501');
    expect(openRow).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('Скопировано')).toBeInTheDocument());
  });

  it('names the button in English', async () => {
    await renderWithProviders(<IdCell id={7} size="sm" />, { language: 'en' });
    expect(screen.getByRole('button', { name: 'Copy id' })).toBeInTheDocument();
  });
});
