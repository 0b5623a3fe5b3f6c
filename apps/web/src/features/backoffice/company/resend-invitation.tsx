import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/client';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { useRefresh } from '../queries';

/**
 * «Send the invitation again» for an account not yet activated (owner card, staff list): a new link is mailed and
 * the earlier one stops working. A refusal (too many mails, already active) shows beside it.
 */
export function ResendInvitation({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const resend = useMutation({
    mutationFn: () => call('POST /backoffice/users/:id/invitation', { params: { id: userId } }),
    onSuccess: refresh,
  });
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
        {t('backofficeCompany.resendInvitation')}
      </Button>
      {resend.isSuccess && (
        <Text size="sm" c="green" role="status">
          {t('backofficeCompany.invitationSent')}
        </Text>
      )}
      <ApiErrorAlert error={resend.error} />
    </Stack>
  );
}
