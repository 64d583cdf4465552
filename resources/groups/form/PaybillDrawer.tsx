import { useEffect, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Button, Typography } from '@mui/material';
import { failureText } from '../../../api/client';
import { PAYBILL_LIST_TITLES } from '../../../domain/groups';
import { useSessionState } from '../../../src/layout/useSession';
import { CancelSaveButtons } from '../../../src/ui/CancelSaveButtons';
import { FormDrawer } from '../../../src/ui/Drawer';
import { useQuitDialog } from '../../../src/ui/QuitDialog';
import { useOneAction } from '../../../src/ui/useOneAction';
import { usePaybillLists } from '../usePaybillLists';
import { TransferLayout, TransferSide } from './TransferList';

const TITLE = 'Paybill Config';
/** Ours: the spec gives no width for this drawer. */
const WIDTH = 820;

const toggled = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
};

/**
 * Paybill Config (spec 2 §2.2, edit only): the group's linked customers of the direct-paybill rate
 * card types, moved between 'ViSN (Default)' and 'Direct'; Save sends the whole 'Direct' list.
 * Ticked rows move with the buttons between the lists; closing with moves unsaved asks 'Quit Editing?'.
 */
export function PaybillDrawer({ open, accountId, groupName, onClose }: { open: boolean; accountId: string; groupName: string; onClose(): void }) {
  const { data, error, isPending } = usePaybillLists(accountId, open);
  const by = useSessionState().session?.user;
  const notify = useNotify();
  const saved = useMemo(() => new Set((data?.direct ?? []).map((c) => c.id)), [data]);
  const [direct, setDirect] = useState<Set<string>>(saved);
  const [tickedLeft, setTickedLeft] = useState<ReadonlySet<string>>(new Set());
  const [tickedRight, setTickedRight] = useState<ReadonlySet<string>>(new Set());
  const saveDirect = useOneAction((ids: string[], { dataProvider }) => dataProvider.saveDirectPaybill(accountId, ids, by));
  const [problem, setProblem] = useState<string | null>(null);

  // A fresh read (the drawer opened, another console saved) starts from what is saved.
  useEffect(() => {
    setDirect(new Set(saved));
    setTickedLeft(new Set());
    setTickedRight(new Set());
  }, [saved]);

  const all = useMemo(() => {
    const byId = new Map((data?.eligible ?? []).map((c) => [c.id, c]));
    for (const c of data?.direct ?? []) byId.set(c.id, c);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [data]);
  const left = all.filter((c) => !direct.has(c.id));
  const right = all.filter((c) => direct.has(c.id));
  const dirty = direct.size !== saved.size || [...direct].some((id) => !saved.has(id));

  const finish = () => {
    setProblem(null);
    onClose();
  };
  const quit = useQuitDialog(dirty, finish);
  const close = () => {
    if (!saveDirect.isPending) quit.requestClose();
  };
  const move = (ids: ReadonlySet<string>, toDirect: boolean) => {
    setDirect((d) => {
      const next = new Set(d);
      for (const id of ids) if (toDirect) next.add(id);
      else next.delete(id);
      return next;
    });
    if (toDirect) setTickedLeft(new Set());
    else setTickedRight(new Set());
  };
  const save = async () => {
    setProblem(null);
    try {
      if (!(await saveDirect.run([...direct]))) return;
      notify(`The paybill configuration of ${groupName} has been saved`, { type: 'success', title: TITLE });
      finish();
    } catch (err) {
      setProblem(failureText(err, 'The paybill configuration could not be saved.'));
    }
  };

  return (
    <FormDrawer
      open={open}
      title={TITLE}
      width={WIDTH}
      onClose={close}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      footer={<CancelSaveButtons onCancel={close} cancelDisabled={saveDirect.isPending} saveDisabled={saveDirect.isPending || !dirty || !data} loading={saveDirect.isPending} />}
    >
      <Typography variant="body2" color="text.secondary">
        Lease companies linked to {groupName} with a direct paybill rate card. Tick them and move them between the lists.
      </Typography>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {error ? (
        <Alert severity="error">The paybill configuration could not be loaded.</Alert>
      ) : isPending || !data ? (
        <Typography variant="body2">Loading the paybill configuration…</Typography>
      ) : (
        <TransferLayout
          left={<TransferSide title={PAYBILL_LIST_TITLES.visn} items={left} ticked={tickedLeft} onToggle={(id) => setTickedLeft((s) => toggled(s, id))} />}
          middle={
            <>
              <Button variant="outlined" disabled={tickedLeft.size === 0} onClick={() => move(tickedLeft, true)}>
                Move to Direct
              </Button>
              <Button variant="outlined" disabled={tickedRight.size === 0} onClick={() => move(tickedRight, false)}>
                Move to ViSN (Default)
              </Button>
            </>
          }
          right={<TransferSide title={PAYBILL_LIST_TITLES.direct} items={right} ticked={tickedRight} onToggle={(id) => setTickedRight((s) => toggled(s, id))} />}
        />
      )}
      {quit.dialog}
    </FormDrawer>
  );
}
