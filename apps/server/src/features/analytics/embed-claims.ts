import { randomUUID } from 'node:crypto';

/**
 * The claims of an embed token, in Sigma's shape (sigma-embedding.md) for both providers. They
 * describe the user, never the session: the same teams and attributes every time.
 */
export interface EmbedClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  account_type: string;
  teams: string[];
  user_attributes: Record<string, string>;
  first_name: string;
  last_name: string;
}

export interface EmbedViewer {
  email: string;
  firstName: string;
  lastName: string;
  accountId: string;
  accountName: string;
  advertiserName: string | null;
  plusEntitled: boolean;
}

export function embedClaims(
  viewer: EmbedViewer,
  options: { accountType: string; plusTeam: string; ttlSeconds: number; now: Date },
): EmbedClaims {
  const iat = Math.floor(options.now.getTime() / 1000);
  const userAttributes: Record<string, string> = {
    partner_id: viewer.accountId,
    partner_name: viewer.accountName,
  };
  // Row-level security: an advertiser's rows are filtered on this attribute by the data model.
  if (viewer.advertiserName) userAttributes.advertiser_name = viewer.advertiserName;
  return {
    sub: viewer.email,
    jti: randomUUID(),
    iat,
    exp: iat + options.ttlSeconds,
    account_type: options.accountType,
    teams: [viewer.accountId, ...(viewer.plusEntitled ? [options.plusTeam] : [])],
    user_attributes: userAttributes,
    first_name: viewer.firstName,
    last_name: viewer.lastName,
  };
}
