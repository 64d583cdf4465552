import { checkNetworkFile } from '../../domain/network';
import type { PersonRef } from '../../domain/common';
import { UploadFileDialog } from '../ui/UploadFileDialog';

export { UPLOAD_NETWORK_ERROR } from '../ui/UploadFileDialog';

/**
 * The network import's Upload dialog (spec 1 §2): one CSV file with the client checks of spec 1 §5,
 * sent to admin/validateNetworkImport for the customer (or the DI network when leaseId is null).
 */
export function UploadDialog({
  open,
  onClose,
  onUploaded,
  leaseId,
  user,
  disabled,
}: {
  open: boolean;
  onClose(): void;
  onUploaded(fileName: string): void;
  leaseId: string | null;
  user: PersonRef | null;
  /** An import or another upload is in progress. */
  disabled: boolean;
}) {
  return (
    <UploadFileDialog
      open={open}
      title="Upload network file"
      help="One CSV file, at most 25 MB. It is validated first; a file that passes can then be imported."
      onClose={onClose}
      onUploaded={onUploaded}
      disabled={disabled || !user}
      check={checkNetworkFile}
      send={({ file, onProgress, signal }, dataProvider) => dataProvider.uploadNetworkImport({ file, leaseId, user: user!, onProgress, signal })}
    />
  );
}
