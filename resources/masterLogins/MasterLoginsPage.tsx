import { useId, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { ScrollRegion } from '../../src/ui/ScrollRegion';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { personName } from '../../domain/common';
import { counted } from '../../domain/plural';
import {
  diIdOf,
  MASTER_LOGIN_LABELS,
  MASTER_LOGIN_MESSAGES,
  MASTER_LOGIN_TABS,
  MASTER_LOGINS_TITLE,
  MASTER_USER_TYPES,
  MASTER_USERS_PAGE_SIZE,
  type MasterUser,
  type MasterUsersCursor,
  type MasterUsersResponse,
  type MasterUserType,
} from '../../domain/masterLogins';
import { PageFrame } from '../../src/layout/PageFrame';
import { PermissionButton, type Allowed } from '../../src/layout/PermissionButton';
import { masterLoginsResource } from '../../domain/resources/masterLogins';
import { ReassignLoginDrawer } from './ReassignLoginDrawer';

/** The list's query key; a reassignment refreshes every query, this one with them. */
export const masterUsersKey = (type: MasterUserType) => ['masterUsers', type] as const;

function useMasterUsers(type: MasterUserType) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useInfiniteQuery({
    queryKey: masterUsersKey(type),
    initialPageParam: null as MasterUsersCursor | null,
    queryFn: ({ pageParam, signal }) => dataProvider.masterUsers({ type, after: pageParam, pageSize: MASTER_USERS_PAGE_SIZE }, signal),
    getNextPageParam: (last: MasterUsersResponse) => last.next ?? undefined,
    retry: false,
  });
}

/**
 * Master Logins (spec 3 §2.3): lease company users and garage users with a master login, a tab
 * each, 50 at a time with Load More. Change opens Reassign Login for the row's user.
 */
export function MasterLoginsPage() {
  const { canAccess: canEdit } = useCanAccess({ resource: masterLoginsResource.name, action: 'edit' });
  const [tab, setTab] = useState<MasterUserType>('CUSTOMER');
  const [open, setOpen] = useState(false);
  // The user the drawer is about, kept while it closes.
  const [target, setTarget] = useState<{ user: MasterUser; type: MasterUserType } | null>(null);
  const users = useMasterUsers(tab);
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];
  // The row as the list has it now: after a conflict's reload the drawer saves at its new version.
  const editing = (target && target.type === tab && rows.find((r) => r.id === target.user.id)) || target?.user;
  const tabId = (t: MasterUserType) => `master-logins-tab-${t}`;
  const panelId = (t: MasterUserType) => `master-logins-panel-${t}`;

  return (
    <PageFrame title={MASTER_LOGINS_TITLE}>
      <Alert severity="info" sx={{ mb: 2, maxWidth: 900 }}>
        {MASTER_LOGIN_MESSAGES.notice}
      </Alert>
      <Tabs value={tab} onChange={(_e, t: MasterUserType) => setTab(t)} aria-label="Master login types" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {MASTER_USER_TYPES.map((t) => (
          <Tab key={t} value={t} label={MASTER_LOGIN_TABS[t]} id={tabId(t)} aria-controls={panelId(t)} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <MasterUsersTable
          type={tab}
          rows={rows}
          pending={users.isPending}
          error={users.error}
          hasMore={users.hasNextPage}
          loadingMore={users.isFetchingNextPage}
          onLoadMore={() => void users.fetchNextPage()}
          onRetry={() => void users.refetch()}
          canEdit={canEdit}
          onChange={(user) => {
            setTarget({ user, type: tab });
            setOpen(true);
          }}
        />
      </Box>
      {target && editing && <ReassignLoginDrawer open={open} user={editing} type={target.type} onClose={() => setOpen(false)} />}
    </PageFrame>
  );
}

interface TableProps {
  type: MasterUserType;
  rows: MasterUser[];
  pending: boolean;
  error: Error | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onRetry(): void;
  canEdit: Allowed;
  onChange(user: MasterUser): void;
}

function MasterUsersTable({ type, rows, pending, error, hasMore, loadingMore, onLoadMore, onRetry, canEdit, onChange }: TableProps) {
  if (pending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading master logins" />
      </Box>
    );
  }
  if (error && rows.length === 0) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>}>
        {MASTER_LOGIN_MESSAGES.loadFailed}
      </Alert>
    );
  }
  if (rows.length === 0) return <Typography sx={{ py: 3 }}>{MASTER_LOGIN_MESSAGES.noUsers}</Typography>;
  return (
    <>
      <Paper variant="outlined">
        <ScrollRegion label={`${MASTER_LOGIN_TABS[type]} master logins`}>
          <Table size="small" aria-label={`${MASTER_LOGIN_TABS[type]} master logins`}>
            <TableHead>
              <TableRow>
                <TableCell>{MASTER_LOGIN_LABELS.name}</TableCell>
                <TableCell>{MASTER_LOGIN_LABELS.email}</TableCell>
                <TableCell>{MASTER_LOGIN_LABELS.company}</TableCell>
                <TableCell>{MASTER_LOGIN_LABELS.diId[type]}</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((u) => (
                <MasterUserRow key={u.id} user={u} type={type} canEdit={canEdit} onChange={() => onChange(u)} />
              ))}
            </TableBody>
          </Table>
      </ScrollRegion>
      </Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {`${counted(rows.length, 'user')} shown`}
        </Typography>
        {hasMore && (
          <Button onClick={onLoadMore} disabled={loadingMore} variant="outlined" startIcon={loadingMore ? <CircularProgress size={14} aria-hidden="true" /> : undefined}>
            {MASTER_LOGIN_LABELS.loadMore}
          </Button>
        )}
        {error && <Alert severity="error">{MASTER_LOGIN_MESSAGES.loadFailed}</Alert>}
      </Box>
    </>
  );
}

/** One user: the name heads the row and describes its Change button (every row has one). */
function MasterUserRow({ user, type, canEdit, onChange }: { user: MasterUser; type: MasterUserType; canEdit: Allowed; onChange(): void }) {
  const nameId = useId();
  return (
    <TableRow>
      <TableCell id={nameId} component="th" scope="row">
        {personName(user)}
      </TableCell>
      <TableCell>{user.contact.email}</TableCell>
      <TableCell>{user.company ?? '-'}</TableCell>
      <TableCell>{diIdOf(user, type) ?? '-'}</TableCell>
      <TableCell align="right">
        <PermissionButton allowed={canEdit} why={MASTER_LOGIN_MESSAGES.noAccess} onClick={onChange} variant="outlined" size="small" aria-describedby={nameId}>
          {MASTER_LOGIN_LABELS.change}
        </PermissionButton>
      </TableCell>
    </TableRow>
  );
}
