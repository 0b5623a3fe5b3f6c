import { z } from 'zod';
import { requestCreatedResponseSchema } from './profile.ts';
import { defineRoute } from './route.ts';
import { requiredIdSchema } from './validation.ts';

/**
 * Income, income-outcome and dashboard calls (spec document 1, sections 2, 3 and 7). Money is in rubles
 * (two decimals at most), months are yyyymm in Moscow time, percents are numbers (12.5 means 12.5 %).
 */

const yearMonth = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .refine((value) => value >= 200001 && value <= 299912 && value % 100 >= 1 && value % 100 <= 12, {
    error: 'validation.invalid',
  });
const locationId = requiredIdSchema;

export const locationQuerySchema = z.object({ location: locationId });
export const incomeRangeQuerySchema = z
  .object({ location: locationId, yearMonthFrom: yearMonth, yearMonthTo: yearMonth })
  .refine((q) => q.yearMonthFrom <= q.yearMonthTo, { error: 'validation.invalid', path: ['yearMonthTo'] });
export const incomeActivesQuerySchema = z.object({ location: locationId, yearMonth });
export const unitCapitalizationQuerySchema = z.object({
  unitId: requiredIdSchema,
});

/** GET investor-income/statistics and lender-income/statistics */
export const incomeStatisticsSchema = z
  .object({
    averageMonthlyIncome: z.number(),
    invested: z.number().describe('Investor: invested in the location; lender: the loan provided'),
    totalIncome: z.number(),
    payback: z
      .number()
      .nullable()
      .describe('Months to pay back the investment at the average monthly income'),
    loanTermYearMonth: z.number().nullable().describe('Lender: the month the loan ends (yyyymm)'),
    averagePercentForYear: z.number().describe('ROI per year, %'),
    averagePercentForMonth: z.number().describe('Average monthly income as a percent of the investment'),
    firstYearMonth: z.number().nullable().describe('The first month with income'),
    lastYearMonth: z.number().nullable().describe('The last month with income'),
  })
  .meta({ id: 'IncomeStatistics' });
export type IncomeStatistics = z.infer<typeof incomeStatisticsSchema>;

export const monthlyIncomeSchema = z.object({
  yearMonth: z.number(),
  amount: z.number(),
  lastMonthDiff: z
    .number()
    .nullable()
    .describe('Percent change against the previous month; null without one'),
});

/** GET investor-income: incomes of each owned unit of the location by month. */
export const investorIncomeResponseSchema = z
  .object({
    units: z.array(
      z.object({
        unitId: z.number(),
        unitName: z.string(),
        unitNameEn: z.string(),
        invested: z.number(),
        incomes: z.array(monthlyIncomeSchema),
      }),
    ),
    periodIncome: z.number(),
    periodPercent: z
      .number()
      .describe('ROI for the period: income of the period as a percent of the investment'),
  })
  .meta({ id: 'InvestorIncome' });
export type InvestorIncome = z.infer<typeof investorIncomeResponseSchema>;

/** GET lender-income: payments on the lender's loans in the location by month. */
export const lenderIncomeResponseSchema = z
  .object({
    incomes: z.array(
      z.object({
        amount: z.number(),
        yearMonth: z.number(),
        location: z.object({ id: z.number(), name: z.string(), nameEn: z.string() }),
      }),
    ),
    periodIncome: z.number(),
  })
  .meta({ id: 'LenderIncome' });
export type LenderIncome = z.infer<typeof lenderIncomeResponseSchema>;

/** GET investor-income/actives and lender-income/actives: the month's figures by unit (or loan). */
export const incomeActivesResponseSchema = z
  .object({
    yearMonth: z.number(),
    actives: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        nameEn: z.string(),
        invested: z.number(),
        amount: z.number(),
        percent: z.number().describe('The month income as a percent of the investment'),
        lastMonthDiff: z.number().nullable(),
        capitalizationPrice: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'IncomeActives' });
export type IncomeActives = z.infer<typeof incomeActivesResponseSchema>;

/** GET investor-income/unit-capitalization-graphic */
export const capitalizationGraphicSchema = z
  .object({
    capitalizationName: z.string(),
    capitalizationNameEn: z.string(),
    capitalizationDate: z.string(),
    capitalizationPrice: z.number(),
    graphic: z.array(z.object({ date: z.string(), price: z.number(), name: z.string(), nameEn: z.string() })),
  })
  .meta({ id: 'CapitalizationGraphic' });
export type CapitalizationGraphic = z.infer<typeof capitalizationGraphicSchema>;

/** POST banner/submit: the individual-entrepreneur request of the dashboard banner. */
export const bannerSubmitRequestSchema = z.object({ userId: z.number().int() });

