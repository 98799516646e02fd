import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Hands out the app's one query client, made with `create` the first time a screen asks for it.
 * Providers holds it (so the cache outlives a change of layout); WithQueryClient (query-client.tsx)
 * uses it, so the query library loads with the screens that need it, not with the app's entry.
 */
export type QueryClientSource = (create: () => QueryClient) => QueryClient;

export const QueryClientSourceContext = createContext<QueryClientSource | null>(null);
