import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SessionInfo } from '@portal/contract/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { formatDayMonthTime } from '../../shared/format';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { profileQueries } from './queries';

/** A short name of the device from its user agent: browser and system, else the agent itself. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    /(Edg|OPR|YaBrowser|Firefox|Chrome|Chromium|Safari)\/[\d.]+/
      .exec(userAgent)?.[1]
      ?.replace('Edg', 'Edge') ?? null;
  const system =
    /(Windows|Android|iPhone|iPad|Mac OS X|Linux)/.exec(userAgent)?.[1]?.replace('Mac OS X', 'macOS') ?? null;
  if (browser || system) return [browser, system].filter(Boolean).join(', ');
  return userAgent.slice(0, 60);
}

/** The sessions that still work: device, IP, started and last seen; end one, or all the others. */
export function SessionsBlock() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const queryClient = useQueryClient();
  const sessions = useQuery(profileQueries.sessions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: profileQueries.sessions().queryKey });
  const end = useMutation({
    mutationFn: (id: string) => call('DELETE /users/sessions/:id', { params: { id } }),
    onSuccess: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => call('POST /users/sessions/end-others'),
    onSuccess: refresh,
  });
  const row = (session: SessionInfo) => (
    <Group
      key={session.id}
      justify="space-between"
      wrap="wrap"
      gap="xs"
      className="session-row"
      data-testid="session-row"
      data-current={session.current}
    >
      <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={500} size="sm">
            {deviceName(session.userAgent) ?? t('profile.sessionUnknownDevice')}
          </Text>
          {session.current && (
            <Badge size="sm" variant="light">
              {t('profile.sessionCurrent')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {[
            session.ip,
            t('profile.sessionStarted', { date: formatDayMonthTime(session.createdAt, locale) }),
            t('profile.sessionLastSeen', { date: formatDayMonthTime(session.lastSeenAt, locale) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      {!session.current && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => end.mutate(session.id)}
          loading={end.isPending && end.variables === session.id}
          data-testid="session-end"
        >
          {t('profile.sessionEnd')}
        </Button>
      )}
    </Group>
  );
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="sessions">
      <Title order={2} size="h4" mb={4}>
        {t('profile.sessions')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.sessionsText')}
      </Text>
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorState onRetry={() => void sessions.refetch()} />
      ) : (
        <Stack gap="sm">
          {list.map(row)}
          {others.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('profile.sessionsEmpty')}
            </Text>
          ) : (
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => endOthers.mutate()}
                loading={endOthers.isPending}
                data-testid="sessions-end-others"
              >
                {t('profile.sessionEndOthers')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
