import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';
import type { FinanceSystem } from './integrations/finance';
import type { MailEvents } from './integrations/mail';
import type { BillingSystem } from './integrations/billing';
import type { Geocoder } from './integrations/geocoder';
import type { FileStore } from './integrations/files';
import type { Jobs } from './jobs/boss';

/** What every handler may use. Built once per app in server/app.ts. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The mail delivery events (mail_events) the mailer and the provider's webhooks record; Verify Email lists them. */
  mailEvents: MailEvents;
  /** The finance (accounting) system: the local ledger or QuickBooks Online (server/integrations/finance). */
  finance: FinanceSystem;
  /** The billing provider's customers and subscriptions: the local billing ledger or Chargebee (server/integrations/billing). */
  billing: BillingSystem;
  /** Geocoding of supplier postcodes (server/integrations/geocoder): a postcodes.io-style service, or none. */
  geocoder: Geocoder;
  /** Where files' bytes are kept (server/integrations/files): PostgreSQL, or S3-compatible object storage. */
  files: FileStore;
  log: FastifyBaseLogger;
  secrets: { otpPepper: Buffer };
  /** Background jobs (pg-boss): enqueue with jobs.send(tx, queue, data) inside the record's transaction. */
  jobs: Jobs;
}
