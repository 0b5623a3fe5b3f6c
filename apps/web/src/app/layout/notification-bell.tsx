import { Indicator, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationQueries } from '../../shared/api/notifications';

/** The header's bell: the unread count of the activity list, a link to it. Its name says the count in words. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useQuery(notificationQueries.unread()).data?.unread ?? 0;
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={18}
      offset={4}
      color="red"
      aria-hidden={unread === 0 ? undefined : false}
    >
      <UnstyledButton
        component={Link}
        to="/notifications/"
        className="notification-bell"
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        data-testid="notification-bell"
        data-unread={unread}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M6 9a6 6 0 1 1 12 0c0 6 2.5 7.5 2.5 7.5h-17S6 15 6 9Zm4 10.5a2 2 0 0 0 4 0"
          />
        </svg>
      </UnstyledButton>
    </Indicator>
  );
}
