// The crash trials' workload: concurrent sign-ups, invites, joins, profile changes, upgrades and
// CLI imports over HTTP, and what it knows the server acknowledged (crash-trials.ts).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaughtMail } from '../mail-catcher';
import type { Rng } from './seeded-random';
import type { CrashReport } from './trial-report';

const PASSWORD = 'Correct-horse-1!';
const XSRF_TOKEN = 'crash-trials-xsrf';
const CARD = '4242 4242 4242 4242';
/** Asks its holder for 3-D Secure on the first payment (docs/billing.md, the test cards). */
const CARD_3DS = '4000 0025 0000 3155';
const PLANS = ['free_plus', 'free_plus_ai', 'free_pro'] as const;
const CSV_HEADER =
  'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const tag = () => randomUUID().slice(0, 8);

// ---------------------------------------------------------------------------------------------
// Mail: invite links arrive over SMTP (the outbox table cannot be read while PGlite is held).

export interface InviteLink {
  email: string;
  token: string;
}

/** The invite links in a mail's text. */
export function inviteLinksOf(mail: CaughtMail): InviteLink[] {
  return [...mail.text.matchAll(/\/signup\/user\?email=([^&\s]+)&id=([A-Za-z0-9_-]+)/g)].map(
    (match) => ({ email: decodeURIComponent(match[1] ?? ''), token: match[2] ?? '' }),
  );
}

// ---------------------------------------------------------------------------------------------
// What the workload knows: every write the server acknowledged (2xx) must survive the kill, and
// a value written by a call cut off by the kill may or may not be there.

export interface Person {
  email: string;
  userId: string;
  accountId: string;
  token: string;
}

export interface ImportRun {
  marker: string;
  rows: number;
  trial: number;
  outcome: 'running' | 'completed' | 'killed' | 'refused';
  output: string;
  /** How long the CLI took to print that it imported the file. */
  importedMs: number | null;
}

export class Known {
  /** Owners from acknowledged sign-ups: their account is the one their session names. */
  owners: Person[] = [];
  /** Everyone with a session: the owners and those who joined by invite as new users. */
  people: Person[] = [];
  signups: { email: string; accountId: string }[] = [];
  invites: { email: string; accountId: string }[] = [];
  joins: { email: string; accountId: string }[] = [];
  invitedBy = new Map<string, string[]>();
  inviteLinks: InviteLink[] = [];
  /** The values a field may hold: the last acknowledged one and any written since. */
  names = new Map<string, Set<string>>();
  pendingEmails = new Map<string, Set<string | null>>();
  plans = new Map<string, Set<string | null>>();
  busy = new Set<string>();
  imports: ImportRun[] = [];
  /** 3-D Secure payments whose approval the kill cuts off (startCutApproval). */
  cutApprovals: { accountId: string; clientSecret: string }[] = [];
}

// ---------------------------------------------------------------------------------------------
// The workload.

interface Answer {
  status: number;
  body: { data?: unknown; message?: string };
}

export interface Workload {
  url: string;
  rng: Rng;
  known: Known;
  stopped: boolean;
  report: CrashReport;
  serverErrorSamples: string[];
  /** Runs a CLI import (the admin command) and answers its outcome. */
  runImport: (owner: Person) => Promise<void>;
}

