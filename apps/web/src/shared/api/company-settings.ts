import type { CompanySettings } from '@portal/contract/company-settings';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';
import { queryKeyOf } from './query-key';

/** The company's own settings (name, sites, support, report title): public, read by the footer before sign-in. */
export const companySettingsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /company-settings'),
    queryFn: () => call('GET /company-settings'),
    staleTime: 5 * 60_000,
  });

/** A text in the reader's language: an empty English one takes the Russian. */
export const localized = (ru: string, en: string, language: string) => (language === 'en' && en ? en : ru);

export type { CompanySettings };
