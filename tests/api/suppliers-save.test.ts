import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { insertSupplier } from '../fixtures/suppliers';
import { auditLog, supplierGroups, suppliers } from '../../server/db/schema';
import { emptySupplierForm, mapsLink, toSupplierForm, type SupplierDetails, type SupplierForm } from '../../domain/suppliers';
import type { Country } from '../../domain/country';

let t: TestApp;
let geocoded: TestApp;
let geocoderServer: http.Server;
const as: Record<string, Browser> = {};

beforeAll(async () => {
  // A postcodes.io-style service that knows one postcode.
  geocoderServer = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/postcodes/BS14DJ') return res.end(JSON.stringify({ status: 200, result: { latitude: 51.449, longitude: -2.596 } }));
    res.statusCode = 404;
    res.end(JSON.stringify({ status: 404, error: 'Postcode not found' }));
  });
  await new Promise<void>((resolve) => geocoderServer.listen(0, '127.0.0.1', resolve));
  t = await createTestApp();
  geocoded = await createTestApp({ geocoder: { url: `http://127.0.0.1:${(geocoderServer.address() as AddressInfo).port}`, timeoutMs: 2000 } });
  for (const role of ['SUPER_ADMIN', 'EDITOR', 'VIEWER']) {
    await createAdmin(t, role);
    as[role] = new Browser(t);
    await as[role].signIn(`${role.toLowerCase()}@test.example`);
  }
  await createAdmin(geocoded, 'EDITOR');
  as.GEO = new Browser(geocoded);
  await as.GEO.signIn('editor@test.example');
});
afterAll(async () => {
  await t.close();
  await geocoded.close();
  await new Promise<void>((resolve) => geocoderServer.close(() => resolve()));
});

function form(country: Country, group: { id: string; groupId: string; name: string }): SupplierForm {
  const uk = country === 'UK';
  return {
    ...emptySupplierForm(country),
    accountObjectId: group.id,
    groupId: group.groupId,
    groupName: group.name,
    name: 'Quayside Motors',
    companyRegistrationNumber: uk ? '01234567' : '123456',
    vatRegistrationNumber: uk ? 'GB123456789' : 'IE6388047V',
    address: { number: '12', address1: 'Quay Street', address2: '', address3: uk ? 'Bristol' : 'Cork', county: '', postcode: uk ? 'BS1 4DJ' : 'T12 X2Y3' },
    contact: { primaryPhoneNumber: uk ? '0117 123 4567' : '021 123 4567', bookingPhoneNumber: '', faxNumber: '', email: ' bookings @quayside.example' },
    servingRadius: { radius: '15', mobileRadius: '5' },
    services: ['MOT', 'REPAIR'],
    vehicleTypes: ['CAR', 'ELECTRIC_CAR'],
    specialistServices: ['bodywork.smartRepairs'],
  };
}