/** GET adesk and adesk-periphery: the location's bank rows of a month by part. */
export const outcomeQuerySchema = z.object({
  locationId,
  year: z.coerce
    .number({ error: 'validation.required' })
    .int()
    .min(2000, { error: 'validation.invalid' })
    .max(2999, { error: 'validation.invalid' }),
  month: z.coerce
    .number({ error: 'validation.required' })
    .int()
    .min(1, { error: 'validation.invalid' })
    .max(12, { error: 'validation.invalid' }),
});
export const outcomeRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  category: z.object({ id: z.number(), text: z.string(), textEn: z.string() }),
  article: z.string(),
  amount: z.number(),
  amountText: z.string().describe('Amount with thousand grouping and the ruble sign'),
});
export const outcomeDataSchema = z
  .object({
    gop: z.number().describe('Gross operating profit: income minus operating expenses'),
    gopPercent: z.number().describe('GOP as a percent of the income'),
    incomeTotal: z.number(),
    incomePercent: z.number().nullable().describe('Income change against the previous month, %'),
    outcomeTotal: z.number().describe('OPEX: the operating expenses of the whole location part'),
    outcomePercent: z.number().describe('OPEX as a percent of the gross revenue'),
    incomes: z.array(outcomeRowSchema),
    outcomes: z.array(outcomeRowSchema),
    isSample: z.boolean().describe('True for the demo profile, which sees sample rows'),
  })
  .meta({ id: 'OutcomeData' });
export type OutcomeData = z.infer<typeof outcomeDataSchema>;
export type OutcomeRow = z.infer<typeof outcomeRowSchema>;

/** GET outcome/xls: the month's rows of a location part as a spreadsheet. */
export const outcomeXlsQuerySchema = z.object({
  date: z
    .string({ error: 'validation.required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.invalid' })
    .describe('yyyy-mm'),
  // The spec's call sends only date: without a location the user's first investor location of that part is used
  // (the location the web client starts on when none is stored).
  locationId: locationId.optional(),
  part: z.enum(['main', 'periphery']).default('main'),
});

/** GET dashboard/graph: occupancy of the user's units by month, percent. */
export const dashboardGraphQuerySchema = z.object({
  startDate: z.iso.date({ error: 'validation.invalid' }),
  endDate: z.iso.date({ error: 'validation.invalid' }),
  location: locationId,
});
export const dashboardGraphResponseSchema = z.object({
  points: z.array(
    z.object({
      date: z.string().describe('The 5th day of the month'),
      bookingAmount: z.number().describe('Occupancy, %'),
    }),
  ),
});

/** GET dashboard/statistics */
export const dashboardStatisticsSchema = z.object({
  invested: z.number(),
  totalIncome: z.number(),
  averagePercentForYear: z.number(),
  averageMonthlyIncome: z.number(),
});

/** GET dashboard/actual-data: the month dropdown (from January 2022) and the chosen month's figures. */
export const dashboardActualDataQuerySchema = z.object({
  location: locationId,
  yearMonth: yearMonth.optional(),
});
export const dashboardActualDataSchema = z.object({
  actualDataDates: z.array(z.number()),
  actualData: z.array(z.object({ yearMonth: z.number(), amount: z.number() })),
  actualDataInSelectedDate: z.object({
    yearMonth: z.number(),
    amount: z.number(),
    bookingAmount: z.number().describe('Occupancy of the month, %'),
    previousMonthIncomePercent: z.number().nullable(),
    previousMonthBookingPercent: z.number().nullable(),
  }),
});
export type DashboardActualData = z.infer<typeof dashboardActualDataSchema>;

/** GET dashboard/location-info: the location's catalogue entry (units by type and area, infrastructure). */
export const locationInfoSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    nameEn: z.string(),
    distanceKm: z.number().nullable(),
    description: z.string(),
    descriptionEn: z.string(),
    units: z.array(
      z.object({
        type: z.string(),
        typeEn: z.string(),
        count: z.number(),
        area: z.number().describe("The type's usual area (m²): the most frequent of its units'"),
        areaMin: z.number().describe("The smallest of the type's units' areas (m²)"),
        areaMax: z.number().describe("The largest of the type's units' areas (m²)"),
      }),
    ),
    infrastructure: z.array(z.object({ name: z.string(), nameEn: z.string(), count: z.number() })),
  })
  .meta({ id: 'LocationInfo' });
export type LocationInfo = z.infer<typeof locationInfoSchema>;

/**
 * GET investor-income/first-screen and lender-income/first-screen: the income page's three answers for one of the
 * user's locations in one call (the statistics, the months of the range and the units, or loans, of its last
 * month), so the page's first load is one request and one statement instead of three. Each part is the answer of
 * its own call (which stay as they are, for the later changes of range or month).
 */
