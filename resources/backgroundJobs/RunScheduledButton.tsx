import { useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useCanAccess, useDataProvider, useRefresh } from 'react-admin';
import { JOB_MESSAGES, SCHEDULED_JOBS, type ScheduledJob } from '../../domain/backgroundJobs';
import { backgroundJobsResource } from '../../domain/resources/backgroundJobs';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useToast } from '../../src/layout/Toasts';

const TITLE = 'Background Jobs';

/**
 * Run now: a scheduled job (the weekly SAVi statement, the files clean-up) started at once, as
 * its schedule would start it. For those allowed to run jobs (the resource's runScheduled action).
 */
export function RunScheduledButton() {
  const { canAccess } = useCanAccess({ resource: backgroundJobsResource.name, action: 'runScheduled' });
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  const run = async (job: ScheduledJob) => {
    setAnchor(null);
    setBusy(true);
    try {
      await dataProvider.command(backgroundJobsResource.name, 'runScheduled', { queue: job.queue });
      toast.success(TITLE, JOB_MESSAGES.started(job.label));
    } catch (err) {
      toast.failure(TITLE, err, 'The job could not be started.');
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <>
      <Button variant="contained" onClick={(e) => setAnchor(e.currentTarget)} disabled={busy} startIcon={<PlayArrowIcon aria-hidden="true" />} aria-haspopup="menu" aria-expanded={Boolean(anchor)}>
        Run now
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {Object.values(SCHEDULED_JOBS).map((job) => (
          <MenuItem key={job.queue} onClick={() => void run(job)}>
            <ListItemText primary={job.label} secondary={`Scheduled ${job.when} (UTC)`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
