import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index';
import { bearer, randomIp, signedInUser, xsrfHeaders } from '../../../test/identity-helpers';
import { createAccount } from '../../../test/factories';
import { freshDomain, useSsoTestApp } from '../../../test/sso-test-app';

/** docs/product.md#single-sign-on verified domains, against a DNS server on this machine. */
const { env, dns } = useSsoTestApp();
const db = () => env.database.db;

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  env.app.inject({
    method,
    url: `/api/account/sso${url}`,
    headers: { ...bearer(token), ...xsrfHeaders },
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });

async function proOwner() {
  const account = await createAccount(db(), { plan: 'free_pro' });
  return signedInUser(env.app, db(), { permission: 'owner', account });
}

/** A domain no other test uses (one DNS server and one database serve the whole file). */

interface Record {
  name: string;
  value: string;
}

async function add(token: string, domain: string): Promise<Record> {
  const answer = await call(token, 'POST', '/domains', { domain });
  expect(answer.statusCode, answer.body).toBe(201);
  const listed = answer
    .json()
    .data.domains.find((row: { domain: string }) => row.domain === domain);
  return listed.record;
}

describe('adding a domain', () => {
  it('answers the TXT record to publish, lower-cased and audited', async () => {
    const owner = await proOwner();
    const domain = freshDomain('acme');
    const answer = await call(owner.token, 'POST', '/domains', {
      domain: ` ${domain.toUpperCase()} `,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().message).toBe(`Publish the TXT record below, then verify ${domain}.`);
    const [row] = answer.json().data.domains;
    expect(row).toMatchObject({ domain, verified_at: null });
    expect(row.record.type).toBe('TXT');
    expect(row.record.name).toBe(`_partner-portal.${domain}`);
    expect(row.record.value).toMatch(/^partner-portal-verification=[\w-]{24}$/);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, owner.account.id),
          eq(auditEvents.action, 'sso.domain_added'),
        ),
      );
    expect(audit[0]?.changes).toEqual({ domain });
  });

  it('refuses a domain listed twice, and what is not a domain', async () => {
    const owner = await proOwner();
    const domain = freshDomain('acme');
    await add(owner.token, domain);
    const twice = await call(owner.token, 'POST', '/domains', { domain });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      inputError: 'domain',
      message: `${domain} is already listed.`,
    });
    for (const bad of [
      'ada@acme.example',
      'https://acme.example',
      '*.acme.example',
      'localhost',
      '10.0.0.1',
      '',
    ]) {
      const answer = await call(owner.token, 'POST', '/domains', { domain: bad });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().inputError, bad).toBe('domain');
    }
  });

  it('answers 402 below Pro', async () => {
    const account = await createAccount(db(), { plan: 'free_plus' });
    const owner = await signedInUser(env.app, db(), { permission: 'owner', account });
    const answer = await call(owner.token, 'POST', '/domains', { domain: freshDomain('acme') });
    expect(answer.statusCode).toBe(402);
  });
});

describe('verifying a domain', () => {
  it('is refused until the record is published, naming it, then verified', async () => {
    const owner = await proOwner();
    const domain = freshDomain('acme');
    const record = await add(owner.token, domain);
    const early = await call(owner.token, 'POST', `/domains/${domain}/verify`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toContain(record.name);
    expect(early.json().message).toContain(record.value);

    dns().setTxt(record.name, ['v=spf1 -all', 'partner-portal-verification=someone-else']);
    expect((await call(owner.token, 'POST', `/domains/${domain}/verify`)).statusCode).toBe(409);

    dns().setTxt(record.name, ['v=spf1 -all', record.value]);
    const verified = await call(owner.token, 'POST', `/domains/${domain}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toBe(`${domain} is verified.`);
    expect(verified.json().data.domains[0].verified_at).not.toBeNull();
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, owner.account.id),
          eq(auditEvents.action, 'sso.domain_verified'),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('holds a domain for one account at a time', async () => {
    const first = await proOwner();
    const second = await proOwner();
    const domain = freshDomain('acme');
    const firstRecord = await add(first.token, domain);
    const secondRecord = await add(second.token, domain);
    // Both claim it, each with a token of its own: publishing one proves only that one.
    expect(secondRecord.value).not.toBe(firstRecord.value);
    dns().setTxt(firstRecord.name, [firstRecord.value, secondRecord.value]);
    expect((await call(first.token, 'POST', `/domains/${domain}/verify`)).statusCode).toBe(200);
    const held = await call(second.token, 'POST', `/domains/${domain}/verify`);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().message).toBe(
      `${domain} is verified by another account. Ask its owner to remove it, or contact support.`,
    );

    const released = await call(first.token, 'DELETE', `/domains/${domain}`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.domains).toEqual([]);
    expect((await call(second.token, 'POST', `/domains/${domain}/verify`)).statusCode).toBe(200);
  });

  it('answers 503 to try again when DNS does not answer, and 404 for a domain not listed', async () => {
    const owner = await proOwner();
    const domain = freshDomain('acme');
    await add(owner.token, domain);
    dns().fail(true);
    try {
      const answer = await call(owner.token, 'POST', `/domains/${domain}/verify`);
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().message).toBe('DNS could not be asked just now. Try again in a minute.');
    } finally {
      dns().fail(false);
    }
    expect((await call(owner.token, 'POST', `/domains/other-${domain}/verify`)).statusCode).toBe(
      404,
    );
    expect((await call(owner.token, 'DELETE', `/domains/other-${domain}`)).statusCode).toBe(404);
  });
});
