import { useEffect, useMemo, useState, type ReactNode } from "react";
import { ApiError } from "../core/errors";
import { offlineQueueOf, type OfflineQueue, type QueuedSubmission, type SubmissionKind } from "../core/offline";
import { Alert } from "./Alert";
import { useElement } from "./context";

export interface OfflineSubmissions {
  queue: OfflineQueue;
  /** The submissions of this kind saved on this device for the current owner, oldest first; null until read. */
  entries: QueuedSubmission[] | null;
}

/** A form's submissions kept on this device (see core/offline), read again at each change of the queue, in any tab. */
export function useOfflineQueue(kind: SubmissionKind): OfflineSubmissions {
  const { core } = useElement();
  const queue = useMemo(() => offlineQueueOf(core), [core]);
  const [entries, setEntries] = useState<QueuedSubmission[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void queue.list(kind).then(
        (found) => live && setEntries(found),
        () => live && setEntries([]),
      );
    read();
    const stop = queue.subscribe(read);
    return () => {
      live = false;
      stop();
    };
  }, [queue, kind]);
  return { queue, entries };
}

/** The API's refusal of a saved submission, as the form reads a refusal it got itself (`fieldErrorsOf`). */
export function refusalOf(entry: QueuedSubmission): ApiError | null {
  const problem = entry.state === "refused" ? entry.problem : undefined;
  return problem ? new ApiError(problem.status, { ...problem, errors: problem.errors }) : null;
}

/**
 * What a form shows while its submission waits on this device: a status, not an error. Each form
 * words it (its request, message, basket): languages agree the words with what was saved.
 */
export function SavedOffline({ children }: { children: ReactNode }) {
  return (
    <div className="saved-offline">
      <Alert kind="info">{children}</Alert>
    </div>
  );
}
