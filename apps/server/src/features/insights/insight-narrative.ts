/**
 * The optional AI summary (docs/insights.md#narrative): the viewer's top insights as facts with
 * their numbers and names already written out, sent to an OpenAI-compatible chat endpoint, and
 * the answer kept only if every number and name in it is one of the facts'. Plain fetch and zod;
 * a failure, a time-out or a single unchecked figure leaves the template sentences alone.
 */
import { z } from 'zod';
import type { Locale } from '@partner-portal/shared/constants';
import type { Config } from '../../config';
import { describeInsight } from './insight-sentences';
import type { EngineInsight } from './insight-types';

/** The model's whole answer must arrive within this, or the panel shows the sentences only. */
const TIMEOUT_MS = 8_000;
/** The summary covers the cards the panel shows. */
export const NARRATIVE_CARDS = 5;
const MAX_SENTENCES = 3;

const ChatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const LANGUAGE: Record<Locale, string> = { en: 'English', es: 'Spanish' };

/** What leaves the server: each insight's sentence and kind, nothing else (never rows). */
function narrativeFacts(locale: Locale, insights: readonly EngineInsight[]) {
  return insights.slice(0, NARRATIVE_CARDS).map((insight) => ({
    kind: insight.type,
    good_news: insight.good,
    fact: describeInsight(locale, insight),
  }));
}

type Facts = ReturnType<typeof narrativeFacts>;

function prompt(locale: Locale, facts: Facts) {
  return [
    {
      role: 'system',
      content:
        `You summarise a partner's marketing report for them in ${LANGUAGE[locale]}. ` +
        `Write at most ${MAX_SENTENCES} short sentences. Use only the facts given: do not add ` +
        'any number, percentage, date, name or cause that is not written in them, and copy ' +
        'numbers exactly as written. Lead with what needs attention.',
    },
    { role: 'user', content: JSON.stringify(facts) },
  ];
}

/** Numbers as written ("41.2K", "-18%", "1.234,56 US$"): digits with their separators. */
const NUMBER = /\d(?:[\d.,\u00a0\u202f ]*\d)?/g;
/** A capitalised word that does not open a sentence: a name, which the facts must hold. */
const NAME = /(?<![.!?:]\s|^)\b\p{Lu}[\p{L}\p{N}'’-]*/gu;

const compact = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '');

/**
 * Whether `answer` says nothing the facts do not: every number in it appears in a fact, every
 * name (a capitalised word inside a sentence) appears in one, and it is at most three sentences.
 */
export function checkNarrative(answer: string, facts: Facts): boolean {
  const text = facts.map((fact) => fact.fact).join('\n');
  const factsCompact = compact(text);
  const sentences = answer.split(/(?<=[.!?])\s+/).filter((part) => part.trim().length > 0);
  if (sentences.length === 0 || sentences.length > MAX_SENTENCES) return false;
  for (const number of answer.match(NUMBER) ?? []) {
    if (!factsCompact.includes(compact(number))) return false;
  }
  for (const name of answer.match(NAME) ?? []) {
    if (!text.includes(name)) return false;
  }
  return true;
}

/**
 * The checked summary of `insights` in `locale`, or null: none configured, nothing to say, the
 * endpoint failed or was slow, or its answer used a figure or name the facts do not hold.
 */
export async function writeNarrative(
  config: Pick<Config, 'ai'>,
  locale: Locale,
  insights: readonly EngineInsight[],
  log: { warn: (details: object, message: string) => void },
): Promise<string | null> {
  const ai = config.ai;
  const facts = narrativeFacts(locale, insights);
  if (!ai || facts.length === 0) return null;
  try {
    const response = await fetch(`${ai.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: ai.model,
        messages: prompt(locale, facts),
        temperature: 0,
        max_tokens: 200,
        stream: false,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      log.warn({ status: response.status }, 'insights narrative: the AI endpoint refused');
      return null;
    }
    const parsed = ChatAnswerSchema.safeParse(await response.json());
    const answer = parsed.success ? parsed.data.choices[0]?.message.content.trim() : undefined;
    if (!answer) {
      log.warn({}, 'insights narrative: an answer without a message');
      return null;
    }
    if (!checkNarrative(answer, facts)) {
      log.warn({}, 'insights narrative: dropped an answer with figures or names not in the facts');
      return null;
    }
    return answer;
  } catch (error) {
    log.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'insights narrative: the AI endpoint did not answer',
    );
    return null;
  }
}
