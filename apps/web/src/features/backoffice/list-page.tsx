import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { ScrollCue } from '../../shared/ui/scroll-cue';

/** Below the spec's 768 px breakpoint the console's lists are cards: a table that wide cannot be read at 375 px. */
export function useNarrow(): boolean {
  return (
    useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`, window.innerWidth < MOBILE_BREAKPOINT_PX) ??
    false
  );
}

type Heading = {
  title: ReactNode;
  /** 1 for a page, 2 for a list that shares its page with another. */
  order?: 1 | 2;
  /** Above the title: a section's own navigation, a link back. */
  nav?: ReactNode;
  /** Under the title: badges and the id of what the page shows. */
  meta?: ReactNode;
  /** Beside the title: create and other page-wide actions. */
  actions?: ReactNode;
  hint?: ReactNode;
  /** Filters and pickers of what the list shows. */
  toolbar?: ReactNode;
  /** What the last action did or why it failed. */
  notice?: ReactNode;
  maw?: number;
  gap?: 'sm' | 'md' | 'lg';
  testId?: string;
};

/** A console page: its title with the page's actions beside it, a hint, filters and notices, then its content. */
export function ConsolePage({
  title,
  order = 1,
  nav,
  meta,
  actions,
  hint,
  toolbar,
  notice,
  maw,
  gap,
  testId,
  children,
}: Heading & { children?: ReactNode }) {
  const heading = (
    <Title order={order} size={order === 1 ? 'h3' : 'h4'} style={{ overflowWrap: 'anywhere' }}>
      {title}
    </Title>
  );
  const titled = meta ? (
    <Stack gap={4} style={{ minWidth: 0 }}>
      {heading}
      {meta}
    </Stack>
  ) : (
    heading
  );
  return (
    <Stack gap={gap ?? (order === 1 ? 'md' : 'sm')} maw={maw} data-testid={testId}>
      {nav}
      {actions ? (
        <Group justify="space-between" align={meta ? 'flex-start' : 'center'} wrap="wrap" gap="sm">
          {titled}
          <Group gap="xs">{actions}</Group>
        </Group>
      ) : (
        titled
      )}
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      {toolbar}
      {notice}
      {children}
    </Stack>
  );
}

/** What a list waits for: a query of TanStack Query, or several of them put together. */
export type Loadable<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
};

type Empty = { title: string; text?: string };

/**
 * A console list: the page's heading, then a loader while its calls run, an error with a retry, the empty state, or
 * the list itself with its page numbers.
 */
export function ListPage<T>({
  query,
  also = [],
  empty,
  pager,
  children,
  ...heading
}: Heading & {
  query: Loadable<T>;
  /** Other calls the list needs first (the catalogue of names, the signed-in staff member). */
  also?: Loadable<unknown>[];
  /** The empty state when the answer has nothing to list, else null. */
  empty: (data: T) => Empty | null;
  /** Page numbers of a paged answer (its `total`). */
  pager?: { page: number; pageSize: number; onChange: (page: number) => void };
  children: (data: T) => ReactNode;
}) {
  let body: ReactNode;
  const failed = [...also, query].find((call) => call.isError);
  if ([...also, query].some((call) => call.isPending)) body = <LoadingState />;
  else if (failed) body = <ErrorState onRetry={() => void failed.refetch()} />;
  else {
    const data = query.data as T;
    const none = empty(data);
    body = none ? (
      <EmptyState title={none.title} text={none.text} />
    ) : (
      <>
        {children(data)}
        {pager && <Pager {...pager} total={(data as { total?: number }).total ?? 0} />}
      </>
    );
  }
  return <ConsolePage {...heading}>{body}</ConsolePage>;
}

/** Page numbers for a list: shown only when there is more than one page. */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end" gap="xs" mt="sm">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        ←
      </Button>
      <Text size="sm">{t('backoffice.pagination', { page, pages })}</Text>
      <Button size="xs" variant="default" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        →
      </Button>
    </Group>
  );
}

/**
 * One column of a console table: its header and its cell. A column without one (its buttons) is named for screen
 * readers only, «Действия» (a header cell with no text leaves them announcing nothing).
 */
export type Column<T> = {
  key: string;
  header?: ReactNode;
  minWidth?: number;
  cell: (row: T) => ReactNode;
};

/**
 * A console table in a box that scrolls it sideways; with `card`, a phone gets the rows as cards instead, as a table
 * that wide cannot be read at 375 px.
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  minWidth,
  label,
  testId,
  rowTestId,
  rowAttributes,
  card,
  cardsTestId,
}: {
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  minWidth: number;
  /** The name of the scrolling region (the list's title). */
  label: string;
  testId?: string;
  rowTestId?: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string | number>;
  card?: (row: T) => ReactNode;
  cardsTestId?: string;
}) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  if (card && narrow)
    return (
      <Stack gap="sm" data-testid={cardsTestId}>
        {rows.map((row) => (
          <ListCard key={rowKey(row)} testId={rowTestId?.(row)}>
            {card(row)}
          </ListCard>
        ))}
      </Stack>
    );
  return (
    <div className="backoffice-table">
      <ScrollCue minWidth={minWidth} label={label}>
        <Table striped highlightOnHover verticalSpacing="sm" miw={minWidth} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  style={column.minWidth ? { minWidth: column.minWidth } : undefined}
                >
                  {column.header ?? <VisuallyHidden>{t('backoffice.actions')}</VisuallyHidden>}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid={rowTestId?.(row)} {...rowAttributes?.(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollCue>
    </div>
  );
}

/** One item of a console list shown as a card (every width for the catalogue and content, a phone for tables). */
export function ListCard({ children, testId }: { children: ReactNode; testId?: string | undefined }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

/**
 * A row of the catalogue's and the content's lists: what the item is, and its actions beside it (under it on a
 * phone). `compact` for the short lists of names.
 */
export function ItemCard({
  children,
  actions,
  compact = false,
  testId,
}: {
  children: ReactNode;
  actions: ReactNode;
  compact?: boolean;
  testId?: string;
}) {
  return (
    <Paper withBorder radius={compact ? 'sm' : 'md'} p="sm" py={compact ? 6 : 'sm'} data-testid={testId}>
      <Group
        justify="space-between"
        align={compact ? 'center' : 'flex-start'}
        gap={compact ? 'xs' : 'sm'}
        wrap={compact ? 'nowrap' : 'wrap'}
      >
        <Stack gap={compact ? 0 : 4} style={{ minWidth: 0, flex: compact ? undefined : '1 1 320px' }}>
          {children}
        </Stack>
        {/* A short row keeps its one button beside the name; a long one lets its buttons wrap on a phone. */}
        <Group gap={6} style={compact ? { flex: 'none' } : undefined}>
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}
