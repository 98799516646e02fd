import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSIGHT_METRICS } from '@partner-portal/shared/insight-rules';
import type { Insight, InsightsResponse } from '@partner-portal/shared/insights';
import { auditEvents, insightFeedback, insightRuns } from '../../db/schema/index';
import { createAccount, createReportRows } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { loadTestReport, today } from '../../../test/insights/insights-test-data';

/** docs/insights.md: the insights API, as the panel and integrations call it. */
const env = useTestApp();
const db = () => env.database.db;

const OVERVIEW = 'local-core-overview';
const ADVERTISER_WORKBOOK = 'local-core-advertiser';

async function plusAiAccount(plan: 'free_plus_ai' | 'free_pro' | 'free_plus' = 'free_plus_ai') {
  const account = await createAccount(db(), { plan, subscriptionStatus: 'active' });
  await loadTestReport(db(), account.id);
  return account;
}

const getInsights = (token: string, query: string, language = 'en') =>
  env.app.inject({
    method: 'GET',
    url: `/api/insights?${query}`,
    headers: { ...bearer(token), 'accept-language': language },
  });

const feedback = (token: string, id: string, payload: Record<string, unknown>) =>
  env.app.inject({
    method: 'POST',
    url: `/api/insights/${encodeURIComponent(id)}/feedback`,
    headers: bearer(token),
    payload,
  });

function named(insight: Insight): string[] {
  return [insight.segment, ...insight.contributors.map((row) => row.segment)].flatMap((segment) =>
    Object.values(segment),
  );
}

