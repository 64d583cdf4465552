import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { ok, refusalCheck } from '../support/answers';
import { accountingCategories, auditLog, jobCodeMappings } from '../../server/db/schema';
import { FinanceSystemError } from '../../server/integrations/finance/system';
import { EXTERNAL_CODE_MESSAGES } from '../../domain/support';

/**
 * The support dashboard's Show Categories and Manage External Codes calls
 * (server/rpc/supportCodes.ts): the finance system's customer categories, the job code search and
 * the versioned, audited save of an external code. Categories and mappings are written directly.
 */
let t: TestApp;
const ROLES = ['SUPPORT', 'VIEWER', 'FINANCE'] as const;
type Role = (typeof ROLES)[number];
const as = {} as Record<Role, Browser>;
const adminIds = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) {
    adminIds[role] = (await createAdmin(t, role)).id;
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  await db().insert(jobCodeMappings).values([
    { jobCode: 'SMR001', externalCode: 'X4100', description: 'Interim service' },
    { jobCode: 'BRK002', externalCode: 'X4107', description: 'Rear brake pads' },
    { jobCode: 'TYR001', externalCode: 'X4114', description: 'Tyre replacement' },
    { jobCode: 'MOT001', externalCode: 'X4121', description: 'MOT test class 4' },
  ]);
});
afterAll(() => t?.close());

const db = () => t.services.db;

const mappingRow = async (jobCode: string) => (await db().select().from(jobCodeMappings).where(eq(jobCodeMappings.jobCode, jobCode)))[0];
const auditOf = (jobCode: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'jobCodeMapping'), eq(auditLog.recordId, jobCode)))
    .orderBy(asc(auditLog.id));

async function state() {
  return {
    mappings: await db().select().from(jobCodeMappings).orderBy(jobCodeMappings.jobCode),
    audit: (await db().select({ id: auditLog.id }).from(auditLog)).length,
  };
}

/** The call is answered `status` (with `message`, when given) and writes nothing. */
const refused = refusalCheck(state);

// The console's payloads (spec 3 §7).
const categories = (b = as.SUPPORT) => b.get('admin/getQuickBooksCustomerCategories');
const find = (jobCode: unknown, b = as.SUPPORT) => b.post('admin/getExternalSMRCodes', { jobCode });
const save = (form: { jobCode?: unknown; externalCode?: unknown; version?: unknown }, b = as.SUPPORT) => b.post('admin/saveExternalSMRCodes', form);

