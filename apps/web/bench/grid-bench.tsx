import '@mantine/core/styles.css';
import '../src/app/app.css';
import { MantineProvider } from '@mantine/core';
import type { Booking, BookingsResponse } from '@portal/contract/bookings';
import { useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../src/app/theme';
import { BookingGrid } from '../src/features/bookings/booking-grid';
import { buildColumns, buildGrid } from '../src/features/bookings/grid-model';
import { loadTexts, setupI18n } from '../src/shared/i18n';

/** A synthetic location of 500 units over 365 days, stays of 1–5 nights, built the same way for every run. */
const UNITS = 500;
const DAYS = 365;
const DAY_MS = 86_400_000;
const start = Date.parse('2026-01-01T08:00:00Z');

function synthetic(): BookingsResponse {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const groups = Array.from({ length: 10 }, (_, g) => ({
    name: `Тип ${g + 1}`,
    nameEn: `Type ${g + 1}`,
    units: Array.from({ length: UNITS / 10 }, (_, u) => {
      const bookings: Booking[] = [];
      for (let day = 0; day < DAYS; ) {
        const nights = 1 + Math.floor(random() * 5);
        if (random() < 0.6) {
          bookings.push({
            id: g * 100_000 + u * 1000 + day,
            startDateTime: new Date(start + day * DAY_MS + 3 * 3_600_000).toISOString(),
            endDateTime: new Date(start + (day + nights) * DAY_MS + 1 * 3_600_000).toISOString(),
            status: random() < 0.8 ? 'checkedout' : 'new',
            guestAmount: 2,
            source: { id: 3, name: 'Сайт', nameEn: 'Website', type: 'web' },
            paid: 10_000,
            sum: 10_000,
          });
        }
        day += nights;
      }
      return {
        id: g * 1000 + u,
        name: `Юнит ${g + 1}-${u + 1}`,
        nameEn: `Unit ${g + 1}-${u + 1}`,
        unitNumber: null,
        isOwn: false,
        bookings,
        repairs: [],
      };
    }),
  }));
  return {
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + DAYS * DAY_MS).toISOString(),
    groups,
  };
}

declare global {
  interface Window {
    benchStart: number;
    benchRendered?: number;
    benchModel?: number;
  }
}

// The data arrives as a response would; the measured render starts from it.
const data = synthetic();

function Bench() {
  const columns = useMemo(() => buildColumns(start, start + DAYS * DAY_MS, 'day', start), []);
  const groups = useMemo(() => {
    const before = performance.now();
    const built = buildGrid(data, columns, 'day', null);
    window.benchModel = performance.now() - before;
    return built;
  }, [columns]);
  return (
    <BookingGrid groups={groups} columns={columns} granularity="day" onEdge={() => undefined} prepended={0} />
  );
}

// The catalogue is a chunk loaded on demand: in before the clock starts.
await setupI18n('ru').changeLanguage('ru');
await loadTexts('app');
const root = document.getElementById('root');
if (root) {
  window.benchStart = performance.now();
  createRoot(root).render(
    <MantineProvider theme={theme}>
      <Bench />
    </MantineProvider>,
  );
  // Rendered: the frame after the one in which the visible rows and their cells are in the page.
  const waitForCells = () =>
    requestAnimationFrame(() => {
      if (
        document.querySelectorAll('.booking-grid-row').length < 20 ||
        !document.querySelector('.booking-grid-cell')
      )
        waitForCells();
      else
        requestAnimationFrame(() => {
          window.benchRendered = performance.now();
        });
    });
  waitForCells();
}
