import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../api/client';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { Alert, AlertTitle, Box, Button, CircularProgress, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { API_MESSAGES, apiIdOf, type AllowedEndpoint, type ApiConfigView, type ApiOwner, type CreateApiIdResponse } from '../../domain/apiConfig';
import type { ConsoleDataProvider } from '../../dataProvider';
import { conflictFromError } from '../../dataProvider/conflict';
import { customerResource } from '../../domain/resources/customer';
import { groupResource } from '../../domain/resources/group';
import { PermissionButton } from '../layout/PermissionButton';
import { FormDrawer } from '../ui/Drawer';
import { useQuitDialog } from '../ui/QuitDialog';
import { CancelSaveButtons } from '../ui/CancelSaveButtons';
import { CopyButton } from '../ui/CopyButton';
import { useOneAction } from '../ui/useOneAction';

/** Spec 1 §9: the API Integrations drawer is 750 wide. */
export const API_DRAWER_WIDTH = 750;
const TITLE = 'API Integrations';

/** The entity whose integrations actions gate the drawer, by the owner's view type. */
const OWNER_RESOURCE: Record<ApiOwner['viewType'], string> = { LEASE: customerResource.name, GARAGE: groupResource.name };

const same = (a: AllowedEndpoint[], b: AllowedEndpoint[] | undefined) => JSON.stringify(a) === JSON.stringify(b ?? []);

/** The secret of a key just generated: shown this once, with a copy button. */
function NewSecret({ created }: { created: CreateApiIdResponse }) {
  return (
    <Alert severity="warning" role="region" aria-label="New API key">
      <AlertTitle>New API key</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {API_MESSAGES.secretShownOnce}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <TextField label="API secret" value={created.apiSecret} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }} />
        <CopyButton text={created.apiSecret} label="Copy secret" />
      </Box>
    </Alert>
  );
}

