import { Group, Text } from '@mantine/core';
import { TIMELINE_STATUS, type TimelineStatusId } from '@portal/contract/timeline';
import { useTranslation } from 'react-i18next';

const STATUS_KEYS = ['notStarted', 'awaiting', 'inProgress', 'done', 'purchase'] as const;
export const statusKey = (status: TimelineStatusId) => STATUS_KEYS[status];

const GREY = '#adb5bd';
const BLUE = '#1c7ed6';
const GREEN = '#2f9e44';

/**
 * The stage status marks of the spec (States and transitions): 0 not started (an empty grey ring, the text goes grey),
 * 1 awaiting
 * commencement (grey clock), 2 in progress (blue), 3 done (green check), 4 the purchase (filled green check).
 */
export function StatusIcon({ status, size = 22 }: { status: TimelineStatusId; size?: number }) {
  const { t } = useTranslation();
  const label = t(`timeline.status.${statusKey(status)}`);
  const common = { width: size, height: size, viewBox: '0 0 24 24', role: 'img', 'aria-label': label };
  switch (status) {
    case TIMELINE_STATUS.awaiting:
      return (
        <svg {...common} data-status={status}>
          <title>{label}</title>
          <circle cx="12" cy="12" r="9" fill="#fff" stroke={GREY} strokeWidth="2" />
          <path d="M12 7v5l3 2" stroke={GREY} strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      );
    case TIMELINE_STATUS.inProgress:
      return (
        <svg {...common} data-status={status}>
          <title>{label}</title>
          <circle cx="12" cy="12" r="9" fill="#fff" stroke={BLUE} strokeWidth="2" />
          <path d="M12 3a9 9 0 0 1 0 18z" fill={BLUE} />
        </svg>
      );
    case TIMELINE_STATUS.done:
    case TIMELINE_STATUS.purchase:
      return (
        <svg {...common} data-status={status}>
          <title>{label}</title>
          <circle
            cx="12"
            cy="12"
            r="9"
            fill={status === TIMELINE_STATUS.purchase ? GREEN : '#fff'}
            stroke={GREEN}
            strokeWidth="2"
          />
          <path
            d="M7.5 12.5l3 3 6-6.5"
            stroke={status === TIMELINE_STATUS.purchase ? '#fff' : GREEN}
            strokeWidth="2.2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      );
    default:
      return (
        <svg {...common} data-status={status}>
          <title>{label}</title>
          <circle cx="12" cy="12" r="8" fill="#fff" stroke={GREY} strokeWidth="2" strokeDasharray="3 3" />
        </svg>
      );
  }
}

/** The milestone star. */
export function Star() {
  const { t } = useTranslation();
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" role="img" aria-label={t('timeline.milestone')} data-star>
      <title>{t('timeline.milestone')}</title>
      <path d="M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z" fill="#f59f00" />
    </svg>
  );
}

/** The legend: done, in progress, awaiting commencement (spec: States and transitions). */
export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" data-testid="timeline-legend">
      {([TIMELINE_STATUS.done, TIMELINE_STATUS.inProgress, TIMELINE_STATUS.awaiting] as const).map(
        (status) => (
          <Group key={status} gap={6} wrap="nowrap">
            <StatusIcon status={status} size={18} />
            <Text size="sm">{t(`timeline.legend.${statusKey(status)}`)}</Text>
          </Group>
        ),
      )}
    </Group>
  );
}
