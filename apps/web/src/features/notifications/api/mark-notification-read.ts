import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultFailure, markNotificationRead, type Notification } from '@reelcraft/contract';
import { useToast } from '../../../components/toast';
import { callApi } from '../../../lib/api-client';
import { markNotificationReadIn, notificationsQueryKey, upsertNotification } from '../notifications-cache';
import { isSwallowedNotificationError } from './notification-errors';

/** PATCH /notifications/{id}/read. */
export function patchNotificationRead(id: string): Promise<Notification> {
  return callApi(markNotificationRead, { params: { id } });
}

/**
 * Marks one notification read, at once on screen; a failure puts it back. A 401 or no answer is
 * skipped silently (spec 000 section 8); any other failure says so in a toast.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: patchNotificationRead,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<Notification[]>(notificationsQueryKey);
      if (previous) queryClient.setQueryData(notificationsQueryKey, markNotificationReadIn(previous, id));
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
      if (!isSwallowedNotificationError(error)) {
        toast.show({ tone: 'error', title: defaultFailure('mark the notification as read') });
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      }
    },
    onSuccess: (notification) => {
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list ? upsertNotification(list, notification) : list,
      );
    },
  });
}
