import { Badge, Button, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportKindCode } from '@portal/contract/backoffice';
import type { ImportColumn } from '@portal/contract/backoffice-import';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, downloadFile } from '../../../shared/api/client';
import { queryKeyOf } from '../../../shared/api/query-key';
import { ErrorState } from '../../../shared/ui/page-state';
import { ScrollCue } from '../../../shared/ui/scroll-cue';

/** A kind's template, and its stored rows in the same columns (to fix in a spreadsheet and load again). */
export function ImportFiles({ kind, disabled }: { kind: ImportKindCode; disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'template' | 'export' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fetchFile = async (which: 'template' | 'export') => {
    setBusy(which);
    setError(null);
    try {
      await (which === 'template'
        ? downloadFile('GET /backoffice/import/:kind/template', { params: { kind } })
        : downloadFile('GET /backoffice/import/:kind/export', { params: { kind } }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('common.actionFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          variant="light"
          onClick={() => void fetchFile('template')}
          loading={busy === 'template'}
          disabled={disabled || busy !== null}
        >
          {t('backoffice.import.template')}
        </Button>
        <Button
          variant="light"
          onClick={() => void fetchFile('export')}
          loading={busy === 'export'}
          disabled={disabled || busy !== null}
        >
          {t('backoffice.import.export')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('backoffice.import.filesHint')}
      </Text>
      {error && <ErrorState text={error} />}
    </Stack>
  );
}

/** The page of a kind's allowed values, as the server describes them in the user's language. */
export function AllowedValues({ kind }: { kind: ImportKindCode }) {
  const { t, i18n } = useTranslation();
  const columns = useQuery({
    queryKey: queryKeyOf('GET /backoffice/import/:kind/columns', kind, i18n.language),
    queryFn: () => call('GET /backoffice/import/:kind/columns', { params: { kind } }),
    staleTime: 5 * 60_000,
  });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('backoffice.import.allowedValues')}
      </Title>
      {columns.isError ? (
        <ErrorState text={columns.error.message} onRetry={() => void columns.refetch()} />
      ) : (
        columns.data && <ColumnsTable columns={columns.data.columns} />
      )}
    </Stack>
  );
}

function ColumnsTable({ columns }: { columns: ImportColumn[] }) {
  const { t } = useTranslation();
  return (
    <ScrollCue minWidth={760} label={t('backoffice.import.allowedValues')}>
      <Table striped miw={760} data-testid="import-columns" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backoffice.import.column')}</Table.Th>
            <Table.Th>{t('backoffice.import.type')}</Table.Th>
            <Table.Th>{t('backoffice.import.example')}</Table.Th>
            <Table.Th>{t('backoffice.import.values')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => (
            <Table.Tr key={column.name}>
              <Table.Td>
                <Code>{column.name}</Code>
                <Text size="sm">{column.label}</Text>
                <Badge size="xs" variant="light" color={column.required ? 'red' : 'gray'}>
                  {t(column.required ? 'backoffice.import.required' : 'backoffice.import.optional')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{column.type}</Text>
                {column.format && (
                  <Text size="xs" c="dimmed">
                    {column.format}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{column.example && <Code>{column.example}</Code>}</Table.Td>
              <Table.Td>
                {column.values.length > 0 && (
                  <List size="sm" spacing={2}>
                    {column.values.map((value) => (
                      <List.Item key={value.value}>
                        <Code>{value.value}</Code>
                        {value.name !== value.value && ` — ${value.name}`}
                        {value.alsoAccepted.length > 0 && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({t('backoffice.import.alsoAccepted')}: {value.alsoAccepted.join(', ')})
                          </Text>
                        )}
                      </List.Item>
                    ))}
                  </List>
                )}
                {column.idsFrom && (
                  <Text size="sm">{t('backoffice.import.idsFrom', { list: column.idsFrom })}</Text>
                )}
                {column.note && (
                  <Text size="xs" c="dimmed">
                    {column.note}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollCue>
  );
}
