import { useRef, useState } from 'react';
import { Alert, Box, Chip } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { failureText } from '../../../dataProvider/api';
import { ENQUIRY_LABELS, ENQUIRY_MESSAGES, enquiryNumberSchema, supportBadge, supportTool, type EnquiryResult, type EnquiryTool } from '../../../domain/support';
import { ToolDrawer } from '../ToolDrawer';
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
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [results, setResults] = useState<EnquiryResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const last = useRef<string | null>(null);
  const search = async (enquiryNumber: string) => {
    last.current = enquiryNumber;
    setBusy(true);
    setError(null);
    try {
      setResults(await dataProvider.findEnquiries(enquiryNumber, tool));
    } catch (err) {
      setResults(null);
      setError(failureText(err, ENQUIRY_MESSAGES.notFound));
    } finally {
      setBusy(false);
    }
  };
  const after = (what: AfterAction) => {
    if (what === 'refresh' && last.current) void search(last.current);
    else setResults(null);
  };
  const clear = () => {
    setError(null);
  };
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
      <SearchForm label={ENQUIRY_LABELS.number} placeholder={ENQUIRY_LABELS.numberPlaceholder} schema={enquiryNumberSchema} busy={busy} onSearch={search} onEdit={clear} />
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
