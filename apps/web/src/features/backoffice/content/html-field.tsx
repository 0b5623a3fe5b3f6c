import { Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../shared/ui/safe-html';

/** HTML typed by hand, beside a live preview sanitized as the owner's page will show it. */
export function HtmlField({
  label,
  value,
  onChange,
  error,
  required,
  maxLength,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  maxLength: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Textarea
        label={label}
        description={t('backofficeContent.htmlHint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        required={required}
        maxLength={maxLength}
        autosize
        minRows={5}
        maxRows={16}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        data-testid={testId}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('backofficeContent.preview')}
        </Text>
        <Paper withBorder radius="sm" p="sm" mih={120} bg="gray.0">
          {value.trim() ? (
            <SafeHtml className="rich-text" html={value} data-testid={`${testId}-preview`} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('backofficeContent.previewEmpty')}
            </Text>
          )}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
