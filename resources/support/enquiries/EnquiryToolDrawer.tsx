import { Alert, Box, Chip } from '@mui/material';
import { ENQUIRY_LABELS, ENQUIRY_MESSAGES, enquiryNumberSchema, supportBadge, supportTool, type EnquiryResult, type EnquiryTool } from '../../../domain/support';
import { ToolDrawer } from '../ToolDrawer';
import { useToolSearch } from '../useToolSearch';
import { SearchForm } from '../SearchForm';
import { EnquiryCard } from './EnquiryCard';
import { CancelPanel, DeletePanel, RegeneratePanel, RevertPanel, ServiceTypePanel, UnarchivePanel, type AfterAction } from './EnquiryActions';

/**
 * One Manage Enquiry tool's drawer (spec 3 §2.4): search by enquiry number in the tool's
 * collections, the found enquiries as cards, and the tool's action on each (Delete: on all found).
 */
export function EnquiryToolDrawer({ tool, open, onClose }: { tool: EnquiryTool; open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool={tool} open={open} onClose={onClose}>
      <EnquiryTool tool={tool} />
    </ToolDrawer>
  );
}

function EnquiryTool({ tool }: { tool: EnquiryTool }) {
  const def = supportTool(tool);
  const { found: results, error, busy, search, again, clear, clearError } = useToolSearch(
    (dp, enquiryNumber: string) => dp.findEnquiries(enquiryNumber, tool),
    ENQUIRY_MESSAGES.notFound,
  );
  const after = (what: AfterAction) => (what === 'refresh' ? again() : clear());
  const panel = (e: EnquiryResult) => {
    const props = { enquiry: e, title: def.label, onDone: after };
    switch (tool) {
      case 'cancelEnquiry': return <CancelPanel {...props} />;
      case 'revertEnquiry': return <RevertPanel {...props} />;
      case 'unarchiveEnquiry': return <UnarchivePanel {...props} />;
      case 'regenerateInvoice': return <RegeneratePanel {...props} />;
      case 'updateServiceType': return <ServiceTypePanel {...props} />;
      default: return null;
    }
  };
  return (
    <>
      <SearchForm label={ENQUIRY_LABELS.number} placeholder={ENQUIRY_LABELS.numberPlaceholder} schema={enquiryNumberSchema} busy={busy} onSearch={search} onEdit={clearError} />
      {error && <Alert severity="error">{error}</Alert>}
      {results && results.length > 1 && (
        <Box>
          <Chip role="status" color="primary" variant="outlined" label={`${supportBadge(results.length)} results found`} />
        </Box>
      )}
      {results?.map((e) => (
        // Keyed by version of what was found, so a refreshed enquiry starts its panel afresh.
        <EnquiryCard key={`${e.id}:${e.enquiryStatus}:${e.serviceType}`} enquiry={e} detailed={tool === 'enquirySearch'}>
          {panel(e)}
        </EnquiryCard>
      ))}
      {tool === 'deleteEnquiry' && results && results.length > 0 && <DeletePanel enquiries={results} title={def.label} onDone={after} />}
    </>
  );
}
