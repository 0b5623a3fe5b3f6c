import { Badge, NavLink, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../shared/session/session';
import { sideMenu } from './menu-rules';

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { currentRole, currentLocation, profile } = useSession();
  const { pathname } = useLocation();
  const items = sideMenu({ role: currentRole, location: currentLocation, profileId: profile.id });
  return (
    <nav aria-label={t('layout.menu')} className="side-menu">
      {items.map((item) => {
        const current =
          pathname === item.path || (item.path !== '/dashboard/' && pathname.startsWith(item.path));
        // The page the user is on is marked as current even where the menu offers it as inactive or «soon» (a
        // lender on the cameras' «soon» page): greyed out, the current page would look unavailable.
        if (item.state === 'active' || current) {
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={item.path}
              label={t(item.labelKey)}
              active={current}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
              data-menu={item.key}
              rightSection={
                item.state === 'soon' ? (
                  <Badge size="xs" variant="light">
                    {t('common.soon')}
                  </Badge>
                ) : null
              }
            />
          );
        }
        return (
          <Tooltip
            key={item.key}
            label={t(item.tooltipKey ?? 'menu.soon')}
            multiline
            w={240}
            withArrow
            position="right"
            events={{ hover: true, focus: true, touch: true }}
          >
            <NavLink
              component="div"
              tabIndex={0}
              label={t(item.labelKey)}
              aria-disabled
              className="side-menu-inactive"
              data-menu={item.key}
              data-state={item.state}
              rightSection={
                item.state === 'soon' ? (
                  <Badge size="xs" variant="light">
                    {t('common.soon')}
                  </Badge>
                ) : null
              }
            />
          </Tooltip>
        );
      })}
    </nav>
  );
}
