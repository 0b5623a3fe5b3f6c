/**
 * The spec's location catalogue (document 2, section 3): the four locations with their units by type and
 * their infrastructure, plus the placeholder 666. Names are ours: the spec does not give them.
 *
 * The spec puts the outbuildings (location 1: 2 banyas; 2: 2 banya complexes; 7: 6 pontoon banyas) after the
 * semicolon, with the infrastructure. They stay units here (part periphery: owners hold them, they are booked by the
 * hour, they have income and expenses), and the dashboard's catalogue lists them with the infrastructure, counted
 * from the units, after the facilities below (`dashboard/location-info`); its units by type are the rooms.
 */
export type UnitKind = {
  type: string;
  typeEn: string;
  part: 'main' | 'periphery';
  count: number;
  capacity: number;
  area: number;
  image: string;
};

export type CatalogueLocation = {
  id: number;
  name: string;
  nameEn: string;
  distanceKm: number;
  description: string;
  descriptionEn: string;
  units: UnitKind[];
  infrastructure: Array<{ name: string; nameEn: string; count: number }>;
};

export const CATALOGUE: CatalogueLocation[] = [
  {
    id: 1,
    name: 'Лесной SPA-отель «Сосны»',
    nameEn: 'Sosny Forest SPA Hotel',
    distanceKm: 90,
    description: 'Лесной SPA-отель в 90 км от города',
    descriptionEn: 'Forest SPA hotel 90 km from the city',
    units: [
      {
        type: 'Стандарт',
        typeEn: 'Standard',
        part: 'main',
        count: 2,
        capacity: 2,
        area: 28,
        image: 'standard',
      },
      {
        type: 'Джуниор сюит',
        typeEn: 'Junior suite',
        part: 'main',
        count: 9,
        capacity: 3,
        area: 36,
        image: 'junior-suite',
      },
      { type: 'Сюит', typeEn: 'Suite', part: 'main', count: 1, capacity: 4, area: 54, image: 'suite' },
      { type: 'Баня', typeEn: 'Banya', part: 'periphery', count: 2, capacity: 8, area: 42, image: 'banya' },
    ],
    infrastructure: [],
  },
  {
    id: 2,
    name: 'Комплекс «Берег»: лесная часть',
    nameEn: 'Bereg complex: forest part',
    distanceKm: 50,
    description: 'Лесная часть комплекса на берегу озера, в 50 км от города',
    descriptionEn: 'Forest part of a lake-side complex, 50 km from the city',
    units: [
      {
        type: 'Джуниор сюит',
        typeEn: 'Junior suite',
        part: 'main',
        count: 10,
        capacity: 3,
        area: 38,
        image: 'junior-suite',
      },
      {
        type: 'Банный комплекс',
        typeEn: 'Banya complex',
        part: 'periphery',
        count: 2,
        capacity: 10,
        area: 60,
        image: 'banya',
      },
    ],
    infrastructure: [],
  },
  {
    id: 3,
    name: 'Отель «Отражение»',
    nameEn: 'Otrazhenie Hotel',
    distanceKm: 50,
    description: 'Отель с зеркальными фасадами в 50 км от города',
    descriptionEn: 'Hotel with mirror facades 50 km from the city',
    units: [
      {
        type: 'Сюит-зеркало',
        typeEn: 'Suite mirror',
        part: 'main',
        count: 6,
        capacity: 4,
        area: 48,
        image: 'mirror',
      },
      {
        type: 'Джуниор сюит-зеркало',
        typeEn: 'Junior suite mirror',
        part: 'main',
        count: 10,
        capacity: 3,
        area: 34,
        image: 'mirror',
      },
      {
        type: 'Гриль-патио-зеркало',
        typeEn: 'Grill patio mirror',
        part: 'main',
        count: 4,
        capacity: 6,
        area: 30,
        image: 'patio',
      },
    ],
    infrastructure: [
      { name: 'СПА-центр', nameEn: 'Spa centre', count: 1 },
      { name: 'Ресторан', nameEn: 'Restaurant', count: 6 },
      { name: 'Патио-барн', nameEn: 'Patio barn', count: 6 },
      { name: 'Барнхаус', nameEn: 'Barn house', count: 6 },
    ],
  },
  {
    id: 7,
    name: 'Комплекс «Берег»: озёрная часть',
    nameEn: 'Bereg complex: lake part',
    distanceKm: 50,
    description: 'Озёрная часть того же комплекса, в 50 км от города',
    descriptionEn: 'Lake part of the same complex, 50 km from the city',
    units: [
      { type: 'Сюит', typeEn: 'Suite', part: 'main', count: 6, capacity: 4, area: 50, image: 'suite' },
      {
        type: 'Понтонная баня',
        typeEn: 'Pontoon banya',
        part: 'periphery',
        count: 6,
        capacity: 6,
        area: 32,
        image: 'pontoon',
      },
    ],
    infrastructure: [{ name: 'Патио', nameEn: 'Patio', count: 6 }],
  },
];

export const PLACEHOLDER_LOCATION = { id: 666, name: 'Новая локация', nameEn: 'New location' };