async function call(
  work: Workload,
  kind: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer | null> {
  work.report.attempts += 1;
  try {
    const response = await fetch(`${work.url}${path}`, {
      method,
      headers: {
        cookie: `XSRF-TOKEN=${XSRF_TOKEN}`,
        'x-xsrf-token': XSRF_TOKEN,
        // A client address of its own per call: the per-address limits stay out of the way.
        'x-forwarded-for': `10.${work.rng.int(0, 255)}.${work.rng.int(0, 255)}.${work.rng.int(1, 254)}`,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let body: Answer['body'] = {};
    try {
      body = text ? (JSON.parse(text) as Answer['body']) : {};
    } catch {
      body = { message: text.slice(0, 200) };
    }
    if (response.status >= 200 && response.status < 300) done(work.report, kind);
    if (response.status >= 500) {
      work.report.serverErrors += 1;
      if (work.serverErrorSamples.length < 5)
        work.serverErrorSamples.push(
          `${method} ${path} → ${response.status} ${text.slice(0, 160)}`,
        );
    }
    return { status: response.status, body };
  } catch {
    // Cut off by the kill (or refused while it dies): the write may or may not have happened.
    return null;
  }
}

export function done(report: CrashReport, kind: string): void {
  report.operations += 1;
  report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
}

const dataOf = <T>(answer: Answer | null) => answer?.body.data as T;

export async function signUpOne(work: Workload): Promise<void> {
  const email = `crash-owner-${tag()}@example.test`;
  const answer = await call(work, 'sign-up', 'POST', '/api/account', {
    body: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      partner_name: `Crash ${tag()}`,
      password: PASSWORD,
    },
  });
  if (answer?.status !== 201) return;
  const data = dataOf<{ id: string; account_id: string; token: string }>(answer);
  const person = { email, userId: data.id, accountId: data.account_id, token: data.token };
  const { known } = work;
  known.signups.push({ email, accountId: person.accountId });
  known.owners.push(person);
  known.people.push(person);
  known.names.set(person.userId, new Set(['Ada']));
  known.pendingEmails.set(person.userId, new Set([null]));
  known.plans.set(person.accountId, new Set([null]));
}

export async function signupLoop(work: Workload): Promise<void> {
  while (!work.stopped) await signUpOne(work);
}

/** An owner invites new addresses, now and then an existing user, or sends an invite again. */
export async function inviteLoop(work: Workload): Promise<void> {
  const { known, rng } = work;
  while (!work.stopped) {
    const owner = rng.pick(known.owners);
    if (!owner) {
      await signUpOne(work);
      continue;
    }
    const emails = Array.from(
      { length: rng.int(1, 3) },
      () => `crash-invitee-${tag()}@example.test`,
    );
    const someone = rng.pick(known.people);
    if (someone && someone.accountId !== owner.accountId && rng.next() < 0.2)
      emails.push(someone.email);
    const earlier = known.invitedBy.get(owner.accountId) ?? [];
    const again = rng.pick(earlier);
    if (again && rng.next() < 0.3 && !emails.includes(again)) emails.push(again);
    const answer = await call(work, 'invite', 'POST', '/api/invite', {
      token: owner.token,
      body: { email: emails.join(', ') },
    });
    if (answer?.status !== 201) continue;
    for (const invite of dataOf<{ email: string }[]>(answer)) {
      known.invites.push({ email: invite.email, accountId: owner.accountId });
      if (!earlier.includes(invite.email)) earlier.push(invite.email);
    }
    known.invitedBy.set(owner.accountId, earlier);
  }
}

/** Invitees follow the links the mails carry (a new user, or an existing one joining). */
export async function joinLoop(work: Workload): Promise<void> {
  const { known } = work;
  while (!work.stopped) {
    const link = known.inviteLinks.shift();
    if (!link) {
      await sleep(20);
      continue;
    }
    const answer = await call(work, 'join', 'POST', '/api/user', {
      body: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: link.email,
        password: PASSWORD,
        invite_id: link.token,
      },
    });
    if (!answer) {
      // Cut off: try the link again after the restart (a used link answers 400).
      known.inviteLinks.push(link);
      continue;
    }
    if (answer.status !== 201) continue;
    const data = dataOf<{ id: string; account_id: string; token?: string }>(answer);
    known.joins.push({ email: link.email, accountId: data.account_id });
    if (data.token && !known.people.some((person) => person.email === link.email)) {
      known.people.push({
        email: link.email,
        userId: data.id,
        accountId: data.account_id,
        token: data.token,
      });
      known.names.set(data.id, new Set(['Grace']));
      known.pendingEmails.set(data.id, new Set([null]));
    }
  }
}

/** PATCH /api/user: a first name, or a new e-mail address (which waits for its confirmation). */
export async function profileLoop(work: Workload): Promise<void> {
  const { known, rng } = work;
  while (!work.stopped) {
    const person = rng.pick(known.people.filter((entry) => !known.busy.has(entry.userId)));
    if (!person) {
      await sleep(20);
      continue;
    }
    known.busy.add(person.userId);
    try {
      if (rng.next() < 0.6) {
        const name = `Name-${tag()}`;
        const names = known.names.get(person.userId) ?? new Set();
        names.add(name);
        known.names.set(person.userId, names);
        const answer = await call(work, 'name change', 'PATCH', '/api/user', {
          token: person.token,
          body: { first_name: name },
        });
        if (answer?.status === 200) known.names.set(person.userId, new Set([name]));
      } else {
        const email = `crash-moved-${tag()}@example.test`;
        const pending = known.pendingEmails.get(person.userId) ?? new Set();
        pending.add(email);
        known.pendingEmails.set(person.userId, pending);
        const answer = await call(work, 'e-mail change request', 'PATCH', '/api/user', {
          token: person.token,
          body: { email, password: PASSWORD },
        });
        if (answer?.status === 200) known.pendingEmails.set(person.userId, new Set([email]));
      }
    } finally {
      known.busy.delete(person.userId);
    }
  }
}

const rankOf = (plan: string | null) =>
  plan === null ? 0 : PLANS.indexOf(plan as (typeof PLANS)[number]) + 1;

/** A card from the built-in processor, then POST /api/account/upgrade to a higher plan. */
export async function upgradeLoop(work: Workload): Promise<void> {
  const { known, rng } = work;
  while (!work.stopped) {
    const ready = known.owners.filter((owner) => {
      const plans = known.plans.get(owner.accountId);
      return !known.busy.has(owner.accountId) && plans && Math.max(...[...plans].map(rankOf)) < 3;
    });
    const owner = rng.pick(ready);
    if (!owner) {
      await sleep(20);
      continue;
    }
    known.busy.add(owner.accountId);
    try {
      const plans = known.plans.get(owner.accountId) ?? new Set<string | null>([null]);
      const higher = PLANS.filter((plan) => rankOf(plan) > Math.max(...[...plans].map(rankOf)));
      const plan = rng.pick(higher);
      if (!plan) continue;
      const number = rng.next() < 0.4 ? CARD_3DS : CARD;
      const card = await call(work, 'card', 'POST', '/api/billing/local/cards', {
        token: owner.token,
        body: { number, expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
      });
      if (card?.status !== 200) continue;
      plans.add(plan);
      known.plans.set(owner.accountId, plans);
      const body = { plan, token: dataOf<{ token: string }>(card).token };
      let answer = await call(work, 'upgrade', 'POST', '/api/account/upgrade', {
        token: owner.token,
        body,
      });
      const action = dataOf<{ client_secret?: string } | undefined>(answer);
      if (answer?.status === 200 && action?.client_secret) {
        // The cardholder approves on the issuer's page (a kill here falls between the processor
        // taking the money and the app recording it), then the client repeats its call.
        const approved = await call(
          work,
          '3-D Secure approval',
          'POST',
          '/api/billing/local/authenticate',
          {
            token: owner.token,
            body: { client_secret: action.client_secret, outcome: 'complete' },
          },
        );
        if (approved?.status !== 200) continue;
        answer = await call(work, 'upgrade', 'POST', '/api/account/upgrade', {
          token: owner.token,
          body: { ...body, stripe: action },
        });
      }
      const paid = dataOf<{ plan?: string } | undefined>(answer)?.plan;
      if (answer?.status === 200 && paid) known.plans.set(owner.accountId, new Set([paid]));
    } finally {
      known.busy.delete(owner.accountId);
    }
  }
}

/**
 * A new owner pays for Plus AI with a card that asks for 3-D Secure and gets as far as the
 * issuer's page; the approval reaches the processor only after the kill (crash-trials.ts). The
 * account stays out of the upgrade loop until the trial has approved it.
 */
export async function startCutApproval(work: Workload): Promise<void> {
  const { known } = work;
  const before = known.owners.length;
  await signUpOne(work);
  const owner = known.owners[before];
  if (!owner) return;
  known.busy.add(owner.accountId);
  const card = await call(work, 'card', 'POST', '/api/billing/local/cards', {
    token: owner.token,
    body: { number: CARD_3DS, expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
  });
  if (card?.status !== 200) return;
  known.plans.get(owner.accountId)?.add('free_plus_ai');
  const answer = await call(work, 'upgrade', 'POST', '/api/account/upgrade', {
    token: owner.token,
    body: { plan: 'free_plus_ai', token: dataOf<{ token: string }>(card).token },
  });
  const secret = dataOf<{ client_secret?: string } | undefined>(answer)?.client_secret;
  if (answer?.status === 200 && secret)
    known.cutApprovals.push({ accountId: owner.accountId, clientSecret: secret });
}

export async function importLoop(work: Workload): Promise<void> {
  while (!work.stopped) {
    const owner = work.rng.pick(work.known.owners);
    if (!owner) {
      await sleep(50);
      continue;
    }
    await work.runImport(owner);
  }
}

// ---------------------------------------------------------------------------------------------
// CSV imports through the admin CLI (`node apps/server/dist/admin.js import-report`).

export function writeCsv(dir: string, marker: string, rows: number): string {
  const lines = [CSV_HEADER];
  for (let index = 0; index < rows; index++) {
    const day = new Date(Date.UTC(2025, 0, 1) + (index % 90) * 86_400_000).toISOString();
    lines.push(
      [
        day.slice(0, 10),
        marker,
        `campaign-${index % 7}`,
        index % 2 ? 'search' : 'social',
        index % 3 ? 'US' : 'DE',
        index % 5 ? 'desktop' : 'mobile',
        1_000 + index,
        index % 50,
        index % 4,
        `${(index % 300) + 1}.25`,
        `${(index % 100) + 1}.10`,
      ].join(','),
    );
  }
  const file = join(dir, `${marker}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
