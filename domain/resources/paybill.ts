import { defineResource } from './types';
import { PAY_BILL_GUARD } from '../savi/access';

/**
 * Pay bill records, spec 3 §2.1 and §3: shown on the SAVi area's Pay Bill page (gated by the pay
 * bill permission) through admin/getPaybillRecords, paged by keyset (the page's Load More).
 */
export const paybillResource = defineResource({
  name: 'paybillRecords',
  label: 'Pay Bill',
  route: PAY_BILL_GUARD,
});
