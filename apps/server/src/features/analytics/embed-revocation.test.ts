import { describe, expect, it } from 'vitest';
import { createAccount, createReportRows } from '../../../test/factories';
import {
  bearer,
  PASSWORD,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

/**
 * docs/security.md "Embeds die with their session": an embed URL token not yet used, and an
 * embed data session already open, both stop the moment the user session that minted them ends
 * — sign-out, removal from the account, a permission change, closing.
 */
const env = useTestApp();
const db = () => env.database.db;

async function mintUrlToken(userToken: string, workbookId: string): Promise<string> {
  const minted = await env.app.inject({
    method: 'POST',
    url: '/api/sigma/workbook/embed',
    headers: bearer(userToken),
    payload: { workbook_id: workbookId },
  });
  expect(minted.statusCode, minted.body).toBe(200);
  return String(new URL(minted.json().data.url).searchParams.get('token'));
}

const open = (workbookId: string, token: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/embed/session',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { workbook_id: workbookId, token },
  });

const kpis = (session: string) =>
  env.app.inject({
    method: 'GET',
    url: '/api/embed/kpis?from=2026-01-01&to=2026-01-31',
    headers: { authorization: `Embed ${session}` },
  });

async function team() {
  const account = await createAccount(db(), { plan: 'free_plus' });
  await createReportRows(db(), account.id, [
    { date: '2026-01-10', advertiser: 'Acme Shoes', revenue: 100 },
    { date: '2026-01-11', advertiser: 'Globex', revenue: 900 },
  ]);
  const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
  const advertiser = await signedInUser(env.app, db(), { account, permission: 'advertiser' });
  return { account, owner, advertiser };
}

/** An advertiser with an open embed session and a second URL token still unused. */
async function advertiserEmbed(token: string) {
  const opened = await open(
    'local-core-advertiser',
    await mintUrlToken(token, 'local-core-advertiser'),
  );
  expect(opened.statusCode, opened.body).toBe(200);
  const session = opened.json().data.session as string;
  expect((await kpis(session)).json().data.current.revenue).toBe(100);
  return { session, unused: await mintUrlToken(token, 'local-core-advertiser') };
}

async function expectBothDead(embed: { session: string; unused: string }) {
  const data = await kpis(embed.session);
  expect(data.statusCode, data.body).toBe(401);
  expect(data.json().message).toMatch(/expired/);
  expect((await open('local-core-advertiser', embed.unused)).statusCode).toBe(401);
}

describe('an embedded dashboard ends with the user session that opened it', () => {
  it('on sign-out', async () => {
    const { advertiser } = await team();
    const embed = await advertiserEmbed(advertiser.token);
    const out = await env.app.inject({
      method: 'DELETE',
      url: '/api/auth',
      headers: bearer(advertiser.token),
    });
    expect(out.statusCode).toBe(200);
    await expectBothDead(embed);
  });

  it('when the member is removed from the account', async () => {
    const { owner, advertiser } = await team();
    const embed = await advertiserEmbed(advertiser.token);
    const removed = await env.app.inject({
      method: 'DELETE',
      url: `/api/user/${advertiser.user.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectBothDead(embed);
  });

  it('when the member’s permission changes', async () => {
    const { owner, advertiser } = await team();
    const embed = await advertiserEmbed(advertiser.token);
    const changed = await env.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(owner.token),
      payload: { id: advertiser.user.id, permission: 'user' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectBothDead(embed);
  });

  it('when the owner closes the account', async () => {
    const { owner, advertiser } = await team();
    const embed = await advertiserEmbed(advertiser.token);
    const closed = await env.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(owner.token),
      remoteAddress: randomIp(),
      payload: { password: PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await expectBothDead(embed);
  });

  it('but lives on while its session does, whatever other sessions of the user do', async () => {
    const { account } = await team();
    const first = await signedInUser(env.app, db(), { account, permission: 'admin' });
    const opened = await open(
      'local-core-overview',
      await mintUrlToken(first.token, 'local-core-overview'),
    );
    const session = opened.json().data.session as string;
    expect((await kpis(session)).statusCode).toBe(200);
  });
});
