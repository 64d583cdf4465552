import { defineResource } from './types';

/**
 * Pay bill records, spec 3 §2.1 and §3: shown on the SAVi area's Pay Bill page (gated by the pay
 * bill permission); their search slug comes with that page.
 */
export const paybillResource = defineResource({
  name: 'paybillRecords',
  label: 'Pay Bill',
  route: { permission: 'PAY_BILL', action: 'view' },
});
