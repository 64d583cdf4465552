import type { ReactNode } from 'react';
import { Box, Chip, Paper, Tooltip, Typography } from '@mui/material';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import DirectionsWalkOutlinedIcon from '@mui/icons-material/DirectionsWalkOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import { ENQUIRY_SOURCE_LABELS, enquiryStatusLabel, type EnquirySource } from '../../../domain/enquiries';
import { SUPPORT_COPY_RESET_MS, type EnquiryResult } from '../../../domain/support';
import { CardField } from '../../../src/ui/details';
import { CopyButton } from '../../../src/ui/CopyButton';
import { Plate } from '../Plate';

const SOURCE_ICONS: Record<EnquirySource, typeof LinkOutlinedIcon> = {
  BOOK_IN: EventAvailableOutlinedIcon,
  WALK_IN: DirectionsWalkOutlinedIcon,
  LEASE: BusinessOutlinedIcon,
  MANUAL_VOR: BuildOutlinedIcon,
  WEB_LINK: LinkOutlinedIcon,
};

const STATUS_COLOURS: Partial<Record<EnquiryResult['enquiryStatus'], 'success' | 'error' | 'warning' | 'info' | 'default'>> = {
  INVOICED: 'success',
  COMPLETED: 'success',
  PAYMENT_TAKEN: 'success',
  CANCELLED: 'error',
  DECLINED_TO_BID: 'error',
  BID_NOT_SELECTED: 'default',
  NEW: 'info',
};

/**
 * Ours: the "two data-store paths" of the search view (spec 3 §2.4): where the enquiry's record and
 * its messages are kept, as support staff name them to the technical team.
 */
export const enquiryPaths = (e: EnquiryResult) => [
  [e.collection === 'archive' ? 'Archive path' : 'Record path', `${e.collection === 'archive' ? 'archived_enquiries' : 'enquiries'}/${e.id}`],
  ['Messages path', `enquiry_messages?enquiry_id=${e.id}`],
];

/**
 * One found enquiry (spec 3 §2.4): make and model, managed icon, status tag, plate, number, source
 * icon, supplier, group and lease company. `detailed` adds the search view's rate card, pay bill
 * flag, ids with copy buttons and the record paths; `children` is the tool's own part.
 */
export function EnquiryCard({ enquiry: e, detailed, children }: { enquiry: EnquiryResult; detailed?: boolean; children?: ReactNode }) {
  const SourceIcon = SOURCE_ICONS[e.enquirySource];
  const status = enquiryStatusLabel(e.enquiryStatus, e.managed);
  return (
    <Paper variant="outlined" component="article" aria-label={`Enquiry ${e.enquiryNumber}`} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mr: 'auto' }}>
          {e.make} {e.model}
        </Typography>
        <Tooltip title={e.managed ? 'Managed vehicle' : 'Non-managed vehicle'}>
          <VerifiedOutlinedIcon role="img" aria-label={e.managed ? 'Managed vehicle' : 'Non-managed vehicle'} color={e.managed ? 'primary' : 'disabled'} fontSize="small" />
        </Tooltip>
        <Chip size="small" label={status} color={STATUS_COLOURS[e.enquiryStatus] ?? 'warning'} aria-label={`Status: ${status}`} />
        {e.collection === 'archive' && <Chip size="small" variant="outlined" label="Archived" />}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Plate vrm={e.vrm} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {e.enquiryNumber}
        </Typography>
        <Tooltip title={ENQUIRY_SOURCE_LABELS[e.enquirySource]}>
          <SourceIcon role="img" aria-label={`Source: ${ENQUIRY_SOURCE_LABELS[e.enquirySource]}`} fontSize="small" color="action" />
        </Tooltip>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <CardField label="Supplier" value={e.supplierName} />
        <CardField label="Supplier Group" value={e.supplierGroupName} />
        <CardField label="Lease Company" value={e.leaseCompanyName} />
        {detailed && <CardField label="Rate Card" value={e.rateCardType.label} />}
        {detailed && <CardField label="Pay Bill" value={e.paybill ? 'Yes' : 'No'} />}
      </Box>
      {detailed && <EnquiryIds enquiry={e} />}
      {children}
    </Paper>
  );
}

/** The search view's ids and record paths, each with its copy button (the tick resets after 1300 ms). */
function EnquiryIds({ enquiry: e }: { enquiry: EnquiryResult }) {
  const ids: [string, string | null][] = [
    ['Lease Id', e.leaseCompanyId],
    ['Service Unit Id', e.serviceUnitObjectID],
    ['Account Id', e.accountObjectID],
    ['Enquiry Id', e.enquiryId],
    ...(enquiryPaths(e) as [string, string][]),
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {ids.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
              {value ?? '—'}
            </Typography>
          </Box>
          {value && <CopyButton text={value} label={`Copy ${label}`} resetMs={SUPPORT_COPY_RESET_MS} size="small" />}
        </Box>
      ))}
    </Box>
  );
}
