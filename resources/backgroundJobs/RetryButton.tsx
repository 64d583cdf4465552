import ReplayIcon from '@mui/icons-material/Replay';
import { failureText } from '../../api/client';
import { Button, useCanAccess, useRecordContext, useRefresh, useNotify } from 'react-admin';
import type { BackgroundJobEntry } from '../../domain/backgroundJobs';
import { backgroundJobsResource } from '../../domain/resources/backgroundJobs';
import { useOneAction } from '../../src/ui/useOneAction';

const TITLE = 'Background Jobs';

/** Runs a failed job again (the resource's retry command); shown on failed jobs still in their queue to those allowed to retry. */
export function RetryButton() {
  const job = useRecordContext<BackgroundJobEntry>();
  const { canAccess } = useCanAccess({ resource: backgroundJobsResource.name, action: 'retry' });
  const refresh = useRefresh();
  const notify = useNotify();
  const retrying = useOneAction((id: string, { dataProvider }) => dataProvider.command(backgroundJobsResource.name, 'retry', { id }));
  if (!job || job.state !== 'failed' || job.archived || !canAccess) return null;
  const retry = async () => {
    try {
      if (!(await retrying.run(String(job.id)))) return;
      notify('The job will run again.', { type: 'success', title: TITLE });
    } catch (err) {
      notify(failureText(err, 'The job could not be retried.'), { type: 'error', title: TITLE });
    }
    refresh();
  };
  return <Button label="Retry" variant="contained" onClick={retry} disabled={retrying.isPending} startIcon={<ReplayIcon aria-hidden="true" />} />;
}
