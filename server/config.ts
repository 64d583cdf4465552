import type { QuickBooksConfig } from './integrations/finance/quickbooks';
import type { ChargebeeConfig } from './integrations/billing/chargebee';
import type { GeocoderConfig } from './integrations/geocoder';
import type { MailgunConfig } from './integrations/mail/mailgun';
import type { S3Config } from './integrations/files/s3';
import path from 'node:path';
import type { AdmissionLimits } from './admission';
import type { PgliteThread } from './db/client';
import { APP_VERSION } from '../domain/version';
import { SCHEDULED_JOBS } from '../domain/backgroundJobs';
import { SESSION_MINUTES, INACTIVITY_MARGIN_MS, EXPIRY_WARNING_MS } from '../domain/constants';

/** Everything the server reads from its environment, in one typed object (README lists each). */
export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** postgres://… to use a PostgreSQL server; empty for the embedded PGlite database. */
  databaseUrl: string;
  /** postgres://… of a streaming replica of DATABASE_URL that searches read from; empty for none. */
  databaseReadUrl: string;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /** Where PGlite runs: a worker thread of its own (default) or the API's thread (see db/client.ts). */
  pgliteThread: PgliteThread;
  smtpUrl: string;
  mailFrom: string;
  /** How mail is sent (README "Mail delivery"): SMTP (or only the outbox) by default, or Mailgun's HTTP API. */
  mail: { transport: 'smtp' | 'mailgun'; mailgun: MailgunConfig | null };
  /** The customers' app; invitation e-mails link to `${customerAppUrl}/register?token=…`. */
  customerAppUrl: string;
  /** Version of the console this server serves, reported by config/versions. */
  consoleVersion: string;
  /** Directory of the built console; not served when missing. */
  consoleDir: string;
  /** Seed demo data into a new database. */
  seedDemo: boolean;
  logLevel: string;
  /** Behind a reverse proxy: trust X-Forwarded-* for the client IP and https (secure cookies). */
  trustProxy: boolean;
  session: {
    idleMs: number;
    absoluteMs: number;
    inactivityMarginMs: number;
    warningMs: number;
    trustedDeviceMs: number;
  };
  otp: { ttlMs: number; maxAttemptsPerCode: number };
  lockout: { maxConsecutiveFailures: number; lockMs: number };
  /** Per-IP limit on the sign-in and passcode calls, counted in the database across nodes (rateLimitStore.ts). */
  authRateLimit: { max: number; windowMs: number };
  /** Per-account limit on sign-in attempts, counted in the database across nodes. */
  accountRateLimit: { max: number; windowMs: number };
  searchKeyTtlMs: number;
  /** Background jobs (pg-boss on the same database; README "Background jobs"). */
  jobs: JobsConfig;
  files: {
    /** Unused uploads and unfinished writes older than this are removed by the clean-up job. */
    cleanupGraceMs: number;
    /** Where new files' bytes go (FILE_STORE): PostgreSQL chunks, or S3-compatible object storage. */
    store: 'postgres' | 's3';
    /** The S3 settings when S3_BUCKET is set (needed by FILE_STORE=s3, and to read files kept there). */
    s3: S3Config | null;
  };
  /** The finance (accounting) system: the local ledger, or QuickBooks Online with its settings. */
  finance: { system: 'local' | 'quickbooks'; quickbooks: QuickBooksConfig | null };
  /** The billing provider (subscriptions): the local billing ledger, or Chargebee with its settings. */
  billing: { system: 'local' | 'chargebee'; chargebee: ChargebeeConfig | null };
  /** Geocoding of supplier postcodes on save: the local tables, a postcodes.io-style service, or none. */
  geocoder: GeocoderConfig;
  /** Admission control of this node's API calls (server/admission.ts). */
  admission: AdmissionLimits;
}

