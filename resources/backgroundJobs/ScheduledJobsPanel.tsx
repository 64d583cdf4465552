import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { failureText } from '../../api/client';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import { useCanAccess, useGetList, useRefresh, useNotify } from 'react-admin';
import { JOB_MESSAGES, SCHEDULED_JOBS, type ScheduledJobRow } from '../../domain/backgroundJobs';
import { backgroundJobsResource, scheduledJobsResource } from '../../domain/resources/backgroundJobs';
import { BusyButton } from '../../src/ui/BusyButton';
import { useOneAction } from '../../src/ui/useOneAction';

const TITLE = 'Background Jobs';
/** When the job runs: the product's wording, or the cron expression an environment variable set instead. */
function scheduleText(job: ScheduledJobRow): string {
  const declared = Object.values(SCHEDULED_JOBS).find((j) => j.queue === job.queue);
  return declared && declared.cron === job.cron ? declared.when : `cron ${job.cron}`;
}

/**
 * The scheduled jobs, with when each runs: Run now starts one as its schedule would; a nightly job
 * (the process logs' jobs) can be paused, which stops its runs at their next step, and resumed,
 * which runs the paused days on from where they stopped. Buttons for those allowed to run jobs.
 */
export function ScheduledJobsPanel() {
  const { data = [], refetch } = useGetList<ScheduledJobRow>(scheduledJobsResource.name, { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' } });
  const { canAccess } = useCanAccess({ resource: backgroundJobsResource.name, action: 'runScheduled' });
  const refresh = useRefresh();
  const notify = useNotify();
  // One job command at a time; `busy` names the running one ('runScheduled:queue').
  const acting = useOneAction(({ command, queue }: { command: 'runScheduled' | 'pause' | 'resume'; queue: string }, { dataProvider }) =>
    dataProvider.command(backgroundJobsResource.name, command, { queue }),
  );
  const busy = acting.variables ? `${acting.variables.command}:${acting.variables.queue}` : null;

  const act = async (job: ScheduledJobRow, command: 'runScheduled' | 'pause' | 'resume') => {
    try {
      if (!(await acting.run({ command, queue: job.queue }))) return;
      const notice = command === 'runScheduled' ? JOB_MESSAGES.started(job.label) : command === 'pause' ? JOB_MESSAGES.paused(job.label) : JOB_MESSAGES.resumed(job.label);
      notify(notice, { type: 'success', title: TITLE });
    } catch (err) {
      notify(failureText(err, 'The job could not be changed.'), { type: 'error', title: TITLE });
    }
    await refetch();
    refresh();
  };

  return (
    <Box component="section" aria-labelledby="scheduled-jobs-title" sx={{ mb: 2 }}>
      <Typography id="scheduled-jobs-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Scheduled jobs
      </Typography>
      <Table size="small" aria-labelledby="scheduled-jobs-title">
        <TableHead>
          <TableRow>
            <TableCell>Job</TableCell>
            <TableCell>Runs (UTC)</TableCell>
            <TableCell>Status</TableCell>
            {canAccess && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((job) => (
            <TableRow key={job.queue}>
              <TableCell>{job.label}</TableCell>
              <TableCell>{scheduleText(job)}</TableCell>
              <TableCell>
                {job.paused ? (
                  <Chip size="small" color="warning" label={`Paused${job.pausedBy ? ` by ${job.pausedBy}` : ''}`} />
                ) : (
                  <Chip size="small" variant="outlined" label="Active" />
                )}
              </TableCell>
              {canAccess && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <BusyButton size="small" busy={busy === `runScheduled:${job.queue}`} disabled={busy !== null} startIcon={<PlayArrowIcon aria-hidden="true" />} aria-label={`Run now: ${job.label}`} onClick={() => void act(job, 'runScheduled')}>
                    Run now
                  </BusyButton>
                  {job.nightly &&
                    (job.paused ? (
                      <BusyButton size="small" busy={busy === `resume:${job.queue}`} disabled={busy !== null} startIcon={<PlayArrowIcon aria-hidden="true" />} aria-label={`Resume: ${job.label}`} onClick={() => void act(job, 'resume')}>
                        Resume
                      </BusyButton>
                    ) : (
                      <BusyButton size="small" busy={busy === `pause:${job.queue}`} disabled={busy !== null} startIcon={<PauseIcon aria-hidden="true" />} aria-label={`Pause: ${job.label}`} onClick={() => void act(job, 'pause')}>
                        Pause
                      </BusyButton>
                    ))}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
