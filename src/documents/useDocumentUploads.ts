import { useCallback, useRef, useState } from 'react';
import {
  DOCUMENT_MAX_FILES,
  DOCUMENT_MESSAGES,
  documentLabelError,
  type DocumentContentType,
  type DocumentOwner,
  type DocumentUploadStatus,
} from '../../domain/documents';
import { useLogoutIfAccessDenied } from 'react-admin';
import { isHttpError } from '../../api/client';
import { UserAction } from '../../dataProvider/userAction';
import type { AdminUser } from '../../domain/session';
import { useConsoleDataProvider, useOneAction } from '../ui/useOneAction';
import { checkDocumentFile, readAsBase64 } from './readDocumentFile';

/** One chosen file of the Upload Documents modal. */
export interface UploadEntry {
  key: string;
  file: File;
  type: DocumentContentType;
  label: string;
  /** Shown once the user has left the field or pressed Upload. */
  labelError: string | null;
  status: DocumentUploadStatus;
  error: string | null;
  /** Set once the bytes are stored, so a retry after a failed attach does not send them again. */
  fileId: string | null;
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** The name the file is stored under (ours): the upload's uid and the file name without path characters. */
const savedFilenameOf = (uid: string, name: string) => `${uid}_${name.replace(/[\\/:*?"<>|\s]+/g, '_')}`.slice(0, 255);

/** What a failed call says next to its file: the spec's text for network and server failures. */
function failureMessage(err: unknown): { message: string; keepFile: boolean } {
  if (isHttpError(err) && err.status >= 400 && err.status < 500) {
    if (err.status === 413) return { message: DOCUMENT_MESSAGES.rejected, keepFile: false };
    return { message: err.message || DOCUMENT_MESSAGES.uploadFailed, keepFile: false };
  }
  return { message: DOCUMENT_MESSAGES.uploadFailed, keepFile: true };
}

/**
 * The Upload Documents modal's files and their upload (spec 1 §4, §5): files of the wrong type or
 * size are not added, at most five are listed, each needs a label, and Upload sends each waiting or
 * failed file (uploadImage, then addDocument) one after another, so what was typed stays and the
 * failed ones can be sent again. Upload runs once per click (useOneAction); each file is a user
 * action of its own, so sending a failed file again keeps its calls' Idempotency-Keys whatever
 * else is sent with it.
 */
export function useDocumentUploads(owner: DocumentOwner, user: AdminUser | undefined, onUploaded: () => void) {
  const dataProvider = useConsoleDataProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const current = useRef(entries);
  current.current = entries;
  // Each file's user action, by entry key, kept until the file is stored and attached.
  const actions = useRef(new Map<string, UserAction>());

  const patch = useCallback((key: string, change: Partial<UploadEntry>) => {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
  }, []);

  const addFiles = useCallback(async (files: File[]) => {
    const checked = await Promise.all(files.map(async (file) => ({ file, type: await checkDocumentFile(file).catch(() => null) })));
    const accepted = checked.filter((c): c is { file: File; type: DocumentContentType } => c.type !== null);
    const room = Math.max(0, DOCUMENT_MAX_FILES - current.current.length);
    const added = accepted.slice(0, room).map(
      ({ file, type }): UploadEntry => ({ key: newKey(), file, type, label: '', labelError: null, status: 'pending', error: null, fileId: null }),
    );
    setEntries((list) => [...list, ...added]);
    const rejected = accepted.length < checked.length;
    const tooMany = accepted.length > room;
    setNotice(rejected ? DOCUMENT_MESSAGES.rejected : tooMany ? DOCUMENT_MESSAGES.tooMany : null);
  }, []);

  const setLabel = useCallback(
    (key: string, label: string) => {
      const entry = current.current.find((e) => e.key === key);
      // Once a message shows, it follows the typing; before that, typing stays quiet.
      patch(key, { label, ...(entry?.labelError ? { labelError: documentLabelError(label) } : {}) });
    },
    [patch],
  );
  const touchLabel = useCallback((key: string) => {
    const entry = current.current.find((e) => e.key === key);
    if (entry) patch(key, { labelError: documentLabelError(entry.label) });
  }, [patch]);

  const remove = useCallback((key: string) => {
    actions.current.delete(key);
    setEntries((list) => list.filter((e) => e.key !== key));
    setNotice(null);
  }, []);

  const sendOne = useCallback(
    async (entry: UploadEntry): Promise<boolean> => {
      patch(entry.key, { status: 'uploading', error: null });
      let fileId = entry.fileId;
      const action = actions.current.get(entry.key) ?? new UserAction();
      actions.current.set(entry.key, action);
      action.begin();
      const acting = dataProvider.acting(action);
      try {
        const uid = entry.key;
        const savedFilename = savedFilenameOf(uid, entry.file.name);
        if (!fileId) {
          const stored = await acting.uploadDocumentFile(owner, { base64: await readAsBase64(entry.file), uid, savedFilename });
          fileId = stored.fileId;
        }
        await acting.addDocument(owner, { uid, type: entry.type, filename: entry.file.name, savedFilename, label: entry.label.trim(), fileId }, user);
        patch(entry.key, { status: 'done', fileId });
        actions.current.delete(entry.key);
        return true;
      } catch (err) {
        // As useDataProvider does: a 401 ends the session.
        await logoutIfAccessDenied(err);
        const { message, keepFile } = failureMessage(err);
        patch(entry.key, { status: 'error', error: message, fileId: keepFile ? fileId : null });
        return false;
      }
    },
    [dataProvider, logoutIfAccessDenied, owner, patch, user],
  );

  const sending = useOneAction(async (todo: UploadEntry[]) => {
    for (const e of todo) if (await sendOne(e)) onUploaded();
  });
  const sendAll = sending.run;

  /** Sends the given entries (default: every waiting or failed one) after checking their labels. Answers whether labels were fine. */
  const upload = useCallback(
    async (keys?: string[]): Promise<boolean> => {
      const todo = current.current.filter((e) => (keys ? keys.includes(e.key) : e.status === 'pending' || e.status === 'error'));
      const invalid = todo.filter((e) => documentLabelError(e.label) !== null);
      if (invalid.length) {
        for (const e of invalid) patch(e.key, { labelError: documentLabelError(e.label) });
        return false;
      }
      // A click while files are being sent does nothing.
      await sendAll(todo);
      return true;
    },
    [patch, sendAll],
  );

  const unsent = entries.some((e) => e.status === 'pending' || e.status === 'error');
  const allDone = entries.length > 0 && entries.every((e) => e.status === 'done');
  return { entries, notice, busy: sending.isPending, unsent, allDone, addFiles, setLabel, touchLabel, remove, upload };
}