export interface JobsConfig {
  /** Run the job workers in this process (the API); false for API nodes beside `npm run worker`. */
  runWorkers: boolean;
  /** How often an idle worker looks for jobs; a job enqueued by this process starts at once. */
  pollingIntervalSeconds: number;
  /** A job still active after this long is failed and retried: how a crashed worker's job runs again. */
  expireSeconds: number;
  /** Retries after a failure, with exponential backoff from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often expired jobs are looked for (and old ones archived). */
  maintenanceIntervalSeconds: number;
  /** On close, how long running jobs may take to finish before they are failed (and later retried). */
  stopTimeoutMs: number;
  /**
   * The nightly jobs run long (a million enquiries to archive): their own expiry. A killed worker's
   * nightly run is taken up again after this long, from its checkpoints.
   */
  nightlyExpireSeconds: number;
  /** The scheduled jobs' cron (UTC) by queue, where JOBS_CRON_{QUEUE} overrides SCHEDULED_JOBS. */
  schedules: Record<string, string>;
  /**
   * Whether the workers' processes start the scheduled jobs on their cron. Off in tests: a test
   * never meets a nightly run it did not start itself (they run at real clock times).
   */
  scheduled: boolean;
}

const MINUTE = 60_000;

/** GEOCODER=none turns geocoding off; otherwise the local tables, behind GEOCODER_URL's service when it is set. */
function geocoderConfig(env: NodeJS.ProcessEnv): Config['geocoder'] {
  const kind = env.GEOCODER || 'local';
  if (kind !== 'local' && kind !== 'none') throw new Error(`GEOCODER must be local or none, not '${kind}'`);
  return { url: env.GEOCODER_URL || '', timeoutMs: int(env.GEOCODER_TIMEOUT_MS, 3000), off: kind === 'none' };
}

const MAILGUN_NEEDS = ['MAILGUN_API_KEY', 'MAILGUN_DOMAIN', 'MAILGUN_WEBHOOK_SIGNING_KEY'] as const;

/**
 * MAIL_TRANSPORT=mailgun needs its key, domain and webhook signing key; Mailgun settings beside
 * SMTP, or SMTP_URL beside Mailgun, stop the start too: mail would not go where the operator thinks.
 */
function mailConfig(env: NodeJS.ProcessEnv): Config['mail'] {
  const transport = env.MAIL_TRANSPORT || 'smtp';
  if (transport !== 'smtp' && transport !== 'mailgun') throw new Error(`MAIL_TRANSPORT must be smtp or mailgun, not '${transport}'`);
  if (transport === 'smtp') {
    const stray = MAILGUN_NEEDS.find((name) => env[name]);
    if (stray) throw new Error(`${stray} is set but MAIL_TRANSPORT is smtp: set MAIL_TRANSPORT=mailgun to send through Mailgun, or unset ${stray}`);
    return { transport, mailgun: null };
  }
  if (env.SMTP_URL) throw new Error('MAIL_TRANSPORT=mailgun sends through Mailgun: unset SMTP_URL');
  const missing = MAILGUN_NEEDS.find((name) => !env[name]);
  if (missing) throw new Error(`MAIL_TRANSPORT=mailgun needs ${missing}`);
  const baseUrl = (env.MAILGUN_URL || 'https://api.mailgun.net').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(baseUrl)) throw new Error(`MAILGUN_URL must be an http(s) address without a path, such as https://api.eu.mailgun.net, not '${baseUrl}'`);
  return {
    transport,
    mailgun: {
      baseUrl,
      apiKey: env.MAILGUN_API_KEY!,
      domain: env.MAILGUN_DOMAIN!,
      webhookSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY!,
      timeoutMs: int(env.MAILGUN_TIMEOUT_MS, 10_000),
    },
  };
}

/** FILE_STORE=s3 needs S3_BUCKET; S3 settings that cannot work stop the start with their name. */
function filesConfig(env: NodeJS.ProcessEnv): Config['files'] {
  const cleanupGraceMs = int(env.FILES_CLEANUP_GRACE_HOURS, 24) * 60 * MINUTE;
  const store = env.FILE_STORE || 'postgres';
  if (store !== 'postgres' && store !== 's3') throw new Error(`FILE_STORE must be postgres or s3, not '${store}'`);
  const bucket = env.S3_BUCKET || '';
  if (!bucket) {
    if (store === 's3') throw new Error('FILE_STORE=s3 needs S3_BUCKET');
    return { cleanupGraceMs, store, s3: null };
  }
  const endpoint = env.S3_ENDPOINT || '';
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, not '${endpoint}'`);
  const pathStyle = env.S3_FORCE_PATH_STYLE || 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not '${pathStyle}'`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || '';
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK\'s default credentials)');
  const prefix = env.S3_PREFIX ?? 'files/';
  if (prefix.startsWith('/')) throw new Error(`S3_PREFIX must not start with '/', got '${prefix}'`);
  return {
    cleanupGraceMs,
    store,
    s3: {
      bucket,
      region: env.S3_REGION || 'us-east-1',
      endpoint,
      forcePathStyle: pathStyle === 'true',
      credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
      prefix,
    },
  };
}

