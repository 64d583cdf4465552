import { Box, Typography } from '@mui/material';
import type { NetworkExportRow } from '../../domain/network';
import { networkExportResource } from '../../domain/resources/network';
import { PageFrame } from '../layout/PageFrame';
import { topics } from '../../domain/live';
import { useLiveTopic } from '../ui/useLiveTopic';
import { ExportsList } from './ExportsList';
import { NetworkExportForm } from './NetworkExportForm';
import { useNetworkList } from './useNetworkList';
import type { NetworkVariant } from './variant';

/** Network Export (spec 1 §2), for a customer or the DI network; its recent exports follow live. */
export function NetworkExportPage({ title, variant, canEdit }: { title: string; variant: NetworkVariant; canEdit: boolean }) {
  const { leaseId } = variant;
  const exportsList = useNetworkList<NetworkExportRow>(networkExportResource.name, leaseId);
  // Exports finish in the background; each new or finished one is announced on this topic.
  useLiveTopic(topics.networkExports(leaseId), exportsList.refetch);

  return (
    <PageFrame title={title} back={variant.back} header={variant.ownerName ? <Typography color="text.secondary">{variant.ownerName}</Typography> : undefined}>
      <NetworkExportForm variant={variant} canEdit={canEdit} onStarted={exportsList.refetch} />
      <Box component="section" aria-labelledby="recent-exports" sx={{ mt: 4 }}>
        <Typography id="recent-exports" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}>
          Recent exports
        </Typography>
        <ExportsList list={exportsList} leaseId={leaseId} canDownload />
      </Box>
    </PageFrame>
  );
}
