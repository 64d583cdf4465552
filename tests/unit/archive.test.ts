import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_AFTER_DAYS,
  ARCHIVE_MESSAGES,
  ARCHIVE_REASON_OF,
  archiveKindOf,
  archiveKindOn,
  archiveStatsOf,
  archiveThresholds,
  NO_ARCHIVED,
} from '../../domain/archive';
import { ARCHIVE_REASONS, ENQUIRY_STATUSES, type EnquiryStatus } from '../../domain/enquiries';
import { ARCHIVE_KINDS } from '../../domain/logs';

const cancelled = (cancelReason: string | null) => archiveKindOf({ status: 'CANCELLED', cancelReason });

describe('archiveKindOf', () => {
  it('classes declined and not-selected bookings as declined, invoiced ones as invoiced', () => {
    expect(archiveKindOf({ status: 'DECLINED_TO_BID', cancelReason: null })).toBe('declined');
    expect(archiveKindOf({ status: 'BID_NOT_SELECTED', cancelReason: null })).toBe('declined');
    expect(archiveKindOf({ status: 'INVOICED', cancelReason: null })).toBe('invoiced');
  });

  it('never archives an enquiry still in progress or completed but not invoiced', () => {
    const archived: EnquiryStatus[] = ['DECLINED_TO_BID', 'BID_NOT_SELECTED', 'CANCELLED', 'INVOICED'];
    for (const status of ENQUIRY_STATUSES.filter((s) => !archived.includes(s))) {
      expect(archiveKindOf({ status, cancelReason: 'Driver no-show' }), status).toBeNull();
    }
  });

  it('reads a no-show from the cancel reason, whatever its case and spelling', () => {
    for (const reason of ['Driver no-show', 'NO SHOW at the garage', 'noshow', 'No show', 'Vehicle was a no_show.']) expect(cancelled(reason), reason).toBe('noShow');
  });

  it('reads a refused authorisation from the cancel reason, in either spelling', () => {
    for (const reason of ['Authorisation declined', 'authorization was refused by the lease company', 'Work cancelled: AUTHORISATION - DECLINED']) {
      expect(cancelled(reason), reason).toBe('authorisationDeclined');
    }
  });

  it('takes a reason that says both as an authorisation declined', () => {
    expect(cancelled('No show, and authorisation declined')).toBe('authorisationDeclined');
  });

  it('leaves every other cancellation a plain cancellation, words that only contain the phrases included', () => {
    for (const reason of [null, '', 'Duplicate booking', 'Piano show cancelled', 'Casino showroom closed', 'Authorisation pending', 'Declined by driver', 'no shower available']) {
      expect(cancelled(reason), String(reason)).toBe('cancelled');
    }
  });
});

describe('archiveThresholds', () => {
  it('counts back each kind’s days from the run day', () => {
    expect(ARCHIVE_AFTER_DAYS).toEqual({ declined: 90, cancelled: 90, noShow: 60, authorisationDeclined: 60, invoiced: 365 });
    expect(archiveThresholds('2026-11-25')).toEqual({
      declined: '2026-08-27',
      cancelled: '2026-08-27',
      noShow: '2026-09-26',
      authorisationDeclined: '2026-09-26',
      invoiced: '2025-11-25',
    });
    // Across a leap day.
    expect(archiveThresholds('2024-03-01').invoiced).toBe('2023-03-02');
  });
});

describe('archiveKindOn', () => {
  const day = '2026-11-25';
  it('archives an enquiry last changed before its threshold date, and keeps one changed on it', () => {
    expect(archiveKindOn({ status: 'INVOICED', cancelReason: null, modifiedAt: new Date('2025-11-24T23:59:59.999Z') }, day)).toBe('invoiced');
    expect(archiveKindOn({ status: 'INVOICED', cancelReason: null, modifiedAt: new Date('2025-11-25T00:00:00Z') }, day)).toBeNull();
    expect(archiveKindOn({ status: 'CANCELLED', cancelReason: 'No show', modifiedAt: new Date('2026-09-25T12:00:00Z') }, day)).toBe('noShow');
    expect(archiveKindOn({ status: 'CANCELLED', cancelReason: 'Duplicate', modifiedAt: new Date('2026-09-25T12:00:00Z') }, day)).toBeNull();
    expect(archiveKindOn({ status: 'CANCELLED', cancelReason: 'Duplicate', modifiedAt: new Date('2026-08-26T12:00:00Z') }, day)).toBe('cancelled');
    expect(archiveKindOn({ status: 'COMPLETED', cancelReason: null, modifiedAt: new Date('2020-01-01T00:00:00Z') }, day)).toBeNull();
  });
});

describe('archive reasons, stats and messages', () => {
  it('gives each kind its own archive reason', () => {
    expect(new Set(ARCHIVE_KINDS.map((k) => ARCHIVE_REASON_OF[k]))).toEqual(new Set(ARCHIVE_REASONS));
  });

  it('builds the entry stats with the threshold dates of the day', () => {
    const progress = {
      totalEnquiriesToArchiveCount: 10,
      totalInvoicedEnquiriesToArchiveCount: 4,
      archivedByKind: { ...NO_ARCHIVED, invoiced: 4, noShow: 2 },
      firstRunTimestamp: '2026-11-25T03:15:00.000Z',
      lastRunTimestamp: '2026-11-25T03:16:00.000Z',
    };
    expect(archiveStatsOf(progress, '2026-11-25', false)).toEqual({
      isArchivingEnquiriesCompleted: false,
      totalEnquiriesToArchiveCount: 10,
      totalInvoicedEnquiriesToArchiveCount: 4,
      archivedEnquiriesCount: 6,
      firstRunTimestamp: '2026-11-25T03:15:00.000Z',
      lastRunTimestamp: '2026-11-25T03:16:00.000Z',
      archivedByKind: { declined: 0, cancelled: 0, noShow: 2, authorisationDeclined: 0, invoiced: 4 },
      invoicedThresholdDate: '2025-11-25',
      declinedThresholdDate: '2026-08-27',
      cancelledThresholdDate: '2026-08-27',
      noShowThresholdDate: '2026-09-26',
      authorisationDeclinedThresholdDate: '2026-09-26',
    });
  });

  it('words the messages with thousands separators', () => {
    expect(ARCHIVE_MESSAGES.done(1234)).toBe('Archived 1,234 enquiries');
    expect(ARCHIVE_MESSAGES.done(1)).toBe('Archived 1 enquiry');
    expect(ARCHIVE_MESSAGES.progress(1000, 25_000)).toBe('Archiving: 1,000 of 25,000 enquiries archived');
  });
});
