import type { MatchPlan } from './match';
import type { SearchRequest, TypoLevel } from './params';
import { MAX_TYPO_WORDS } from './textQuery';

/**
 * Typo escalation and word dropping (reference §1.3a). After the exact search: while fewer than
 * `typo_tokens_threshold` documents are found, allow one more typo per word (up to what the words
 * and fields allow); then, while fewer than `drop_tokens_threshold` are found, drop the last free
 * word and start again from exact. The last remaining word is never dropped. The answer is the
 * last step's: its `found` counts every document of that query.
 *
 * Each step is one statement. At most MAX_DROPPED_WORDS words are dropped and MAX_STEPS steps run
 * (enough for every step of a query of four words), so a long query of unknown words costs a
 * bounded number of statements; past the bound the answer is the last step's.
 */
export const MAX_DROPPED_WORDS = MAX_TYPO_WORDS;
export const MAX_STEPS = 12;

type Rows = Record<string, unknown>[];

export interface Step {
  rows: Rows;
  plan: MatchPlan;
  /** Typos the step allowed (0: exact). */
  typos: number;
}

const foundOf = (rows: Rows) => (rows.length ? Number(rows[0].found) : 0);

export async function escalate(req: SearchRequest, first: Step, run: (level: TypoLevel) => Promise<Step>): Promise<Step> {
  let step = first;
  let steps = 0;
  const next = (level: TypoLevel) => (steps++, run(level));
  if (!first.plan.text) return step;
  const words = first.plan.parsed.words.length;
  let tokens = words;
  let typos = 0;
  for (;;) {
    const most = first.plan.maxTypos(tokens);
    while (foundOf(step.rows) < req.typoTokensThreshold && typos < most && steps < MAX_STEPS) step = await next({ tokens, typos: ++typos });
    if (foundOf(step.rows) >= req.dropTokensThreshold || tokens <= 1 || words - tokens >= MAX_DROPPED_WORDS || steps >= MAX_STEPS) return step;
    tokens--;
    typos = 0;
    step = await next({ tokens, typos });
  }
}

/** Compile-cache key of a step: the request's key and the step. */
export const levelKey = (key: string, level: TypoLevel) => `${key}\u0000${level.tokens}:${level.typos}`;