/** FINANCE_SYSTEM=quickbooks needs the realm and OAuth settings; a missing one stops the start with its name. */
function financeConfig(env: NodeJS.ProcessEnv): Config['finance'] {
  const system = env.FINANCE_SYSTEM || 'local';
  if (system === 'local') return { system, quickbooks: null };
  if (system !== 'quickbooks') throw new Error(`FINANCE_SYSTEM must be local or quickbooks, not '${system}'`);
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`FINANCE_SYSTEM=quickbooks needs ${name}`);
    return v;
  };
  return {
    system,
    quickbooks: {
      baseUrl: (env.QUICKBOOKS_BASE_URL || 'https://quickbooks.api.intuit.com').replace(/\/+$/, ''),
      tokenUrl: env.QUICKBOOKS_TOKEN_URL || 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
      realmId: need('QUICKBOOKS_REALM_ID'),
      clientId: need('QUICKBOOKS_CLIENT_ID'),
      clientSecret: need('QUICKBOOKS_CLIENT_SECRET'),
      refreshToken: need('QUICKBOOKS_REFRESH_TOKEN'),
      timeoutMs: int(env.QUICKBOOKS_TIMEOUT_MS, 10_000),
    },
  };
}

/** BILLING_SYSTEM=chargebee needs the API key and the site (or CHARGEBEE_URL); a missing one stops the start with its name. */
function billingConfig(env: NodeJS.ProcessEnv): Config['billing'] {
  const system = env.BILLING_SYSTEM || 'local';
  if (system === 'local') return { system, chargebee: null };
  if (system !== 'chargebee') throw new Error(`BILLING_SYSTEM must be local or chargebee, not '${system}'`);
  const apiKey = env.CHARGEBEE_API_KEY;
  if (!apiKey) throw new Error('BILLING_SYSTEM=chargebee needs CHARGEBEE_API_KEY');
  const site = env.CHARGEBEE_SITE || '';
  // The site becomes a host name: only a site name (letters, digits, hyphens) is accepted.
  if (site && !/^[a-z0-9][a-z0-9-]*$/i.test(site)) throw new Error(`CHARGEBEE_SITE must be the site's name (the 'acme' of acme.chargebee.com), not '${site}'`);
  const url = env.CHARGEBEE_URL || '';
  if (!site && !url) throw new Error('BILLING_SYSTEM=chargebee needs CHARGEBEE_SITE (or CHARGEBEE_URL)');
  if (url && !/^https?:\/\/[^/\s]+/.test(url)) throw new Error(`CHARGEBEE_URL must be an http(s) URL, not '${url}'`);
  const timeoutMs = int(env.CHARGEBEE_TIMEOUT_MS, 10_000);
  if (timeoutMs <= 0) throw new Error(`CHARGEBEE_TIMEOUT_MS must be above 0, not '${env.CHARGEBEE_TIMEOUT_MS}'`);
  return { system, chargebee: { baseUrl: (url || `https://${site}.chargebee.com/api/v2`).replace(/\/+$/, ''), apiKey, timeoutMs } };
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Expected a number, got '${value}'`);
  return n;
}

/** Five cron fields of digits, `*`, `/`, `,` and `-` (pg-boss checks the rest when it schedules). */
const CRON = /^[\d*/,-]+( [\d*/,-]+){4}$/;

/** JOBS_CRON_DAILY_INVOICE_EXPORT='0 4 * * *' moves the daily-invoice-export queue's schedule. */
function scheduleOverrides(env: NodeJS.ProcessEnv): Record<string, string> {
  const schedules: Record<string, string> = {};
  for (const job of Object.values(SCHEDULED_JOBS)) {
    const value = env[`JOBS_CRON_${job.queue.toUpperCase().replace(/-/g, '_')}`];
    if (!value) continue;
    if (!CRON.test(value.trim())) throw new Error(`Expected a cron expression of five fields for ${job.queue}, got '${value}'`);
    schedules[job.queue] = value.trim();
  }
  return schedules;
}

function pgliteThreadOf(value: string | undefined): PgliteThread {
  if (!value) return 'worker';
  if (value !== 'main' && value !== 'worker') throw new Error(`PGLITE_THREAD must be main or worker, got ${value}`);
  return value;
}

/** DATABASE_READ_URL is a replica of DATABASE_URL's server: without DATABASE_URL it has nothing to follow. */
function databaseReadUrlOf(env: NodeJS.ProcessEnv): string {
  const url = env.DATABASE_READ_URL || '';
  if (url && !env.DATABASE_URL) throw new Error('DATABASE_READ_URL needs DATABASE_URL (the primary it replicates)');
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const base: Config = {
    env: mode,
    host: env.HOST || '127.0.0.1',
    port: int(env.PORT, 3000),
    databaseUrl: env.DATABASE_URL || '',
    databaseReadUrl: databaseReadUrlOf(env),
    dataDir: env.DATA_DIR || path.resolve('data'),
    pgliteThread: pgliteThreadOf(env.PGLITE_THREAD),
    smtpUrl: env.SMTP_URL || '',
    mailFrom: env.MAIL_FROM || 'Fleet Network Console <no-reply@fleet-network.local>',
    mail: mailConfig(env),
    customerAppUrl: (env.CUSTOMER_APP_URL || 'https://app.fleet-network.example').replace(/\/+$/, ''),
    consoleVersion: env.CONSOLE_VERSION || APP_VERSION,
    consoleDir: env.CONSOLE_DIR || path.resolve('dist'),
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY === 'true',
    session: {
      idleMs: int(env.SESSION_IDLE_MINUTES, SESSION_MINUTES) * MINUTE,
      absoluteMs: int(env.SESSION_ABSOLUTE_HOURS, 12) * 60 * MINUTE,
      inactivityMarginMs: INACTIVITY_MARGIN_MS,
      warningMs: EXPIRY_WARNING_MS,
      trustedDeviceMs: 7 * 24 * 60 * MINUTE,
    },
    otp: { ttlMs: 10 * MINUTE, maxAttemptsPerCode: 5 },
    lockout: { maxConsecutiveFailures: 10, lockMs: 15 * MINUTE },
    authRateLimit: { max: int(env.AUTH_RATE_LIMIT_PER_IP, 30), windowMs: 5 * MINUTE },
    accountRateLimit: { max: 20, windowMs: 15 * MINUTE },
    searchKeyTtlMs: 5 * MINUTE,
    jobs: {
      runWorkers: env.JOBS_RUN_WORKERS !== 'false',
      pollingIntervalSeconds: int(env.JOBS_POLL_SECONDS, 2),
      expireSeconds: int(env.JOBS_EXPIRE_SECONDS, 15 * 60),
      retryLimit: int(env.JOBS_RETRY_LIMIT, 3),
      retryDelaySeconds: 5,
      maintenanceIntervalSeconds: int(env.JOBS_MAINTENANCE_SECONDS, 60),
      stopTimeoutMs: 30_000,
      nightlyExpireSeconds: int(env.JOBS_NIGHTLY_EXPIRE_SECONDS, 2 * 60 * 60),
      schedules: scheduleOverrides(env),
      scheduled: env.JOBS_SCHEDULED ? env.JOBS_SCHEDULED !== 'false' : mode !== 'test',
    },
    files: filesConfig(env),
    finance: financeConfig(env),
    billing: billingConfig(env),
    geocoder: geocoderConfig(env),
    // Tests share two cores with their browsers and databases: there a late loop or a long wait is
    // the machine, not overload, so only the in-flight bound is kept (tests/api/admission.test.ts
    // sets its own limits).
    admission: {
      maxInFlight: int(env.ADMISSION_MAX_IN_FLIGHT, 32),
      maxQueued: int(env.ADMISSION_MAX_QUEUED, 256),
      maxWaitMs: int(env.ADMISSION_MAX_WAIT_MS, mode === 'test' ? 60_000 : 500),
      maxLagMs: int(env.ADMISSION_MAX_LAG_MS, mode === 'test' ? 60_000 : 50),
    },
  };
  return { ...base, ...overrides };
}
