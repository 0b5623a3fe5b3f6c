import {
  Alert,
  Button,
  Checkbox,
  Code,
  FileInput,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IMPORT_KIND_NAMES, type ImportKindCode, type ImportReport } from '@portal/contract/backoffice';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeyOf } from '../../../shared/api/query-key';
import { ErrorState } from '../../../shared/ui/page-state';
import { ScrollCue } from '../../../shared/ui/scroll-cue';
import { ConsolePage } from '../list-page';
import { AUDIT_CALL } from '../queries';
import { AllowedValues, ImportFiles } from './import-files';
import { uploadImport } from './queries';

type Stage = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'processing' };

/** /backoffice/import/: a CSV or JSON file of one kind, checked row by row and applied whole or without its bad rows. */
export function ImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ImportKindCode>('bookings');
  const [file, setFile] = useState<File | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    if (!file) return;
    setReport(null);
    setError(null);
    setStage({ kind: 'uploading', percent: 0 });
    try {
      const result = await uploadImport(kind, file, skipInvalid, (percent) =>
        setStage(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent }),
      );
      setReport(result);
      // An applied file changed the portal's data: the audit trail tells it.
      if (result.applied) void queryClient.invalidateQueries({ queryKey: queryKeyOf(AUDIT_CALL) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('common.actionFailed'));
    } finally {
      setStage({ kind: 'idle' });
    }
  };
  const busy = stage.kind !== 'idle';

  return (
    <ConsolePage maw={960} title={t('backoffice.import.title')} hint={t('backoffice.import.hint')}>
      <Paper withBorder radius="md" p="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('backoffice.import.kind')}
              value={kind}
              onChange={(value) => value && setKind(value as ImportKindCode)}
              data={IMPORT_KIND_NAMES.map((value) => ({
                value,
                label: t(`backoffice.import.kinds.${value}`),
              }))}
              allowDeselect={false}
              disabled={busy}
              data-testid="import-kind"
            />
            <FileInput
              label={t('backoffice.import.file')}
              placeholder={t('backoffice.import.filePlaceholder')}
              accept=".csv,.json,text/csv,application/json"
              value={file}
              onChange={setFile}
              clearable
              disabled={busy}
            />
          </SimpleGrid>
          <ImportFiles kind={kind} disabled={busy} />
          <Checkbox
            label={t('backoffice.import.skipInvalid')}
            checked={skipInvalid}
            onChange={(event) => setSkipInvalid(event.currentTarget.checked)}
            disabled={busy}
          />
          <Button onClick={() => void start()} disabled={!file} loading={busy} w="fit-content">
            {t('backoffice.import.upload')}
          </Button>
          {stage.kind === 'uploading' && (
            <Stack gap={4}>
              <Progress value={stage.percent} animated aria-label={t('backoffice.import.uploading', stage)} />
              <Text size="sm">{t('backoffice.import.uploading', { percent: stage.percent })}</Text>
            </Stack>
          )}
          {stage.kind === 'processing' && (
            <Stack gap={4}>
              <Progress value={100} animated striped />
              <Text size="sm">{t('backoffice.import.processing')}</Text>
            </Stack>
          )}
        </Stack>
      </Paper>
      {error && <ErrorState text={error} />}
      {report && <ImportResult report={report} />}
      <AllowedValues kind={kind} />
    </ConsolePage>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const figures = [
    ['total', report.total],
    ['inserted', report.inserted],
    ['updated', report.updated],
    ['unchanged', report.unchanged],
    ['rejected', report.rejected],
  ] as const;
  return (
    <Stack data-testid="import-report">
      <Alert
        color={report.applied ? 'green' : 'red'}
        title={t(report.applied ? 'backoffice.import.done' : 'backoffice.import.notApplied')}
      >
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {figures.map(([key, value]) => (
            <div key={key}>
              <Text size="xs" c="dimmed">
                {t(`backoffice.import.${key}`)}
              </Text>
              <Text fw={700} data-testid={`import-${key}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Alert>
      {report.problems.length > 0 && (
        <ScrollCue minWidth={480} label={t('backoffice.import.title')}>
          <Table striped miw={480} data-testid="import-problems">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backoffice.import.row')}</Table.Th>
                <Table.Th>{t('backoffice.import.field')}</Table.Th>
                <Table.Th>{t('backoffice.import.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.problems.map((problem) => (
                <Table.Tr key={`${problem.row}:${problem.field}`}>
                  <Table.Td>{problem.row}</Table.Td>
                  <Table.Td>
                    <Code>{problem.field}</Code>
                  </Table.Td>
                  <Table.Td>{problem.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollCue>
      )}
    </Stack>
  );
}
