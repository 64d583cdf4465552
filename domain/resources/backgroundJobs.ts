import { defineResource } from './types';

/** pg-boss jobs by queue and state, read only but for Retry on a failed one and Run now of a scheduled one. */
export const backgroundJobsResource = defineResource({
  name: 'background-jobs',
  label: 'Background Jobs',
  menu: { path: '/background-jobs', guard: null },
  route: { permission: 'BACKGROUND_JOBS', action: 'view' },
  actions: {
    retry: [{ permission: 'BACKGROUND_JOBS', action: 'edit' }],
    runScheduled: [{ permission: 'BACKGROUND_JOBS', action: 'edit' }],
    pause: [{ permission: 'BACKGROUND_JOBS', action: 'edit' }],
    resume: [{ permission: 'BACKGROUND_JOBS', action: 'edit' }],
  },
  records: {
    getList: { slug: 'backgroundJobs/getList' },
    getOne: { slug: 'backgroundJobs/getOne' },
  },
  commands: {
    retry: { slug: 'backgroundJobs/retry' },
    // A scheduled job run now (SCHEDULED_JOBS): its queue.
    runScheduled: { slug: 'backgroundJobs/runScheduled', request: ({ queue }) => ({ queue }) },
    // A nightly job paused or resumed (its runs stop at their next step; Resume runs the paused days).
    pause: { slug: 'backgroundJobs/pause', request: ({ queue }) => ({ queue }) },
    resume: { slug: 'backgroundJobs/resume', request: ({ queue }) => ({ queue }) },
  },
});

/** The scheduled jobs (SCHEDULED_JOBS) with their schedule and whether they are paused. */
export const scheduledJobsResource = defineResource({
  name: 'scheduledJobs',
  label: 'Scheduled job',
  route: { permission: 'BACKGROUND_JOBS', action: 'view' },
  records: { getList: { slug: 'backgroundJobs/getScheduled' } },
});

/** The job queues, for the jobs list's queue filter. */
export const jobQueuesResource = defineResource({
  name: 'jobQueues',
  label: 'Queue',
  route: { permission: 'BACKGROUND_JOBS', action: 'view' },
  records: {
    getList: { slug: 'backgroundJobs/getQueues' },
    // The chosen queue of the filter: there are few queues, so the one list answers it.
    getMany: {
      slug: 'backgroundJobs/getQueues',
      request: () => ({}),
      response: (answer: { data: { id: string }[] }, { ids }) => ({ data: answer.data.filter((q) => (ids as string[]).includes(q.id)) }),
    },
  },
});