describe('GET /api/insights', () => {
  it("tells a partner the story in the account's data, ranked, in their language", async () => {
    const account = await plusAiAccount();
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const answer = await getInsights(owner.token, `workbook_id=${OVERVIEW}`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ data: InsightsResponse }>().data;
    expect(body).toMatchObject({ status: 'ok', as_of: today(), data_through: today() });
    expect(body.can_configure).toBe(true);
    expect(body.narrative_enabled).toBe(false);
    // The injected drop: City Breaks (or Globex as a whole) down, which is bad news for a partner.
    const drop = body.insights.find(
      (insight) =>
        insight.segment.advertiser === 'Globex Travel' &&
        insight.direction === 'down' &&
        insight.type !== 'pace',
    );
    expect(drop, JSON.stringify(body.insights.map((i) => i.sentence))).toBeDefined();
    expect(drop?.good).toBe(false);
    expect(drop?.sentence).toContain('Globex Travel');
    expect(drop?.series).toHaveLength(28);
    // Ranked: nothing after the month's pace outranks it, and at most 20 come back.
    expect(body.insights.length).toBeLessThanOrEqual(20);
    const spanish = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`, 'es')).json<{
      data: InsightsResponse;
    }>().data;
    expect(spanish.insights.map((insight) => insight.id)).toEqual(
      body.insights.map((insight) => insight.id),
    );
    expect(spanish.insights.find((insight) => insight.id === drop?.id)?.sentence).toMatch(
      /Globex Travel.*(frente|respecto)/,
    );
  });

  it("gives an advertiser insights from its own rows only, never naming another's", async () => {
    const account = await plusAiAccount();
    const advertiser = await signedInUser(env.app, db(), {
      account,
      permission: 'advertiser',
      advertiserName: 'Globex Travel',
    });
    const answer = await getInsights(advertiser.token, `workbook_id=${ADVERTISER_WORKBOOK}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('Acme Shoes');
    expect(answer.body).not.toContain('Initech');
    const body = answer.json<{ data: InsightsResponse }>().data;
    expect(body.can_configure).toBe(false);
    expect(body.insights.length).toBeGreaterThan(0);
    for (const insight of body.insights) {
      for (const name of named(insight))
        expect(['Acme Shoes', 'Initech Software']).not.toContain(name);
    }
    // Its own campaign's fall is still its news.
    expect(body.insights.some((insight) => insight.direction === 'down')).toBe(true);
  });

  it('asks for the Plus AI plan (402) without it, and refuses a workbook outside the scope (403)', async () => {
    const plus = await plusAiAccount('free_plus');
    const owner = await signedInUser(env.app, db(), { account: plus, permission: 'owner' });
    const refused = await getInsights(owner.token, `workbook_id=${OVERVIEW}`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ plan: 'free_plus_ai' });
    expect(typeof refused.json().message).toBe('string');

    const pro = await plusAiAccount('free_pro');
    const proOwner = await signedInUser(env.app, db(), { account: pro, permission: 'owner' });
    expect((await getInsights(proOwner.token, `workbook_id=${OVERVIEW}`)).statusCode).toBe(200);

    const advertiser = await signedInUser(env.app, db(), {
      account: pro,
      permission: 'advertiser',
    });
    const outside = await getInsights(advertiser.token, `workbook_id=${OVERVIEW}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ inputError: 'workbook_id' });
    const unknown = await getInsights(proOwner.token, 'workbook_id=no-such-workbook');
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['window=0', 'window'],
    ['window=29', 'window'],
    ['as_of=2026-02-30', 'as_of'],
    ['metric=profit', 'metric'],
    ['extra=1', 'extra'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const account = await createAccount(db(), { plan: 'free_plus_ai' });
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const answer = await getInsights(owner.token, `workbook_id=${OVERVIEW}&${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ inputError: field });
  });

  it('says when there is no data, or not yet four weeks of it', async () => {
    const empty = await createAccount(db(), { plan: 'free_plus_ai' });
    const owner = await signedInUser(env.app, db(), { account: empty, permission: 'owner' });
    const none = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json().data;
    expect(none).toMatchObject({ status: 'no_data', insights: [], data_through: null });

    const young = await createAccount(db(), { plan: 'free_plus_ai' });
    await loadTestReport(db(), young.id, { days: 20 });
    const youngOwner = await signedInUser(env.app, db(), { account: young, permission: 'owner' });
    const early = (await getInsights(youngOwner.token, `workbook_id=${OVERVIEW}`)).json().data;
    expect(early).toMatchObject({ status: 'insufficient_history', insights: [], as_of: today() });
  });

  it('filters by metric and answers an earlier as-of day from the data up to it', async () => {
    const account = await plusAiAccount();
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const clicks = (await getInsights(owner.token, `workbook_id=${OVERVIEW}&metric=clicks`)).json<{
      data: InsightsResponse;
    }>().data;
    expect(clicks.insights.every((insight) => insight.metric === 'clicks')).toBe(true);
    // Two weeks ago the drop had not happened: nothing about Globex going down then.
    const before = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const earlier = (
      await getInsights(owner.token, `workbook_id=${OVERVIEW}&as_of=${before}`)
    ).json<{
      data: InsightsResponse;
    }>().data;
    expect(earlier.as_of).toBe(before);
    expect(
      earlier.insights.some(
        (insight) =>
          insight.segment.campaign === 'City Breaks' &&
          insight.direction === 'down' &&
          insight.delta < -0.5,
      ),
    ).toBe(false);
    for (const insight of earlier.insights) expect(insight.period.to <= before).toBe(true);
  });

  it('reads a day the account has no rows for yet as no data, not as a zero (docs/insights.md)', async () => {
    const account = await createAccount(db(), { plan: 'free_plus_ai' });
    await loadTestReport(db(), account.id, {
      until: new Date(Date.now() - 86_400_000),
      events: [],
    });
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const body = (await getInsights(owner.token, `workbook_id=${OVERVIEW}&as_of=${today()}`)).json<{
      data: InsightsResponse;
    }>().data;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(body).toMatchObject({ status: 'ok', as_of: today(), data_through: yesterday });
    const zeros = body.insights.filter(
      (insight) => insight.type === 'anomaly' && insight.value === 0,
    );
    expect(zeros.map((insight) => insight.sentence)).toEqual([]);
    for (const insight of body.insights) expect(insight.period.to <= yesterday).toBe(true);
  });

  it('reports an advertiser missing on a day its peers have rows as a drop', async () => {
    const account = await createAccount(db(), { plan: 'free_plus_ai' });
    await loadTestReport(db(), account.id, {
      events: [],
      keep: (row) => !(row.advertiser === 'Globex Travel' && row.date === today()),
    });
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const body = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json<{
      data: InsightsResponse;
    }>().data;
    expect(body).toMatchObject({ status: 'ok', as_of: today(), data_through: today() });
    const missing = body.insights.find(
      (insight) =>
        insight.segment.advertiser === 'Globex Travel' &&
        insight.direction === 'down' &&
        insight.period.to === today(),
    );
    expect(missing, JSON.stringify(body.insights.map((i) => i.sentence))).toBeDefined();
    // The advertiser's own view runs to the account's last day too: its gap is its news.
    const advertiser = await signedInUser(env.app, db(), {
      account,
      permission: 'advertiser',
      advertiserName: 'Globex Travel',
    });
    const own = (await getInsights(advertiser.token, `workbook_id=${ADVERTISER_WORKBOOK}`)).json<{
      data: InsightsResponse;
    }>().data;
    expect(own).toMatchObject({ as_of: today(), data_through: today() });
    expect(own.insights.some((insight) => insight.direction === 'down')).toBe(true);
  });

  it('computes once per data day: the second request reads the cache, new data recomputes', async () => {
    const account = await plusAiAccount();
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const first = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json().data;
    const runs = () => db().select().from(insightRuns).where(eq(insightRuns.accountId, account.id));
    const [stored] = await runs();
    expect(stored).toBeDefined();
    const second = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json().data;
    expect(second).toEqual(first);
    expect((await runs())[0]?.computedAt).toEqual(stored?.computedAt);
    // Tomorrow's rows arrive: the stamp moves, and the run is made again for the new last day.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await createReportRows(db(), account.id, [{ date: tomorrow, advertiser: 'Acme Shoes' }]);
    const third = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json().data;
    expect(third.as_of).toBe(tomorrow);
    const after = await runs();
    expect(after).toHaveLength(1);
    expect(after[0]?.dataStamp).not.toBe(stored?.dataStamp);
  });
});