function EndpointSwitches({ endpoints, disabled, onChange }: { endpoints: AllowedEndpoint[]; disabled: boolean; onChange(path: string, on: boolean): void }) {
  return (
    <Box component="section" aria-labelledby="api-endpoints-title">
      <Typography id="api-endpoints-title" variant="h3" component="h3" sx={{ mb: 1 }}>
        Allowed endpoints
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {endpoints.map((e, i) => (
          <Box component="li" key={e.path} sx={{ px: 2, py: 0.5, borderTop: i ? 1 : 0, borderColor: 'divider' }}>
            <FormControlLabel
              label={<Box component="span" sx={{ fontFamily: 'monospace' }}>{e.path}</Box>}
              labelPlacement="start"
              disabled={disabled}
              sx={{ m: 0, width: '100%', justifyContent: 'space-between' }}
              control={<Switch checked={e.isEnabled} onChange={(ev) => onChange(e.path, ev.target.checked)} />}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * API Integrations (spec 1 §2): the API id, Generate Api Key while editing and no id exists (the
 * secret is shown once), and the allowed endpoints as switches saved with Save. Works for any
 * view type, so the group screens reuse it with a GARAGE owner.
 */
export function ApiIntegrationsDrawer({ open, owner, ownerName, onClose }: { open: boolean; owner: ApiOwner; ownerName: string; onClose(): void }) {
  const canEdit = useCanAccess({ resource: OWNER_RESOURCE[owner.viewType], action: 'editIntegrations' }).canAccess === true;
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [config, setConfig] = useState<ApiConfigView | null>(null);
  const [draft, setDraft] = useState<AllowedEndpoint[]>([]);
  const [editing, setEditing] = useState(false);
  const generating = useOneAction((_: void, { dataProvider: acting }) => acting.createApiId(owner));
  const saving = useOneAction(({ endpoints, version }: { endpoints: AllowedEndpoint[]; version: ApiConfigView['version'] }, { dataProvider: acting }) =>
    acting.updateApiEndpoints(owner, endpoints, version),
  );
  const busy = generating.isPending || saving.isPending;
  const [created, setCreated] = useState<CreateApiIdResponse | null>(null);
  // The last outcome, also inside the drawer: while it is open the page behind (and its toasts) is hidden from screen readers.
  const [notice, setNotice] = useState('');
  // Keeps the switches the user set when a reload brings a newer configuration.
  const keepDraft = useRef(false);

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      const { apiConfig } = await dataProvider.apiConfig(owner);
      setConfig(apiConfig);
      if (!keepDraft.current) setDraft(apiConfig?.allowedEndpoints ?? []);
      keepDraft.current = false;
      setStatus('ready');
    } catch {
      setStatus('error');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, owner.id, owner.viewType]);

  useEffect(() => {
    if (!open) return;
    setEditing(false);
    setCreated(null);
    setNotice('');
    keepDraft.current = false;
    void load();
  }, [open, load]);

  const dirty = editing && !same(draft, config?.allowedEndpoints);
  const close = () => {
    setEditing(false);
    onClose();
  };
  const { requestClose, dialog } = useQuitDialog(dirty, close);
  const cancelEdit = useQuitDialog(dirty, () => {
    setDraft(config?.allowedEndpoints ?? []);
    setEditing(false);
  });

  const generate = async () => {
    try {
      const ran = await generating.run();
      if (!ran) return;
      const answer = ran.value;
      setCreated(answer);
      setNotice('API key generated');
      notify('API key generated', { type: 'success', title: TITLE });
    } catch (err) {
      notify(failureText(err, 'The API key could not be generated.'), { type: 'error', title: TITLE });
    }
    // The id is now stored: read the configuration again, as the spec asks.
    await load();
  };

  const save = async () => {
    if (!config) return;
    try {
      const ran = await saving.run({ endpoints: draft, version: config.version });
      if (!ran) return;
      const { apiConfig } = ran.value;
      setConfig(apiConfig);
      setDraft(apiConfig.allowedEndpoints);
      setEditing(false);
      setNotice('Allowed endpoints saved');
      notify('Allowed endpoints saved', { type: 'success', title: TITLE });
    } catch (err) {
      if (conflictFromError(err)) {
        notify('Someone else changed the allowed endpoints. Theirs are loaded and your switches kept: check them and save again.', { type: 'warning', title: TITLE });
        keepDraft.current = true;
        await load();
      } else {
        notify(failureText(err, 'The allowed endpoints could not be saved.'), { type: 'error', title: TITLE });
      }
    }
  };

  const apiId = apiIdOf(config);
  const outcome = (
    <Typography role="status" variant="body2" sx={{ mr: 'auto', color: 'success.main', fontWeight: 500 }}>
      {notice}
    </Typography>
  );
  const footer = editing ? (
    <>
      {outcome}
      <CancelSaveButtons onCancel={cancelEdit.requestClose} cancelDisabled={busy} onSave={save} saveDisabled={busy || !dirty} />
    </>
  ) : (
    <>
      {outcome}
      <Button onClick={requestClose}>Close</Button>
      <PermissionButton
        allowed={canEdit}
        why={API_MESSAGES.noEditPermission}
        variant="contained"
        disabled={status !== 'ready'}
        onClick={() => {
          setNotice('');
          setEditing(true);
        }}
      >
        Edit
      </PermissionButton>
    </>
  );

  return (
    <>
      <FormDrawer open={open} title={TITLE} width={API_DRAWER_WIDTH} onClose={requestClose} footer={footer}>
        <Typography variant="body2" color="text.secondary">
          The API id {ownerName}&apos;s own systems call the network with, and the endpoints that id may use.
        </Typography>
        {status === 'loading' && !config && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading API integrations" />
          </Box>
        )}
        {status === 'error' && (
          <Alert severity="error" action={<Button color="inherit" onClick={() => void load()}>Retry</Button>}>
            The API integrations could not be loaded.
          </Alert>
        )}
        {created && <NewSecret created={created} />}
        {(status === 'ready' || config) && (
          <>
            <Box component="section" aria-labelledby="api-id-title">
              <Typography id="api-id-title" variant="h3" component="h3" sx={{ mb: 1 }}>
                API ID
              </Typography>
              {apiId ? (
                <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{apiId}</Typography>
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Alert severity="info" sx={{ flexGrow: 1 }}>
                    {API_MESSAGES.noApiId}
                  </Alert>
                  {editing && (
                    <Button variant="contained" onClick={generate} disabled={busy}>
                      Generate Api Key
                    </Button>
                  )}
                </Box>
              )}
            </Box>
            {config && <EndpointSwitches endpoints={draft} disabled={!editing || busy} onChange={(path, on) => setDraft((d) => d.map((e) => (e.path === path ? { ...e, isEnabled: on } : e)))} />}
          </>
        )}
      </FormDrawer>
      {dialog}
      {cancelEdit.dialog}
    </>
  );
}
