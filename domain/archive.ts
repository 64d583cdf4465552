/**
 * Enquiry archiving (spec 3 §2.2 "Archive logs", §3 archive stats): which live enquiries the
 * nightly job moves to the archive, under which kind, and from which day. Ours where the spec is
 * silent: the kinds' rules, the thresholds and the date they are measured from.
 */
import type { ARCHIVE_REASONS, EnquiryStatus } from './enquiries';
import { ARCHIVE_KINDS, type ArchiveKind, type ArchiveStats } from './logs';

type ArchiveReason = (typeof ARCHIVE_REASONS)[number];

/**
 * Days an enquiry stays live after its last change (modified_at): a no-show or a refused
 * authorisation is settled sooner than a plain cancellation or a declined booking; an invoice stays
 * a year, for queries and credits. Measured from the last change, so an enquiry someone touched (or
 * unarchived) waits a full period again.
 */
export const ARCHIVE_AFTER_DAYS: Readonly<Record<ArchiveKind, number>> = {
  declined: 90,
  cancelled: 90,
  noShow: 60,
  authorisationDeclined: 60,
  invoiced: 365,
};

/**
 * How a cancellation's reason (free text, written by whoever cancelled) says it was a no-show or a
 * refused authorisation. Each pattern reads the same as a JavaScript RegExp (flag i) and as a
 * PostgreSQL case-insensitive regex (~*), so the job's SQL and `archiveKindOf` apply one rule.
 * E.g. 'Driver no-show', 'No show at the garage'; 'Authorisation declined', 'authorization was refused'.
 */
export const CANCEL_REASON_PATTERNS = {
  authorisationDeclined: '(^|[^a-z])authori[sz]ation[^a-z]+(was[^a-z]+)?(declined|refused)',
  noShow: '(^|[^a-z])no[^a-z]?show([^a-z]|$)',
} as const;

/** A kind's rule: its statuses and, for cancellations, what the reason must and must not say. */
export interface ArchiveKindRule {
  statuses: readonly EnquiryStatus[];
  reasonMatches?: string;
  reasonNotMatching?: readonly string[];
}

const { authorisationDeclined: AUTH, noShow: NO_SHOW } = CANCEL_REASON_PATTERNS;

/** The kinds never overlap: a reason saying both is an authorisation declined. */
export const ARCHIVE_KIND_RULES: Readonly<Record<ArchiveKind, ArchiveKindRule>> = {
  declined: { statuses: ['DECLINED_TO_BID', 'BID_NOT_SELECTED'] },
  authorisationDeclined: { statuses: ['CANCELLED'], reasonMatches: AUTH },
  noShow: { statuses: ['CANCELLED'], reasonMatches: NO_SHOW, reasonNotMatching: [AUTH] },
  cancelled: { statuses: ['CANCELLED'], reasonNotMatching: [AUTH, NO_SHOW] },
  invoiced: { statuses: ['INVOICED'] },
};

/** The archive_reason an archived enquiry keeps (domain/enquiries ARCHIVE_REASONS). */
export const ARCHIVE_REASON_OF: Readonly<Record<ArchiveKind, ArchiveReason>> = {
  declined: 'DECLINED',
  cancelled: 'CANCELLED',
  noShow: 'NO_SHOW',
  authorisationDeclined: 'AUTHORISATION_DECLINED',
  invoiced: 'INVOICED',
};

const matches = (pattern: string, text: string | null) => new RegExp(pattern, 'i').test(text ?? '');

/** The kind an enquiry would be archived as, whatever its age; null for a status that is never archived. */
export function archiveKindOf(e: { status: EnquiryStatus; cancelReason: string | null }): ArchiveKind | null {
  return (
    ARCHIVE_KINDS.find((kind) => {
      const rule = ARCHIVE_KIND_RULES[kind];
      if (!rule.statuses.includes(e.status)) return false;
      if (rule.reasonMatches && !matches(rule.reasonMatches, e.cancelReason)) return false;
      return !(rule.reasonNotMatching ?? []).some((p) => matches(p, e.cancelReason));
    }) ?? null
  );
}

const DAY_MS = 86_400_000;

/** The threshold dates of a run day (YYYY-MM-DD, UTC): enquiries last changed before that date are archived. */
export function archiveThresholds(day: string): Record<ArchiveKind, string> {
  const start = Date.parse(`${day}T00:00:00Z`);
  return Object.fromEntries(ARCHIVE_KINDS.map((k) => [k, new Date(start - ARCHIVE_AFTER_DAYS[k] * DAY_MS).toISOString().slice(0, 10)])) as Record<ArchiveKind, string>;
}

/** The first moment an enquiry of this threshold date is kept: its start (UTC). */
export const thresholdInstant = (date: string) => new Date(`${date}T00:00:00Z`);

/** The kind under which the run of `day` archives the enquiry, or null when it stays live. */
export function archiveKindOn(e: { status: EnquiryStatus; cancelReason: string | null; modifiedAt: Date }, day: string): ArchiveKind | null {
  const kind = archiveKindOf(e);
  if (!kind) return null;
  return e.modifiedAt < thresholdInstant(archiveThresholds(day)[kind]) ? kind : null;
}

export const NO_ARCHIVED: Readonly<Record<ArchiveKind, number>> = { declined: 0, cancelled: 0, noShow: 0, authorisationDeclined: 0, invoiced: 0 };

/** Where a company's archiving of a day stands: counted at its start, then after each batch. */
export interface ArchiveProgress {
  totalEnquiriesToArchiveCount: number;
  totalInvoicedEnquiriesToArchiveCount: number;
  archivedByKind: Record<ArchiveKind, number>;
  firstRunTimestamp: string;
  lastRunTimestamp: string;
}

/** The entry's stats (domain/logs ArchiveStats): the progress, whether it is done, and the day's threshold dates. */
export function archiveStatsOf(p: ArchiveProgress, day: string, completed: boolean): ArchiveStats {
  const t = archiveThresholds(day);
  return {
    isArchivingEnquiriesCompleted: completed,
    totalEnquiriesToArchiveCount: p.totalEnquiriesToArchiveCount,
    totalInvoicedEnquiriesToArchiveCount: p.totalInvoicedEnquiriesToArchiveCount,
    archivedEnquiriesCount: archivedCount(p.archivedByKind),
    firstRunTimestamp: p.firstRunTimestamp,
    lastRunTimestamp: p.lastRunTimestamp,
    archivedByKind: { ...p.archivedByKind },
    invoicedThresholdDate: t.invoiced,
    declinedThresholdDate: t.declined,
    cancelledThresholdDate: t.cancelled,
    noShowThresholdDate: t.noShow,
    authorisationDeclinedThresholdDate: t.authorisationDeclined,
  };
}

export const archivedCount = (byKind: Record<ArchiveKind, number>) => ARCHIVE_KINDS.reduce((n, k) => n + byKind[k], 0);

const count = (n: number) => n.toLocaleString('en-GB');
const enquiriesWord = (n: number) => (n === 1 ? 'enquiry' : 'enquiries');

/** Ours: the entry's message while the job runs and once it is done. */
export const ARCHIVE_MESSAGES = {
  progress: (archived: number, total: number) => `Archiving: ${count(archived)} of ${count(total)} ${enquiriesWord(total)} archived`,
  done: (archived: number) => `Archived ${count(archived)} ${enquiriesWord(archived)}`,
} as const;
