import { Badge, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { newsPageSize } from '@portal/contract/news';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { useSession } from '../../shared/session/session';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { SafeHtml } from '../../shared/ui/safe-html';
import { newsQueries } from './queries';

/** /news/: the title image, then the news of the current role, a page of cards at a time. */
export function NewsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const { currentRole } = useSession();
  const { width } = useViewportSize();
  // Before the first measurement the width is 0: wait for it, so the first page has the right size.
  const pageSize = width > 0 ? newsPageSize(width) : null;
  const [pageId, setPageId] = useState(1);
  // A new role or a new page size starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the role and page size are what restart the pages.
  useEffect(() => setPageId(1), [currentRole, pageSize]);

  const titles = useQuery(newsQueries.titles());
  const news = useQuery({
    ...newsQueries.page(currentRole, pageSize, pageId),
    enabled: pageSize !== null,
    placeholderData: keepPreviousData,
  });

  let body: React.ReactNode;
  if (news.isPending) body = <LoadingState />;
  else if (news.isError) body = <ErrorState onRetry={() => void news.refetch()} />;
  else if (news.data.total === 0) body = <EmptyState title={t('news.empty')} />;
  else
    body = (
      <Stack gap="md">
        {/* The previous page stays in view, marked busy, until the next one arrives (dimming it would take its
            text below the contrast WCAG asks for). */}
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="md"
          data-testid="news-cards"
          aria-busy={news.isPlaceholderData}
        >
          {news.data.news.map((item) => (
            <Card key={item.id} withBorder radius="md" padding="md" data-testid="news-card">
              {item.newsImageUrl && (
                <Card.Section>
                  <Image src={item.newsImageUrl} alt="" h={160} fit="cover" />
                </Card.Section>
              )}
              <Group justify="space-between" mt="md" gap="xs">
                <Badge variant="light" color="forest">
                  {locale === 'en' ? item.tagNameEn : item.tagName}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDate(item.date, locale)}
                </Text>
              </Group>
              <Title order={2} size="h5" mt="xs" data-testid="news-title">
                {locale === 'en' ? item.titleEn : item.title}
              </Title>
              <SafeHtml
                className="rich-text news-content"
                html={locale === 'en' ? item.contentEn : item.content}
              />
            </Card>
          ))}
        </SimpleGrid>
        <Group justify="center" gap="md" data-testid="news-pagination">
          <Button variant="default" disabled={pageId <= 1} onClick={() => setPageId(pageId - 1)}>
            {t('news.previous')}
          </Button>
          <Text size="sm" data-testid="news-page-of">
            {t('news.pageOf', { page: pageId, pages: news.data.pageCount })}
          </Text>
          {news.isPlaceholderData && <Loader size="xs" aria-hidden />}
          <Button
            variant="default"
            disabled={pageId >= news.data.pageCount}
            onClick={() => setPageId(pageId + 1)}
          >
            {t('news.next')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="md" className="page">
      {titles.data && (
        <picture data-testid="news-title-image">
          <source media="(max-width: 480px)" srcSet={titles.data.titleImageMobileUrl} />
          <source media="(max-width: 1080px)" srcSet={titles.data.titleImageTabletUrl} />
          <img src={titles.data.titleImageUrl} alt="" className="news-title-image" />
        </picture>
      )}
      <Title order={1} size="h2">
        {t('news.title')}
      </Title>
      {body}
    </Stack>
  );
}
