import type { RoleCode } from '@portal/contract/constants';
import type { DataProfile, UserLocation } from '@portal/contract/profile';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Session, SessionProvider } from '../../shared/session/session';
import { renderWithProviders } from '../../test/render';
import { SideMenu } from './side-menu';

function session(role: RoleCode, location: Partial<UserLocation>): Session {
  const current: UserLocation = {
    id: 1,
    name: 'Лесной SPA-отель «Сосны»',
    nameEn: 'Sosny Forest SPA Hotel',
    roleCode: role,
    existsMain: true,
    existsPeriphery: true,
    isPlaceholder: false,
    ...location,
  };
  return {
    profile: { id: 10 } as DataProfile,
    roles: [role],
    currentRole: role,
    setCurrentRole: () => undefined,
    locations: [current],
    currentLocation: current,
    setCurrentLocationId: () => undefined,
    units: [],
  };
}

async function renderMenu(value: Session, path = '/dashboard/') {
  await renderWithProviders(
    <SessionProvider session={value}>
      <SideMenu />
    </SessionProvider>,
    { path },
  );
  return screen.getByRole('navigation', { name: 'Меню' });
}

describe('side menu as the user sees it', () => {
  it('links every section of an investor, the current one marked', async () => {
    const menu = await renderMenu(session('INVESTOR', {}), '/profile/');
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Главная',
      'Доходность',
      'Таймлайн',
      'Фото- и видеоотчёты',
      'Бронирования номеров',
      'Бронирования построек',
      'Доходы и расходы номеров',
      'Доходы и расходы построек',
      'Камеры',
      'Проверки',
      'Инвентаризация',
    ]);
    expect(within(menu).getByRole('link', { name: 'Доходность' })).toHaveAttribute(
      'href',
      '/dashboard/income/',
    );
  });

  it('makes the outbuilding sections of a location without them inactive, with the reason on hover', async () => {
    const menu = await renderMenu(session('INVESTOR', { existsPeriphery: false }));
    expect(within(menu).queryByRole('link', { name: 'Доходы и расходы построек' })).toBeNull();
    const inactive = within(menu).getByText('Доходы и расходы построек').closest('[data-menu]');
    expect(inactive).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(inactive as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Раздел недоступен: у вас нет таких активов в этой локации',
    );
  });

  it("gives a lender the reduced menu: bookings unavailable for lenders, cameras 'soon'", async () => {
    const menu = await renderMenu(session('LENDER', {}));
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Главная', 'Доходность', 'Таймлайн', 'Фото- и видеоотчёты']);
    await userEvent.hover(within(menu).getByText('Бронирования номеров'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Недоступно для займодателей');
    const cameras = within(menu).getByText('Камеры').closest('[data-menu]');
    expect(cameras).toHaveAttribute('data-state', 'soon');
    expect(within(cameras as HTMLElement).getByText('скоро')).toBeInTheDocument();
  });
});
