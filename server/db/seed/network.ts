/** Supplier groups, their links to lease companies, suppliers with escalations, exceptions and DI network terms. */
import { BulkWriter } from './bulk';
import { Rng, fakerFor, idFor, KIND, postcodeFor, landlineFor, mobileFor, vatFor, companyNumberFor, slug, emailAt, DAY, isoDate } from './random';
import { FRANCHISE_MAKES, GROUP_SUFFIX, IE_TOWNS, SUPPLIER_KINDS, UK_TOWNS, type Town } from './reference';
import type { SeedContext } from './context';
import { CURRENCY_BY_LOCALE, DEFAULT_OPENING_HOURS, type Address, type Contact, type Locale, type OpeningHours } from '../../../domain/common';
import { DIRECT_PAYBILL_RATE_CARD_TYPES } from '../../../domain/customers';
import {
  FACILITIES, FLUID_TYPES, FNP_BANDS, LABOUR_RATE_CATEGORIES, MOT_CLASSES, SERVICE_TYPE_LABELS, SUPPLEMENTARY_SERVICES, TYRE_ANCILLARIES,
  VEHICLE_TYPES, VEHICLE_TYPE_LABELS, WHEEL_ALIGNMENTS, type ServiceType,
} from '../../../domain/suppliers';

/**
 * What the group and supplier forms accept, so that any seeded record can be edited and saved
 * unchanged: an Irish VAT number of at most 10 characters, e-mail addresses of at most 50 (the
 * domain's name is cut so that every address on it fits; emailAt cuts the local part if need be),
 * and a Locality on a UK group's address.
 */
const FORM_VAT_MAX = 10;
const domainOf = (name: string) => `${slug(name).slice(0, 24).replace(/-+$/, '')}.example.com`;
const LOCALITIES = ['Town Centre', 'Riverside', 'Business Park', 'Trading Estate', 'Old Town', 'Enterprise Park', 'Westgate', 'Northfield'];

const SUPPLIER_SERVICES: ServiceType[] = ['SERVICE', 'TYRE', 'REPAIR', 'MOT', 'GLASS', 'BODYSHOP', 'BREAKDOWN', 'ALLOY_WHEELS'];

function nearTown(rng: Rng, locale: Locale, home: Town): Town {
  const towns = locale === 'en_IE' ? IE_TOWNS : UK_TOWNS;
  if (rng.bool(0.5)) return home;
  const same = towns.filter((t) => t.region === home.region);
  return rng.bool(0.6) && same.length ? rng.pick(same) : rng.pick(towns);
}

