import { useEffect, useRef, useState } from 'react';
import { failureText } from '../../api/client';
import { Box, Button, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { importableRowId, isUploadDisabled, type NetworkImportRow } from '../../domain/network';
import { topics } from '../../domain/live';
import { networkImportResource } from '../../domain/resources/network';
import type { PersonRef } from '../../domain/common';
import { useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { PageFrame } from '../layout/PageFrame';
import { useSessionState } from '../layout/useSession';
import { useLiveTopic } from '../ui/useLiveTopic';
import { useOneAction } from '../ui/useOneAction';
import { ImportConfirmDialog } from './ImportConfirmDialog';
import { ImportsTable } from './ImportsTable';
import { UploadDialog } from './UploadDialog';
import { useNetworkList } from './useNetworkList';
import type { NetworkVariant } from './variant';

/** Toast texts (the spec shows none for these; ours). */
export const IMPORT_TOASTS = {
  uploaded: (name: string) => `${name} was uploaded and is being validated.`,
  importStarted: (name: string) => `The import of ${name} has started.`,
  importFailed: 'The import could not be started. Please try again.',
} as const;

/**
 * Network Import (spec 1 §2, §4): header with the owner's name and Upload, the imports newest
 * first, refreshed live: the list topic for new and changed imports, and the selected (first)
 * import's own topic while it runs.
 */
export function NetworkImportPage({ title, variant, canEdit }: { title: string; variant: NetworkVariant; canEdit: boolean }) {
  const { leaseId, ownerName } = variant;
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const list = useNetworkList<NetworkImportRow>(networkImportResource.name, leaseId);
  const rows = list.rows ?? [];
  const selectedId = rows[0]?.id ?? null;
  useLiveTopic(topics.networkImports(leaseId), list.refetch);
  useLiveTopic(selectedId ? topics.networkImport(selectedId) : null, list.refetch);

  const { session } = useSessionState();
  const user: PersonRef | null = session ? { firstname: session.user.firstname, lastname: session.user.lastname, email: session.user.email } : null;
  const notify = useNotify();
  const [uploadOpen, setUploadOpen] = useState(false);
  const persisting = useOneAction(({ id, by }: { id: string; by: PersonRef }, { dataProvider: acting }) => acting.persistNetworkImport(id, leaseId, by));
  const importing = persisting.isPending;
  const [confirming, setConfirming] = useState<NetworkImportRow | null>(null);
  // After an upload or an import starts, the button that opened the dialog is disabled or gone:
  // focus moves to the list (where the new status shows) instead of falling back to the page.
  const listRef = useRef<HTMLElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || uploadOpen || confirming) return;
    listRef.current?.focus();
    setRefocus(false);
  }, [refocus, uploadOpen, confirming]);

  const importableId = importableRowId(rows);
  // The owner must be known (customer loaded) before anything is uploaded for it.
  const uploadDisabled = !canEdit || !ownerName || !user || list.rows === null || isUploadDisabled({ uploading: false, importing, rows });

  const runImport = async () => {
    const row = confirming;
    setConfirming(null);
    if (!row || !user) return;
    setRefocus(true);
    try {
      const ran = await persisting.run({ id: row.id, by: user });
      if (!ran) return;
      const answer = ran.value;
      if (answer?.success === false) notify(IMPORT_TOASTS.importFailed, { type: 'error', title: 'Network Import' });
      else notify(IMPORT_TOASTS.importStarted(row.fileName), { type: 'success', title: 'Network Import' });
    } catch (err) {
      notify(failureText(err, IMPORT_TOASTS.importFailed), { type: 'error', title: 'Network Import' });
    }
    list.refetch();
  };

  const header = (
    <>
      {ownerName && (
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {ownerName}
        </Typography>
      )}
      <Button variant="contained" startIcon={<UploadIcon aria-hidden="true" />} disabled={uploadDisabled} onClick={() => setUploadOpen(true)}>
        Upload
      </Button>
    </>
  );

  return (
    <PageFrame title={title} back={variant.back} header={header}>
      <Box component="section" aria-label="Network imports" ref={listRef} tabIndex={-1} sx={{ '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
        <ImportsTable list={list} leaseId={leaseId} importableId={importableId} canImport={canEdit && Boolean(user)} importing={importing} onImport={setConfirming} />
      </Box>
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(name) => {
          setUploadOpen(false);
          setRefocus(true);
          notify(IMPORT_TOASTS.uploaded(name), { type: 'success', title: 'Network Import' });
          list.refetch();
        }}
        leaseId={leaseId}
        user={user}
        disabled={importing}
      />
      <ImportConfirmDialog fileName={confirming?.fileName ?? null} network={variant.networkPhrase} onCancel={() => setConfirming(null)} onConfirm={runImport} />
    </PageFrame>
  );
}
