import type { Db } from '../db/client';
import { events } from '../db/schema/index';

/** Stores a product event (signin, selected_plan, …), from the client or from the server itself. */
export async function recordEvent(
  db: Db,
  input: {
    name: string;
    userId?: string | null;
    accountId?: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(events).values({
    name: input.name,
    userId: input.userId ?? null,
    accountId: input.accountId ?? null,
    metadata: input.metadata ?? {},
  });
}