describe('GET /api/insights, any valid query', () => {
  it('answers one of its three statuses, within its as-of day and metric, never a 5xx', async () => {
    const account = await plusAiAccount();
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const runs = Math.max(10, Math.round((Number(process.env.FC_RUNS) || 400) / 16));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          window: fc.integer({ min: 1, max: 28 }),
          metric: fc.option(fc.constantFrom(...INSIGHT_METRICS), { nil: undefined }),
          daysBack: fc.option(fc.integer({ min: -3, max: 400 }), { nil: undefined }),
        }),
        async ({ window, metric, daysBack }) => {
          const asOf =
            daysBack === undefined
              ? undefined
              : new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
          const query = new URLSearchParams({
            workbook_id: OVERVIEW,
            window: String(window),
            ...(metric ? { metric } : {}),
            ...(asOf ? { as_of: asOf } : {}),
          });
          const answer = await getInsights(owner.token, query.toString());
          expect(answer.statusCode).toBe(200);
          const body = answer.json<{ data: InsightsResponse }>().data;
          expect(['ok', 'insufficient_history', 'no_data']).toContain(body.status);
          // 120 days of data end today: before them there is none, in their first four weeks too few.
          if (daysBack !== undefined && daysBack >= 120) expect(body.status).toBe('no_data');
          for (const insight of body.insights) {
            if (asOf) expect(insight.period.to <= asOf).toBe(true);
            if (metric) expect(insight.metric).toBe(metric);
          }
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('POST /api/insights/{id}/feedback', () => {
  it('records 👍/👎 and mutes the series for the viewer alone', async () => {
    const account = await plusAiAccount();
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const colleague = await signedInUser(env.app, db(), { account, permission: 'admin' });
    const list = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json<{
      data: InsightsResponse;
    }>().data.insights;
    const target = list.find((insight) => insight.type !== 'pace');
    if (!target) throw new Error('no insight to give feedback on');
    const answer = await feedback(owner.token, target.id, { useful: false, mute_days: 30 });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    const [row] = await db()
      .select()
      .from(insightFeedback)
      .where(
        and(eq(insightFeedback.accountId, account.id), eq(insightFeedback.insightId, target.id)),
      );
    expect(row).toMatchObject({ useful: false, type: target.type, metric: target.metric });

    // Segments compared as sets of values: a stored run's JSON may list the keys in another order.
    const sameSeries = (insight: Insight) =>
      insight.metric === target.metric &&
      JSON.stringify(Object.entries(insight.segment).sort()) ===
        JSON.stringify(Object.entries(target.segment).sort());
    const mine = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json().data.insights;
    expect(mine.filter(sameSeries)).toEqual([]);
    const theirs = (await getInsights(colleague.token, `workbook_id=${OVERVIEW}`)).json().data
      .insights as Insight[];
    expect(theirs.some(sameSeries)).toBe(true);
    // A thumbs-up alone hides nothing.
    expect((await feedback(colleague.token, target.id, { useful: true })).statusCode).toBe(204);
    const still = (await getInsights(colleague.token, `workbook_id=${OVERVIEW}`)).json().data
      .insights as Insight[];
    expect(still.some(sameSeries)).toBe(true);
  });

  it("404s an id outside the viewer's own scope, and 400s a bad body", async () => {
    const account = await plusAiAccount();
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const advertiser = await signedInUser(env.app, db(), { account, permission: 'advertiser' });
    const [partnerInsight] = (await getInsights(owner.token, `workbook_id=${OVERVIEW}`)).json().data
      .insights as Insight[];
    if (!partnerInsight) throw new Error('no insight');
    const foreign = await feedback(advertiser.token, partnerInsight.id, { useful: true });
    expect(foreign.statusCode).toBe(404);
    expect((await feedback(owner.token, 'made-up', { useful: true })).statusCode).toBe(404);
    const bad = await feedback(owner.token, partnerInsight.id, { useful: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ inputError: 'useful' });
    const long = await feedback(owner.token, partnerInsight.id, { useful: true, mute_days: 400 });
    expect(long.json()).toMatchObject({ inputError: 'mute_days' });
  });
});

describe('PATCH /api/insights/settings', () => {
  it("lets the owner turn the AI summary on, audited, and shows it on the panel's answer", async () => {
    const account = await plusAiAccount();
    const owner = await signedInUser(env.app, db(), { account, permission: 'owner' });
    const admin = await signedInUser(env.app, db(), { account, permission: 'admin' });
    const patch = (token: string, payload: unknown) =>
      env.app.inject({
        method: 'PATCH',
        url: '/api/insights/settings',
        headers: bearer(token),
        payload: payload as object,
      });
    expect((await patch(admin.token, { narrative: true })).statusCode).toBe(403);
    const answer = await patch(owner.token, { narrative: true });
    expect(answer.statusCode).toBe(200);
    // No AI endpoint is configured in tests: on, but nothing to summarise with.
    expect(answer.json().data).toEqual({ narrative: true, available: false });
    const body = (await getInsights(admin.token, `workbook_id=${OVERVIEW}`)).json().data;
    expect(body).toMatchObject({ narrative_enabled: true, can_configure: false });
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, account.id),
          eq(auditEvents.action, 'account.insights_narrative_changed'),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.changes).toEqual({ before: false, after: true });
    expect((await patch(owner.token, { narrative: 'on' })).json()).toMatchObject({
      inputError: 'narrative',
    });
  });
});
