import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  REPORT_MEDIA_TYPES,
  STAFF_REPORTS_PAGE_SIZE,
  type StaffReport,
  type StaffReportMedia,
  staffReportBodySchema,
} from '@portal/contract/backoffice-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../shared/clock';
import { formatDate } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { DeleteDialog } from '../confirm-dialog';
import { EnglishHeading, FormModal, RussianHeading, useConsoleForm } from '../form-modal';
import { ItemCard, ListPage } from '../list-page';
import { useCatalogue } from '../queries';
import { UploadButton } from '../upload-button';
import { HtmlField } from './html-field';
import { useReportMutations, useStaffReports } from './reports-queries';

/** /backoffice/reports/: a location's photo and video reports, with writing, uploading and deleting. */
export function ContentReportsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const catalogue = useCatalogue();
  const [chosen, setChosen] = useState<number | null>(null);
  const locationId = chosen ?? catalogue.data?.locations[0]?.id ?? null;
  const [page, setPage] = useState(1);
  const reports = useStaffReports(locationId, page);
  const { remove } = useReportMutations();
  const [editing, setEditing] = useState<StaffReport | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffReport | null>(null);

  return (
    <>
      <ListPage
        title={t('backofficeContent.reports.title')}
        actions={
          <Button onClick={() => setEditing('new')} disabled={locationId === null}>
            {t('backofficeContent.reports.create')}
          </Button>
        }
        toolbar={
          <NativeSelect
            label={t('backofficeContent.reports.location')}
            value={locationId === null ? '' : String(locationId)}
            onChange={(event) => {
              setChosen(Number(event.currentTarget.value));
              setPage(1);
            }}
            data={(catalogue.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            maw={420}
            data-testid="reports-location"
          />
        }
        query={reports}
        also={[catalogue]}
        empty={(data) => (data.items.length === 0 ? { title: t('backofficeContent.reports.empty') } : null)}
        pager={{ page, pageSize: STAFF_REPORTS_PAGE_SIZE, onChange: setPage }}
      >
        {(data) => (
          <Stack gap="sm" data-testid="staff-reports-list">
            {data.items.map((item) => (
              <ItemCard
                key={item.id}
                testId="staff-report-item"
                actions={
                  <>
                    <Button size="xs" variant="default" onClick={() => setEditing(item)}>
                      {t('common.edit')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(item)}>
                      {t('backofficeContent.delete')}
                    </Button>
                  </>
                }
              >
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {locale === 'en' ? item.titleEn : item.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(item.reportDate, locale)} ·{' '}
                  {(locale === 'en' && item.unitNameEn) ||
                    item.unitName ||
                    t('backofficeContent.reports.wholeLocation')}{' '}
                  · {t('backofficeContent.reports.mediaCount', { count: item.media.length })}
                </Text>
                {item.media.length > 0 && (
                  <Group gap={6} wrap="nowrap" style={{ overflow: 'hidden' }}>
                    {item.media.slice(0, 4).map((media) => (
                      <Thumb key={media.id} media={media} width={72} height={48} />
                    ))}
                  </Group>
                )}
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
      {editing && locationId !== null && (
        <ReportForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          defaultLocationId={locationId}
          onClose={() => setEditing(null)}
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

/** A photo, or a video's first frame: video elements load without the bearer header from the unguessable URL. */
function Thumb({
  media,
  width,
  height,
}: {
  media: StaffReportMedia;
  width: number | string;
  height: number;
}) {
  const { t } = useTranslation();
  const style = {
    width,
    height,
    objectFit: 'cover',
    borderRadius: 4,
    display: 'block',
    background: '#e9ecef',
  } as const;
  return media.mimeType === 'VIDEO' ? (
    <video
      src={media.publicUrl}
      muted
      preload="metadata"
      style={style}
      aria-label={t('backofficeContent.reports.video')}
    />
  ) : (
    <img src={media.publicUrl} alt="" style={style} />
  );
}

type Values = {
  locationId: string;
  unitId: string;
  reportDate: string;
  title: string;
  titleEn: string;
  subtitle: string;
  subtitleEn: string;
};

const SHOWN_FIELDS = ['locationId', 'unitId', 'reportDate', 'title', 'titleEn', 'subtitle', 'subtitleEn'];

function ReportForm({
  original,
  defaultLocationId,
  onClose,
}: {
  original: StaffReport | null;
  defaultLocationId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const { save } = useReportMutations();
  // A new report gets its id on the first save; photos and videos are added to it from then on.
  const [reportId, setReportId] = useState(original?.id ?? null);
  const { values, set, errors, check } = useConsoleForm<Values>(
    () => ({
      locationId: String(original?.locationId ?? defaultLocationId),
      unitId: original?.unitId ? String(original.unitId) : '',
      reportDate: original?.reportDate ?? todayIso(),
      title: original?.title ?? '',
      titleEn: original && original.titleEn !== original.title ? original.titleEn : '',
      subtitle: original?.subtitle ?? '',
      subtitleEn: original && original.subtitleEn !== original.subtitle ? original.subtitleEn : '',
    }),
    save,
    staffReportBodySchema,
  );
  const units = (catalogue.data?.units ?? []).filter((u) => String(u.locationId) === values.locationId);

  return (
    <FormModal
      size="xl"
      testId="report-form"
      title={
        reportId === null
          ? t('backofficeContent.reports.createTitle')
          : t('backofficeContent.reports.editTitle', { id: reportId })
      }
      saving={save}
      shownFields={SHOWN_FIELDS}
      cancelLabel={t(reportId === null ? 'common.cancel' : 'backofficeContent.reports.done')}
      onClose={onClose}
      onSubmit={() => {
        const body = {
          locationId: Number(values.locationId),
          unitId: values.unitId ? Number(values.unitId) : null,
          reportDate: values.reportDate,
          title: values.title,
          titleEn: values.titleEn,
          subtitle: values.subtitle,
          subtitleEn: values.subtitleEn,
        };
        if (check(body))
          save.mutate(
            { id: reportId ?? undefined, body },
            { onSuccess: ({ id }) => (reportId === null ? setReportId(id) : onClose()) },
          );
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NativeSelect
          label={t('backofficeContent.reports.location')}
          value={values.locationId}
          onChange={(event) => {
            set('locationId', event.currentTarget.value);
            set('unitId', '');
          }}
          data={(catalogue.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          error={errors.locationId}
          data-testid="report-location"
        />
        <NativeSelect
          label={t('backofficeContent.reports.unit')}
          value={values.unitId}
          onChange={(event) => set('unitId', event.currentTarget.value)}
          data={[
            { value: '', label: t('backofficeContent.reports.wholeLocation') },
            ...units.map((u) => ({ value: String(u.id), label: u.name })),
          ]}
          error={errors.unitId}
          data-testid="report-unit"
        />
        <TextInput
          type="date"
          label={t('backofficeContent.reports.date')}
          value={values.reportDate}
          onChange={(event) => set('reportDate', event.currentTarget.value)}
          error={errors.reportDate}
          required
          data-testid="report-date"
        />
      </SimpleGrid>

      <RussianHeading />
      <TextInput
        label={t('backofficeContent.reports.headline')}
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={errors.title}
        required
        maxLength={300}
        data-testid="report-title"
      />
      <HtmlField
        label={t('backofficeContent.reports.subtitle')}
        value={values.subtitle}
        onChange={(value) => set('subtitle', value)}
        error={errors.subtitle}
        maxLength={20_000}
        testId="report-subtitle"
      />

      <EnglishHeading />
      <TextInput
        label={t('backofficeContent.reports.headlineEn')}
        value={values.titleEn}
        onChange={(event) => set('titleEn', event.currentTarget.value)}
        error={errors.titleEn}
        maxLength={300}
      />
      <HtmlField
        label={t('backofficeContent.reports.subtitleEn')}
        value={values.subtitleEn}
        onChange={(value) => set('subtitleEn', value)}
        error={errors.subtitleEn}
        maxLength={20_000}
        testId="report-subtitle-en"
      />

      <Title order={3} size="h5">
        {t('backofficeContent.reports.media')}
      </Title>
      {reportId === null ? (
        <Text size="sm" c="dimmed">
          {t('backofficeContent.reports.saveFirst')}
        </Text>
      ) : (
        <MediaEditor reportId={reportId} initial={original?.media ?? []} />
      )}
    </FormModal>
  );
}

function MediaEditor({ reportId, initial }: { reportId: number; initial: StaffReportMedia[] }) {
  const { t } = useTranslation();
  const { upload, removeMedia } = useReportMutations();
  const [media, setMedia] = useState(initial);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('backofficeContent.reports.mediaHint')}
      </Text>
      {media.length === 0 ? (
        <Text size="sm">{t('backofficeContent.reports.noMedia')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="report-media">
          {media.map((item) => (
            <Stack key={item.id} gap={4} data-testid="report-media-item">
              <Thumb media={item} width="100%" height={96} />
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                style={{ alignSelf: 'flex-start' }}
                disabled={removeMedia.isPending}
                onClick={() =>
                  removeMedia.mutate(
                    { reportId, mediaId: item.id },
                    { onSuccess: () => setMedia((list) => list.filter((m) => m.id !== item.id)) },
                  )
                }
              >
                {t('backofficeContent.reports.removeMedia')}
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <ApiErrorAlert error={removeMedia.error} />
      <UploadButton
        label={t('backofficeContent.reports.upload')}
        accept={REPORT_MEDIA_TYPES.join(',')}
        mutation={upload}
        testId="report-file"
        uploadingText={(percent) => t('backofficeContent.reports.uploading', { percent })}
        start={(file, onProgress) =>
          upload.mutate(
            { reportId, file, onProgress },
            { onSuccess: (added) => setMedia((list) => [...list, added]) },
          )
        }
      />
    </Stack>
  );
}
