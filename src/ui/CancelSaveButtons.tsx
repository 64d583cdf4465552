import { Button } from '@mui/material';

export interface CancelSaveButtonsProps {
  onCancel(): void;
  cancelDisabled?: boolean;
  /** 'Save' unless said otherwise. */
  saveLabel?: string;
  saveDisabled?: boolean;
  /** Shows the save button's spinner (only when given). */
  loading?: boolean;
  /** Without it the save button submits the form it is in. */
  onSave?(): void;
}

/** Cancel, then the contained save button, of a form in a drawer, a modal or at the foot of a page. */
export function CancelSaveButtons({ onCancel, cancelDisabled, saveLabel = 'Save', saveDisabled, loading, onSave }: CancelSaveButtonsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type={onSave ? 'button' : 'submit'} variant="contained" onClick={onSave && (() => onSave())} disabled={saveDisabled} loading={loading}>
        {saveLabel}
      </Button>
    </>
  );
}
