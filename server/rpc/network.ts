/**
 * Network export and import of a customer or of the DI network, run as background jobs (spec 1
 * §2-§9). Every call answers at once: an export or an uploaded file becomes a row (LOADING) and a
 * job enqueued in the same transaction; the jobs (server/jobs/network) stream the files and
 * update the rows, which the console follows live.
 */
import { and, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import {
  NETWORK_IMPORT_MAX_BYTES,
  NETWORK_MESSAGES,
  ONE_FILE_MESSAGE,
  isNetworkHeader,
  leaseAccountsListSchema,
  networkExportFileSchema,
  networkExportsListSchema,
  networkFormat,
  networkImportFileSchema,
  networkImportsListSchema,
  persistNetworkImportSchema,
  triggerDiNetworkExportSchema,
  triggerLeaseNetworkExportSchema,
  validateNetworkImportFieldsSchema,
  type FileDownloadResponse,
  type LeaseAccountsListResponse,
  type NetworkExportRow,
  type NetworkExportsListResponse,
  type NetworkImportRow,
  type NetworkImportsListResponse,
  type TriggerNetworkExportResponse,
  type ValidateNetworkImportResponse,
} from '../../domain/network';
import { topics } from '../../domain/live';
import { isRecordId } from '../../domain/customers';
import type { Tx } from '../db/client';
import { files, leaseCompanies, leaseGroupLinks, networkExports, networkImports, supplierGroups } from '../db/schema';
import { CsvUploadError, storeCsvUpload } from '../files/csvUpload';
import { notify } from '../live/notify';
import { QUEUES } from '../jobs/queues';
import { lockImport, setImportState } from '../jobs/network/imports';
import { ApiError, fieldErrors, notFound } from './errors';
import { defineRecordKind, insertRecord, mutationContext } from './records';
import { parseInput } from './guard';
import { fileDownload } from './fileDownload';
import { defineSlug, sessionPerson, type SessionRpcContext, type SlugDef } from './registry';
import { containsPattern } from './lists';

const VIEW = { permission: 'manageNetwork', action: 'view' } as const;
const EDIT = { permission: 'manageNetwork', action: 'edit' } as const;

/** Most rows the import and export lists return (ours: the spec shows no paging). */
export const NETWORK_LIST_LIMIT = 100;
/** Most groups the group search returns. */
export const GROUP_SEARCH_LIMIT = 50;

export const NETWORK_SERVER_MESSAGES = {
  busy: 'A network file is already being uploaded or imported. Wait for it to finish.',
  notImportable: 'This network file cannot be imported: it has not passed validation, is already imported or is still being processed.',
  groupNotLinked: 'The group is not linked to this customer',
  notDiGroup: 'The group is not part of DI Network, cannot manage DI Network Terms for this group.',
  leaseRequired: 'leaseId is required',
} as const;

const networkImportKind = defineRecordKind({
  table: networkImports,
  type: 'networkImport',
  label: 'Network import',
  topics: (row) => [topics.networkImports(row.leaseCompanyId), topics.networkImport(row.id)],
});

const validation = (fields: Record<string, string>, status = 400) => new ApiError(status, 'VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);


/** The customer of a call, or 404. */
async function requireLease(tx: Tx, leaseId: string | undefined): Promise<string> {
  if (!leaseId || !isRecordId(leaseId)) throw notFound('Customer');
  const [row] = await tx.select({ id: leaseCompanies.id }).from(leaseCompanies).where(eq(leaseCompanies.id, leaseId));
  if (!row) throw notFound('Customer');
  return row.id;
}

/** The network a call is about: a customer's (leaseId) or the DI network's (isDiNetworkImport). */
async function scopeOf(tx: Tx, input: { leaseId?: string; isDiNetworkImport: boolean }): Promise<string | null> {
  if (input.isDiNetworkImport) return null;
  if (!input.leaseId) throw validation({ leaseId: NETWORK_SERVER_MESSAGES.leaseRequired });
  return requireLease(tx, input.leaseId);
}

const scopeWhere = (leaseId: string | null) =>
  leaseId ? eq(networkImports.leaseCompanyId, leaseId) : and(isNull(networkImports.leaseCompanyId), eq(networkImports.isDiNetworkImport, true));

/** Serialises uploads and imports of one network, so "one at a time" holds across API nodes. */
async function lockNetwork(tx: Tx, leaseId: string | null): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`network-import:${leaseId ?? 'di'}`}))`);
}

async function isBusy(tx: Tx, leaseId: string | null): Promise<boolean> {
  const [row] = await tx.select({ id: networkImports.id }).from(networkImports).where(and(scopeWhere(leaseId), eq(networkImports.isProcessing, true))).limit(1);
  return Boolean(row);
}

function toImportRow(row: typeof networkImports.$inferSelect): NetworkImportRow {
  return {
    id: row.id,
    fileName: row.fileName,
    timestamp: row.uploadedAt.toISOString(),
    user: row.uploadedBy,
    validationStatus: row.validationStatus,
    importStatus: row.importStatus,
    hasLogFile: Boolean(row.logFileId),
    isProcessing: row.isProcessing,
    processIndicator: row.processIndicator,
    error: row.error,
    importedAt: row.importedAt ? row.importedAt.toISOString() : null,
    importedBy: row.importedBy ?? null,
  };
}

/** The import a download or persist names, within the network the call is about; 404 otherwise. */
async function findImport(tx: Tx, input: { importId: string; leaseId?: string; isDiNetworkImport: boolean }) {
  if (!isRecordId(input.importId)) throw notFound('Network import');
  const [row] = await tx.select().from(networkImports).where(eq(networkImports.id, input.importId));
  const leaseId = input.isDiNetworkImport ? null : (input.leaseId ?? row?.leaseCompanyId ?? null);
  if (!row || row.isDiNetworkImport !== input.isDiNetworkImport || (!input.isDiNetworkImport && row.leaseCompanyId !== leaseId)) throw notFound('Network import');
  return row;
}

// ---------------------------------------------------------------- group search and exports

const getLeaseAccountsList = defineSlug({
  slug: 'admin/getLeaseAccountsList',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: leaseAccountsListSchema,
  async handler({ input, services }): Promise<LeaseAccountsListResponse> {
    if (!isRecordId(input.leaseId)) return { accounts: [] };
    const pattern = containsPattern(input.searchText);
    const rows = await services.db
      .selectDistinct({ id: supplierGroups.id, name: supplierGroups.name })
      .from(leaseGroupLinks)
      .innerJoin(supplierGroups, eq(supplierGroups.id, leaseGroupLinks.groupId))
      .where(and(eq(leaseGroupLinks.leaseCompanyId, input.leaseId), eq(leaseGroupLinks.status, 'ACTIVE'), ilike(supplierGroups.name, pattern)))
      .orderBy(supplierGroups.name, supplierGroups.id)
      .limit(GROUP_SEARCH_LIMIT);
    return { accounts: rows };
  },
});

interface ExportRequest {
  exportType: 'CUSTOMER_NETWORK_EXPORT' | 'DI_NETWORK_EXPORT';
  leaseCompanyId: string | null;
  groupId: string | null;
  isEnabled: boolean;
  emailExportFile: boolean;
  supplierType: string;
  motClass: string | null | undefined;
}

/**
 * Records an export request and enqueues its job in one transaction (`check` refuses a bad request
 * and builds the row), then wakes a worker: the call answers at once.
 */
async function requestExport(ctx: SessionRpcContext, check: (tx: Tx) => Promise<ExportRequest>): Promise<TriggerNetworkExportResponse> {
  const { services } = ctx;
  const exportId = await services.db.transaction(async (tx) => {
    const req = await check(tx);
    const [row] = await tx
      .insert(networkExports)
      .values({ ...req, motClass: req.motClass && req.motClass !== 'All' ? req.motClass : null, requestedBy: sessionPerson(ctx), requestedAt: services.clock.now() })
      .returning({ id: networkExports.id });
    await services.jobs.send(tx, QUEUES.networkExport, { kind: 'export', exportId: row.id, adminId: ctx.session.admin.id });
    await notify(tx, topics.networkExports(req.leaseCompanyId), { op: 'insert', type: 'networkExport', id: row.id });
    return row.id;
  });
  services.jobs.wake(QUEUES.networkExport);
  return { success: true, exportId };
}

const triggerLeaseNetworkExport = defineSlug({
  slug: 'networkExport/triggerLeaseNetworkExport',
  method: 'POST',
  effect: 'write',
  access: EDIT,
  input: triggerLeaseNetworkExportSchema,
  async handler(ctx): Promise<TriggerNetworkExportResponse> {
    const { input } = ctx;
    return requestExport(ctx, async (tx) => {
      const leaseId = await requireLease(tx, input.leaseId);
      const [link] = isRecordId(input.accountsId)
        ? await tx
            .select({ id: leaseGroupLinks.id })
            .from(leaseGroupLinks)
            .where(and(eq(leaseGroupLinks.leaseCompanyId, leaseId), eq(leaseGroupLinks.groupId, input.accountsId), eq(leaseGroupLinks.status, 'ACTIVE')))
            .limit(1)
        : [];
      if (!link) throw validation({ accountsId: NETWORK_SERVER_MESSAGES.groupNotLinked });
      return {
        exportType: 'CUSTOMER_NETWORK_EXPORT',
        leaseCompanyId: leaseId,
        groupId: input.accountsId,
        isEnabled: input.isEnabled,
        emailExportFile: input.emailExportFile,
        supplierType: input.supplierType,
        motClass: input.motClass,
      };
    });
  },
});

const triggerDiNetworkExport = defineSlug({
  slug: 'networkExport/triggerDiNetworkExport',
  method: 'POST',
  effect: 'write',
  access: EDIT,
  input: triggerDiNetworkExportSchema,
  async handler(ctx): Promise<TriggerNetworkExportResponse> {
    const { input } = ctx;
    return requestExport(ctx, async (tx) => {
      if (input.accountId) {
        const [group] = isRecordId(input.accountId)
          ? await tx.select({ di: supplierGroups.belongsToDiNetwork }).from(supplierGroups).where(eq(supplierGroups.id, input.accountId))
          : [];
        if (!group?.di) throw validation({ accountId: NETWORK_SERVER_MESSAGES.notDiGroup });
      }
      return {
        exportType: 'DI_NETWORK_EXPORT',
        leaseCompanyId: null,
        groupId: input.accountId ?? null,
        // The DI network export lists live suppliers only, like a customer export's default.
        isEnabled: true,
        emailExportFile: input.emailExportFile,
        supplierType: input.supplierType,
        motClass: input.motClass,
      };
    });
  },
});

const getNetworkExports = defineSlug({
  slug: 'networkExport/getNetworkExports',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: networkExportsListSchema,
  async handler({ input, services }): Promise<NetworkExportsListResponse> {
    const leaseId = input.leaseId ? await requireLease(services.db, input.leaseId) : null;
    const rows = await services.db
      .select({ e: networkExports, groupName: supplierGroups.name, fileName: files.name })
      .from(networkExports)
      .leftJoin(supplierGroups, eq(supplierGroups.id, networkExports.groupId))
      .leftJoin(files, eq(files.id, networkExports.fileId))
      .where(leaseId ? eq(networkExports.leaseCompanyId, leaseId) : eq(networkExports.exportType, 'DI_NETWORK_EXPORT'))
      .orderBy(desc(networkExports.requestedAt), desc(networkExports.id))
      .limit(NETWORK_LIST_LIMIT);
    return {
      networkExports: rows.map(({ e, groupName, fileName }): NetworkExportRow => ({
        id: e.id,
        exportType: e.exportType,
        groupName: groupName ?? null,
        requestedAt: e.requestedAt.toISOString(),
        requestedBy: e.requestedBy,
        emailExportFile: e.emailExportFile,
        supplierType: e.supplierType,
        motClass: e.motClass,
        processIndicator: e.processIndicator,
        fileName: fileName ?? null,
        error: e.error,
      })),
    };
  },
});

const getNetworkExportFile = defineSlug({
  slug: 'networkExport/getNetworkExportFile',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: networkExportFileSchema,
  async handler({ input, services }): Promise<FileDownloadResponse> {
    if (!isRecordId(input.exportId)) throw notFound('Network export');
    const [row] = await services.db.select().from(networkExports).where(eq(networkExports.id, input.exportId));
    if (!row || (input.leaseId !== undefined && row.leaseCompanyId !== input.leaseId)) throw notFound('Network export');
    return fileDownload(services.files, services.db, row.fileId);
  },
});

// ---------------------------------------------------------------- imports

const getNetworkImports = defineSlug({
  slug: 'admin/getNetworkImports',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: networkImportsListSchema,
  async handler({ input, services }): Promise<NetworkImportsListResponse> {
    const leaseId = await scopeOf(services.db, input);
    const rows = await services.db
      .select()
      .from(networkImports)
      .where(scopeWhere(leaseId))
      .orderBy(desc(networkImports.uploadedAt), desc(networkImports.id))
      .limit(NETWORK_LIST_LIMIT);
    return { networkImports: rows.map(toImportRow) };
  },
});

const getNetworkImportFile = defineSlug({
  slug: 'admin/getNetworkImportFile',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: networkImportFileSchema,
  async handler({ input, services }): Promise<FileDownloadResponse> {
    const row = await findImport(services.db, input);
    return fileDownload(services.files, services.db, row.archiveFileId);
  },
});

const getNetworkImportLogFile = defineSlug({
  slug: 'admin/getNetworkImportLogFile',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: networkImportFileSchema,
  async handler({ input, services }): Promise<FileDownloadResponse> {
    const row = await findImport(services.db, input);
    return fileDownload(services.files, services.db, row.logFileId);
  },
});

/** A multipart body carries at most this much besides the file (the text fields and boundaries). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const validateNetworkImport = defineSlug({
  slug: 'admin/validateNetworkImport',
  method: 'POST',
  effect: 'write',
  access: EDIT,
  input: validateNetworkImportFieldsSchema,
  multipart: { maxFileBytes: NETWORK_IMPORT_MAX_BYTES },
  async handler(ctx): Promise<ValidateNetworkImportResponse> {
    const { request, services } = ctx;
    const fileField = (message: string, status = 400) => validation({ file: message }, status);
    if (!request.isMultipart()) throw fileField(NETWORK_MESSAGES.fileRequired);
    // Refuse an announced oversize body before reading any of it.
    if (Number(request.headers['content-length'] ?? 0) > NETWORK_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw fileField(NETWORK_MESSAGES.fileTooLarge, 413);
    }
    const raw: Record<string, string> = {};
    let stored: { id: string; name: string } | null = null;
    let fields: { leaseId?: string; isDiNetworkImport: boolean } | null = null;
    let leaseId: string | null = null;
    const adminId = ctx.session.admin.id;
    try {
      for await (const part of ctx.readParts!({ fileSize: NETWORK_IMPORT_MAX_BYTES, files: 2, fields: 20, fieldSize: 4096 })) {
        if (part.type === 'field') {
          raw[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        if (stored) {
          part.file.resume();
          throw fileField(ONE_FILE_MESSAGE);
        }
        // The text fields come first (the console sends them so): check them before storing any byte.
        fields ??= parseFields(raw);
        leaseId = await scopeOf(services.db, fields);
        if (await isBusy(services.db, leaseId)) {
          part.file.resume();
          throw new ApiError(409, 'BUSY', NETWORK_SERVER_MESSAGES.busy);
        }
        const format = networkFormat(fields.isDiNetworkImport);
        // Checked by readParts (domain/uploadFileName.ts): present, plain and at most 255 characters.
        const name = part.filename;
        try {
          const file = await storeCsvUpload(services.files, services.db, part.file, {
            name,
            createdBy: adminId,
            maxBytes: NETWORK_IMPORT_MAX_BYTES,
            acceptHeader: (cells) => isNetworkHeader(format, cells),
            truncated: () => part.file.truncated,
          });
          stored = { id: file.id, name };
        } catch (err) {
          if (err instanceof CsvUploadError) {
            if (err.problem === 'tooLarge') throw fileField(NETWORK_MESSAGES.fileTooLarge, 413);
            if (err.problem === 'empty') throw fileField(NETWORK_MESSAGES.fileRequired);
            throw fileField(NETWORK_MESSAGES.fileNotCsv);
          }
          throw err;
        }
      }
    } catch (err) {
      if (stored) await services.db.delete(files).where(eq(files.id, stored.id));
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileField(NETWORK_MESSAGES.fileTooLarge, 413);
      if (code === 'FST_FILES_LIMIT') throw fileField(ONE_FILE_MESSAGE);
      throw err;
    }
    if (!stored) throw fileField(NETWORK_MESSAGES.fileRequired);
    const file = stored;
    fields ??= parseFields(raw);
    const input = fields;
    const importId = await services.db
      .transaction(async (tx) => {
        await lockNetwork(tx, leaseId);
        if (await isBusy(tx, leaseId)) throw new ApiError(409, 'BUSY', NETWORK_SERVER_MESSAGES.busy);
        const row = await insertRecord(
          tx,
          networkImportKind,
          {
            leaseCompanyId: leaseId,
            isDiNetworkImport: input.isDiNetworkImport,
            fileName: file.name,
            archiveFileId: file.id,
            // The session's admin, whatever the form's `user` field says.
            uploadedBy: sessionPerson(ctx),
            uploadedAt: services.clock.now(),
            isProcessing: true,
            processIndicator: 'LOADING',
          },
          mutationContext(ctx),
        );
        await services.jobs.send(tx, QUEUES.networkValidate, { kind: 'validate', importId: row.id, adminId });
        return row.id;
      })
      .catch(async (err) => {
        await services.db.delete(files).where(eq(files.id, file.id));
        throw err;
      });
    services.jobs.wake(QUEUES.networkValidate);
    return { networkImportId: importId };
  },
});

/** The multipart text fields pass the same checks as every slug's input. */
const parseFields = (raw: Record<string, string>) => parseInput(validateNetworkImportFieldsSchema, raw);

const persistNetworkImport = defineSlug({
  slug: 'admin/persistNetworkImport',
  method: 'POST',
  effect: 'write',
  access: EDIT,
  input: persistNetworkImportSchema,
  async handler(ctx) {
    const { input, services } = ctx;
    const admin = ctx.session.admin;
    await services.db.transaction(async (tx) => {
      const found = await findImport(tx, input);
      await lockNetwork(tx, found.leaseCompanyId);
      const row = (await lockImport(tx, found.id))!;
      const importable = row.validationStatus === true && row.importStatus !== true && !row.importedAt && !row.isProcessing && !row.error;
      if (!importable) throw new ApiError(409, 'NOT_IMPORTABLE', NETWORK_SERVER_MESSAGES.notImportable);
      if (await isBusy(tx, row.leaseCompanyId)) throw new ApiError(409, 'BUSY', NETWORK_SERVER_MESSAGES.busy);
      const now = services.clock.now();
      await setImportState(tx, row, { isProcessing: true, processIndicator: 'LOADING', importStatus: null }, { adminId: admin.id, now }, 'importing');
      // Who imported is the signed-in admin; userDetails from the console is not trusted for it.
      await services.jobs.send(tx, QUEUES.networkPersist, { kind: 'persist', importId: row.id, adminId: admin.id, person: sessionPerson(ctx) });
    });
    services.jobs.wake(QUEUES.networkPersist);
    return { success: true };
  },
});

export const networkSlugs: SlugDef[] = [
  getLeaseAccountsList,
  triggerLeaseNetworkExport,
  triggerDiNetworkExport,
  getNetworkExports,
  getNetworkExportFile,
  getNetworkImports,
  getNetworkImportFile,
  getNetworkImportLogFile,
  validateNetworkImport,
  persistNetworkImport,
] as SlugDef[];
