import { TAX_CODES } from '../../../domain/finance';
import type { SeedContext } from './context';

/**
 * The ledger's tax codes: every VAT code but the Irish reduced rate, so an invoice at that rate
 * shows 'Vat Rates are not yet configured for Quickbooks' (no seeded invoice uses it).
 */
const CONFIGURED_TAX_CODES = TAX_CODES.filter((t) => t.code !== 'IE135');

/**
 * The local finance ledger (finance_suppliers) from the suppliers just written, so the comparison
 * drawer has every case of spec 2 §3.6 and §4: most mapped suppliers match their record; some
 * differ in a field (the display name, the phone or the e-mail); of the unmapped ones (the
 * exceptions), half have a record Retry finds by company number, half none.
 */
export async function seedFinanceLedger(ctx: SeedContext): Promise<void> {
  const billAddr = `jsonb_build_object('Line1', nullif(concat_ws(' ', s.address_number, s.address1), ''), 'Line2', s.address2, 'Line3', s.county,
    'City', s.address3, 'PostalCode', s.post_code, 'Country', CASE s.locale WHEN 'en_IE' THEN 'Ireland' ELSE 'United Kingdom' END)`;
  const [mapped] = await ctx.database.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO finance_suppliers (id, display_name, company_name, email, phone, acct_num, print_on_check_name, bill_addr, company_number, vat_number)
       SELECT DISTINCT ON (s.finance_supplier_id) s.finance_supplier_id,
              CASE WHEN s.seq % 11 = 4 THEN s.name || ' Ltd' ELSE s.name END,
              g.name,
              CASE WHEN s.seq % 7 = 3 THEN 'accounts@' || split_part(coalesce(s.email, 'x@finance.example'), '@', 2) ELSE s.email END,
              CASE WHEN s.seq % 13 = 5 THEN '0' || lpad(((s.seq * 7919) % 1000000000)::text, 10, '0') ELSE s.primary_phone_number END,
              s.account_system_reference,
              CASE WHEN s.use_head_office_name_and_address THEN g.name ELSE s.name END,
              ${billAddr}, s.company_registration_number, s.vat_registration_number
         FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id
        WHERE s.finance_supplier_id IS NOT NULL
        ORDER BY s.finance_supplier_id, s.seq
       ON CONFLICT (id) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
  );
  // Unmapped suppliers the finance system knows by company number: ids outside the mapped range.
  const [found] = await ctx.database.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO finance_suppliers (id, display_name, company_name, email, phone, acct_num, print_on_check_name, bill_addr, company_number, vat_number)
       SELECT 'F' || s.seq, s.name, g.name, s.email, s.primary_phone_number, s.account_system_reference, s.name, ${billAddr},
              s.company_registration_number, s.vat_registration_number
         FROM suppliers s JOIN supplier_groups g ON g.id = s.group_id
        WHERE s.finance_supplier_id IS NULL AND s.seq % 2 = 0 AND s.company_registration_number IS NOT NULL
       ON CONFLICT (id) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
  );
  ctx.counts.finance_suppliers = Number(mapped?.n ?? 0) + Number(found?.n ?? 0);
  for (const [k, t] of CONFIGURED_TAX_CODES.entries()) {
    await ctx.database.query(`INSERT INTO finance_tax_codes (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [String(k + 1), t.financeName]);
  }
  ctx.counts.finance_tax_codes = CONFIGURED_TAX_CODES.length;
}
