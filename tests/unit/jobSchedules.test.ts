import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { NIGHTLY_QUEUES, pauseJobSchema, SCHEDULED_JOBS } from '../../domain/backgroundJobs';

describe('the scheduled jobs’ times (JOBS_CRON_{QUEUE})', () => {
  it('keeps the declared schedules when nothing is set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.schedules).toEqual({});
  });

  it('moves one job with its variable, trimmed', () => {
    const config = loadConfig({ NODE_ENV: 'test', JOBS_CRON_DAILY_INVOICE_EXPORT: ' 0 4 * * 1-5 ' });
    expect(config.jobs.schedules).toEqual({ [SCHEDULED_JOBS.dailyInvoiceExport.queue]: '0 4 * * 1-5' });
  });

  it('runs them on their times, except in tests unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).jobs.scheduled).toBe(true);
    expect(loadConfig({}).jobs.scheduled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.scheduled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOBS_SCHEDULED: 'true' }).jobs.scheduled).toBe(true);
    expect(loadConfig({ JOBS_SCHEDULED: 'false' }).jobs.scheduled).toBe(false);
  });

  it('refuses what is not a five-field cron expression, naming the job', () => {
    for (const bad of ['0 4 * *', 'every night', '0 4 * * * *', '0 4 * * 1; rm']) {
      expect(() => loadConfig({ NODE_ENV: 'test', JOBS_CRON_ENQUIRY_ARCHIVE: bad })).toThrow(/enquiry-archive/);
    }
  });
});

describe('the nightly jobs', () => {
  it('are the four of the process logs, and only they can be paused', () => {
    expect(NIGHTLY_QUEUES).toEqual(['contract-stock-import', 'daily-invoice-export', 'enquiry-archive', 'billing-validation']);
    expect(pauseJobSchema.safeParse({ queue: SCHEDULED_JOBS.filesCleanup.queue }).success).toBe(false);
    expect(pauseJobSchema.safeParse({ queue: SCHEDULED_JOBS.enquiryArchive.queue }).success).toBe(true);
  });
});
