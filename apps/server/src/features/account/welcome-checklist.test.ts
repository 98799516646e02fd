import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WelcomeChecklist } from '@partner-portal/shared/welcome';
import { accounts, invites } from '../../db/schema/index';
import { createAccount, createReportRows, uniqueEmail } from '../../../test/factories';
import { bearer, enableTwoFactor, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

/** docs/product.md#screens-and-routes "Welcome": the first steps tick themselves. */
const env = useTestApp();
const db = () => env.database.db;

const checklist = async (token: string) => {
  const answer = await env.app.inject({
    method: 'GET',
    url: '/api/account/checklist',
    headers: bearer(token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: WelcomeChecklist }>().data;
};
const doneSteps = (list: WelcomeChecklist) =>
  list.steps.filter((step) => step.done).map((step) => step.step);

describe('GET /api/account/checklist', () => {
  it('ticks each step as the account gets it done', async () => {
    const account = await createAccount(db());
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const fresh = await checklist(owner.token);
    expect(fresh).toEqual({
      steps: [
        { step: 'import_data', done: false },
        { step: 'invite_team', done: false },
        { step: 'two_factor', done: false },
        { step: 'choose_plan', done: false },
      ],
      dismissed: false,
    });

    await createReportRows(db(), account.id, [{ date: '2026-11-20', advertiser: 'Acme Shoes' }]);
    expect(doneSteps(await checklist(owner.token))).toEqual(['import_data']);
    // An invitation sent counts: the team is on its way.
    await db()
      .insert(invites)
      .values({
        accountId: account.id,
        email: uniqueEmail('invited'),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    await enableTwoFactor(db(), owner.user.id);
    await db().update(accounts).set({ plan: 'free_plus' }).where(eq(accounts.id, account.id));
    expect(doneSteps(await checklist(owner.token))).toEqual([
      'import_data',
      'invite_team',
      'two_factor',
      'choose_plan',
    ]);
  });

  it('counts a second member as a team, and offers a member only the steps they may take', async () => {
    const account = await createAccount(db());
    const admin = await signedInUser(env.app, db(), { account, permission: 'admin' });
    expect(doneSteps(await checklist(admin.token))).toEqual([]);
    const member = await signedInUser(env.app, db(), { account, permission: 'user' });
    expect(doneSteps(await checklist(admin.token))).toEqual(['invite_team']);
    expect(await checklist(member.token)).toEqual({
      steps: [{ step: 'two_factor', done: false }],
      dismissed: false,
    });
  });

  it('stays hidden for the user who dismissed it, and only for them', async () => {
    const account = await createAccount(db());
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const admin = await signedInUser(env.app, db(), { account, permission: 'admin' });
    const dismiss = () =>
      env.app.inject({
        method: 'POST',
        url: '/api/account/checklist/dismiss',
        headers: bearer(owner.token),
      });
    const answer = await dismiss();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.dismissed).toBe(true);
    expect((await dismiss()).statusCode).toBe(200);
    expect((await checklist(owner.token)).dismissed).toBe(true);
    expect((await checklist(admin.token)).dismissed).toBe(false);
  });

  it('answers a signed-out caller with 401', async () => {
    const answer = await env.app.inject({ method: 'GET', url: '/api/account/checklist' });
    expect(answer.statusCode).toBe(401);
  });
});
