import { describe, expect, it } from 'vitest';
import { catalogueInEnglish } from './queries';

describe("the console's selects in English", () => {
  it('name locations, units and managers by their English names, the Russian one only where none is given', () => {
    const english = catalogueInEnglish({
      managers: [{ id: 1, name: 'Ольга Белова', nameEn: 'Olga Belova' }],
      locations: [{ id: 1, name: 'Отель «Сосны»', nameEn: 'Pines hotel' }],
      units: [
        { id: 5, name: 'Номер 101', nameEn: 'Room 101', locationId: 1 },
        { id: 6, name: 'Баня №1', nameEn: '', locationId: 1 },
      ],
    });
    expect(english.managers.map((m) => m.name)).toEqual(['Olga Belova']);
    expect(english.locations.map((l) => l.name)).toEqual(['Pines hotel']);
    expect(english.units.map((u) => u.name)).toEqual(['Room 101', 'Баня №1']);
  });
});