export const investorIncomeFirstScreenSchema = z.object({
  statistics: incomeStatisticsSchema,
  income: investorIncomeResponseSchema,
  actives: incomeActivesResponseSchema,
});
export type InvestorIncomeFirstScreen = z.infer<typeof investorIncomeFirstScreenSchema>;
export const lenderIncomeFirstScreenSchema = z.object({
  statistics: incomeStatisticsSchema,
  income: lenderIncomeResponseSchema,
  actives: incomeActivesResponseSchema,
});
export type LenderIncomeFirstScreen = z.infer<typeof lenderIncomeFirstScreenSchema>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The calls of the income pages (investor and lender) and of the dashboard's requests. */
export const incomeApi = {
  investorStatistics: defineRoute({
    method: 'GET',
    path: '/investor-income/statistics',
    summary: 'Investor: invested, earned, ROI, payback in a location',
    tags: ['income'],
    access: 'session',
    cache: true,
    query: locationQuerySchema,
    response: incomeStatisticsSchema,
    errors: [404],
  }),
  lenderStatistics: defineRoute({
    method: 'GET',
    path: '/lender-income/statistics',
    summary: 'Lender: loan provided, earned, loan term in a location',
    tags: ['income'],
    access: 'session',
    cache: true,
    query: locationQuerySchema,
    response: incomeStatisticsSchema,
    errors: [404],
  }),
  investorIncome: defineRoute({
    method: 'GET',
    path: '/investor-income',
    summary: 'Investor: incomes of each unit by month',
    tags: ['income'],
    access: 'session',
    cache: true,
    query: incomeRangeQuerySchema,
    response: investorIncomeResponseSchema,
    errors: [404],
  }),
  lenderIncome: defineRoute({
    method: 'GET',
    path: '/lender-income',
    summary: 'Lender: loan payments by month',
    tags: ['income'],
    access: 'session',
    cache: true,
    query: incomeRangeQuerySchema,
    response: lenderIncomeResponseSchema,
    errors: [404],
  }),
  investorActives: defineRoute({
    method: 'GET',
    path: '/investor-income/actives',
    summary: "Investor: the month's income by unit",
    tags: ['income'],
    access: 'session',
    cache: true,
    query: incomeActivesQuerySchema,
    response: incomeActivesResponseSchema,
    errors: [404],
  }),
  investorFirstScreen: defineRoute({
    method: 'GET',
    path: '/investor-income/first-screen',
    summary: "Investor: the income page's statistics, months and the last month's units, in one call",
    tags: ['income'],
    access: 'session',
    cache: true,
    query: incomeRangeQuerySchema,
    response: investorIncomeFirstScreenSchema,
    errors: [404],
  }),
  lenderFirstScreen: defineRoute({
    method: 'GET',
    path: '/lender-income/first-screen',
    summary: "Lender: the income page's statistics, payments and the last month's loans, in one call",
    tags: ['income'],
    access: 'session',
    cache: true,
    query: incomeRangeQuerySchema,
    response: lenderIncomeFirstScreenSchema,
    errors: [404],
  }),
  lenderActives: defineRoute({
    method: 'GET',
    path: '/lender-income/actives',
    summary: "Lender: the month's payments by loan",
    tags: ['income'],
    access: 'session',
    cache: true,
    query: incomeActivesQuerySchema,
    response: incomeActivesResponseSchema,
    errors: [404],
  }),
  capitalizationGraphic: defineRoute({
    method: 'GET',
    path: '/investor-income/unit-capitalization-graphic',
    summary: 'Capitalization history of an owned unit',
    tags: ['income'],
    access: 'session',
    query: unitCapitalizationQuerySchema,
    response: capitalizationGraphicSchema,
    errors: [404],
  }),
  investorXlsx: defineRoute({
    method: 'GET',
    path: '/investor-income/xls',
    summary: 'Investor: incomes as an .xlsx file',
    tags: ['income'],
    access: 'session',
    query: locationQuerySchema,
    response: 'file',
    produces: [XLSX],
    errors: [404],
  }),
  lenderXlsx: defineRoute({
    method: 'GET',
    path: '/lender-income/xls',
    summary: 'Lender: payments as an .xlsx file',
    tags: ['income'],
    access: 'session',
    query: locationQuerySchema,
    response: 'file',
    produces: [XLSX],
    errors: [404],
  }),
  conversionRequest: defineRoute({
    method: 'POST',
    path: '/lender-income/send-conversion-request',
    summary: 'Lender asks to convert a loan into a project share',
    tags: ['requests'],
    access: 'session',
    response: requestCreatedResponseSchema,
    errors: [404, 429],
  }),
  bannerSubmit: defineRoute({
    method: 'POST',
    path: '/banner/submit',
    summary: 'The individual-entrepreneur request of the dashboard banner',
    tags: ['requests'],
    access: 'session',
    body: bannerSubmitRequestSchema,
    response: requestCreatedResponseSchema,
    errors: [404, 429],
  }),
};

