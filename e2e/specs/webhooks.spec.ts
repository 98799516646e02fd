import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { apiSignIn, createVerifiedPartner, xsrfHeaders } from '../fixtures/accounts';
import { openSignedIn } from '../fixtures/session';
import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

/**
 * docs/product.md#webhooks from the owner's side: an endpoint added on Account → Webhooks gets
 * signed events a Standard Webhooks library verifies with the secret the screen showed once, its
 * deliveries are listed, and a rotated secret signs beside the old one. The journeys' servers
 * allow private addresses (ALLOW_PRIVATE_OUTBOUND), so the receiver is plain HTTP on this machine.
 */
const PASSWORD = 'Hook-owner-1!';

interface Receiver {
  url: string;
  bodies: { body: string; headers: Record<string, string> }[];
  close: () => Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const bodies: Receiver['bodies'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push({ body, headers: request.headers as Record<string, string> });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/partner-portal`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The received events that `secret` verifies, as a receiver would read them. */
function verifiedWith(receiver: Receiver, secret: string) {
  return receiver.bodies.flatMap(({ body, headers }) => {
    try {
      return [
        new Webhook(secret).verify(body, headers) as { type: string; data: { email?: string } },
      ];
    } catch {
      return [];
    }
  });
}

/** Plus, paid with the built-in processor's test card. */
async function upgradeToPlus(request: APIRequestContext, token: string) {
  const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${token}` };
  const card = await request.post('/api/billing/local/cards', {
    headers,
    data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Owner' },
  });
  expect(card.ok()).toBe(true);
  const { token: cardToken } = ((await card.json()) as { data: { token: string } }).data;
  const upgraded = await request.post('/api/account/upgrade', {
    headers,
    data: { plan: 'free_plus', token: cardToken },
  });
  expect(upgraded.ok(), await upgraded.text()).toBe(true);
}

async function invite(request: APIRequestContext, token: string, email: string) {
  const answer = await request.post('/api/invite', {
    headers: { ...(await xsrfHeaders(request)), authorization: `Bearer ${token}` },
    data: { email, permission: 'user' },
  });
  expect(answer.status()).toBe(201);
}

test('an owner adds an endpoint, receives signed events, reads its deliveries and rotates its secret', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const email = `hooks-${Date.now()}@example.test`;
    await createVerifiedPartner(request, email, PASSWORD);
    await upgradeToPlus(request, (await apiSignIn(request, email, PASSWORD)).token);
    // Signed in after the upgrade, so the stored session knows the plan is Plus.
    const session = await apiSignIn(request, email, PASSWORD);
    await openSignedIn(page, request, session, '/account/webhooks');
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Add your first endpoint' }).click();
    const create = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await create.getByLabel('Endpoint URL').fill(receiver.url);
    await create.getByLabel('Description').fill('CRM sync');
    await create.getByRole('checkbox', { name: /^member\.invited/ }).check();
    await create.getByRole('checkbox', { name: /^member\.joined/ }).check();
    await expectNoA11yViolations(page);
    await create.getByRole('button', { name: 'Add endpoint' }).click();

    const reveal = page.getByRole('dialog', { name: 'Your endpoint is ready' });
    const secret = await reveal.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoA11yViolations(page);
    await saveScreen(page, 'webhooks-reveal-en-light');
    await reveal.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByText('CRM sync')).toBeVisible();

    await page.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Send test event' }).click();
    await expect(page.getByText(/answered HTTP 204/).first()).toBeVisible();

    const invited = `teammate-${Date.now()}@example.test`;
    await invite(request, session.token, invited);
    await expect
      .poll(() => verifiedWith(receiver, secret).map((event) => event.type))
      .toEqual(['webhook.test', 'member.invited']);
    expect(verifiedWith(receiver, secret)[1]?.data.email).toBe(invited);

    await page
      .getByRole('button', { name: 'Refresh' })
      .click()
      .catch(() => undefined);
    const deliveries = page.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await expect(deliveries.getByRole('row').filter({ hasText: 'member.invited' })).toContainText(
      'Succeeded',
    );
    await expectNoA11yViolations(page);
    await saveScreen(page, 'webhooks-deliveries-en-light');

    await page.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    const fresh = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(fresh).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await invite(request, session.token, `second-${Date.now()}@example.test`);
    // Within the day after a rotation, each event verifies with either secret.
    await expect.poll(() => verifiedWith(receiver, fresh).length).toBe(1);
    expect(verifiedWith(receiver, secret)).toHaveLength(3);
  } finally {
    await receiver.close();
  }
});
