import { Alert, Box } from '@mui/material';
import { SUPPLIER_DETAILS_MESSAGES, type SupplierDetails } from '../../../domain/suppliers';
import { Fields, Section } from '../../../src/ui/details';

/**
 * The DI Network Terms tab (spec 2 §2.1): why there are none (the group is not in the DI network,
 * or none were added), else the terms. The rates, band, rebate, credit limit and audit dates come
 * with the network-terms pages; until then the tab shows the nominated dealer manager.
 */
export function NetworkTermsTab({ supplier }: { supplier: SupplierDetails }) {
  if (!supplier.belongsToDINetwork) return <Alert severity="info">{SUPPLIER_DETAILS_MESSAGES.notInDiNetwork}</Alert>;
  if (!supplier.nominatedDealerName) return <Alert severity="info">{SUPPLIER_DETAILS_MESSAGES.noTerms}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title="Nominated Dealer Manager">
        <Fields items={[['Nominated Dealer Manager', supplier.nominatedDealerName]]} />
      </Section>
    </Box>
  );
}