/** The dashboard's four calls (investors). */
/**
 * GET dashboard/first-screen: the four answers of the dashboard for the location the client picks (the given one
 * while it is one of the investor's real locations, else the first of them), so the dashboard asks for them at once
 * instead of after `users/locations`: the shell's script asks before any of the client's code has arrived. Without
 * a range, the chart's is the default one (periods.occupancyChartRange on the portal's clock), named in the answer.
 * Each part is the answer of its own call (which stay as they are); all four are null when the user has no such
 * location.
 */
export const dashboardFirstScreenQuerySchema = z
  .object({
    startDate: z.iso.date({ error: 'validation.invalid' }).optional(),
    endDate: z.iso.date({ error: 'validation.invalid' }).optional(),
    location: locationId.optional(),
  })
  .refine((q) => (q.startDate === undefined) === (q.endDate === undefined), {
    error: 'validation.invalid',
    path: ['endDate'],
  });
export const dashboardFirstScreenSchema = z.object({
  location: z.number().nullable(),
  startDate: z.string().describe("The occupancy chart's first day"),
  endDate: z.string().describe("The occupancy chart's last day"),
  locationInfo: locationInfoSchema.nullable(),
  statistics: dashboardStatisticsSchema.nullable(),
  actualData: dashboardActualDataSchema.nullable(),
  graph: dashboardGraphResponseSchema.nullable(),
});
export type DashboardFirstScreen = z.infer<typeof dashboardFirstScreenSchema>;

export const dashboardApi = {
  graph: defineRoute({
    method: 'GET',
    path: '/dashboard/graph',
    summary: "Occupancy of the investor's units by month, %",
    tags: ['dashboard'],
    access: 'session',
    cache: true,
    query: dashboardGraphQuerySchema,
    response: dashboardGraphResponseSchema,
    errors: [404],
  }),
  statistics: defineRoute({
    method: 'GET',
    path: '/dashboard/statistics',
    summary: 'Invested, earned, ROI per year and average monthly income',
    tags: ['dashboard'],
    access: 'session',
    cache: true,
    query: locationQuerySchema,
    response: dashboardStatisticsSchema,
    errors: [404],
  }),
  actualData: defineRoute({
    method: 'GET',
    path: '/dashboard/actual-data',
    summary: "The month list and the chosen month's income and occupancy against the month before",
    tags: ['dashboard'],
    access: 'session',
    cache: true,
    query: dashboardActualDataQuerySchema,
    response: dashboardActualDataSchema,
    errors: [404],
  }),
  firstScreen: defineRoute({
    method: 'GET',
    path: '/dashboard/first-screen',
    summary: "The dashboard's four answers for the location the client picks, in one call",
    tags: ['dashboard'],
    access: 'session',
    cache: true,
    query: dashboardFirstScreenQuerySchema,
    response: dashboardFirstScreenSchema,
  }),
  locationInfo: defineRoute({
    method: 'GET',
    path: '/dashboard/location-info',
    summary: "The location's units by type and area and its infrastructure",
    tags: ['dashboard'],
    access: 'session',
    cache: true,
    query: locationQuerySchema,
    response: locationInfoSchema,
    errors: [404],
  }),
};

/** The income-outcome pages of the rooms (main) and the outbuildings (periphery), investors only. */
export const outcomeApi = {
  main: defineRoute({
    method: 'GET',
    path: '/adesk',
    summary: "Investor: the month's income and expenses of the location's rooms",
    tags: ['outcome'],
    access: 'session',
    query: outcomeQuerySchema,
    response: outcomeDataSchema,
    errors: [404],
  }),
  periphery: defineRoute({
    method: 'GET',
    path: '/adesk-periphery',
    summary: "Investor: the month's income and expenses of the location's outbuildings",
    tags: ['outcome'],
    access: 'session',
    query: outcomeQuerySchema,
    response: outcomeDataSchema,
    errors: [404],
  }),
  xlsx: defineRoute({
    method: 'GET',
    path: '/outcome/xls',
    summary: "Investor: the month's rows as an .xlsx file",
    tags: ['outcome'],
    access: 'session',
    query: outcomeXlsQuerySchema,
    response: 'file',
    produces: [XLSX],
    errors: [404],
  }),
};
