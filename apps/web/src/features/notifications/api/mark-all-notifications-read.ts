import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultFailure, markAllNotificationsRead, type Notification } from '@reelcraft/contract';
import { useToast } from '../../../components/toast';
import { callApi } from '../../../lib/api-client';
import { markAllNotificationsReadIn, notificationsQueryKey } from '../notifications-cache';
import { isSwallowedNotificationError } from './notification-errors';

/** PATCH /notifications/read-all. */
export function patchAllNotificationsRead() {
  return callApi(markAllNotificationsRead);
}

/** Marks every notification read, at once on screen; a failure puts the list back (see useMarkNotificationRead). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: patchAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<Notification[]>(notificationsQueryKey);
      if (previous) queryClient.setQueryData(notificationsQueryKey, markAllNotificationsReadIn(previous));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
      if (!isSwallowedNotificationError(error)) {
        toast.show({ tone: 'error', title: defaultFailure('mark all notifications as read') });
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      }
    },
  });
}
