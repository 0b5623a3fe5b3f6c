import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LocationInfoBlocks } from './location-info';

const info = {
  id: 1,
  name: 'Отель',
  nameEn: 'Hotel',
  distanceKm: null,
  description: '',
  descriptionEn: '',
  units: [
    { type: 'Стандарт', typeEn: 'Standard', count: 2, area: 56, areaMin: 56, areaMax: 60 },
    { type: 'Шале', typeEn: 'Chalet', count: 3, area: 70, areaMin: 70, areaMax: 70 },
    { type: 'Вилла', typeEn: 'Villa', count: 1, area: 120.5, areaMin: 120.5, areaMax: 120.5 },
  ],
  infrastructure: [],
};

describe('the location block', () => {
  it('says «each» only when the units of a type share their area, a range otherwise', async () => {
    await renderWithProviders(<LocationInfoBlocks info={info} />);
    const units = screen.getByTestId('location-units').textContent ?? '';
    expect(units).toContain('«Стандарт», от 56 до 60 м²');
    expect(units).not.toContain('56 м² каждый');
    expect(units).toContain('«Шале», 70 м² каждый');
    // One unit is not «each».
    expect(units).toContain('1 юнит «Вилла», 120,5 м²');
    expect(units).not.toContain('120,5 м² каждый');
  });
});