describe('permissions', () => {
  for (const role of ['VIEWER', 'FINANCE'] as const) {
    it(`refuses a ${role} every call of both tools (403), writing nothing`, async () => {
      for (const call of [() => categories(as[role]), () => find('SMR001', as[role]), () => save({ jobCode: 'SMR001', externalCode: 'HACKED', version: 1 }, as[role])]) {
        const res = await refused(call, 403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect(await auditOf('SMR001')).toEqual([]);
    });
  }

  it('refuses the signed-out (401)', async () => {
    expect((await categories(new Browser(t))).statusCode).toBe(401);
    expect((await find('SMR001', new Browser(t))).statusCode).toBe(401);
  });
});

describe('admin/getQuickBooksCustomerCategories', () => {
  it("lists the local finance system's customer categories by name, then id", async () => {
    expect(ok(await categories())).toEqual({ customerCategories: [] });
    await db().insert(accountingCategories).values([
      { id: '1005', name: 'Rental' },
      { id: '1001', name: 'Lease - Direct Paybill' },
      { id: '1004', name: 'Lease - Ireland' },
      { id: '1007', name: 'Rental' },
    ]);
    expect(ok(await categories())).toEqual({
      customerCategories: [
        { id: '1001', name: 'Lease - Direct Paybill' },
        { id: '1004', name: 'Lease - Ireland' },
        { id: '1005', name: 'Rental' },
        { id: '1007', name: 'Rental' },
      ],
    });
  });

  it('takes no parameters', async () => {
    expect((await as.SUPPORT.get('admin/getQuickBooksCustomerCategories?limit=1')).statusCode).toBe(400);
  });

  it('answers 502 when the finance system fails', async () => {
    const real = t.services.finance;
    t.services.finance = { ...real, customerCategories: () => Promise.reject(new FinanceSystemError('The finance system refused the request: down', 503)) };
    try {
      const res = await categories();
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('FINANCE_SYSTEM_FAILED');
      expect(res.body).not.toContain('down');
    } finally {
      t.services.finance = real;
    }
  });
});

describe('admin/getExternalSMRCodes', () => {
  it('answers the mapping of a job code, whatever its case and surrounding spaces', async () => {
    for (const jobCode of ['SMR001', 'smr001', ' Smr001 ']) {
      expect(ok(await find(jobCode)), jobCode).toEqual({ success: true, mapping: { jobCode: 'SMR001', externalCode: 'X4100', version: 1 } });
    }
  });

  it.each([
    [undefined, EXTERNAL_CODE_MESSAGES.searchTooShort],
    ['', EXTERNAL_CODE_MESSAGES.searchTooShort],
    ['SM', EXTERNAL_CODE_MESSAGES.searchTooShort],
    ['SMR-001', EXTERNAL_CODE_MESSAGES.searchNotValid],
    ["SMR' OR '1'='1", EXTERNAL_CODE_MESSAGES.searchNotValid],
    ['S%R', EXTERNAL_CODE_MESSAGES.searchNotValid],
  ])('refuses %j: 400 %s under jobCode', async (jobCode, message) => {
    const res = await refused(() => find(jobCode), 400, message);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', fields: { jobCode: message } });
  });

  it("answers 404 'No mapping exists for the given ViSN/Hp Code' for an unknown job code", async () => {
    await refused(() => find('ZZZ999'), 404, 'No mapping exists for the given ViSN/Hp Code');
    // Not a prefix search.
    await refused(() => find('SMR'), 404, 'No mapping exists for the given ViSN/Hp Code');
  });
});

describe('admin/saveExternalSMRCodes', () => {
  it('saves the external code (trimmed) at the version shown, bumps the version and writes an audit row', async () => {
    const before = await mappingRow('BRK002');
    const body = ok(await save({ jobCode: 'BRK002', externalCode: ' BRK-EXT.2 ', version: before.version }));
    expect(body).toEqual({ success: true, message: 'External code saved', mapping: { jobCode: 'BRK002', externalCode: 'BRK-EXT.2', version: before.version + 1 } });
    expect(await mappingRow('BRK002')).toMatchObject({
      externalCode: 'BRK-EXT.2',
      description: 'Rear brake pads',
      version: before.version + 1,
      modifiedAt: t.clock.now(),
      modifiedBy: adminIds.SUPPORT,
    });
    const audit = await auditOf('BRK002');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      slug: 'admin/saveExternalSMRCodes',
      adminId: adminIds.SUPPORT,
      before: { jobCode: 'BRK002', externalCode: 'X4107', version: before.version },
      after: { jobCode: 'BRK002', externalCode: 'BRK-EXT.2', version: before.version + 1 },
    });
    // The search answers the new code and version.
    expect(ok(await find('brk002')).mapping).toEqual(body.mapping);
  });

  it('refuses a save at a version someone else has saved over: 409 CONFLICT with the mapping as it is now', async () => {
    const { version } = await mappingRow('TYR001');
    ok(await save({ jobCode: 'TYR001', externalCode: 'FIRST', version }));
    const res = await refused(() => save({ jobCode: 'TYR001', externalCode: 'SECOND', version }), 409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', current: { jobCode: 'TYR001', externalCode: 'FIRST', version: version + 1 } });
    expect(await mappingRow('TYR001')).toMatchObject({ externalCode: 'FIRST', version: version + 1 });
    expect(await auditOf('TYR001')).toHaveLength(1);
    // At the current version it saves.
    ok(await save({ jobCode: 'TYR001', externalCode: 'SECOND', version: version + 1 }));
    expect(await mappingRow('TYR001')).toMatchObject({ externalCode: 'SECOND', version: version + 2 });
  });

  it.each([
    [{ externalCode: undefined }, 'externalCode', EXTERNAL_CODE_MESSAGES.externalCodeRequired],
    [{ externalCode: '  ' }, 'externalCode', EXTERNAL_CODE_MESSAGES.externalCodeRequired],
    [{ externalCode: 'X 4121' }, 'externalCode', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    [{ externalCode: 'Z'.repeat(21) }, 'externalCode', EXTERNAL_CODE_MESSAGES.externalCodeNotValid],
    [{ jobCode: undefined }, 'jobCode', EXTERNAL_CODE_MESSAGES.jobCodeRequired],
    [{ jobCode: 'MOT-001' }, 'jobCode', EXTERNAL_CODE_MESSAGES.searchNotValid],
  ])('refuses %j: 400 under %s, %s', async (over, field, message) => {
    const res = await refused(() => save({ jobCode: 'MOT001', externalCode: 'X4122', version: 1, ...over }), 400, message);
    expect(res.json().error.fields).toEqual({ [field]: message });
  });

  it('refuses a save without a whole-number version', async () => {
    for (const version of [undefined, 0, '1', 1.5, 2 ** 40]) await refused(() => save({ jobCode: 'MOT001', externalCode: 'X4122', version }), 400);
  });

  it("answers 404 'No mapping exists for the given ViSN/Hp Code' for a job code without a mapping; a save creates none", async () => {
    await refused(() => save({ jobCode: 'NEW001', externalCode: 'X1', version: 1 }), 404, 'No mapping exists for the given ViSN/Hp Code');
    // The form sends the job code as the search answered it.
    await refused(() => save({ jobCode: 'mot001', externalCode: 'X1', version: 1 }), 404, 'No mapping exists for the given ViSN/Hp Code');
  });
});
