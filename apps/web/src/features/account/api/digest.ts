import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DigestPreviewSchema, type DigestPreview } from '@partner-portal/shared/digests';
import type { CurrentUser } from '@partner-portal/shared/user';
import { api } from '@/lib/api-client';
import { updateProfile } from '@/lib/profile-api';

/** The digest's settings as the user record holds them (PATCH /api/user takes any of them). */
export type DigestFields = Pick<CurrentUser, 'digest_frequency' | 'timezone' | 'digest_csv'>;

/** The choices on screen, saved or not: what a preview is built for and a save sends. */
export interface DigestChoices {
  digest_frequency: CurrentUser['digest_frequency'];
  timezone: string;
  digest_csv: boolean;
}

/** GET /api/digest/preview for `choices`: the next digest as it would go out today. */
async function fetchDigestPreview(choices: DigestChoices): Promise<DigestPreview> {
  const query = new URLSearchParams({
    frequency: choices.digest_frequency,
    timezone: choices.timezone,
    csv: String(choices.digest_csv),
  });
  return (await api.get(`/api/digest/preview?${query}`, { schema: DigestPreviewSchema })).data;
}

/**
 * The preview follows the draft: each choice is a query of its own. The last preview stays on
 * screen while the next loads, so a change of cadence does not blank 600px of the page.
 */
export function useDigestPreview(choices: DigestChoices) {
  return useQuery({
    queryKey: ['digest', 'preview', choices] as const,
    queryFn: () => fetchDigestPreview(choices),
    placeholderData: keepPreviousData,
    // The screen offers its own retry; the central handler has said why it failed.
    retry: false,
  });
}

/** PATCH /api/user with the digest fields that changed; the answer updates the stored user. */
export function useSaveDigestSettings() {
  return useMutation({ mutationFn: (patch: Partial<DigestChoices>) => updateProfile(patch) });
}
