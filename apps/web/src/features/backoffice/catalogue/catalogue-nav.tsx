import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const PAGES = [
  { path: '/backoffice/locations/', key: 'locations' },
  { path: '/backoffice/locations/lists/', key: 'lists' },
  { path: '/backoffice/locations/sources/', key: 'sources' },
  { path: '/backoffice/locations/categories/', key: 'categories' },
] as const;

/** The catalogue's own sections under the console's Catalogue tab: locations (with units), lists, sources, categories. */
export function CatalogueNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active =
    PAGES.find((page) => page.path !== PAGES[0].path && pathname.startsWith(page.path))?.path ??
    PAGES[0].path;
  // On a phone the sections scroll sideways rather than squeeze.
  return (
    <div style={{ overflowX: 'auto', maxWidth: '100%', flex: 'none' }}>
      <SegmentedControl
        value={active}
        onChange={(value) => navigate(value)}
        data={PAGES.map((page) => ({ value: page.path, label: t(`backofficeCatalogue.nav.${page.key}`) }))}
        data-testid="catalogue-nav"
      />
    </div>
  );
}
