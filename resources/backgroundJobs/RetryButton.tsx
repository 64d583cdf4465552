import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useCanAccess, useRecordContext, useRefresh } from 'react-admin';
import type { BackgroundJobEntry } from '../../domain/backgroundJobs';
import { backgroundJobsResource } from '../../domain/resources/backgroundJobs';
import { useToast } from '../../src/layout/Toasts';
import { useOneAction } from '../../src/ui/useOneAction';

const TITLE = 'Background Jobs';

/** Runs a failed job again (the resource's retry command); shown on failed jobs still in their queue to those allowed to retry. */
export function RetryButton() {
  const job = useRecordContext<BackgroundJobEntry>();
  const { canAccess } = useCanAccess({ resource: backgroundJobsResource.name, action: 'retry' });
  const refresh = useRefresh();
  const toast = useToast();
  const retrying = useOneAction((id: string, { dataProvider }) => dataProvider.command(backgroundJobsResource.name, 'retry', { id }));
  if (!job || job.state !== 'failed' || job.archived || !canAccess) return null;
  const retry = async () => {
    try {
      if (!(await retrying.run(String(job.id)))) return;
      toast.success(TITLE, 'The job will run again.');
    } catch (err) {
      toast.failure(TITLE, err, 'The job could not be retried.');
    }
    refresh();
  };
  return <Button label="Retry" variant="contained" onClick={retry} disabled={retrying.isPending} startIcon={<ReplayIcon aria-hidden="true" />} />;
}
