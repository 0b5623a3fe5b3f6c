import {
  Button,
  Checkbox,
  Group,
  Image,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type StaffNewsEntry, staffNewsBodySchema } from '@portal/contract/backoffice-content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { DeleteDialog } from '../confirm-dialog';
import { EnglishHeading, FormModal, RussianHeading, useConsoleForm } from '../form-modal';
import { ItemCard, ListPage } from '../list-page';
import { PublishActions, PublishedBadge } from '../publishing';
import { HtmlField } from './html-field';
import { entryBody, type NewsValues, OWN_URL, PORTAL_PICTURES, toBody, toValues } from './news-form-model';
import { useNewsMutations, useStaffNews } from './queries';

type Filter = 'all' | 'published' | 'drafts';

/** /backoffice/news/: every news item, drafts too, with writing, publishing and deleting. */
export function ContentNewsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const news = useStaffNews();
  const { save, remove } = useNewsMutations();
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<StaffNewsEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffNewsEntry | null>(null);
  const shown = (items: StaffNewsEntry[]) =>
    items.filter((item) => filter === 'all' || item.isPublished === (filter === 'published'));

  return (
    <>
      <ListPage
        title={t('backofficeContent.news.title')}
        actions={<Button onClick={() => setEditing('new')}>{t('backofficeContent.news.create')}</Button>}
        toolbar={
          <SegmentedControl
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={(['all', 'published', 'drafts'] as const).map((value) => ({
              value,
              label: t(`backofficeContent.news.filter.${value}`),
            }))}
            style={{ alignSelf: 'flex-start' }}
          />
        }
        // A failed publish toggle of the list; the form shows its own errors.
        notice={!editing && <ApiErrorAlert error={save.error} />}
        query={news}
        empty={(data) =>
          shown(data.items).length === 0 ? { title: t(`backofficeContent.news.empty.${filter}`) } : null
        }
      >
        {(data) => (
          <Stack gap="sm" data-testid="staff-news-list">
            {shown(data.items).map((item) => (
              <ItemCard
                key={item.id}
                testId="staff-news-item"
                actions={
                  <PublishActions
                    published={item.isPublished}
                    toggling={save.isPending && save.variables?.id === item.id}
                    onEdit={() => setEditing(item)}
                    onTogglePublished={() =>
                      save.mutate({ id: item.id, body: entryBody(item, !item.isPublished) })
                    }
                    onDelete={() => setDeleting(item)}
                  />
                }
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {item.imageUrl && (
                    <Image
                      src={item.imageUrl}
                      alt=""
                      w={96}
                      h={54}
                      radius="sm"
                      fit="cover"
                      visibleFrom="xs"
                    />
                  )}
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {locale === 'en' ? item.titleEn : item.title}
                    </Text>
                    <Group gap={6}>
                      <PublishedBadge published={item.isPublished} />
                      <Text size="xs" c="dimmed">
                        {formatDate(item.publishedAt, locale)} · {locale === 'en' ? item.tagEn : item.tag} ·{' '}
                        {[
                          item.forInvestors && t('backofficeContent.news.forInvestors'),
                          item.forLenders && t('backofficeContent.news.forLenders'),
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      </Text>
                    </Group>
                  </Stack>
                </Group>
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
      {editing && (
        <NewsForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          onClose={() => {
            save.reset();
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          id={deleting.id}
          name={deleting.title}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

const SHOWN_FIELDS = ['tag', 'tagEn', 'title', 'titleEn', 'content', 'contentEn', 'forInvestors', 'imageUrl'];

function NewsForm({ original, onClose }: { original: StaffNewsEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { save } = useNewsMutations();
  const { values, set, errors, check } = useConsoleForm(() => toValues(original), save, staffNewsBodySchema);
  const preview = values.picture === OWN_URL ? values.imageUrl.trim() : values.picture;

  return (
    <FormModal
      size="xl"
      testId="news-form"
      title={
        original
          ? t('backofficeContent.news.editTitle', { id: original.id })
          : t('backofficeContent.news.createTitle')
      }
      saving={save}
      shownFields={SHOWN_FIELDS}
      onClose={onClose}
      onSubmit={() => {
        const body = toBody(values, original);
        if (check(body)) save.mutate({ id: original?.id, body }, { onSuccess: onClose });
      }}
    >
      <Checkbox.Group
        label={t('backofficeContent.news.audience')}
        value={values.audience}
        onChange={(value) => set('audience', value as NewsValues['audience'])}
        error={errors.forInvestors}
        withAsterisk
      >
        <Group mt={6}>
          <Checkbox value="investors" label={t('backofficeContent.news.forInvestors')} />
          <Checkbox value="lenders" label={t('backofficeContent.news.forLenders')} />
        </Group>
      </Checkbox.Group>

      <RussianHeading />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('backofficeContent.news.tag')}
          value={values.tag}
          onChange={(event) => set('tag', event.currentTarget.value)}
          error={errors.tag}
          required
          maxLength={60}
        />
        <TextInput
          label={t('backofficeContent.news.headline')}
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={errors.title}
          required
          maxLength={300}
        />
      </SimpleGrid>
      <HtmlField
        label={t('backofficeContent.news.content')}
        value={values.content}
        onChange={(value) => set('content', value)}
        error={errors.content}
        required
        maxLength={50_000}
        testId="news-content"
      />

      <EnglishHeading />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('backofficeContent.news.tagEn')}
          value={values.tagEn}
          onChange={(event) => set('tagEn', event.currentTarget.value)}
          error={errors.tagEn}
          maxLength={60}
        />
        <TextInput
          label={t('backofficeContent.news.headlineEn')}
          value={values.titleEn}
          onChange={(event) => set('titleEn', event.currentTarget.value)}
          error={errors.titleEn}
          maxLength={300}
        />
      </SimpleGrid>
      <HtmlField
        label={t('backofficeContent.news.contentEn')}
        value={values.contentEn}
        onChange={(value) => set('contentEn', value)}
        error={errors.contentEn}
        maxLength={50_000}
        testId="news-content-en"
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Stack gap="sm">
          <NativeSelect
            label={t('backofficeContent.news.image')}
            value={values.picture}
            onChange={(event) => set('picture', event.currentTarget.value)}
            data={[
              { value: '', label: t('backofficeContent.news.imageNone') },
              ...PORTAL_PICTURES.map((url, index) => ({
                value: url,
                label: t('backofficeContent.news.imagePortal', { n: index + 1 }),
              })),
              { value: OWN_URL, label: t('backofficeContent.news.imageOwn') },
            ]}
            error={values.picture === OWN_URL ? undefined : errors.imageUrl}
            data-testid="news-image"
          />
          {values.picture === OWN_URL && (
            <TextInput
              label={t('backofficeContent.news.imageUrl')}
              description={t('backofficeContent.news.imageUrlHint')}
              placeholder="https://"
              value={values.imageUrl}
              onChange={(event) => set('imageUrl', event.currentTarget.value)}
              error={errors.imageUrl}
              maxLength={500}
            />
          )}
        </Stack>
        {preview && /^(\/api\/v1\/media\/|https:\/\/)/.test(preview) && (
          <Image src={preview} alt="" h={140} radius="sm" fit="cover" />
        )}
      </SimpleGrid>

      <Checkbox
        label={t('backofficeContent.news.publishNow')}
        checked={values.isPublished}
        onChange={(event) => set('isPublished', event.currentTarget.checked)}
      />
    </FormModal>
  );
}
