import { menuView, type Guard } from '../permissions';
import { defineResource } from './types';
import { PAY_BILL_GUARD } from '../savi/access';
import { NETWORK_EDIT_GUARD } from './sharedGuards';
import { paybillDetailsOf, paybillRecordOf, type PaybillDetailsResponse, type PaybillRecordData } from '../savi/paybillRecord';

/**
 * What the DI network pages of the area need (spec 3 §2.1 "only with the manageNetwork
 * permission", §6): its view opens them; uploading, importing and exporting also need its edit,
 * checked on the pages as on the customer's network pages.
 */
export const DI_NETWORK_GUARD: Guard = { permission: 'manageNetwork', action: 'view' };

/**
 * The finance export area, spec 3 §2.1: the sidebar entry needs savi, and so does every page of
 * the area (ours: the spec shows no route guard, but each of its actions needs savi on the server,
 * so without it an address typed by hand leads to access-denied instead of to buttons that can
 * only fail). Its DI network pages also need the network permission (the `network` action).
 */
export const saviResource = defineResource({
  name: 'savi',
  label: 'SAVi',
  menu: { path: '/savi', guard: null },
  route: menuView('savi'),
  // The Pay Bill page needs the pay bill permission (spec 3 §6); the other pages only the area's route.
  // Upload, import and export on the DI network pages need the network permission's edit (editNetwork).
  // Neither network action names slugs: the network slugs need no savi, so for an admin with the
  // network permission but not savi the area's route guard answers no where those slugs answer
  // yes (the customer's network actions name them).
  actions: {
    network: [DI_NETWORK_GUARD],
    editNetwork: [NETWORK_EDIT_GUARD],
    payBill: { guards: [PAY_BILL_GUARD], slugs: ['admin/getPaybillRecords', 'admin/getPaybillCustomersList'] },
  },
});

/**
 * The paybill address and footer (spec 3 §2.1, §3 "Paybill details"): one record ('default'), read
 * when the SAVi page's drawer opens and saved at the version it showed. Changing what every invoice
 * prints needs the area's edit.
 */
export const paybillDetailsResource = defineResource({
  name: 'paybillDetails',
  label: 'Paybill Address and Footer',
  route: menuView('savi'),
  actions: { edit: { guards: [{ permission: 'savi', action: 'edit' }], slugs: ['admin/savePayBillAddressAndFooterDetails'] } },
  records: {
    getOne: {
      slug: 'admin/getPaybillDetails',
      method: 'GET',
      request: () => ({}),
      response: (answer: PaybillDetailsResponse) => ({ data: paybillRecordOf(answer.paybillDetails) }),
    },
    update: {
      slug: 'admin/savePayBillAddressAndFooterDetails',
      request: ({ data, previousData }) => ({ version: (previousData as PaybillRecordData | undefined)?.version ?? null, ...paybillDetailsOf(data as PaybillRecordData) }),
      response: (answer: PaybillDetailsResponse) => ({ data: paybillRecordOf(answer.paybillDetails) }),
    },
  },
});
