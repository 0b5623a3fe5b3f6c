import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache: the provider renders it, and route loaders start their pages' queries in it. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});
