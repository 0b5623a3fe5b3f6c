import { MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme, themeIn } from './theme';

describe('the theme in the user’s language', () => {
  it('names a dialog’s close button and keeps its header from being a second banner of the page', () => {
    render(
      <MantineProvider theme={themeIn('Закрыть')} env="test">
        <header>Личный кабинет</header>
        <Modal opened onClose={() => undefined} title="Запрос на изменение данных">
          Опишите, что нужно изменить.
        </Modal>
      </MantineProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Запрос на изменение данных' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
    expect(screen.getAllByRole('banner').map((banner) => banner.textContent)).toEqual(['Личный кабинет']);
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('the theme’s colours', () => {
  it('carry a filled button’s white label at 4.5:1 at least, in every colour the pages fill buttons with', () => {
    // Mantine fills a button with the colour's shade the theme names for fills (primaryShade), whatever the colour.
    const shade = theme.primaryShade as number;
    const fills = {
      primary: theme.colors?.forest?.[shade],
      red: theme.colors?.red?.[shade],
      orange: theme.colors?.orange?.[shade],
    };
    for (const [name, fill] of Object.entries(fills)) {
      expect(fill, name).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(fill ?? '#ffffff', '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
