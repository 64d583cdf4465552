/**
 * Prepared validated files for the nightly contract and stock import's tests: a CSV of a file
 * validation type stored as an upload, with its successful report, as the validation job leaves it.
 */
import { stringify } from 'csv-stringify/sync';
import { RowChecker, validationTypeById } from '../../domain/fileValidation';
import type { Tx } from '../../server/db/client';
import { fileValidationReports, leaseCompanies } from '../../server/db/schema';
import { writeFileStream } from '../../server/files/storage';
import { fileStoreOf } from '../../server/integrations/files';
import { postgresBodies } from '../../server/integrations/files/postgres';

/** The CSV of `typeId` with the rows given by column key (missing cells empty). Throws when a row would not pass the type's own checks. */
export function importCsv(typeId: string, rows: Record<string, string>[], today: string): string {
  const type = validationTypeById(typeId)!;
  const header = type.columns.map((c) => c.header);
  const records = rows.map((r) => type.columns.map((c) => r[c.key] ?? ''));
  const checker = RowChecker.forHeader(type, header, today);
  if ('errors' in checker) throw new Error(JSON.stringify(checker.errors));
  records.forEach((cells, i) => {
    const { errors } = checker.check(cells, i + 2);
    if (errors.length) throw new Error(`${typeId} row ${i + 2}: ${JSON.stringify(errors)}`);
  });
  return stringify([header, ...records]);
}

/** The default store: these files are read back by the nightly import of the same test. */
const POSTGRES_FILES = fileStoreOf('postgres', [postgresBodies()]);

/** Stores the file and its successful validation report, uploaded at `at`; answers the report id. */
export async function insertValidatedFile(db: Tx, typeId: string, fileName: string, csv: string, at: Date, rowCount: number): Promise<string> {
  const file = await writeFileStream(POSTGRES_FILES, db, { name: fileName, contentType: 'text/csv' }, [Buffer.from(csv)]);
  const [row] = await db
    .insert(fileValidationReports)
    .values({
      validationType: typeId,
      fileName,
      fileId: file.id,
      uploadedBy: { firstname: 'Import', lastname: 'Test' },
      uploadedAt: at,
      isProcessing: false,
      processIndicator: 'SUCCESS',
      validationStatus: true,
      rowCount,
      errorCount: 0,
      completedAt: at,
    })
    .returning({ id: fileValidationReports.id });
  return row.id;
}

/** An ACTIVE lease company with the import's config switches. */
export async function insertImportCompany(db: Tx, diCustomerId: string, name: string, opts: { supplied: boolean; maintainedOnly?: boolean }) {
  const [row] = await db
    .insert(leaseCompanies)
    .values({
      diCustomerId,
      name,
      customerType: 'DIRECT',
      rateCardType: 'VISN',
      currency: 'GBP',
      config: { stock: { isImportFileSupplied: opts.supplied }, featureFlags: opts.maintainedOnly ? { maintainedVehiclesOnly: true } : {} } as never,
    })
    .returning();
  return row;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXY';
/** The i-th of many distinct valid UK registrations (current format, age identifier 20), i below 22^4. */
export function vrmOf(i: number): string {
  const l = (n: number) => LETTERS[Math.floor(i / 22 ** n) % 22];
  return `${l(3)}${l(2)}20${l(1)}${l(0)}A`;
}
