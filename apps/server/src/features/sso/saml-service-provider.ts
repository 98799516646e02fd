import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import { generate } from 'selfsigned';
import type { Db } from '../../db/client';
import { samlServiceProvider } from '../../db/schema/index';
import { decryptSecret, encryptSecret } from '../../lib/secret-box';
import { serviceProviderOf } from './service-provider-urls';

/** Long enough never to roll over unattended; an IdP checks the key, not the dates (SAML 2.0). */
const CERTIFICATE_YEARS = 20;

/** Asked for in the metadata; the address itself may come from an attribute (sso-saml.ts). */
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface ServiceProviderKeys {
  /** PEM. */
  certificate: string;
  /** PEM (PKCS #8). */
  privateKey: string;
}

const loaded = new WeakMap<Db, Promise<ServiceProviderKeys>>();

async function loadOrMake(db: Db, encryptionKey: Buffer): Promise<ServiceProviderKeys> {
  const read = async () => {
    const [row] = await db.select().from(samlServiceProvider).limit(1);
    return row
      ? {
          certificate: row.certificate,
          privateKey: decryptSecret(encryptionKey, row.privateKeySealed),
        }
      : null;
  };
  const stored = await read();
  if (stored) return stored;
  const pems = await generate([{ name: 'commonName', value: 'Partner Portal SAML' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + CERTIFICATE_YEARS * 365 * 24 * 3600 * 1000),
  });
  // Two instances starting at once both make a pair; the first row wins and both read it back.
  await db
    .insert(samlServiceProvider)
    .values({
      id: 1,
      certificate: pems.cert,
      privateKeySealed: encryptSecret(encryptionKey, pems.private),
    })
    .onConflictDoNothing();
  return (await read())!;
}

/**
 * This installation's SAML key pair (docs/security.md#saml-responses-are-signed-meant-for-us-and-used-once), made on first use and then
 * read once per process. It is one pair for every account: what an IdP pins is our certificate,
 * and each account's entity id already tells the accounts apart.
 */
export function serviceProviderKeys(db: Db, encryptionKey: Buffer): Promise<ServiceProviderKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadOrMake(db, encryptionKey);
    keys.catch(() => loaded.delete(db));
    loaded.set(db, keys);
  }
  return keys;
}

/**
 * One account's SP metadata, what the owner uploads to their IdP (Okta's and Entra ID's "upload
 * metadata"): the entity id, the assertion consumer service (HTTP-POST), e-mail as the NameID,
 * signed assertions wanted, and our certificate for signed requests and encrypted assertions.
 */
export function serviceProviderMetadata(
  appUrl: string,
  accountId: string,
  keys: ServiceProviderKeys,
): string {
  const sp = serviceProviderOf(appUrl, accountId);
  return generateServiceProviderMetadata({
    issuer: sp.entity_id,
    callbackUrl: sp.acs_url,
    identifierFormat: EMAIL_NAME_ID,
    wantAssertionsSigned: true,
    privateKey: keys.privateKey,
    publicCerts: keys.certificate,
    decryptionPvk: keys.privateKey,
    decryptionCert: keys.certificate,
  });
}
