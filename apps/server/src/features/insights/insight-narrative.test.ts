import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsResponse } from '@partner-portal/shared/insights';
import { createAccount } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';
import {
  startFakeChatEndpoint,
  type FakeChatEndpoint,
} from '../../../test/insights/fake-chat-endpoint';
import { checkNarrative } from './insight-narrative';
import { loadTestReport } from '../../../test/insights/insights-test-data';

/**
 * docs/insights.md#narrative: the AI summary, against a local fake of the chat endpoint that
 * records what it is sent and answers as each test tells it (right, wrong, or not at all).
 */
let chat: FakeChatEndpoint;
beforeAll(async () => {
  chat = await startFakeChatEndpoint();
});
afterAll(async () => {
  await chat.close();
});
const env = useTestApp(() => ({
  config: createTestConfig({ AI_BASE_URL: chat.url, AI_MODEL: 'test-model', AI_API_KEY: 'sk-x' }),
}));
const db = () => env.database.db;

const facts = (...lines: string[]) =>
  lines.map((fact) => ({ kind: 'mover' as const, good_news: false, fact }));

describe('checkNarrative', () => {
  const given = facts(
    'Clicks for Acme Shoes on mobile: 4,820 in the last 7 days, -50% on the 7 before (9,640).',
    'On pace for $412K in revenue this month ($390K–$436K), +8.4% on last month.',
  );

  it('keeps a summary whose every number and name is in the facts', () => {
    expect(
      checkNarrative(
        'Clicks for Acme Shoes on mobile fell -50% to 4,820. Revenue is on pace for $412K, +8.4% on last month.',
        given,
      ),
    ).toBe(true);
  });

  it.each([
    ['a number the facts do not hold', 'Clicks for Acme Shoes fell 55% this week.'],
    ['a rounded number', 'Revenue is on pace for $410K this month.'],
    ['a name the facts do not hold', 'Clicks from Google Ads for Acme Shoes fell -50%.'],
    ['more than three sentences', 'Clicks fell. Revenue grew. Margin held. Payout rose.'],
    ['nothing at all', '   '],
  ])('drops an answer with %s', (_, answer) => {
    expect(checkNarrative(answer, given)).toBe(false);
  });
});

async function owner(narrative: boolean) {
  const account = await createAccount(db(), { plan: 'free_plus_ai' });
  await loadTestReport(db(), account.id);
  const member = await signedInUser(env.app, db(), { account, permission: 'owner' });
  if (narrative) {
    const patched = await env.app.inject({
      method: 'PATCH',
      url: '/api/insights/settings',
      headers: bearer(member.token),
      payload: { narrative: true },
    });
    expect(patched.json().data).toEqual({ narrative: true, available: true });
  }
  return { account, token: member.token };
}

const getInsights = async (token: string, workbook = 'local-core-overview') =>
  (
    await env.app.inject({
      method: 'GET',
      url: `/api/insights?workbook_id=${workbook}`,
      headers: bearer(token),
    })
  ).json<{ data: InsightsResponse }>().data;

describe('GET /api/insights with the AI summary', () => {
  it('asks nothing until the owner turns it on', async () => {
    const before = chat.requests.length;
    const { token } = await owner(false);
    const body = await getInsights(token);
    expect(body).toMatchObject({ narrative_enabled: false, narrative_available: true });
    expect(body.narrative).toBeUndefined();
    expect(chat.requests.length).toBe(before);
  });

  it("sends only the viewer's facts, keeps a checked answer, and asks once per data day", async () => {
    chat.reply = (given) => given[0]?.fact ?? '';
    const { token } = await owner(true);
    const before = chat.requests.length;
    const body = await getInsights(token);
    expect(chat.requests.length).toBe(before + 1);
    const sent = chat.requests.at(-1);
    expect(sent?.authorization).toBe('Bearer sk-x');
    expect(sent?.body.model).toBe('test-model');
    const userMessage = JSON.parse(
      sent?.body.messages.find((message) => message.role === 'user')?.content ?? '[]',
    ) as { fact: string }[];
    expect(userMessage.map((fact) => fact.fact)).toEqual(
      body.insights.slice(0, 5).map((insight) => insight.sentence),
    );
    expect(body.narrative).toBe(body.insights[0]?.sentence);
    // The second open reads the stored summary.
    expect((await getInsights(token)).narrative).toBe(body.narrative);
    expect(chat.requests.length).toBe(before + 1);
  });

  it('drops an answer with a wrong number, and a refusal, keeping the sentences', async () => {
    chat.reply = (given) =>
      (given[0]?.fact ?? '').replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
    const wrong = await owner(true);
    const body = await getInsights(wrong.token);
    expect(body.narrative).toBeUndefined();
    expect(body.insights.length).toBeGreaterThan(0);

    chat.reply = () => ({ status: 500 });
    const refused = await owner(true);
    expect((await getInsights(refused.token)).narrative).toBeUndefined();
  });

  it("gives an advertiser's summary from its own facts only", async () => {
    chat.reply = (given) => given[0]?.fact ?? '';
    const { account } = await owner(true);
    const advertiser = await signedInUser(env.app, db(), {
      account,
      permission: 'advertiser',
      advertiserName: 'Globex Travel',
    });
    const before = chat.requests.length;
    await getInsights(advertiser.token, 'local-core-advertiser');
    const sent = chat.requests.slice(before);
    expect(sent.length).toBe(1);
    const body = JSON.stringify(sent[0]?.body);
    expect(body).not.toContain('Acme Shoes');
    expect(body).not.toContain('Initech');
  });
});
