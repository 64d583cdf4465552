/** E-registrations, network users (lease, group, supplier), drivers and vehicles. */
import { BulkWriter } from './bulk';
import { Rng, fakerFor, idFor, KIND, postcodeFor, landlineFor, mobileFor, vatFor, companyNumberFor, slug, DAY, isoDate, vrmFor, vinFor } from './random';
import { IE_TOWNS, MAKES, SUPPLIER_KINDS, UK_TOWNS } from './reference';
import type { SeedContext } from './context';
import { DEFAULT_OPENING_HOURS, type Locale } from '../../../domain/common';
import { CONTRACT_PRODUCTS } from '../../../domain/customers';
import { SERVICE_TYPE_LABELS, type ServiceType } from '../../../domain/suppliers';
import type { UserKind, UserStatus } from '../../../domain/support';

export async function seedRegistrations(ctx: SeedContext): Promise<void> {
  const { database, seed, today } = ctx;
  const faker = fakerFor(seed, 3);
  const rng = new Rng(seed, 3);
  const w = new BulkWriter(database, 'e_registrations', [
    ['id', 'uuid'], ['status', 'text'], ['email', 'text'], ['company_name', 'text'], ['reg_number', 'text'], ['vat_number', 'text'], ['address_number', 'text'],
    ['address1', 'text'], ['address2', 'text'], ['address3', 'text'], ['county', 'text'], ['post_code', 'text'], ['lat', 'float8'], ['lng', 'float8'],
    ['services', 'jsonb'], ['company', 'jsonb'], ['billing_details', 'jsonb'], ['reason_for_rejection', 'text'], ['rejected_at', 'timestamptz'],
    ['approved_at', 'timestamptz'], ['approved_supplier_id', 'uuid'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const);
  for (let i = 0; i < ctx.size.registrations; i++) {
    const locale: Locale = rng.bool(0.15) ? 'en_IE' : 'en_GB';
    const town = rng.pick(locale === 'en_IE' ? IE_TOWNS : UK_TOWNS);
    const name = `${faker.person.lastName()} ${rng.pick(SUPPLIER_KINDS)}`;
    const domain = `${slug(name)}.example.com`;
    const status = i % 5 === 1 ? 'REJECTED' : i % 7 === 6 ? 'APPROVED' : 'NEW';
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const contact = { title: rng.pick(['Mr', 'Mrs', 'Ms']), firstName: first, lastName: last, phoneNumber: landlineFor(rng, town, locale), bookingPhoneNumber: landlineFor(rng, town, locale), faxNumber: null, email: `${slug(first)}@${domain}` };
    const services = (['SERVICE', 'MOT', 'TYRE', 'REPAIR', 'BODYSHOP'] as ServiceType[]).map((type) => ({ type, isEnabled: rng.bool(0.6), label: SERVICE_TYPE_LABELS[type] }));
    services[0].isEnabled = true;
    const created = today - rng.int(1, 120) * DAY;
    const decided = Math.min(today, created + rng.int(1, 10) * DAY);
    const approvedSupplier = status === 'APPROVED' ? ctx.suppliers[rng.int(0, ctx.suppliers.length - 1)] : null;
    await w.add([
      idFor(seed, KIND.registration, i), status, contact.email, name, companyNumberFor(rng, locale, town), vatFor(rng, locale), String(rng.int(1, 150)),
      faker.location.street(), null, town.town, town.county, postcodeFor(rng, town, locale), town.lat, town.lng, services,
      { contactDetails: contact, openingHours: DEFAULT_OPENING_HOURS },
      { address: null, contactDetails: null },
      status === 'REJECTED' ? rng.pick(['Duplicate of an existing supplier', 'Outside the network coverage area', 'Insurance documents not provided', 'Unable to verify company details']) : null,
      status === 'REJECTED' ? new Date(decided) : null, status === 'APPROVED' ? new Date(decided) : null, approvedSupplier?.id ?? null,
      new Date(created), new Date(status === 'NEW' ? created : decided),
    ]);
  }
  ctx.counts.e_registrations = await w.close();
}

/** Master logins seeded of each kind (lease, group). */
const MASTER_LOGINS_EACH = 3;

export async function seedUsers(ctx: SeedContext): Promise<void> {
  const { database, seed, today, size } = ctx;
  const faker = fakerFor(seed, 4);
  const rng = new Rng(seed, 4);
  const w = new BulkWriter(database, 'users', [
    ['id', 'uuid'], ['kind', 'text'], ['firstname', 'text'], ['lastname', 'text'], ['email', 'text'], ['status', 'text'], ['is_admin', 'bool'], ['is_invite', 'bool'],
    ['enabled', 'bool'], ['registration_complete', 'bool'], ['suspend_at', 'timestamptz'], ['last_login_at', 'timestamptz'], ['invited_at', 'timestamptz'],
    ['invite_expires_at', 'timestamptz'], ['lease_company_id', 'uuid'], ['group_id', 'uuid'], ['supplier_id', 'uuid'], ['supplier_creation_type', 'text'],
    ['master_login', 'bool'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const);
  const used = new Set<string>();
  let index = 0;
  const add = async (kind: UserKind, domain: string, first: boolean, lease: string | null, group: string | null, supplier: string | null) => {
    const firstname = faker.person.firstName();
    const lastname = faker.person.lastName();
    let email = `${slug(firstname)}.${slug(lastname)}@${domain}`;
    for (let n = 2; used.has(email); n++) email = `${slug(firstname)}.${slug(lastname)}${n}@${domain}`;
    used.add(email);
    const r = rng.next();
    const status: UserStatus = first ? 'REGISTERED' : r < 0.7 ? 'REGISTERED' : r < 0.82 ? 'INVITE_SENT' : r < 0.9 ? 'INVITE_RESENT' : 'DELETED';
    const invited = today - rng.int(1, 900) * DAY;
    const registered = status === 'REGISTERED' || status === 'DELETED';
    const lastLogin = registered ? today - rng.int(0, 120) * DAY : null;
    // Logins unused for 90 days are suspended (spec 1 §4 'Reactivate Login').
    const suspendAt = registered && lastLogin !== null ? lastLogin + 90 * DAY : null;
    await w.add([
      idFor(seed, KIND.user, index++), kind, firstname, lastname, email, status, first, !registered, status === 'REGISTERED', registered,
      suspendAt === null ? null : new Date(suspendAt), lastLogin === null ? null : new Date(lastLogin), new Date(invited), new Date(invited + 7 * DAY),
      lease, group, supplier, kind === 'lease' ? null : 'ADMIN', false, new Date(invited), new Date(lastLogin ?? invited),
    ]);
  };
  for (const l of ctx.leases) for (let k = 0, n = rng.int(1, size.usersPerLease * 2 - 1); k < n; k++) await add('lease', l.domain, k === 0, l.id, null, null);
  for (const g of ctx.groups) for (let k = 0, n = rng.int(1, size.usersPerGroup * 2 - 1); k < n; k++) await add('group', g.domain, k === 0, null, g.id, null);
  for (const s of ctx.suppliers) {
    if (!rng.bool(size.supplierUserRate)) continue;
    const g = ctx.groups[s.groupIdx];
    await add('supplier', g.domain, false, null, g.id, s.id);
  }
  // Master logins (spec 3 §2.3): the network's own staff signing in as a lease company or a group.
  // Named by number and drawn from no random stream, so the users above stay as they were.
  const masters = [
    ...ctx.leases.filter((l) => l.status === 'ACTIVE').slice(0, MASTER_LOGINS_EACH).map((l, i) => ({ kind: 'lease' as const, lastname: `Customer ${i + 1}`, local: `customer${i + 1}`, lease: l.id, group: null })),
    ...ctx.groups.filter((g) => !g.blocked).slice(0, MASTER_LOGINS_EACH).map((g, i) => ({ kind: 'group' as const, lastname: `Supplier ${i + 1}`, local: `supplier${i + 1}`, lease: null, group: g.id })),
  ];
  const invited = today - 60 * DAY;
  const lastLogin = today - DAY;
  for (const m of masters) {
    await w.add([
      idFor(seed, KIND.user, index++), m.kind, 'Master', m.lastname, `master.${m.local}@fleet-network.example`,
      'REGISTERED', false, false, true, true, new Date(lastLogin + 90 * DAY), new Date(lastLogin), new Date(invited), new Date(invited + 7 * DAY),
      m.lease, m.group, null, m.kind === 'lease' ? null : 'ADMIN', true, new Date(invited), new Date(lastLogin),
    ]);
  }
  ctx.counts.users = await w.close();
}

const MAKE_WEIGHTS = MAKES.map((m) => m.weight);

export async function seedFleet(ctx: SeedContext): Promise<void> {
  const { database, seed, today, size } = ctx;
  const faker = fakerFor(seed, 5);
  const rng = new Rng(seed, 5);
  // Fleet size per customer: skewed, a few big lessors hold most vehicles.
  const weights = ctx.leases.map(() => 1 + rng.skewed(0, 10));
  const total = weights.reduce((a, b) => a + b, 0);
  let d = 0;
  let v = 0;
  ctx.leases.forEach((l, i) => {
    const last = i === ctx.leases.length - 1;
    const nd = last ? size.drivers - d : Math.max(1, Math.floor((size.drivers * weights[i]) / total));
    const nv = last ? size.vehicles - v : Math.max(1, Math.floor((size.vehicles * weights[i]) / total));
    l.driverStart = d;
    l.driverEnd = d += nd;
    l.vehicleStart = v;
    l.vehicleEnd = v += nv;
  });
  const firsts = Array.from({ length: 400 }, () => faker.person.firstName());
  const lasts = Array.from({ length: 800 }, () => faker.person.lastName());
  const dw = new BulkWriter(database, 'drivers', [
    ['id', 'uuid'], ['lease_company_id', 'uuid'], ['sub_customer_id', 'uuid'], ['firstname', 'text'], ['lastname', 'text'], ['email', 'text'], ['phone_number', 'text'],
    ['employee_id', 'text'], ['start_date', 'date'], ['end_date', 'date'], ['mandate_sign_date', 'date'], ['manual_mandate', 'bool'], ['enable_license_check', 'bool'],
    ['disqualification', 'bool'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const);
  const vw = new BulkWriter(database, 'vehicles', [
    ['id', 'uuid'], ['lease_company_id', 'uuid'], ['sub_customer_id', 'uuid'], ['stock_id', 'text'], ['vrm', 'text'], ['vin', 'text'], ['make', 'text'], ['model', 'text'],
    ['vehicle_type', 'text'], ['fuel_type', 'text'], ['managed', 'bool'], ['contract_status', 'text'], ['contract_product', 'text'], ['driver_id', 'uuid'],
    ['registered_on', 'date'], ['contract_end_date', 'date'], ['mileage', 'int'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const).after(dw);
  const driverSub: (string | null)[] = [];
  for (const [li, l] of ctx.leases.entries()) {
    const towns = l.locale === 'en_IE' ? IE_TOWNS : UK_TOWNS;
    const emails = new Set<string>();
    for (let i = l.driverStart; i < l.driverEnd; i++) {
      const f = rng.pick(firsts);
      const s = rng.pick(lasts);
      let email = `${slug(f)}.${slug(s)}@${l.domain}`;
      for (let n = 2; emails.has(email); n++) email = `${slug(f)}.${slug(s)}${n}@${l.domain}`;
      emails.add(email);
      const start = today - rng.int(30, 3000) * DAY;
      const left = rng.bool(0.08);
      const sub = rng.pick(l.subCustomerIds);
      driverSub.push(sub);
      await dw.add([
        idFor(seed, KIND.driver, i), l.id, sub, f, s, email, mobileFor(rng, l.locale), `E${rng.digits(6)}`, isoDate(start),
        left ? isoDate(today - rng.int(-60, 400) * DAY) : null, rng.bool(0.8) ? isoDate(start + rng.int(1, 30) * DAY) : null, rng.bool(0.05),
        rng.bool(0.6), rng.bool(0.01), new Date(start), new Date(start),
      ]);
    }
    const plates = new Set<string>();
    for (let i = l.vehicleStart; i < l.vehicleEnd; i++) {
      const mk = MAKES[rng.weighted(MAKE_WEIGHTS)];
      const kind = rng.next();
      let model: string;
      let type: 'CAR' | 'COMMERCIAL_UNDER_3_5' | 'ELECTRIC_CAR' | 'ELECTRIC_LCV';
      let fuel: string;
      if (kind < 0.25 && mk.electric.length) {
        model = rng.pick(mk.electric);
        type = /Transit|Vivaro|Berlingo|Dispatch|Expert|Kangoo|Townstar|eVito|eSprinter|Buzz|Proace|Ducato|eDaily/.test(model) ? 'ELECTRIC_LCV' : 'ELECTRIC_CAR';
        fuel = 'Electric';
      } else if (kind < 0.5 && mk.vans.length) {
        model = rng.pick(mk.vans);
        type = 'COMMERCIAL_UNDER_3_5';
        fuel = 'Diesel';
      } else {
        model = rng.pick(mk.cars.length ? mk.cars : mk.vans.length ? mk.vans : mk.electric);
        type = mk.cars.length ? 'CAR' : mk.vans.length ? 'COMMERCIAL_UNDER_3_5' : 'ELECTRIC_CAR';
        fuel = type === 'ELECTRIC_CAR' ? 'Electric' : rng.pick(['Petrol', 'Diesel', 'Hybrid', 'Plug-in hybrid']);
      }
      const registered = today - rng.int(20, 2200) * DAY;
      const town = rng.pick(towns);
      let vrm = vrmFor(rng, town, l.locale, new Date(registered));
      while (plates.has(vrm)) vrm = vrmFor(rng, town, l.locale, new Date(registered));
      plates.add(vrm);
      const cs = l.status === 'TERMINATED' ? 'terminated' : rng.bool(0.88) ? 'active' : rng.bool(0.5) ? 'awaitingTermination' : 'terminated';
      const hasDriver = rng.bool(0.85);
      const driverIdx = hasDriver ? rng.int(l.driverStart, l.driverEnd - 1) : null;
      const managed = rng.bool(0.8);
      const sub = driverIdx === null ? rng.pick(l.subCustomerIds) : driverSub[driverIdx];
      await vw.add([
        idFor(seed, KIND.vehicle, i), l.id, sub, `STK${String(i + 1).padStart(7, '0')}`, vrm, vinFor(rng, mk.make, new Date(registered)), mk.make, model, type, fuel,
        managed, cs, rng.pick(CONTRACT_PRODUCTS), driverIdx === null ? null : idFor(seed, KIND.driver, driverIdx), isoDate(registered),
        isoDate(registered + rng.int(24, 48) * 30 * DAY), Math.round(((today - registered) / DAY) * rng.int(20, 60)), new Date(registered), new Date(registered),
      ]);
      ctx.vehicles.push({ leaseIdx: li, subCustomerId: sub, driverIdx, vrm, make: mk.make, model, managed, contractStatus: cs });
    }
  }
  ctx.counts.drivers = await dw.close();
  ctx.counts.vehicles = await vw.close();
}
