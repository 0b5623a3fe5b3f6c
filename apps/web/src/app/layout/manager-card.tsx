import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPhone } from '@portal/contract/field-rules';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session';

export function ManagerCard() {
  const { t, i18n } = useTranslation();
  const { managerData } = useSession().profile;
  const phoneDigits = managerData.phone.replace(/[^\d+]/g, '');
  return (
    <Paper withBorder radius="md" p="md" className="manager-card">
      <Title order={2} size="h5" mb={4}>
        {t('layout.manager')}
      </Title>
      <Stack gap={2}>
        <Text fw={600}>
          {i18n.language === 'en' ? managerData.nameEn || managerData.name : managerData.name}
        </Text>
        {/* Links at least 24 px tall: targets a finger can hit (WCAG 2.5.8). */}
        <Anchor href={`tel:${phoneDigits}`} size="sm" className="touch-link">
          {phoneDigits.startsWith('+7') && phoneDigits.length === 12
            ? formatPhone(phoneDigits)
            : managerData.phone}
        </Anchor>
        <Anchor href={`mailto:${managerData.email}`} size="sm" className="touch-link">
          {managerData.email}
        </Anchor>
        <Text c="dimmed" size="xs" mt={4}>
          {t('layout.managerHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
