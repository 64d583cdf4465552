import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useCanAccess, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import type { BackgroundJobEntry } from '../../domain/backgroundJobs';
import { backgroundJobsResource } from '../../domain/resources/backgroundJobs';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useToast } from '../../src/layout/Toasts';

const TITLE = 'Background Jobs';

/** Runs a failed job again (the resource's retry command); shown on failed jobs still in their queue to those allowed to retry. */
export function RetryButton() {
  const job = useRecordContext<BackgroundJobEntry>();
  const { canAccess } = useCanAccess({ resource: backgroundJobsResource.name, action: 'retry' });
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!job || job.state !== 'failed' || job.archived || !canAccess) return null;
  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.command(backgroundJobsResource.name, 'retry', { id: job.id });
      toast.success(TITLE, 'The job will run again.');
    } catch (err) {
      toast.failure(TITLE, err, 'The job could not be retried.');
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return <Button label="Retry" variant="contained" onClick={retry} disabled={busy} startIcon={<ReplayIcon aria-hidden="true" />} />;
}
