import { useCallback, useEffect, useRef, useState } from 'react';
import { topics } from '../../../domain/live';
import type { DocumentRecord } from '../../../domain/documents';
import { getCustomerDocuments } from '../../../dataProvider/documents';
import { useLiveTopic } from '../useLiveTopic';

export interface CustomerDocumentsState {
  documents: DocumentRecord[] | null;
  error: boolean;
  reload(): void;
}

/**
 * The customer's documents while `active` (the drawer is open), read again whenever the
 * customer's live topic says they changed (`op: 'documents'`) or the stream had a gap (spec 1 §7
 * "Document lists are read live").
 */
export function useCustomerDocuments(leaseCompanyId: string, active: boolean): CustomerDocumentsState {
  const [documents, setDocuments] = useState<DocumentRecord[] | null>(null);
  const [error, setError] = useState(false);
  const latest = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    getCustomerDocuments(leaseCompanyId, controller.signal).then(
      (list) => {
        if (latest.current !== controller) return;
        setDocuments(list);
        setError(false);
      },
      (err) => {
        if (latest.current !== controller || controller.signal.aborted) return;
        console.error('documents could not be loaded', err);
        setError(true);
      },
    );
  }, [leaseCompanyId]);

  useEffect(() => {
    if (!active) return;
    reload();
    return () => {
      latest.current?.abort();
      latest.current = null;
    };
  }, [active, reload]);

  useLiveTopic(active ? topics.leaseCompany(leaseCompanyId) : null, (message) => {
    if (message.payload.op === 'documents' || message.payload.op === 'resync') reload();
  });

  return { documents, error, reload };
}