export async function seedNetwork(ctx: SeedContext): Promise<void> {
  const { database, seed, today, size } = ctx;
  const faker = fakerFor(seed, 2);
  const rng = new Rng(seed, 2);
  const G = size.groups;
  const N = size.suppliers;

  // Suppliers per group: every group has one, the rest go mostly to a few large chains.
  const extra = new Float64Array(G);
  let total = 0;
  for (let g = 0; g < G; g++) total += extra[g] = rng.skewed(0, 6) + (rng.bool(0.02) ? rng.int(20, 60) : 0);
  const counts: number[] = [];
  let assigned = 0;
  for (let g = 0; g < G; g++) {
    const c = g === G - 1 ? N - assigned : Math.max(1, Math.min(N - assigned - (G - g - 1), 1 + Math.floor(((N - G) * extra[g]) / total)));
    counts.push(c);
    assigned += c;
  }

  const groupCols = [
    ['id', 'uuid'], ['group_id', 'text'], ['name', 'text'], ['company_registration_number', 'text'], ['vat_registration_number', 'text'],
    ['visn_account_number', 'text'], ['enforce_mfa', 'bool'], ['blocked', 'bool'], ['supplier_creation_type', 'text'], ['locale', 'text'],
    ['belongs_to_di_network', 'bool'], ['address_number', 'text'], ['address1', 'text'], ['address2', 'text'], ['address3', 'text'],
    ['county', 'text'], ['post_code', 'text'], ['billing_address', 'jsonb'], ['paying_address', 'jsonb'], ['contact', 'jsonb'],
    ['billing_contact', 'jsonb'], ['paying_contact', 'jsonb'], ['is_billing_address_same_as_address', 'bool'],
    ['is_paying_address_same_as_billing_address', 'bool'], ['is_billing_contact_same_as_contact', 'bool'],
    ['is_paying_contact_same_as_billing_contact', 'bool'], ['use_head_office_name_and_address', 'bool'], ['use_direct_paybill_name', 'bool'],
    ['platform_fees', 'jsonb'], ['agreed_credit_limit', 'int'], ['credit_limit_updated_at', 'timestamptz'], ['credit_limit_updated_by', 'text'],
    ['config', 'jsonb'], ['export_config', 'jsonb'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const;
  const gw = new BulkWriter(database, 'supplier_groups', groupCols);
  const names = new Set<string>();
  let supplierStart = 0;
  for (let g = 0; g < G; g++) {
    const locale: Locale = rng.bool(0.15) ? 'en_IE' : 'en_GB';
    const town = rng.pick(locale === 'en_IE' ? IE_TOWNS : UK_TOWNS);
    let name = '';
    do {
      name = counts[g] === 1 && rng.bool(0.6) ? `${faker.person.lastName()} ${rng.pick(SUPPLIER_KINDS)}` : `${rng.bool(0.7) ? faker.person.lastName() : town.town} ${rng.pick(GROUP_SUFFIX)}`;
      if (names.has(name)) name = `${faker.person.lastName()} & ${name}`;
    } while (names.has(name));
    names.add(name);
    const id = idFor(seed, KIND.group, g);
    const domain = domainOf(name);
    // A UK group's form requires its Locality; an Irish one's is optional and left empty.
    const address: Address = { number: String(rng.int(1, 200)), address1: faker.location.street(), address2: locale === 'en_GB' ? LOCALITIES[g % LOCALITIES.length] : null, address3: town.town, county: town.county, postCode: postcodeFor(rng, town, locale) };
    const person = (): Contact => {
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      return { title: rng.pick(['Mr', 'Mrs', 'Ms', 'Miss', 'Dr']), firstName, lastName, contactNumber1: landlineFor(rng, town, locale), faxNumber: null, email: emailAt(`${slug(firstName)}.${slug(lastName)}`, domain) };
    };
    const contact = person();
    const separateBilling = rng.bool(0.2);
    const billingAddress = separateBilling ? { ...address, number: String(rng.int(1, 200)), address1: faker.location.street() } : address;
    const billingContact = separateBilling ? person() : contact;
    const diNetwork = rng.bool(0.3);
    const created = today - rng.int(100, 3000) * DAY;
    const modified = Math.min(today - rng.int(0, 30) * DAY, created + rng.int(1, 900) * DAY);
    const credit = rng.int(10, 500) * 100_00;
    await gw.add([
      id, `G${String(10001 + g)}`, name, companyNumberFor(rng, locale, town), vatFor(rng, locale, FORM_VAT_MAX), `VA${rng.digits(7)}`, rng.bool(0.1) ? null : rng.bool(0.8),
      rng.bool(0.03), rng.pick(['ADMIN', 'ADMIN', 'E_REGISTRATION', 'IMPORT']), locale, diNetwork, address.number, address.address1, address.address2, address.address3,
      address.county, address.postCode, billingAddress, billingAddress, contact, billingContact, billingContact, !separateBilling, true, !separateBilling, true,
      rng.bool(0.2), rng.bool(0.1),
      { currency: CURRENCY_BY_LOCALE[locale], paymentMethod: rng.bool(0.7) ? 'DIRECT_DEBIT' : 'BACS', feesSchedule: rng.pick([14, 28, 30, 60]), acceptedBookingFee: rng.int(10, 60) * 5, transactionFee: rng.int(10, 80) * 5, reportingLicenceFee: rng.int(100, 600) * 5, merchantFee: rng.int(0, 20) * 100 },
      credit, new Date(modified), 'ADMIN', { enableChatSupport: rng.bool(0.4), skipVehicleReturnConfirmation: rng.bool(0.2) },
      { authorisedTransactionExport: rng.bool(0.3) }, new Date(created), new Date(modified),
    ]);
    ctx.groups.push({ id, name, groupId: `G${String(10001 + g)}`, locale, diNetwork, blocked: false, town, domain, supplierStart, supplierEnd: supplierStart + counts[g] });
    supplierStart += counts[g];
  }
  ctx.counts.supplier_groups = await gw.close();

  // Suppliers.
  const supCols = [
    ['id', 'uuid'], ['group_id', 'uuid'], ['supplier_id', 'text'], ['name', 'text'], ['company_registration_number', 'text'], ['vat_registration_number', 'text'],
    ['locale', 'text'], ['address_number', 'text'], ['address1', 'text'], ['address2', 'text'], ['address3', 'text'], ['county', 'text'], ['post_code', 'text'],
    ['lat', 'float8'], ['lng', 'float8'], ['primary_phone_number', 'text'], ['booking_phone_number', 'text'], ['fax_number', 'text'], ['email', 'text'],
    ['serving_radius', 'int'], ['mobile_radius', 'int'], ['unit_status', 'text'], ['supplier_type', 'text'], ['manufacturers', 'jsonb'], ['services', 'jsonb'],
    ['vehicle_types', 'jsonb'], ['vehicle_services', 'jsonb'], ['opening_hours', 'jsonb'], ['restrictions', 'jsonb'], ['facilities', 'jsonb'],
    ['supplementary_services', 'jsonb'], ['use_head_office_name_and_address', 'bool'], ['override_enabled', 'bool'], ['mandatory_tyre_readings', 'bool'],
    ['account_system_reference', 'text'], ['finance_supplier_id', 'text'], ['billing_ref_id', 'text'], ['terminated_at', 'timestamptz'],
    ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const;
  const sw = new BulkWriter(database, 'suppliers', supCols);
  const esc = new BulkWriter(database, 'supplier_escalations', [['supplier_id', 'uuid'], ['name', 'text'], ['number', 'text'], ['email', 'text'], ['notes', 'text'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz']]).after(sw);
  const exc = new BulkWriter(database, 'supplier_exceptions', [['id', 'uuid'], ['supplier_id', 'uuid'], ['type', 'text'], ['is_resolved', 'bool'], ['raised_at', 'timestamptz'], ['resolved_at', 'timestamptz']]).after(sw);
  const terms = new BulkWriter(database, 'supplier_network_terms', [
    ['supplier_id', 'uuid'], ['nominated_dealer_name', 'text'], ['fnp_enabled', 'bool'], ['fnp_band', 'text'], ['rebate_bp', 'int'], ['rebate_amount', 'int'],
    ['franchises', 'jsonb'], ['mot_rates', 'jsonb'], ['fluid_rates', 'jsonb'], ['tyre_ancillary_rates', 'jsonb'], ['wheel_alignment_rates', 'jsonb'],
    ['agreed_credit_limit', 'int'], ['credit_limit_updated_at', 'timestamptz'], ['credit_limit_updated_by', 'text'], ['last_physical_audit', 'date'],
    ['last_desktop_audit', 'date'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const).after(sw);
  let exceptionIndex = 0;
  for (let g = 0; g < G; g++) {
    const group = ctx.groups[g];
    const chain = group.supplierEnd - group.supplierStart > 1;
    for (let s = group.supplierStart; s < group.supplierEnd; s++) {
      const locale = group.locale;
      const town = nearTown(rng, locale, group.town);
      const franchise = rng.bool(0.25);
      const mobile = !franchise && rng.bool(0.05);
      const manufacturers = franchise ? [rng.pick(FRANCHISE_MAKES), ...(rng.bool(0.2) ? [rng.pick(FRANCHISE_MAKES)] : [])].filter((m, i, a) => a.indexOf(m) === i) : [];
      const name = chain ? `${group.name.replace(/ (Motor Group|Garage Group)$/, '')} ${town.town}${s - group.supplierStart > 8 ? ` ${faker.location.street().split(' ')[0]}` : ''}` : franchise ? `${faker.person.lastName()} ${manufacturers[0]}` : group.name;
      const id = idFor(seed, KIND.supplier, s);
      // Cancelled suppliers and ones never mapped to the finance system, for the exception flows.
      const live = !(rng.bool(0.07) || (s % 97 === 13));
      const financeId = rng.bool(0.04) || s % 50 === 7 ? null : String(rng.int(100, 99999));
      const services = SUPPLIER_SERVICES.map((type) => ({ type, isEnabled: type === 'SERVICE' || type === 'MOT' ? rng.bool(0.9) : rng.bool(0.45), label: SERVICE_TYPE_LABELS[type] }));
      if (!services.some((x) => x.isEnabled)) services[0].isEnabled = true;
      const sunday = rng.bool(0.15);
      const hours: OpeningHours = { ...DEFAULT_OPENING_HOURS, weekday: { customOpening: rng.pick(['07:30', '08:00', '08:30', '09:00']), customClosing: rng.pick(['17:00', '17:30', '18:00', '18:30']) }, sunday: sunday ? { customOpening: '09:00', customClosing: '12:30', isOpen: true } : { customOpening: null, customClosing: null, isOpen: false } };
      const created = today - rng.int(30, 2500) * DAY;
      const modified = Math.min(today - rng.int(0, 20) * DAY, created + rng.int(1, 800) * DAY);
      const lat = +(town.lat + (rng.next() - 0.5) * 0.2).toFixed(5);
      const lng = +(town.lng + (rng.next() - 0.5) * 0.3).toFixed(5);
      const invalidGeo = s % 211 === 5;
      const domain = chain ? group.domain : domainOf(name);
      await sw.add([
        id, group.id, `S${String(100001 + s)}`, name, companyNumberFor(rng, locale, town), vatFor(rng, locale, FORM_VAT_MAX), locale, String(rng.int(1, 300)),
        faker.location.street(), rng.bool(0.3) ? `${faker.person.lastName()} Industrial Estate` : null, town.town, town.county, postcodeFor(rng, town, locale),
        invalidGeo ? 0 : lat, invalidGeo ? 0 : lng, landlineFor(rng, town, locale), landlineFor(rng, town, locale), rng.bool(0.2) ? landlineFor(rng, town, locale) : null,
        emailAt(`${chain ? `${slug(town.town)}.` : ''}bookings`, domain), rng.pick([5, 10, 10, 15, 20, 25]), mobile ? rng.int(10, 40) : 0, live ? 'live' : 'cancelled',
        franchise ? 'Franchise' : mobile ? 'Mobile' : 'Independent', manufacturers, services,
        VEHICLE_TYPES.map((type, k) => ({ type, label: VEHICLE_TYPE_LABELS[type], typeValue: k, isAvailable: type === 'CAR' || type === 'COMMERCIAL_UNDER_3_5' ? true : rng.bool(0.3) })),
        { ancillaryEquipment: { servicingAndRepairs: rng.bool(0.2) }, specialisedRepairs: { misFueling: rng.bool(0.2), dpfFilters: rng.bool(0.3) }, engine: { rebuild: rng.bool(0.1) }, lockAndKeys: { replacementKeysAndDoorLocks: rng.bool(0.1) }, safetyAndCompliance: { lolerWeightTesting: rng.bool(0.05) }, bodywork: { smartRepairs: rng.bool(0.2) } },
        hours, { maxHeight: rng.int(2, 7), maxLength: rng.int(5, 25), maxWeight: rng.int(3, 15) },
        FACILITIES.map((f) => ({ value: f.value, label: f.label, isAvailable: rng.bool(0.6) })),
        SUPPLEMENTARY_SERVICES.map((x) => {
          const offered = rng.bool(0.35);
          return { type: x.key, typeValue: x.value, isOffered: offered, leadTime: offered && x.leadTime ? rng.int(1, 5) : null, radius: offered && x.radius ? rng.int(5, 30) : null, notes: offered && x.notes ? 'Book 24h ahead' : null, NTD: false };
        }),
        chain && rng.bool(0.3), rng.bool(0.1), rng.bool(0.85), rng.bool(0.6) ? rng.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 8) : null, financeId,
        `cb_s${100001 + s}`, live ? null : new Date(modified), new Date(created), new Date(modified),
      ]);
      ctx.suppliers.push({ id, name, groupIdx: g, locale, live, financeSupplierId: financeId, region: town.region });
      if (rng.bool(0.4)) {
        await esc.add([id, faker.person.fullName(), mobileFor(rng, locale), rng.bool(0.7) ? `service.manager@${domain}` : null, rng.pick(['Call before 10am for urgent VOR work', 'Escalate to the site manager after two hours', 'Out of hours: use the mobile number', 'Area manager covers all sites']), new Date(modified), new Date(modified)]);
      }
      if (!financeId) await exc.add([idFor(seed, KIND.exception, exceptionIndex++), id, 'FINANCE_SYSTEM_MAPPING_MISSING', false, new Date(created + DAY), null]);
      else if (rng.bool(0.02)) await exc.add([idFor(seed, KIND.exception, exceptionIndex++), id, 'FINANCE_SYSTEM_MAPPING_MISSING', true, new Date(created + DAY), new Date(created + 3 * DAY)]);
      if (group.diNetwork && rng.bool(0.8)) {
        const eff = isoDate(today - rng.int(30, 700) * DAY);
        const band = rng.pick(FNP_BANDS);
        await terms.add([
          id, faker.person.fullName().slice(0, 20), band !== 'NONE', band, rng.int(0, 999), rng.int(0, 50000),
          (manufacturers.length ? manufacturers : ['Independent']).map((label) => ({ label, partsDiscount: rng.int(0, 30), labourRates: LABOUR_RATE_CATEGORIES.map((c) => ({ vehicleCategoryType: c.type, rate: rng.int(55, 140) * 100, isAvailable: true, typeValue: 'Labour', effectiveDate: eff })) })),
          MOT_CLASSES.map((c, k) => ({ classType: c, classTypeValue: k, label: `Class ${c}`, rate: c === '4' ? 5485 : c === '7' ? 5885 : rng.int(2900, 5900), isAvailable: c === '4' || rng.bool(0.4), effectiveDate: eff })),
          FLUID_TYPES.map((f, k) => ({ type: f.type, typeValue: k, label: f.label, rate: rng.int(300, 2500), isAvailable: rng.bool(0.8), effectiveDate: eff })),
          TYRE_ANCILLARIES.map((f, k) => ({ type: f.type, typeValue: k, label: f.label, rate: rng.int(150, 1500), isAvailable: true, effectiveDate: eff })),
          WHEEL_ALIGNMENTS.map((f, k) => ({ type: f.type, typeValue: k, label: f.label, rate: rng.int(2500, 7500), isAvailable: true, effectiveDate: eff })),
          rng.int(5, 200) * 100_00, new Date(today - rng.int(1, 300) * DAY), 'ADMIN', isoDate(today - rng.int(10, 700) * DAY), isoDate(today - rng.int(5, 300) * DAY),
          new Date(modified), new Date(modified),
        ]);
      }
    }
  }
  ctx.counts.suppliers = await sw.close();
  ctx.counts.supplier_escalations = await esc.close();
  ctx.counts.supplier_exceptions = await exc.close();
  ctx.counts.supplier_network_terms = await terms.close();

  // Links: each customer works with several groups of its own country.
  const lw = new BulkWriter(database, 'lease_group_links', [
    ['id', 'uuid'], ['lease_company_id', 'uuid'], ['group_id', 'uuid'], ['service_group_name', 'text'], ['status', 'text'], ['agreement_id', 'text'],
    ['agreement_status', 'text'], ['direct_paybill', 'bool'], ['linked_at', 'timestamptz'], ['terminated_at', 'timestamptz'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const);
  // Each customer's terms with every supplier of its ACTIVE linked groups (the network file's
  // editable columns). A stream of its own, so the rest of the demo data stays as it was.
  const termsRng = new Rng(seed, 8);
  const cterms = new BulkWriter(database, 'customer_network_terms', [
    ['lease_company_id', 'uuid'], ['supplier_id', 'uuid'], ['in_network', 'bool'], ['preferred', 'bool'], ['labour_rate', 'int'],
    ['parts_discount_bp', 'int'], ['mot_rate', 'int'], ['authorisation_limit', 'int'], ['notes', 'text'], ['created_at', 'timestamptz'], ['modified_at', 'timestamptz'],
  ] as const);
  const TERMS_NOTES = ['Agreed at the annual review', 'Collect and deliver included', 'Courtesy car for jobs over a day', 'Fleet desk: ask for the service manager'];
  const byLocale = { en_GB: [] as number[], en_IE: [] as number[] };
  ctx.groups.forEach((g, i) => byLocale[g.locale].push(i));
  let linkIndex = 0;
  for (const lease of ctx.leases) {
    const pool = byLocale[lease.locale];
    // Capped so the in-memory supplier pools stay small on the large network.
    const k = Math.min(pool.length, 40, Math.max(3, Math.round(pool.length * (0.1 + rng.next() * 0.25))));
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(pool[rng.int(0, pool.length - 1)]);
    for (const gi of chosen) {
      const group = ctx.groups[gi];
      const terminated = lease.status === 'TERMINATED' || rng.bool(0.05);
      const linked = today - rng.int(60, 1500) * DAY;
      await lw.add([
        idFor(seed, KIND.link, linkIndex++), lease.id, group.id, group.name, terminated ? 'TERMINATED' : 'ACTIVE', `AGR-${rng.digits(6)}`,
        terminated ? 'EXPIRED' : rng.bool(0.9) ? 'SIGNED' : 'PENDING', DIRECT_PAYBILL_RATE_CARD_TYPES.includes(lease.rateCardType) && rng.bool(0.5),
        new Date(linked), terminated ? new Date(linked + rng.int(30, 50) * DAY) : null, new Date(linked), new Date(linked),
      ]);
      if (!terminated) for (let s = group.supplierStart; s < group.supplierEnd; s++) if (ctx.suppliers[s].live) lease.supplierPool.push(s);
      if (!terminated) {
        const at = new Date(linked + termsRng.int(1, 50) * DAY);
        for (let s = group.supplierStart; s < group.supplierEnd; s++) {
          const r = termsRng;
          await cterms.add([
            lease.id, ctx.suppliers[s].id, r.bool(0.95), r.bool(0.15), r.bool(0.6) ? r.int(55, 140) * 100 : null, r.bool(0.4) ? r.int(0, 30) * 100 : null,
            r.bool(0.3) ? r.int(2900, 5485) : null, r.bool(0.5) ? r.int(2, 20) * 50_00 : null, r.bool(0.1) ? r.pick(TERMS_NOTES) : null, at, at,
          ]);
        }
      }
    }
    if (lease.supplierPool.length === 0) {
      ctx.suppliers.forEach((s, i) => s.live && s.locale === lease.locale && lease.supplierPool.push(i));
    }
  }
  ctx.counts.lease_group_links = await lw.close();
  ctx.counts.customer_network_terms = await cterms.close();
}
