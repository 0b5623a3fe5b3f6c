import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether owners see a news item, an FAQ entry or a lot. */
export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={published ? 'green' : 'gray'} variant="light">
      {t(published ? 'backofficeContent.published' : 'backofficeContent.draft')}
    </Badge>
  );
}

/** The list row's actions of an FAQ entry, a news item or a lot: edit, publish or withdraw, delete. */
export function PublishActions({
  published,
  toggling,
  onEdit,
  onTogglePublished,
  onDelete,
}: {
  published: boolean;
  toggling: boolean;
  onEdit: () => void;
  onTogglePublished: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="xs" variant="default" onClick={onEdit}>
        {t('common.edit')}
      </Button>
      <Button size="xs" variant="light" loading={toggling} onClick={onTogglePublished}>
        {t(published ? 'backofficeContent.unpublish' : 'backofficeContent.publish')}
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
        {t('backofficeContent.delete')}
      </Button>
    </>
  );
}
