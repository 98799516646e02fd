import { DigestUnsubscribeSchema, type DigestUnsubscribe } from '@partner-portal/shared/digests';
import { api } from '@/lib/api-client';

// Apart from digest.ts: the unsubscribe page is signed-out and does without the query library.

/** POST /api/digest/unsubscribe?token=: the mailed link's token is the proof, no session needed. */
export async function unsubscribeFromDigest(
  token: string,
): Promise<{ data: DigestUnsubscribe; message?: string }> {
  return api.post(
    `/api/digest/unsubscribe?${new URLSearchParams({ token })}`,
    {},
    { schema: DigestUnsubscribeSchema },
  );
}