async function groupOf(db: TestApp, locale: 'en_GB' | 'en_IE' = 'en_GB') {
  const { group } = await insertSupplier(db.services.db, {}, { locale });
  return group;
}
const save = (b: Browser, f: SupplierForm) => b.post('admin/saveSupplierDetails', { supplierDetails: f, accountId: f.accountObjectId });
async function details(app: TestApp, serviceUnitId: string): Promise<SupplierDetails> {
  const [row] = await app.services.db.select({ groupId: suppliers.groupId }).from(suppliers).where(eq(suppliers.id, serviceUnitId));
  const b = app === t ? as.VIEWER : as.GEO;
  const res = await b.post('supplier/getSupplierDetails', { serviceUnitId, accountObjectId: row.groupId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('admin/saveSupplierDetails', () => {
  it('creates a live UK supplier with the next DI Supplier Id, Mandatory Tyre Readings on, the default hours, placed at its postcode district', async () => {
    const group = await groupOf(t);
    const res = await save(as.EDITOR, form('UK', group));
    expect(res.statusCode, res.body).toBe(200);
    const { serviceUnitId, version } = res.json();
    expect(version).toBe(1);
    const d = await details(t, serviceUnitId);
    expect(d).toMatchObject({
      name: 'Quayside Motors',
      locale: 'en_GB',
      accountObjectId: group.id,
      supplierId: expect.stringMatching(/^S\d{6,}$/),
      unitStatus: { status: 'live' },
      featureFlags: { mandatoryTyreReadings: true },
      address: { postcode: 'BS14DJ', lat: 51.4531, lng: -2.593 },
      contact: { primaryPhoneNumber: '01171234567', email: 'bookings@quayside.example' },
      servingRadius: { radius: 15, mobileRadius: 5 },
      openingHours: null,
      accountSystemReference: null,
    });
    // Every service is listed, in the catalogue's order, the chosen ones enabled.
    expect(d.services.filter((s) => s.isEnabled).map((s) => s.type)).toEqual(['REPAIR', 'MOT']);
    expect(d.vehicleTypes.filter((v) => v.isAvailable).map((v) => v.type)).toEqual(['CAR', 'ELECTRIC_CAR']);
    expect(d.vehicleServices?.bodywork.smartRepairs).toBe(true);
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.recordId, serviceUnitId));
    expect(audit.map((a) => a.slug)).toEqual(['admin/saveSupplierDetails']);
  });

  it('edits every part, the edit-only ones too, at the version the form showed, and refuses a stale save', async () => {
    const group = await groupOf(t);
    const created = (await save(as.EDITOR, form('UK', group))).json();
    const f = toSupplierForm(await details(t, created.serviceUnitId));
    f.name = 'Quayside Motors Ltd';
    f.openingHours = { ...f.openingHours, sunday: { customOpening: '10:00', customClosing: '14:00', isOpen: true } };
    f.restrictions = { maxHeight: 3, maxLength: 12, maxWeight: 7 };
    f.supplementaryServices = f.supplementaryServices.map((s) => (s.type === 'COURTESY_CAR' ? { ...s, isOffered: true, leadTime: 2, notes: 'Book ahead' } : s));
    f.facilities = ['WIFI', 'WASH_AND_VAC'];
    f.accountSystemReference = 'QUAY0001';
    const res = await save(as.EDITOR, f);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(2);
    const d = await details(t, created.serviceUnitId);
    expect(d).toMatchObject({ name: 'Quayside Motors Ltd', restrictions: { maxHeight: 3, maxLength: 12, maxWeight: 7 }, accountSystemReference: 'QUAY0001', openingHours: { sunday: { isOpen: true, customOpening: '10:00' } } });
    expect(d.supplementaryServices.find((s) => s.type === 'COURTESY_CAR')).toMatchObject({ isOffered: true, leadTime: 2, notes: 'Book ahead' });
    expect(d.supplementaryServices.find((s) => s.type === 'WASH_AND_VAC')?.isOffered).toBe(true);
    expect(d.facilities.filter((x) => x.isAvailable).map((x) => x.value)).toEqual(['WASH_AND_VAC', 'WIFI']);
    // What the form shows after a reload is what was saved.
    expect(toSupplierForm(d)).toMatchObject({ ...f, version: 2, facilities: ['WASH_AND_VAC', 'WIFI'] });

    const stale = await save(as.EDITOR, { ...f, name: 'Someone Else' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', current: { name: 'Quayside Motors Ltd', version: 2 } });
  });

  it("answers the Irish form's messages by field, and keeps an edit in the supplier's own country", async () => {
    const ie = await groupOf(t, 'en_IE');
    const bad = { ...form('IE', ie), vatRegistrationNumber: '', address: { ...form('IE', ie).address, number: '', postcode: 'X' }, services: [] };
    const res = await save(as.EDITOR, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      vatRegistrationNumber: 'VAT number is required',
      'address.number': 'Building name / number is required',
      'address.postcode': 'Eircode is not valid',
      services: 'Service selection is required',
    });
    const created = (await save(as.EDITOR, form('IE', ie))).json();
    const f = toSupplierForm(await details(t, created.serviceUnitId));
    // A UK postcode does not make it British: the Irish rules still apply.
    const moved = await save(as.EDITOR, { ...f, locale: 'en_GB', address: { ...f.address, postcode: 'BS1 4DJ' } });
    expect(moved.json().error.fields).toEqual({ 'address.postcode': 'Eircode is not valid' });
  });

  it("refuses a group of another country and a taken Supplier ID, and writes nothing for a viewer", async () => {
    const uk = await groupOf(t);
    const ie = await groupOf(t, 'en_IE');
    const wrongGroup = await save(as.EDITOR, { ...form('UK', uk), accountObjectId: ie.id });
    expect(wrongGroup.json().error.fields).toEqual({ groupName: 'Supplier Group Name is not valid' });
    const first = (await save(as.EDITOR, { ...form('UK', uk), supplierId: 'S900001' })).json();
    expect(first.serviceUnitId).toEqual(expect.any(String));
    const taken = await save(as.EDITOR, { ...form('UK', uk), supplierId: 'S900001' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual({ supplierId: 'Supplier ID already exists' });
    const before = (await t.services.db.select().from(suppliers)).length;
    expect((await save(as.VIEWER, form('UK', uk))).statusCode).toBe(403);
    expect((await t.services.db.select().from(suppliers)).length).toBe(before);
  });

  it('places a new supplier at its postcode, and places it again when the postcode changes, with no geocoder configured', async () => {
    const uk = await groupOf(t);
    const created = (await save(as.EDITOR, { ...form('UK', uk), address: { ...form('UK', uk).address, postcode: 'SW1A 1AA' } })).json();
    const d = await details(t, created.serviceUnitId);
    expect(d.address).toMatchObject({ postcode: 'SW1A1AA', lat: expect.closeTo(51.5, 1), lng: expect.closeTo(-0.14, 1) });
    expect(mapsLink(d.address)).toBe('https://www.google.com/maps/search/?api=1&query=51.5027,-0.1311');
    // Moved to Leeds.
    const f = toSupplierForm(d);
    expect((await save(as.EDITOR, { ...f, address: { ...f.address, postcode: 'LS11 5AB' } })).statusCode).toBe(200);
    expect((await details(t, created.serviceUnitId)).address).toMatchObject({ postcode: 'LS115AB', lat: 53.7761, lng: -1.5554 });
    // A postcode the tables do not know keeps the place it had; other edits do not look it up again.
    const moved = toSupplierForm(await details(t, created.serviceUnitId));
    expect((await save(as.EDITOR, { ...moved, address: { ...moved.address, postcode: 'BX1 1LT' } })).statusCode).toBe(200);
    expect((await details(t, created.serviceUnitId)).address).toMatchObject({ postcode: 'BX11LT', lat: 53.7761, lng: -1.5554 });
  });

  it('places an Irish supplier at its Eircode’s post town, and again when the Eircode changes', async () => {
    const ie = await groupOf(t, 'en_IE');
    const created = (await save(as.EDITOR, form('IE', ie))).json();
    const d = await details(t, created.serviceUnitId);
    expect(d.address).toMatchObject({ postcode: 'T12X2Y3', lat: 51.898, lng: -8.4706 });
    const f = toSupplierForm(d);
    expect((await save(as.EDITOR, { ...f, address: { ...f.address, postcode: 'D02 X285' } })).statusCode).toBe(200);
    expect((await details(t, created.serviceUnitId)).address).toMatchObject({ postcode: 'D02X285', lat: 53.3331, lng: -6.2489 });
  });

  it('places a supplier still at 0/0 on its next save, its postcode unchanged', async () => {
    const uk = await groupOf(t);
    const created = (await save(as.EDITOR, form('UK', uk))).json();
    await t.services.db.update(suppliers).set({ lat: 0, lng: 0 }).where(eq(suppliers.id, created.serviceUnitId));
    const f = toSupplierForm(await details(t, created.serviceUnitId));
    expect((await save(as.EDITOR, { ...f, name: 'Quayside Motors (Bristol)' })).statusCode).toBe(200);
    expect((await details(t, created.serviceUnitId)).address).toMatchObject({ postcode: 'BS14DJ', lat: 51.4531, lng: -2.593 });
  });

  it('places the postcode with the geocoding service when there is one, and at its district when the service does not know it', async () => {
    const [group] = await geocoded.services.db.insert(supplierGroups).values({ groupId: 'GEO1', name: 'Geo Group' } as typeof supplierGroups.$inferInsert).returning();
    const placed = (await save(as.GEO, form('UK', group))).json();
    expect((await details(geocoded, placed.serviceUnitId)).address).toMatchObject({ lat: 51.449, lng: -2.596 });
    const unknown = (await save(as.GEO, { ...form('UK', group), address: { ...form('UK', group).address, postcode: 'EC1A 1BB' } })).json();
    expect((await details(geocoded, unknown.serviceUnitId)).address).toMatchObject({ lat: 51.5202, lng: -0.103 });
    const nowhere = (await save(as.GEO, { ...form('UK', group), address: { ...form('UK', group).address, postcode: 'BX1 1LT' } })).json();
    expect((await details(geocoded, nowhere.serviceUnitId)).address).toMatchObject({ lat: 0, lng: 0 });
    const rows = await geocoded.services.db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.seq));
    expect(rows).toHaveLength(3);
  });
});
