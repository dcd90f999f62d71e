import type { QueryClient } from '@tanstack/react-query';
import { authQueries } from '@/lib/auth/auth-queries';
import { deviceLogsLoaded } from './device-logs';
import { showDeviceStatuses } from './device-statuses';
import { configureOutboxSync, requestSync, resetOutboxSync } from './outbox-sync';
import { trackingQueries } from './tracking-queries';

/**
 * Starts the device's workout logs for a signed-in page (ADR 036): reads them from IndexedDB, sends what is
 * waiting, and sends again on `online`, when the page shows again, and after each change. Loaded with a
 * dynamic import by the signed-in area, so the sign-in screen carries none of it.
 */

let stop: (() => void) | null = null;
let startedFor: QueryClient | null = null;

export async function startTrackingSync(queryClient: QueryClient): Promise<void> {
  if (startedFor === queryClient) return;
  stop?.();
  startedFor = queryClient;
  configureOutboxSync({
    currentUserId: () => queryClient.getQueryData(authQueries.me().queryKey)?.user.id ?? null,
    onAnswered: (log, item, serverLog) => {
      if (serverLog) queryClient.setQueryData(trackingQueries.log(serverLog.id).queryKey, serverLog);
      if (item.kind === 'finish' || item.kind === 'start') {
        // The server has the entry's new status now: the calendars and Today read it again.
        void queryClient.invalidateQueries({ queryKey: ['schedule'] });
        void queryClient.invalidateQueries({ queryKey: trackingQueries.logOfEntry(log.entryId).queryKey });
      }
    },
  });
  const onOnline = () => requestSync();
  const onVisible = () => {
    if (document.visibilityState === 'visible') requestSync();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const stopStatuses = showDeviceStatuses(queryClient);
  let stopChat: (() => void) | undefined;
  let stopQuestionnaires: (() => void) | undefined;
  stop = () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    stopStatuses();
    stopChat?.();
    stopQuestionnaires?.();
  };
  // Chat messages written on the device go through this same loop (ADR 062); their code loads with it.
  const chat = import('@/lib/chat-sync/start-chat-sync')
    .then(({ startChatSync }) => startChatSync(queryClient))
    .then((stopIt) => {
      if (startedFor === queryClient) stopChat = stopIt;
      else stopIt();
    })
    .catch(() => undefined);
  // Questionnaire answers given on the device too (ADR 067).
  const questionnaires = import('@/lib/questionnaire-sync/start-questionnaire-sync')
    .then(({ startQuestionnaireSync }) => startQuestionnaireSync(queryClient))
    .then((stopIt) => {
      if (startedFor === queryClient) stopQuestionnaires = stopIt;
      else stopIt();
    })
    .catch(() => undefined);
  await Promise.all([deviceLogsLoaded(), chat, questionnaires]);
  requestSync();
}

/** Tests only: the next page starts afresh. */
export function stopTrackingSync(): void {
  stop?.();
  stop = null;
  startedFor = null;
  resetOutboxSync();
}
