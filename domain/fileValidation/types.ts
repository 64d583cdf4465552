/**
 * A file validation type (spec 3 §2.5, §9), declared once: its group and label, its columns (the
 * network file's column engine: kinds, required cells, formula-safe reading), the rules between
 * the cells of a row and between rows, and the database checks. The validation job reads these
 * declarations and nothing else; the upload dialog lists them by group.
 */
import type { ColumnDef, NetworkFormat, NetworkRow } from '../network/format';

export const VALIDATION_GROUPS = ['ViSN', 'GSF', 'Jurni', 'Autoserve', 'Enterprise GB', 'Enterprise IE', 'Lex'] as const;
export type ValidationGroup = (typeof VALIDATION_GROUPS)[number];

/** What a validated file becomes at the nightly contract and stock import (the process logs' jobs). */
export type AppliedAs = 'contract' | 'stock' | 'termination';

/** A rule between the cells of one row; `column` is the header the message is reported under. */
export interface RowRule {
  column: string;
  message: string;
  /** True when the row is fine. Only called for a row whose cells all parsed. */
  holds(row: NetworkRow): boolean;
}

/**
 * A check against the database, run for a batch of rows in one query per check. Column names are
 * the keys of the type's columns (ColumnDef.key); `column` is the one the message is reported under.
 * - leaseCompany: the value is a lease company's DI Customer Id.
 * - subCustomer: the value names a sub customer of the row's lease company (`company`).
 * - vehicleOfCompany: the registration (`column`) is a vehicle of the row's lease company.
 * - driverOfCompany: the e-mail (`column`) is a driver of the row's lease company.
 * - supplier: the value is a supplier's DI Supplier Id.
 * - group: the value is a supplier group's Group Id.
 * - jobCode: the value is a known job code (the external code mappings).
 * - newUser: the e-mail is not yet a user of the console's customers' and suppliers' app.
 */
export type DbCheck =
  | { kind: 'leaseCompany'; column: string }
  | { kind: 'subCustomer'; column: string; company: string }
  | { kind: 'vehicleOfCompany'; column: string; company: string }
  | { kind: 'driverOfCompany'; column: string; company: string }
  | { kind: 'supplier'; column: string }
  | { kind: 'group'; column: string }
  | { kind: 'jobCode'; column: string }
  | { kind: 'newUser'; column: string };

export interface ValidationType {
  /** Stable id, sent by the upload (validationType) and stored on the report. */
  id: string;
  group: ValidationGroup;
  label: string;
  /** One sentence: what the file is for (shown under the dropdown). */
  description: string;
  columns: readonly ColumnDef[];
  /**
   * Keys (column keys) that must not repeat between rows: 'Registration FY75CDJ is already in row 4'.
   * The first key of the first set names the rows in messages.
   */
  unique?: readonly (readonly string[])[];
  rowRules?: readonly RowRule[];
  dbChecks?: readonly DbCheck[];
  appliesAs?: AppliedAs;
}

/** The type's columns as the network engine reads them (header, parse, log rows). */
export function formatOf(type: ValidationType): NetworkFormat {
  return { variant: type.id, columns: type.columns, keyColumn: type.unique?.[0]?.[0] ?? type.columns[0].key };
}

/** Declares a type; the identity function keeps one place to document. */
export function defineValidationType(type: ValidationType): ValidationType {
  return type;
}
