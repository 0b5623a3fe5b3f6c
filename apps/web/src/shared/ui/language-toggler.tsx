import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';

/** RU | EN: the signed-in header and burger, the sign-in screens and the console. */
export function LanguageToggler({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const [locale, setLocale] = useLanguage();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('layout.language')}
      value={locale}
      onChange={(value) => setLocale(value === 'en' ? 'en' : 'ru')}
      data={[
        { value: 'ru', label: 'RU' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}
